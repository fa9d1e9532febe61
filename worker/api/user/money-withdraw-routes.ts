// Money withdrawals, the player's side (docs/payments.md "Money withdrawals"; contract and refusal order in
// shared/api/money-withdraw.ts). Under /api/user:
//   POST /getAvailableWithdraw {}                                  → what may leave as money now, and why not more
//   POST /createWithdraw {sum, wallet, system, items, request_id?}  → the withdrawal (moderation or sending)
//   POST /cancelWithdraw {id, type: "money"}                        → {type, message}: only the owner, only in moderation
import { moneyWithdrawCalls } from "../../../shared/api/money-withdraw";
import { MONEY_WITHDRAW } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { pushBalance } from "../../lib/notify";
import { readMaintenance } from "../../lib/settings";
import { payoutSystems } from "../../money-withdraw/config";
import { createWithdrawal } from "../../money-withdraw/create";
import { cancelWithdrawal } from "../../money-withdraw/finish";
import { kickPayouts } from "../../money-withdraw/kick";
import { presentWithdrawal, readWithdrawal } from "../../money-withdraw/rows";
import { availability } from "../../money-withdraw/rules";
import { readWager } from "../../money-withdraw/state";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const moneyWithdrawRoutes = contractRoutes();

serve(moneyWithdrawRoutes, moneyWithdrawCalls.getAvailableWithdraw, async (c) => {
  const wager = await readWager(c.env, c.get("user").id);
  const a = availability(wager);
  return c.json(
    {
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
    },
    200,
  );
});

serve(moneyWithdrawRoutes, moneyWithdrawCalls.createWithdraw, async (c) => {
  const call = moneyWithdrawCalls.createWithdraw;
  if (await readMaintenance(c.env)) return refuse(c, call, "app_api.maintenance");
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
    if (done.key === "withdrawal_api.wager_required") return refuse(c, call, done.key, { left: toDollars(done.left) });
    if (done.key === "withdrawal_api.sum_changed") return refuse(c, call, done.key, { sum: toDollars(done.sum) });
    if (done.key === "withdrawal_api.max_withdraw") return refuse(c, call, done.key, { available: toDollars(done.available) });
    return refuse(c, call, done.key);
  }
  const w = done.withdrawal;
  if (!done.replay && w.status === "sending") await kickPayouts(c.env);
  return c.json(
    {
      status: "success" as const,
      message: w.status === "moderation" ? ("withdrawal_api.created" as const) : ("withdrawal_api.sending" as const),
      withdraw: presentWithdrawal(w),
    },
    200,
  );
});

serve(moneyWithdrawRoutes, moneyWithdrawCalls.cancelWithdraw, async (c) => {
  const call = moneyWithdrawCalls.cancelWithdraw;
  const me = c.get("user");
  const w = await readWithdrawal(c.env, c.req.valid("json").id);
  if (!w || w.user_id !== me.id) return refuse(c, call, "withdrawal_api.not_found");
  if (w.status !== "moderation") return refuse(c, call, "withdrawal_api.cannot_cancel");
  const done = await cancelWithdrawal(c.env, { w, from: "moderation", reason: null, notify: false, now: Date.now() });
  // a staff decision landed first
  if (!done.ok) return refuse(c, call, "withdrawal_api.cannot_cancel");
  await pushBalance(c.env, me.id);
  return c.json({ type: "success" as const, message: "withdrawal_api.canceled" }, 200);
});
