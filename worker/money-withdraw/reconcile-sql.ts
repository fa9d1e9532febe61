// The money-withdrawal section of worker/books/reconcile.ts. A completed withdrawal is money out:
// one house ledger row of kind 'withdrawal' (−payout, reference 'money_withdrawal:<id>'); its items
// went to the house. Open ones hold their items 'withdrawing'; canceled ones gave them back.
import { bookCheck } from "../books/check";

/** paid: Σ payouts of completed withdrawals; open: Σ amounts in moderation / sending (reported). */
const MONEY_WITHDRAW_FLOWS_SQL = `
  SELECT COALESCE((SELECT SUM(payout) FROM money_withdrawals WHERE status = 'completed'), 0) AS paid,
         COALESCE((SELECT SUM(amount) FROM money_withdrawals WHERE status IN ('moderation', 'sending')), 0) AS open`;

/**
 * Must be 0. Counts: withdrawals whose amount ≠ Σ item prices, or whose 'withdrawal' ledger rows
 * ≠ −payout when completed (0 otherwise); 'withdrawal' ledger rows of no money withdrawal; items of
 * an open withdrawal not 'withdrawing' with its owner; items of a finished one (completed: the
 * house's; canceled: the player's again) left 'withdrawing' with no open withdrawal holding them.
 * (A completed one's items may later come back to the same player through the store, so their
 * owner alone proves nothing.)
 */
const MONEY_WITHDRAW_MISMATCHES_SQL = `
  SELECT (SELECT COUNT(*) FROM money_withdrawals w
           WHERE w.amount <> COALESCE((SELECT SUM(price) FROM money_withdrawal_items x WHERE x.withdrawal_id = w.id), 0)
              OR (CASE WHEN w.status = 'completed' THEN -w.payout ELSE 0 END)
                 <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.reference = 'money_withdrawal:' || w.id AND l.kind = 'withdrawal'), 0))
       + (SELECT COUNT(*) FROM ledger l
           WHERE l.kind = 'withdrawal' AND l.reference LIKE 'money_withdrawal:%'
             AND NOT EXISTS (SELECT 1 FROM money_withdrawals w WHERE 'money_withdrawal:' || w.id = l.reference))
       + (SELECT COUNT(*) FROM money_withdrawal_items x JOIN money_withdrawals w ON w.id = x.withdrawal_id JOIN inventory_items i ON i.id = x.item_id
           WHERE (w.status IN ('moderation', 'sending') AND (i.status <> 'withdrawing' OR i.owner_id IS NOT w.user_id))
              OR (w.status IN ('completed', 'canceled') AND i.status = 'withdrawing'
                  AND NOT EXISTS (SELECT 1 FROM money_withdrawal_items y JOIN money_withdrawals o ON o.id = y.withdrawal_id
                                   WHERE y.item_id = i.id AND o.status IN ('moderation', 'sending'))
                  AND NOT EXISTS (SELECT 1 FROM withdrawal_items y JOIN withdrawals o ON o.id = y.withdrawal_id
                                   WHERE y.item_id = i.id AND o.status IN ('sending', 'moderation')))) AS v`;

/**
 * Money withdrawals in the books: Σ payouts the house paid out (in the ledger's withdrawals) and
 * Σ amounts still open, reported; withdrawals disagreeing with their items or their 'withdrawal'
 * ledger rows: must be 0.
 */
export const moneyWithdrawBooks = bookCheck({
  name: "money withdrawals",
  sql: `SELECT f.paid, f.open, m.v AS mismatches FROM (${MONEY_WITHDRAW_FLOWS_SQL}) f, (${MONEY_WITHDRAW_MISMATCHES_SQL}) m`,
  figures: { moneyWithdrawPaid: "paid", moneyWithdrawOpen: "open", moneyWithdrawMismatches: "mismatches" },
  mustBeZero: ["moneyWithdrawMismatches"],
});
