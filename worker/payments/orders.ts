// POST /api/payment/sum/create's domain (docs/payments.md "Payments"): checks the §5 rules (amount range,
// trade link, method available, the deposit code), stores the pending payment, then asks the
// method's provider where to pay. Idempotent by (player, request_id): the same request answers
// the same payment (and the same provider page: the Checkout Session create carries the order id
// as its Idempotency-Key).
import type { MoneyMethodId } from "../../shared/api/payments";
import { DEPOSIT, PRICES } from "../../shared/constants";
import { failedGuard } from "../db/guards";
import { batch, first, run, sql } from "../db/sql";
import { depositRefusalOf, depositWithin, notExcluded, termsCurrent } from "../protection/guards";
import { isExcluded } from "../protection/queries";
import { checkDepositPromo } from "../promo/deposit";
import type { PromoRefusal } from "../promo/rules";
import { hasNicknameBonus } from "./nickname";
import { type DepositMethod, depositMethods, type RegistryEnv } from "./registry";
import type { CreateResult } from "./types";

type OrdersEnv = Pick<Env, "DB" | "APP_ORIGIN"> & RegistryEnv;

export interface PaymentRow {
  id: string;
  user_id: number;
  method: MoneyMethodId;
  provider: string;
  amount: number;
  currency: string;
  promo_id: number | null;
  promo_percent: number;
  nickname_percent: number;
  status: "pending" | "credited" | "review" | "refused";
  provider_ref: string | null;
  provider_tx_id: string | null;
  bonus: number;
  created_at: number;
  credited_at: number | null;
}

export interface CreateOrder {
  user: { id: number; username: string; tradeLink: string | null };
  method: MoneyMethodId;
  amountCents: number;
  /** undefined = no code; null = a code that cannot exist */
  promocode: string | null | undefined;
  requestId: string;
}

/** Every refusal of a create (its key and status are the contract's, shared/api/payments.ts). */
export type CreateRefusal =
  | { status: 400; key: "deposit_api.min_payment" | "deposit_api.max_payment" | "deposit_api.trade_link_required" | "deposit_api.promo_invalid" }
  | { status: 409; key: "deposit_api.method_unavailable" | "deposit_api.promo_already_used" | "deposit_api.promo_daily_limit" }
  | { status: 503; key: "deposit_api.provider_unavailable" }
  | { status: 403; key: "user_api.excluded" | "user_api.terms_outdated" }
  | { status: 409; key: "deposit_api.deposit_limit"; period: "day" | "week" | "month"; resetsAt: number };

const PROMO_REFUSALS: Record<PromoRefusal, CreateRefusal> = {
  not_found: { status: 400, key: "deposit_api.promo_invalid" },
  ended: { status: 400, key: "deposit_api.promo_invalid" },
  already_used: { status: 409, key: "deposit_api.promo_already_used" },
  daily_limit: { status: 409, key: "deposit_api.promo_daily_limit" },
};

export type CreateOutcome = { ok: true; payment: PaymentRow; where: CreateResult } | ({ ok: false } & CreateRefusal);

export async function paymentById(env: Pick<Env, "DB">, id: string): Promise<PaymentRow | null> {
  return first<PaymentRow>(env.DB, sql`SELECT * FROM payments WHERE id = ${id}`);
}

async function paymentByRequest(env: Pick<Env, "DB">, userId: number, requestId: string): Promise<PaymentRow | null> {
  return first<PaymentRow>(env.DB, sql`SELECT * FROM payments WHERE user_id = ${userId} AND request_id = ${requestId}`);
}

/** Where the provider sends the player back (the SPA's /deposit/success and /deposit/fail). */
export function returnUrls(appOrigin: string, orderId: string) {
  const origin = new URL(appOrigin).origin;
  return { successUrl: `${origin}/deposit/success?order=${orderId}`, cancelUrl: `${origin}/deposit/fail?order=${orderId}` };
}

/** Asks the provider again for an existing payment (a repeated request gets the same page). */
async function providerPage(env: OrdersEnv, method: DepositMethod, payment: PaymentRow): Promise<CreateResult> {
  if (!method.adapter) throw new Error(`method ${method.id} has no adapter`);
  const { successUrl, cancelUrl } = returnUrls(env.APP_ORIGIN, payment.id);
  return method.adapter.create(
    env,
    { orderId: payment.id, amountCents: payment.amount, currency: payment.currency, successUrl, cancelUrl },
    { methodCode: method.methodCode },
  );
}

export async function createPayment(env: OrdersEnv, o: CreateOrder, now = Date.now()): Promise<CreateOutcome> {
  const method = depositMethods(env).find((m) => m.id === o.method);
  if (!method || method.placeholder || !method.available || !method.adapter) return { ok: false, status: 409, key: "deposit_api.method_unavailable" };

  let payment = await paymentByRequest(env, o.user.id, o.requestId);
  // an order made before a break gets no payment page during it (docs/protection.md "Breaks")
  if (payment && (await isExcluded(env, o.user.id, now))) return { ok: false, status: 403, key: "user_api.excluded" };
  if (!payment) {
    if (o.amountCents < DEPOSIT.minSumCents) return { ok: false, status: 400, key: "deposit_api.min_payment" };
    if (o.amountCents > DEPOSIT.maxSumCents) return { ok: false, status: 400, key: "deposit_api.max_payment" };
    if (!o.user.tradeLink) return { ok: false, status: 400, key: "deposit_api.trade_link_required" };
    let promo: { promoId: number; percent: number } | null = null;
    if (o.promocode !== undefined) {
      const checked = await checkDepositPromo(env, o.user.id, o.promocode, now);
      if (!checked.ok) return { ok: false, ...PROMO_REFUSALS[checked.refusal] };
      promo = checked;
    }
    const id = `dep_${crypto.randomUUID().replaceAll("-", "")}`;
    const nickname = hasNicknameBonus(o.user.username) ? DEPOSIT.nicknameBonusPercent : 0;
    // ON CONFLICT: a racing twin of this request stored its payment first; both answer that one.
    // Player protection in the same batch (docs/protection.md): no order during a break, on an old
    // agreement, or past a deposit limit — an order counts from here, so racing orders cannot pass it together.
    try {
      await batch(env.DB, [
        notExcluded(o.user.id, now),
        termsCurrent(o.user.id),
        ...depositWithin(o.user.id, o.amountCents, now),
        sql`INSERT INTO payments (id, user_id, request_id, method, provider, amount, currency, promo_id, promo_percent, nickname_percent, status, created_at, updated_at)
            VALUES (${id}, ${o.user.id}, ${o.requestId}, ${o.method}, ${method.adapter.id}, ${o.amountCents}, ${PRICES.currency}, ${promo?.promoId ?? null},
                    ${promo?.percent ?? 0}, ${nickname}, 'pending', ${now}, ${now})
            ON CONFLICT (user_id, request_id) DO NOTHING`,
      ]);
    } catch (err) {
      const refusal = depositRefusalOf(failedGuard(err), now);
      if (!refusal) throw err;
      // a twin of this request that landed first is its answer, not a refusal
      if (!(await paymentByRequest(env, o.user.id, o.requestId))) return { ok: false, ...refusal };
    }
    payment = await paymentByRequest(env, o.user.id, o.requestId);
    if (!payment) throw new Error("payment row vanished");
  }
  if (payment.method !== o.method) return { ok: false, status: 409, key: "deposit_api.method_unavailable" };

  let where: CreateResult;
  try {
    where = await providerPage(env, method, payment);
  } catch (err) {
    console.error("payment provider create failed", { order: payment.id, method: method.id, err: String(err) });
    return { ok: false, status: 503, key: "deposit_api.provider_unavailable" };
  }
  if (where.kind === "redirect" && where.providerRef && where.providerRef !== payment.provider_ref) {
    await run(env.DB, sql`UPDATE payments SET provider_ref = ${where.providerRef}, updated_at = ${now} WHERE id = ${payment.id}`);
    payment = { ...payment, provider_ref: where.providerRef };
  }
  return { ok: true, payment, where };
}
