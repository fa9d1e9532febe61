// POST /api/user/cashback/take (spec §7; README "Cashback"): signed in, not in maintenance.
// Refusals: too_soon (with next_take_at, epoch ms), nothing_to_take, min_deposit (with min_deposit, dollars).
import { Hono } from "hono";
import { takeCashbackAnswer } from "../../../shared/api/cashback";
import { emptyBody } from "../../../shared/api/common";
import { toDollars } from "../../../shared/money";
import { requireUser } from "../../auth/middleware";
import { pushCashback } from "../../cashback/push";
import { claimCashback } from "../../cashback/claim";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { pushBalance, pushNotification } from "../../lib/notify";
import { readMaintenance } from "../../lib/settings";
import { answer } from "../answer";

/** Mounted at /api/user/cashback. */
export const cashbackRoutes = new Hono<AppEnv>().use(requireUser).post("/take", jsonBody(emptyBody), async (c) => {
  if (await readMaintenance(c.env)) return fail(c, 503, "app_api.maintenance");
  const userId = c.get("user").id;
  const done = await claimCashback(c.env, userId);
  if (!done.ok) {
    if (done.key === "cashback_api.too_soon") return fail(c, 409, done.key, { next_take_at: done.nextClaimAt });
    if (done.key === "cashback_api.min_deposit") return fail(c, 403, done.key, { min_deposit: toDollars(done.minDepositCents) });
    return fail(c, 409, done.key);
  }
  // the batch committed: the other tabs hear of it (best effort)
  await pushBalance(c.env, userId);
  await pushCashback(c.env, [userId]);
  await pushNotification(c.env, userId, done.notification);
  return answer(c, takeCashbackAnswer, {
    type: "success",
    message: "cashback_api.taken",
    amount: toDollars(done.cents),
    cashback: done.cashback,
    balance: toDollars(done.balance),
    next_take_at: done.nextClaimAt,
  });
});
