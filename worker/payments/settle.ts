// What the site does with a payment a provider vouches for (a verified callback, or a wallet
// transaction found by its receipt number; docs/payments.md "Payments"). Once per provider transaction id:
// payment_callbacks has UNIQUE (provider, provider_tx_id) and its row is the first statement of
// every batch here, so a replay — or the loser of two racing identical callbacks — aborts on it
// and moves nothing.
//   matches the stored pending payment (provider, currency, amount) → ONE batch: the callback
//     row, the payment marked credited (guarded: status still pending/review), the deposit with
//     its ledger row (money in: no house counterpart), the deposit code's use and bonus
//     (promo/deposit.ts), the §9 nickname bonus (house-paid), the referrer's share
//     (referrals/share.ts) and the bell row;
//   anything else (no such order, another provider's order, underpaid, overpaid, another
//     currency, an order already paid by another transaction) → the callback row alone, the
//     payment (when there is one and it is not credited) set to 'review'. Nothing is credited.
import { notificationContent } from "../../shared/api/notifications";
import { classifyBatchError, houseBalanceStatements, userBalanceStatements } from "../db/ledger";
import { expectChanges, failedGuard, guard } from "../db/guards";
import { batch, first, type SQL, sql } from "../db/sql";
import { notificationOf, notificationStatement, pushBalance, pushNotification } from "../lib/notify";
import { depositBonusCents, depositPromoStatements } from "../promo/deposit";
import { referralShareStatements } from "../referrals/share";
import { type PaymentRow, paymentById } from "./orders";
import type { PaymentAdapter, VerifiedPayment } from "./types";

type SettleEnv = Pick<Env, "DB" | "HUB_ROOM"> & { REFERRAL_SHARE_PERCENT?: string };

export type SettleOutcome = "credited" | "unknown_order" | "wrong_provider" | "currency_mismatch" | "underpaid" | "amount_mismatch" | "order_already_paid";

export interface ProviderReport {
  provider: PaymentAdapter["id"];
  payment: VerifiedPayment;
  eventId?: string;
}

export type Settled =
  /** this report's first arrival: what it did */
  | { replay: false; outcome: SettleOutcome; payment: PaymentRow | null; credited: { amount: number; bonus: number } | null }
  /** seen before (or a racing twin won): nothing moved now; `outcome` is what the first one did */
  | { replay: true; outcome: SettleOutcome; payment: PaymentRow | null; credited: null };

interface CallbackRow {
  outcome: SettleOutcome;
  payment_id: string | null;
}

async function recorded(env: Pick<Env, "DB">, r: ProviderReport): Promise<CallbackRow | null> {
  return first<CallbackRow>(
    env.DB,
    sql`SELECT outcome, payment_id FROM payment_callbacks WHERE provider = ${r.provider} AND provider_tx_id = ${r.payment.providerTxId}`,
  );
}

function judge(r: ProviderReport, p: PaymentRow | null): SettleOutcome {
  if (!p) return "unknown_order";
  if (p.provider !== r.provider) return "wrong_provider";
  if (p.currency !== r.payment.currency) return "currency_mismatch";
  if (r.payment.amountCents < p.amount) return "underpaid";
  if (r.payment.amountCents > p.amount) return "amount_mismatch";
  if (p.status === "credited") return "order_already_paid";
  return "credited";
}

/** The provider's report, recorded once: a report already recorded aborts the batch (`payment.callback_replayed`). */
function callbackRow(r: ProviderReport, outcome: SettleOutcome, paymentId: string | null, now: number): SQL[] {
  const v = r.payment;
  return [
    guard("payment.callback_replayed", sql`EXISTS (SELECT 1 FROM payment_callbacks WHERE provider = ${r.provider} AND provider_tx_id = ${v.providerTxId})`),
    sql`INSERT INTO payment_callbacks (provider, provider_tx_id, event_id, order_id, amount, currency, outcome, payment_id, created_at)
             VALUES (${r.provider}, ${v.providerTxId}, ${r.eventId ?? null}, ${v.orderId}, ${v.amountCents}, ${v.currency}, ${outcome}, ${paymentId}, ${now})`,
  ];
}

/** Bonus cents of a payment: its deposit code's and its nickname's, each rounded down. */
export function bonusParts(p: Pick<PaymentRow, "amount" | "promo_percent" | "nickname_percent">, withPromo: boolean) {
  const promo = withPromo ? depositBonusCents(p.amount, p.promo_percent) : 0;
  const nickname = depositBonusCents(p.amount, p.nickname_percent);
  return { promo, nickname, total: promo + nickname };
}

/** The ledger keys of one payment's credit (the reconciliation matches them). */
export const depositKeys = (paymentId: string) => ({
  deposit: `deposit:${paymentId}`,
  nickname: `deposit_bonus:${paymentId}`,
  reference: `payment:${paymentId}`,
});

/** The credit batch of a payment a report vouches for (also an admin's credit of one in review, payments/admin-decide.ts); its last statement is the bell row. */
export function creditStatements(env: SettleEnv, r: ProviderReport, p: PaymentRow, withPromo: boolean, now: number): SQL[] {
  const usePromo = withPromo && p.promo_id !== null && p.promo_percent > 0;
  const bonus = bonusParts(p, usePromo);
  const keys = depositKeys(p.id);
  return [
    ...callbackRow(r, "credited", p.id, now),
    sql`UPDATE payments SET status = 'credited', provider_tx_id = ${r.payment.providerTxId}, bonus = ${bonus.total}, credited_at = ${now}, updated_at = ${now},
               promo_percent = ${usePromo ? p.promo_percent : 0}, promo_id = ${usePromo ? p.promo_id : null}
         WHERE id = ${p.id} AND status IN ('pending', 'review')`,
    expectChanges(1),
    ...userBalanceStatements({ userId: p.user_id, delta: p.amount, kind: "deposit", reference: keys.reference, idempotencyKey: keys.deposit }, now),
    ...(usePromo
      ? depositPromoStatements({ userId: p.user_id, promoId: p.promo_id as number, percent: p.promo_percent, depositRef: p.id, amountCents: p.amount }, now)
      : []),
    ...(bonus.nickname > 0
      ? [
          ...userBalanceStatements(
            { userId: p.user_id, delta: bonus.nickname, kind: "deposit_bonus", reference: keys.reference, idempotencyKey: keys.nickname },
            now,
          ),
          ...houseBalanceStatements(
            { account: "house", delta: -bonus.nickname, kind: "deposit_bonus", reference: keys.reference, idempotencyKey: `${keys.nickname}:house` },
            now,
          ),
        ]
      : []),
    ...referralShareStatements(env, { refereeId: p.user_id, depositId: keys.reference, amountCents: p.amount }, now),
    notificationStatement({ userId: p.user_id, name: "deposit", content: notificationContent.amount(p.amount + bonus.total), createdAt: now }),
  ];
}

function isCallbackReplay(err: unknown): boolean {
  return failedGuard(err) === "payment.callback_replayed";
}

async function replayOf(env: Pick<Env, "DB">, r: ProviderReport): Promise<Settled> {
  const row = await recorded(env, r);
  if (!row) throw new Error("payment callback replay without its row");
  return { replay: true, outcome: row.outcome, payment: row.payment_id ? await paymentById(env, row.payment_id) : null, credited: null };
}

/** After a credit batch: the balance, the bell row (the batch's last result) and the referrer's balance, live. */
export async function pushCredit(env: SettleEnv, p: PaymentRow, results: D1Result[]) {
  await pushBalance(env, p.user_id);
  await pushNotification(env, p.user_id, notificationOf(results.at(-1)));
  const referrer = await first<{ referrer_id: number }>(
    env.DB,
    sql`SELECT referrer_id FROM referral_earnings WHERE deposit_ref = ${depositKeys(p.id).reference}`,
  );
  if (referrer) await pushBalance(env, referrer.referrer_id);
}

export async function settleReport(env: SettleEnv, r: ProviderReport, now = Date.now()): Promise<Settled> {
  if (await recorded(env, r)) return replayOf(env, r);
  // a deposit code that ran out between the request and the money drops its bonus, never the deposit
  for (const withPromo of [true, false]) {
    const p = await paymentById(env, r.payment.orderId);
    const outcome = judge(r, p);
    if (outcome !== "credited" || !p) {
      try {
        await batch(env.DB, [
          ...callbackRow(r, outcome, p?.id ?? null, now),
          ...(p && outcome !== "wrong_provider"
            ? [sql`UPDATE payments SET status = 'review', updated_at = ${now} WHERE id = ${p.id} AND status = 'pending'`]
            : []),
        ]);
      } catch (err) {
        if (isCallbackReplay(err)) return replayOf(env, r);
        throw err;
      }
      return { replay: false, outcome, payment: p, credited: null };
    }
    let results: D1Result[];
    try {
      results = await batch(env.DB, creditStatements(env, r, p, withPromo, now));
    } catch (err) {
      if (isCallbackReplay(err)) return replayOf(env, r);
      // the payment was credited by another transaction meanwhile, or the code ran out: judge again
      if (classifyBatchError(err) === "guard") continue;
      throw err;
    }
    const credited = await paymentById(env, p.id);
    await pushCredit(env, p, results);
    return { replay: false, outcome, payment: credited, credited: { amount: p.amount, bonus: credited?.bonus ?? 0 } };
  }
  // both passes lost to a concurrent credit of the same order by another transaction
  const p = await paymentById(env, r.payment.orderId);
  try {
    await batch(env.DB, callbackRow(r, "order_already_paid", p?.id ?? null, now));
  } catch (err) {
    if (isCallbackReplay(err)) return replayOf(env, r);
    throw err;
  }
  return { replay: false, outcome: "order_already_paid", payment: p, credited: null };
}
