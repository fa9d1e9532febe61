// /api/payment/* money deposits (contract in shared/api/payments.ts, docs/payments.md "Payments"):
//   POST /methods                 {}                                   → the §9 methods with availability
//   POST /sum/create              {sum, depositMethod, promocode?, request_id?} → where to pay
//   POST /sum/history             {}                                   → the player's money deposits
//   POST /qiwi/check-transaction  {transactionId}                      → the wallet receipt credited
// Each route is guarded by its contract's access ("user"): the provider callbacks share the
// /api/payment prefix and must not need a session (api/payments/callbacks.ts).
import { paymentsCalls } from "../../../shared/api/payments";
import { DEPOSIT, PRICES } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { readMaintenance } from "../../lib/settings";
import { paymentHistory } from "../../payments/history";
import { hasNicknameBonus } from "../../payments/nickname";
import { createPayment } from "../../payments/orders";
import { depositMethods } from "../../payments/registry";
import { claimWalletTransaction } from "../../payments/wallet-claim";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const paymentRoutes = contractRoutes();

serve(paymentRoutes, paymentsCalls.methods, (c) =>
  c.json(
    {
      methods: depositMethods(c.env).map((m) => ({ id: m.id, type: m.type, flow: m.flow, placeholder: m.placeholder, available: m.available })),
      currency: PRICES.currency,
      default_sum: DEPOSIT.defaultAmount,
      min_sum: toDollars(DEPOSIT.minSumCents),
      max_sum: toDollars(DEPOSIT.maxSumCents),
      nickname_bonus_percent: DEPOSIT.nicknameBonusPercent,
      nickname_tag: DEPOSIT.nicknameTag,
      has_nickname_bonus: hasNicknameBonus(c.get("user").username),
    },
    200,
  ),
);

serve(paymentRoutes, paymentsCalls.sumCreate, async (c) => {
  if (await readMaintenance(c.env)) return refuse(c, paymentsCalls.sumCreate, "app_api.maintenance");
  const me = c.get("user");
  const body = c.req.valid("json");
  const done = await createPayment(c.env, {
    user: { id: me.id, username: me.username, tradeLink: me.tradeLink },
    method: body.depositMethod,
    amountCents: body.sum,
    promocode: body.promocode,
    requestId: body.request_id ?? crypto.randomUUID(),
  });
  if (!done.ok) {
    // the limit's period and when it starts again: the dialog tells the player when he can deposit
    const extra = done.key === "deposit_api.deposit_limit" ? { period: done.period, resets_at: done.resetsAt } : {};
    return refuse(c, paymentsCalls.sumCreate, done.key, extra);
  }
  const { payment, where } = done;
  return c.json(
    {
      status: "success" as const,
      message: where.kind === "redirect" ? ("deposit_api.redirect" as const) : ("deposit_api.wallet_details" as const),
      url: where.kind === "redirect" ? where.url : null,
      sum: toDollars(payment.amount),
      order_id: payment.id,
      bonus_percent: payment.promo_percent + payment.nickname_percent,
      wallet:
        where.kind === "instructions"
          ? { account: where.wallet, amount: toDollars(payment.amount), currency: where.currency, comment: where.comment, pay_url: where.payUrl }
          : null,
    },
    200,
  );
});

serve(paymentRoutes, paymentsCalls.sumHistory, async (c) => c.json({ payments: await paymentHistory(c.env, c.get("user").id) }, 200));

serve(paymentRoutes, paymentsCalls.checkTransaction, async (c) => {
  if (await readMaintenance(c.env)) return refuse(c, paymentsCalls.checkTransaction, "app_api.maintenance");
  const done = await claimWalletTransaction(c.env, c.get("user").id, c.req.valid("json").transactionId);
  if (!done.ok) return refuse(c, paymentsCalls.checkTransaction, done.key);
  return c.json({ status: "success" as const, message: "deposit_api.success" as const, sum: toDollars(done.amount), bonus: toDollars(done.bonus) }, 200);
});
