// The skin-withdrawal section of worker/books/reconcile.ts (the books). A withdrawal's fee is a
// two-sided move (user → house, kind 'withdraw_fee'; back on cancel, kind 'withdraw_fee_refund'),
// referenced 'withdrawal:<id>'. A completed withdrawal's items left the site (status 'withdrawn',
// no longer held); an item is 'withdrawing' only inside an open withdrawal of its owner.
import { bookCheck } from "../books/check";

/** withdrawn: Σ prices of items that left the site; fees: the fees the house kept (completed ones). */
const WITHDRAW_FLOWS_SQL = `
  SELECT COALESCE((SELECT SUM(x.price) FROM withdrawal_items x JOIN withdrawals w ON w.id = x.withdrawal_id WHERE w.status = 'completed'), 0) AS withdrawn,
         COALESCE((SELECT SUM(fee) FROM withdrawals WHERE status = 'completed'), 0) AS fees`;

/**
 * Must be 0. Counts: withdrawals whose amount ≠ Σ item prices, or whose fee / refund ledger rows
 * (user and house) are missing or of another amount (a refund only on a canceled one); fee
 * ledger rows of no withdrawal; items left 'withdrawing' after their withdrawal (none of their
 * withdrawals is open and their owner's); items of an open withdrawal that are not
 * 'withdrawing', of a completed one that are not 'withdrawn'.
 */
const WITHDRAW_MISMATCHES_SQL = `
  SELECT (SELECT COUNT(*) FROM withdrawals w
           WHERE w.amount <> COALESCE((SELECT SUM(price) FROM withdrawal_items x WHERE x.withdrawal_id = w.id), 0)
              OR -w.fee <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.reference = 'withdrawal:' || w.id AND l.kind = 'withdraw_fee' AND l.account = 'user'), 0)
              OR w.fee <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.reference = 'withdrawal:' || w.id AND l.kind = 'withdraw_fee' AND l.account = 'house'), 0)
              OR (CASE WHEN w.status = 'canceled' THEN w.fee ELSE 0 END)
                 <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.reference = 'withdrawal:' || w.id AND l.kind = 'withdraw_fee_refund' AND l.account = 'user'), 0)
              OR (CASE WHEN w.status = 'canceled' THEN -w.fee ELSE 0 END)
                 <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.reference = 'withdrawal:' || w.id AND l.kind = 'withdraw_fee_refund' AND l.account = 'house'), 0))
       + (SELECT COUNT(*) FROM ledger l
           WHERE l.kind IN ('withdraw_fee', 'withdraw_fee_refund')
             AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE 'withdrawal:' || w.id = l.reference))
       + (SELECT COUNT(*) FROM inventory_items i
           WHERE i.status = 'withdrawing'
             AND EXISTS (SELECT 1 FROM withdrawal_items y WHERE y.item_id = i.id)
             AND NOT EXISTS (SELECT 1 FROM withdrawal_items x JOIN withdrawals w ON w.id = x.withdrawal_id
                              WHERE x.item_id = i.id AND w.user_id = i.owner_id AND w.status IN ('sending', 'moderation'))
             -- an open money withdrawal holds it now (money-withdraw/reconcile-sql.ts checks those)
             AND NOT EXISTS (SELECT 1 FROM money_withdrawal_items mx JOIN money_withdrawals mw ON mw.id = mx.withdrawal_id
                              WHERE mx.item_id = i.id AND mw.status IN ('moderation', 'sending')))
       + (SELECT COUNT(*) FROM withdrawal_items x JOIN withdrawals w ON w.id = x.withdrawal_id JOIN inventory_items i ON i.id = x.item_id
           WHERE (w.status IN ('sending', 'moderation') AND i.status <> 'withdrawing')
              OR (w.status = 'completed' AND i.status <> 'withdrawn')) AS v`;

/**
 * 'withdrawing' items that no withdrawal (skin or money) ever held (strayWithdrawingItems, part of
 * `ok`): only the withdrawal flows may set that status.
 */
const STRAY_WITHDRAWING_SQL = `
  SELECT COUNT(*) AS v FROM inventory_items i
   WHERE i.status = 'withdrawing' AND NOT EXISTS (SELECT 1 FROM withdrawal_items x WHERE x.item_id = i.id)
     AND NOT EXISTS (SELECT 1 FROM money_withdrawal_items x WHERE x.item_id = i.id)`;

/**
 * Skin withdrawals in the books: the booked value of items that left the site and the fees the
 * house kept on them, reported; withdrawals whose fee / refund ledger rows or items disagree, and
 * 'withdrawing' items no withdrawal ever held: must be 0.
 */
export const withdrawBooks = bookCheck({
  name: "skin withdrawals",
  sql: `SELECT f.withdrawn, f.fees, m.v AS mismatches, s.v AS stray FROM (${WITHDRAW_FLOWS_SQL}) f, (${WITHDRAW_MISMATCHES_SQL}) m, (${STRAY_WITHDRAWING_SQL}) s`,
  figures: { withdrawnItemsValue: "withdrawn", withdrawFeesKept: "fees", withdrawMismatches: "mismatches", strayWithdrawingItems: "stray" },
  mustBeZero: ["withdrawMismatches", "strayWithdrawingItems"],
});
