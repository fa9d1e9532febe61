// The promo and referral section of worker/books/reconcile.ts (the books). Promo credits and
// referral shares are house-paid (user +x, house −x), so the cash equation needs nothing new;
// this checks that every credit has its record and every record its credit:
//   promo use (amount > 0)  ↔ user ledger row 'promo:<code id>:<user id>' of that amount (kind promo)
//                              and its house row (same key + ':house', −amount)
//   referral earnings row   ↔ referrer ledger row 'referral:<deposit ref>' of that amount (kind referral_share)
//                              and its house row (same key + ':house', −amount)
// Keys: worker/promo/redeem.ts promoLedgerKeys, worker/promo/deposit.ts, worker/referrals/share.ts.
import { bookCheck } from "../books/check";

/** paid: Σ promo credits (balance codes and deposit bonuses); shared: Σ referral shares. Reported. */
const PROMO_FLOWS_SQL = `
  SELECT (SELECT COALESCE(SUM(amount), 0) FROM promo_uses) AS paid,
         (SELECT COALESCE(SUM(amount), 0) FROM referral_earnings) AS shared`;

/** Records without their two ledger rows, and promo / referral ledger rows of no record. Must be 0. */
const PROMO_MISMATCHES_SQL = `
  SELECT (SELECT COUNT(*) FROM promo_uses u
           WHERE u.amount > 0
             AND (u.amount <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'promo:' || u.promo_id || ':' || u.user_id
                                          AND l.account = 'user' AND l.user_id = u.user_id AND l.kind = 'promo'), 0)
               OR -u.amount <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'promo:' || u.promo_id || ':' || u.user_id || ':house'
                                          AND l.account = 'house' AND l.kind = 'promo'), 0)))
       + (SELECT COUNT(*) FROM ledger l
           WHERE l.kind = 'promo' AND l.account = 'user'
             AND NOT EXISTS (SELECT 1 FROM promo_uses u WHERE l.idempotency_key = 'promo:' || u.promo_id || ':' || u.user_id))
       + (SELECT COUNT(*) FROM referral_earnings e
           WHERE e.amount <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'referral:' || e.deposit_ref
                                         AND l.account = 'user' AND l.user_id = e.referrer_id AND l.kind = 'referral_share'), 0)
              OR -e.amount <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'referral:' || e.deposit_ref || ':house'
                                         AND l.account = 'house' AND l.kind = 'referral_share'), 0))
       + (SELECT COUNT(*) FROM ledger l
           WHERE l.kind = 'referral_share' AND l.account = 'user'
             AND NOT EXISTS (SELECT 1 FROM referral_earnings e WHERE l.idempotency_key = 'referral:' || e.deposit_ref)) AS v`;

/**
 * Promo codes and referrals in the books: what the house paid in promo credits and referral
 * shares, reported; uses or earnings rows without their ledger rows, and promo / referral ledger
 * rows of no record: must be 0.
 */
export const promoBooks = bookCheck({
  name: "promo and referrals",
  sql: `SELECT f.paid, f.shared, m.v AS mismatches FROM (${PROMO_FLOWS_SQL}) f, (${PROMO_MISMATCHES_SQL}) m`,
  figures: { promoPaid: "paid", referralShared: "shared", promoMismatches: "mismatches" },
  mustBeZero: ["promoMismatches"],
});
