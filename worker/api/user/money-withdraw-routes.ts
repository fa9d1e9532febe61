// Money withdrawals, the player's side (README "Money withdrawals"; contract and refusal order in
// shared/api/money-withdraw.ts). Mounted at /api/user:
//   POST /getAvailableWithdraw {}                                  → what may leave as money now, and why not more
//   POST /createWithdraw {sum, wallet, system, items, request_id?}  → the withdrawal (moderation or sending)
//   POST /cancelWithdraw {id, type: "money"}                        → {type, message}: only the owner, only in moderation
import { Hono } from "hono";
import { emptyBody } from "../../../shared/api/common";
import { availableWithdrawAnswer, cancelWithdrawBody, createWithdrawAnswer, createWithdrawBody } from "../../../shared/api/money-withdraw";
import { cancelWithdrawAnswer } from "../../../shared/api/withdraws";
import { MONEY_WITHDRAW } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { pushBalance } from "../../lib/notify";
import { readMaintenance } from "../../lib/settings";
import { payoutSystems } from "../../money-withdraw/config";
import { createWithdrawal } from "../../money-withdraw/create";
import { cancelWithdrawal } from "../../money-withdraw/finish";
import { kickPayouts } from "../../money-withdraw/kick";
import { presentWithdrawal, readWithdrawal } from "../../money-withdraw/rows";
import { availability } from "../../money-withdraw/rules";
import { readWager } from "../../money-withdraw/state";
import { answer } from "../answer";

// an empty `items` list is the rule's own refusal, not a malformed body
const noItems = (e: { issues: { path: PropertyKey[]; code: string }[] }) =>
  e.issues.some((i) => i.path[0] === "items" && i.code === "too_small") ? "withdrawal_api.no_items" : undefined;

export const moneyWithdrawRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/getAvailableWithdraw", jsonBody(emptyBody), async (c) => {
    const wager = await readWager(c.env, c.get("user").id);
    const a = availability(wager);
    return answer(c, availableWithdrawAnswer, {
      available: toDollars(a.available),
      min_sum: toDollars(MONEY_WITHDRAW.minSumCents),
      tax_percent: MONEY_WITHDRAW.taxPercent,
      blocked: a.blocked,
      systems: payoutSystems(c.env),
      wager: { deposits: toDollars(wager.deposits), bets: toDollars(wager.bets), withdrawn: toDollars(wager.withdrawn), factor: MONEY_WITHDRAW.depositFactor },
      money_limit: {
        limit: toDollars(MONEY_WITHDRAW.moneyLimitCents),
        used: toDollars(Math.min(wager.windowUsed, MONEY_WITHDRAW.moneyLimitCents)),
        window_hours: MONEY_WITHDRAW.moneyLimitWindowMs / 3_600_000,
      },
    });
  })
  .post("/createWithdraw", jsonBody(createWithdrawBody, noItems), async (c) => {
    if (await readMaintenance(c.env)) return fail(c, 503, "app_api.maintenance");
    const me = c.get("user");
    const body = c.req.valid("json");
    const done = await createWithdrawal(c.env, {
      userId: me.id,
      ids: body.items,
      sum: body.sum,
      system: body.system,
      wallet: body.wallet,
      requestId: body.request_id ?? crypto.randomUUID(),
    });
    if (!done.ok) {
      if (done.key === "withdrawal_api.wager_required") return fail(c, done.status, done.key, { left: toDollars(done.left) });
      if (done.key === "withdrawal_api.sum_changed") return fail(c, done.status, done.key, { sum: toDollars(done.sum) });
      if (done.key === "withdrawal_api.max_withdraw") return fail(c, done.status, done.key, { available: toDollars(done.available) });
      return fail(c, done.status, done.key);
    }
    const w = done.withdrawal;
    if (!done.replay && w.status === "sending") await kickPayouts(c.env);
    return answer(c, createWithdrawAnswer, {
      status: "success",
      message: w.status === "moderation" ? "withdrawal_api.created" : "withdrawal_api.sending",
      withdraw: presentWithdrawal(w),
    });
  })
  .post("/cancelWithdraw", jsonBody(cancelWithdrawBody), async (c) => {
    const me = c.get("user");
    const w = await readWithdrawal(c.env, c.req.valid("json").id);
    if (!w || w.user_id !== me.id) return fail(c, 404, "withdrawal_api.not_found");
    if (w.status !== "moderation") return fail(c, 409, "withdrawal_api.cannot_cancel");
    const done = await cancelWithdrawal(c.env, { w, from: "moderation", reason: null, notify: false, now: Date.now() });
    // a staff decision landed first
    if (!done.ok) return fail(c, 409, "withdrawal_api.cannot_cancel");
    await pushBalance(c.env, me.id);
    return answer(c, cancelWithdrawAnswer, { type: "success", message: "withdrawal_api.canceled" });
  });
