// The money-deposit section of worker/books/reconcile.ts (the books). A credited payment is money
// in (the 'deposit' ledger row, no house counterpart: the cash equation counts it as a deposit);
// its bonuses are house-paid (the deposit code's in promo_uses, checked by promo/reconcile-sql.ts;
// the nickname bonus here). Keys: payments/settle.ts depositKeys.
//   credited payment ↔ one 'credited' callback row naming it
//                    ↔ user ledger row 'deposit:<id>' of its amount (kind deposit)
//                    ↔ nickname bonus: user row 'deposit_bonus:<id>' = floor(amount · nickname % / 100),
//                      house row (same key + ':house') = −that
//                    ↔ bonus = floor(amount · promo % / 100) + the nickname bonus
//   a payment not credited has no deposit or bonus rows; every payment deposit / bonus row names a credited payment.
import { bookCheck } from "../books/check";

/** deposited: Σ credited payments; bonus: Σ their bonuses (reported). */
const PAYMENTS_FLOWS_SQL = `
  SELECT COALESCE(SUM(CASE WHEN status = 'credited' THEN amount END), 0) AS deposited,
         COALESCE(SUM(CASE WHEN status = 'credited' THEN bonus END), 0) AS bonus,
         COUNT(CASE WHEN status = 'review' THEN 1 END) AS review
    FROM payments`;

/** Payments disagreeing with their callback and ledger rows, and payment ledger rows of no credited payment. Must be 0. */
const PAYMENTS_MISMATCHES_SQL = `
  SELECT (SELECT COUNT(*) FROM payments p
           WHERE p.status = 'credited'
             AND (p.amount <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'deposit:' || p.id
                                         AND l.account = 'user' AND l.user_id = p.user_id AND l.kind = 'deposit'), 0)
               OR p.amount * p.nickname_percent / 100 <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'deposit_bonus:' || p.id
                                         AND l.account = 'user' AND l.user_id = p.user_id AND l.kind = 'deposit_bonus'), 0)
               OR -(p.amount * p.nickname_percent / 100) <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'deposit_bonus:' || p.id || ':house'
                                         AND l.account = 'house' AND l.kind = 'deposit_bonus'), 0)
               OR p.bonus <> p.amount * p.promo_percent / 100 + p.amount * p.nickname_percent / 100
               OR (SELECT COUNT(*) FROM payment_callbacks c WHERE c.payment_id = p.id AND c.outcome = 'credited') <> 1))
       + (SELECT COUNT(*) FROM ledger l
           WHERE l.kind IN ('deposit', 'deposit_bonus') AND (l.idempotency_key LIKE 'deposit:dep\\_%' ESCAPE '\\' OR l.kind = 'deposit_bonus')
             AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.status = 'credited' AND l.reference = 'payment:' || p.id))
       + (SELECT COUNT(*) FROM payment_callbacks c
           WHERE c.outcome = 'credited' AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = c.payment_id AND p.status = 'credited')) AS v`;

/**
 * Money deposits through providers in the books: credited payments, the bonuses paid on top and
 * the payments in review (a provider report support must look at), reported; payments
 * disagreeing with their callback and ledger rows: must be 0.
 */
export const paymentsBooks = bookCheck({
  name: "payments",
  sql: `SELECT f.deposited, f.bonus, f.review, m.v AS mismatches FROM (${PAYMENTS_FLOWS_SQL}) f, (${PAYMENTS_MISMATCHES_SQL}) m`,
  figures: { paymentsDeposited: "deposited", paymentsBonus: "bonus", paymentsInReview: "review", paymentMismatches: "mismatches" },
  mustBeZero: ["paymentMismatches"],
});
