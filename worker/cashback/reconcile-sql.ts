// The cashback section of worker/books/reconcile.ts (docs/money.md "Cashback"). Cashback is not cash
// until taken, and a claim is house-paid (user +x, house −x), so the cash equation needs nothing
// new; this checks the cashback's own books:
//   users.cashback = Σ its accruals − Σ its claims × 100 (hundredths of a cent)
//   claim (cents)   ↔ user ledger row 'cashback:take:<request id>' of +cents (kind cashback)
//                    and its house row (same key + ':house', −cents)
//   every cashback ledger row belongs to a claim. Keys: worker/cashback/take.ts claimLedgerKey.
import { bookCheck } from "../books/check";

/** accrued: Σ accruals (hundredths of a cent); paid: Σ claims (cents). Reported. */
const CASHBACK_FLOWS_SQL = `
  SELECT (SELECT COALESCE(SUM(amount), 0) FROM cashback_accruals) AS accrued,
         (SELECT COALESCE(SUM(cents), 0) FROM cashback_takes) AS paid`;

/** Users off their accruals and claims, claims without their two ledger rows, cashback rows of no claim. Must be 0. */
const CASHBACK_MISMATCHES_SQL = `
  SELECT (SELECT COUNT(*) FROM users u
           WHERE u.cashback <> COALESCE((SELECT SUM(amount) FROM cashback_accruals a WHERE a.user_id = u.id), 0)
                              - 100 * COALESCE((SELECT SUM(cents) FROM cashback_takes t WHERE t.user_id = u.id), 0))
       + (SELECT COUNT(*) FROM cashback_takes t
           WHERE t.cents <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'cashback:take:' || t.request_id
                                        AND l.account = 'user' AND l.user_id = t.user_id AND l.kind = 'cashback'), 0)
              OR -t.cents <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'cashback:take:' || t.request_id || ':house'
                                        AND l.account = 'house' AND l.kind = 'cashback'), 0))
       + (SELECT COUNT(*) FROM ledger l
           WHERE l.kind = 'cashback'
             AND NOT EXISTS (SELECT 1 FROM cashback_takes t WHERE l.idempotency_key IN ('cashback:take:' || t.request_id, 'cashback:take:' || t.request_id || ':house'))) AS v`;

/**
 * Cashback in the books: Σ accrued (hundredths of a cent, not cash) and Σ taken (cents,
 * house-paid), reported; users whose cashback ≠ accruals − claims, claims without their ledger rows,
 * cashback ledger rows of no claim: must be 0.
 */
export const cashbackBooks = bookCheck({
  name: "cashback",
  sql: `SELECT f.accrued, f.paid, m.v AS mismatches FROM (${CASHBACK_FLOWS_SQL}) f, (${CASHBACK_MISMATCHES_SQL}) m`,
  figures: { cashbackAccrued: "accrued", cashbackPaid: "paid", cashbackMismatches: "mismatches" },
  mustBeZero: ["cashbackMismatches"],
});
