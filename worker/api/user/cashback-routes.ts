// POST /api/user/cashback/take (spec §7; docs/money.md "Cashback"): signed in, not in maintenance.
// Refusals: too_soon (with next_take_at, epoch ms), nothing_to_take, min_deposit (with min_deposit, dollars).
import { cashbackCalls } from "../../../shared/api/cashback";
import { toDollars } from "../../../shared/money";
import { pushCashback } from "../../cashback/push";
import { claimCashback } from "../../cashback/claim";
import { pushBalance, pushNotification } from "../../lib/notify";
import { readMaintenance } from "../../lib/settings";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const cashbackRoutes = contractRoutes();

serve(cashbackRoutes, cashbackCalls.take, async (c) => {
  if (await readMaintenance(c.env)) return refuse(c, cashbackCalls.take, "app_api.maintenance");
  const userId = c.get("user").id;
  const done = await claimCashback(c.env, userId);
  if (!done.ok) {
    if (done.key === "cashback_api.too_soon") return refuse(c, cashbackCalls.take, done.key, { next_take_at: done.nextClaimAt });
    if (done.key === "cashback_api.min_deposit") return refuse(c, cashbackCalls.take, done.key, { min_deposit: toDollars(done.minDepositCents) });
    return refuse(c, cashbackCalls.take, done.key);
  }
  // the batch committed: the other tabs hear of it (best effort)
  await pushBalance(c.env, userId);
  await pushCashback(c.env, [userId]);
  await pushNotification(c.env, userId, done.notification);
  return c.json(
    {
      type: "success" as const,
      message: "cashback_api.taken" as const,
      amount: toDollars(done.cents),
      cashback: done.cashback,
      balance: toDollars(done.balance),
      next_take_at: done.nextClaimAt,
    },
    200,
  );
});
