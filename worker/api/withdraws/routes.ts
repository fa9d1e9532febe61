// /api/withdraws/* (spec §4 Withdraw flow, §7; contract in shared/api/withdraws.ts):
//   POST /preview {items}              → {amount, fee, fee_percent}, or the refusal a send would get (moves nothing)
//   POST /send    {items, request_id?} → {status:"success", message:"inventory_api.withdraw_sent", id}
// A send commits the withdrawal (worker/withdraws/send.ts), then kicks the WithdrawQueue DO,
// which sends the trade offer. With TRADE_BOT_URL empty, withdrawals are switched off (409).
import { Hono } from "hono";
import { withdrawPreviewAnswer, withdrawPreviewBody, withdrawSendAnswer, withdrawSendBody } from "../../../shared/api/withdraws";
import { FEES } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { pushBalance } from "../../lib/notify";
import { previewWithdrawal, sendWithdrawal } from "../../withdraws/send";
import { withdrawQueue } from "../../withdraws/WithdrawQueue";
import { answer } from "../answer";

const enabled = (env: Env) => (env.TRADE_BOT_URL ?? "").trim() !== "";

export const withdrawRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/preview", jsonBody(withdrawPreviewBody), async (c) => {
    if (!enabled(c.env)) return fail(c, 409, "inventory_api.withdraw_blocked");
    const me = c.get("user");
    const check = await previewWithdrawal(c.env, me.id, c.req.valid("json").items);
    if (!check.ok) return fail(c, check.status, check.key);
    return answer(c, withdrawPreviewAnswer, { amount: toDollars(check.amount), fee: toDollars(check.fee), fee_percent: FEES.skinWithdrawalFeePercent });
  })
  .post("/send", jsonBody(withdrawSendBody), async (c) => {
    if (!enabled(c.env)) return fail(c, 409, "inventory_api.withdraw_blocked");
    const me = c.get("user");
    const body = c.req.valid("json");
    const outcome = await sendWithdrawal(c.env, { userId: me.id, ids: body.items, requestId: body.request_id ?? crypto.randomUUID() });
    if (!outcome.ok) return fail(c, outcome.status, outcome.key);
    if (!outcome.replay) {
      // Committed. Should this kick be lost, the row stays due in D1 and the next kick (any send) or
      // a pending alarm picks it up.
      await withdrawQueue(c.env)
        .kick()
        .catch((err: unknown) => console.error("withdraw queue kick failed", { id: outcome.id, err: String(err) }));
      await pushBalance(c.env, me.id);
    }
    return answer(c, withdrawSendAnswer, { status: "success", message: "inventory_api.withdraw_sent", id: outcome.id });
  });
