// /api/withdraws/* (spec §4 Withdraw flow, §7; contract in shared/api/withdraws.ts):
//   POST /preview {items}              → {amount, fee, fee_percent}, or the refusal a send would get (moves nothing)
//   POST /send    {items, request_id?} → {status:"success", message:"inventory_api.withdraw_sent", id}
// A send commits the withdrawal (worker/withdraws/send.ts), then kicks the WithdrawQueue DO,
// which sends the trade offer. With TRADE_BOT_URL empty, withdrawals are switched off (409).
import type { Context } from "hono";
import { withdrawsCalls } from "../../../shared/api/withdraws";
import { FEES } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { pushBalance } from "../../lib/notify";
import type { SendRefusal } from "../../withdraws/rules";
import { previewWithdrawal, sendWithdrawal } from "../../withdraws/send";
import { withdrawQueue } from "../../withdraws/WithdrawQueue";
import { contractRoutes, refuse, refuseAs, serve } from "../contract-routes";

const enabled = (env: Env) => (env.TRADE_BOT_URL ?? "").trim() !== "";

/** A refusal of the send rules: inventory_api.item_not_found is 400 for nothing selected, 409 for an item not available. */
function refuseSend(c: Context, call: typeof withdrawsCalls.preview | typeof withdrawsCalls.send, r: SendRefusal) {
  if (r.key === "inventory_api.item_not_found") return refuseAs(c, call, r.key, r.status);
  return refuse(c, call, r.key);
}

export const withdrawRoutes = contractRoutes();

serve(withdrawRoutes, withdrawsCalls.preview, async (c) => {
  if (!enabled(c.env)) return refuse(c, withdrawsCalls.preview, "inventory_api.withdraw_blocked");
  const me = c.get("user");
  const check = await previewWithdrawal(c.env, me.id, c.req.valid("json").items);
  if (!check.ok) return refuseSend(c, withdrawsCalls.preview, check);
  return c.json({ amount: toDollars(check.amount), fee: toDollars(check.fee), fee_percent: FEES.skinWithdrawalFeePercent }, 200);
});

serve(withdrawRoutes, withdrawsCalls.send, async (c) => {
  if (!enabled(c.env)) return refuse(c, withdrawsCalls.send, "inventory_api.withdraw_blocked");
  const me = c.get("user");
  const body = c.req.valid("json");
  const outcome = await sendWithdrawal(c.env, { userId: me.id, ids: body.items, requestId: body.request_id ?? crypto.randomUUID() });
  if (!outcome.ok) return refuseSend(c, withdrawsCalls.send, outcome);
  if (!outcome.replay) {
    // Committed. Should this kick be lost, the row stays due in D1 and the next kick (any send) or
    // a pending alarm picks it up.
    await withdrawQueue(c.env)
      .kick()
      .catch((err: unknown) => console.error("withdraw queue kick failed", { id: outcome.id, err: String(err) }));
    await pushBalance(c.env, me.id);
  }
  return c.json({ status: "success" as const, message: "inventory_api.withdraw_sent" as const, id: outcome.id }, 200);
});
