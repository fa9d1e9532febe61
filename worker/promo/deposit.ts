// Deposit bonus codes (docs/money.md "Promo codes"). POST /api/payment/check-promocode only validates:
// nothing is stored and nothing moves. The deposit request (sum/create) sends the code again and
// calls checkDepositPromo once more, keeping the promo id and percent with its pending payment;
// the deposit's credit batch then adds depositPromoStatements, which books the use (once per
// player, within the daily limit — the same guards as a balance code) and the bonus in that
// same batch: a code that ran out in between aborts the credit batch (the caller retries the
// credit without the bonus).
import { houseBalanceStatements, userBalanceStatements } from "../db/ledger";
import { expectChanges, guard } from "../db/guards";
import { type SQL, sql } from "../db/sql";
import { judgePromo } from "./queries";
import { type PromoRefusal, utcDay } from "./rules";

export type DepositPromoCheck = { ok: true; promoId: number; percent: number } | { ok: false; refusal: PromoRefusal };

export async function checkDepositPromo(env: Pick<Env, "DB">, userId: number, code: string | null, now = Date.now()): Promise<DepositPromoCheck> {
  const { promo, refusal } = await judgePromo(env, code, "deposit", userId, now);
  if (refusal || !promo) return { ok: false, refusal: refusal ?? "not_found" };
  return { ok: true, promoId: promo.id, percent: promo.percent };
}

/** The bonus of a deposit: floor(amount · percent / 100) cents. */
export function depositBonusCents(amountCents: number, percent: number): number {
  return Math.floor((amountCents * percent) / 100);
}

/**
 * @public — called by the deposit credit batch (the payments routes) once it lands;
 * tested in tests/worker/promo-deposit.test.ts.
 * Statements of a deposit batch that book a deposit code's use and bonus for `userId`.
 */
export function depositPromoStatements(
  input: { userId: number; promoId: number; percent: number; depositRef: string; amountCents: number },
  now = Date.now(),
): SQL[] {
  const bonus = depositBonusCents(input.amountCents, input.percent);
  const day = utcDay(now);
  const reference = `promo:${input.promoId}`;
  const key = `promo:${input.promoId}:${input.userId}`;
  return [
    guard("promo.used", sql`EXISTS (SELECT 1 FROM promo_uses WHERE promo_id = ${input.promoId} AND user_id = ${input.userId})`),
    sql`INSERT INTO promo_uses (promo_id, user_id, day, amount, created_at)
        SELECT id, ${input.userId}, ${day}, ${bonus}, ${now} FROM promo_codes
         WHERE id = ${input.promoId} AND kind = 'deposit' AND active = 1
           AND (expires_at IS NULL OR expires_at > ${now})
           AND (SELECT COUNT(*) FROM promo_uses WHERE promo_id = ${input.promoId} AND day = ${day}) < daily_limit`,
    expectChanges(1),
    ...(bonus > 0
      ? [
          ...userBalanceStatements(
            { userId: input.userId, delta: bonus, kind: "promo", reference: `${reference}:${input.depositRef}`, idempotencyKey: key },
            now,
          ),
          ...houseBalanceStatements(
            { account: "house", delta: -bonus, kind: "promo", reference: `${reference}:${input.depositRef}`, idempotencyKey: `${key}:house` },
            now,
          ),
        ]
      : []),
  ];
}
