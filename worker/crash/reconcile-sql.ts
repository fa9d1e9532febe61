// The crash section of worker/books/reconcile.ts (docs/money.md "Money rules"). A crash bet locks its
// items and moves its balance part (`value`) to the house when placed (keys 'crash:bet:<id>:stake'
// and ':stake:house'; given back on a refund: ':refund', ':refund:house'); a settled bet's items go
// to the house, a win mints the win item and credits the remainder (keys 'crash:bet:<id>:win' and
// ':win:house').
import { bookCheck } from "../books/check";
import { stakeMismatch } from "../books/stakes-sql";

/** taken: the staked items' value the house took from settled bets; paid: the win items it minted (win − remainder). */
const CRASH_FLOWS_SQL = `
  SELECT COALESCE(SUM(CASE WHEN b.status IN (1, 2) THEN b.bank - b.value END), 0) AS taken,
         COALESCE((SELECT SUM(w.win - w.remainder) FROM crash_bets w WHERE w.status = 1 AND w.win_item_id IS NOT NULL), 0) AS paid
    FROM crash_bets b`;

/**
 * Won bets whose win ≠ remainder without a win item (with one: a remainder above the win, or the
 * item missing — its value is win − remainder: its booked price moves with price refreshes,
 * prices/revaluation.ts), or whose remainder lacks its ledger rows (user credit and house debit);
 * settled bets whose items the bettor still holds locked outside any pending bet.
 */
const CRASH_MISMATCHES_SQL = `
  SELECT COUNT(*) AS v FROM crash_bets b
   WHERE (b.status = 1 AND (
            (b.win_item_id IS NULL AND b.win <> b.remainder)
         OR (b.win_item_id IS NOT NULL AND (b.win < b.remainder OR NOT EXISTS (SELECT 1 FROM inventory_items i WHERE i.id = b.win_item_id)))
         OR b.remainder <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'crash:bet:' || b.id || ':win'), 0)
         OR b.remainder <> -COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'crash:bet:' || b.id || ':win:house'), 0)))
      OR ${stakeMismatch("crash")}
      OR (b.status IN (1, 2) AND EXISTS (
            SELECT 1 FROM crash_bet_items x JOIN inventory_items i ON i.id = x.item_id
             WHERE x.bet_id = b.id AND i.owner_id = b.user_id AND i.status = 'in_bet'
               AND NOT EXISTS (SELECT 1 FROM crash_bet_items y JOIN crash_bets p ON p.id = y.bet_id WHERE y.item_id = i.id AND p.status = 0)
               AND NOT EXISTS (SELECT 1 FROM wheel_bet_items y JOIN wheel_bets p ON p.id = y.bet_id WHERE y.item_id = i.id AND p.status = 0)))`;

/** Crash in the books: the items taken and paid (reported); the mismatches must be 0. */
export const crashBooks = bookCheck({
  name: "crash",
  sql: `SELECT f.taken, f.paid, m.v AS mismatches FROM (${CRASH_FLOWS_SQL}) f, (${CRASH_MISMATCHES_SQL}) m`,
  figures: { crashItemsTaken: "taken", crashItemsPaid: "paid", crashMismatches: "mismatches" },
  mustBeZero: ["crashMismatches"],
});
