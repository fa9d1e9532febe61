// /api/payment/* money deposits (contract in shared/api/payments.ts, README "Payments"):
//   POST /methods                 {}                                   → the §9 methods with availability
//   POST /sum/create              {sum, depositMethod, promocode?, request_id?} → where to pay
//   POST /sum/history             {}                                   → the player's money deposits
//   POST /qiwi/check-transaction  {transactionId}                      → the wallet receipt credited
// Each route guards itself with requireUser: the provider callbacks share the /api/payment prefix
// and must not need a session (api/payments/callbacks.ts).
import { Hono } from "hono";
import { emptyBody } from "../../../shared/api/common";
import { checkTransactionAnswer, checkTransactionBody, methodsAnswer, sumCreateAnswer, sumCreateBody, sumHistoryAnswer } from "../../../shared/api/payments";
import { DEPOSIT, PRICES } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { readMaintenance } from "../../lib/settings";
import { paymentHistory } from "../../payments/history";
import { hasNicknameBonus } from "../../payments/nickname";
import { createPayment } from "../../payments/orders";
import { depositMethods } from "../../payments/registry";
import { claimWalletTransaction } from "../../payments/wallet-claim";
import { answer } from "../answer";

export const paymentRoutes = new Hono<AppEnv>()
  .post("/methods", requireUser, jsonBody(emptyBody), (c) =>
    answer(c, methodsAnswer, {
      methods: depositMethods(c.env).map((m) => ({ id: m.id, type: m.type, flow: m.flow, placeholder: m.placeholder, available: m.available })),
      currency: PRICES.currency,
      default_sum: DEPOSIT.defaultAmount,
      min_sum: toDollars(DEPOSIT.minSumCents),
      max_sum: toDollars(DEPOSIT.maxSumCents),
      nickname_bonus_percent: DEPOSIT.nicknameBonusPercent,
      nickname_tag: DEPOSIT.nicknameTag,
      has_nickname_bonus: hasNicknameBonus(c.get("user").username),
    }),
  )
  .post("/sum/create", requireUser, jsonBody(sumCreateBody), async (c) => {
    if (await readMaintenance(c.env)) return fail(c, 503, "app_api.maintenance");
    const me = c.get("user");
    const body = c.req.valid("json");
    const done = await createPayment(c.env, {
      user: { id: me.id, username: me.username, tradeLink: me.tradeLink },
      method: body.depositMethod,
      amountCents: body.sum,
      promocode: body.promocode,
      requestId: body.request_id ?? crypto.randomUUID(),
    });
    if (!done.ok) return fail(c, done.status, done.key);
    const { payment, where } = done;
    return answer(c, sumCreateAnswer, {
      status: "success",
      message: where.kind === "redirect" ? "deposit_api.redirect" : "deposit_api.wallet_details",
      url: where.kind === "redirect" ? where.url : null,
      sum: toDollars(payment.amount),
      order_id: payment.id,
      bonus_percent: payment.promo_percent + payment.nickname_percent,
      wallet:
        where.kind === "instructions"
          ? { account: where.wallet, amount: toDollars(payment.amount), currency: where.currency, comment: where.comment, pay_url: where.payUrl }
          : null,
    });
  })
  .post("/sum/history", requireUser, jsonBody(emptyBody), async (c) => answer(c, sumHistoryAnswer, { payments: await paymentHistory(c.env, c.get("user").id) }))
  .post("/qiwi/check-transaction", requireUser, jsonBody(checkTransactionBody), async (c) => {
    if (await readMaintenance(c.env)) return fail(c, 503, "app_api.maintenance");
    const done = await claimWalletTransaction(c.env, c.get("user").id, c.req.valid("json").transactionId);
    if (!done.ok) return fail(c, done.status, done.key);
    return answer(c, checkTransactionAnswer, { status: "success", message: "deposit_api.success", sum: toDollars(done.amount), bonus: toDollars(done.bonus) });
  });
