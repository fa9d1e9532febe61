// The wheel section of worker/books/reconcile.ts (docs/money.md "Money rules"). A wheel bet locks its
// items and moves its balance part to the house when placed (books/stakes-sql.ts); a win credits the remainder (user +r, house −r under
// 'wheel:bet:<id>:win' and ':win:house') and mints the win item; a loss gives the items to the
// house; the bonus share is house → bonus. So the cash equation needs nothing new; this checks
// the wheel's own rows.
import { bookCheck } from "../books/check";
import { stakeMismatch } from "../books/stakes-sql";

/** taken: staked items' value of settled bets (items the house took); paid: win items' value (win − remainder). Reported. */
const WHEEL_FLOWS_SQL = `
  SELECT COALESCE((SELECT SUM(bank - value) FROM wheel_bets WHERE status IN (1, 2)), 0) AS taken,
         COALESCE((SELECT SUM(win - remainder) FROM wheel_bets WHERE status = 1 AND win_item_id IS NOT NULL), 0) AS paid`;

/**
 * Won bets whose win ≠ remainder without a win item (with one: a remainder above the win or the
 * item missing), or whose remainder lacks its two ledger rows; settled bets whose items the bettor
 * still holds locked outside any pending bet (of the wheel or crash); wheel win rows of no won
 * bet. Must be 0.
 */
const WHEEL_MISMATCHES_SQL = `
  SELECT (SELECT COUNT(*) FROM wheel_bets b
           WHERE (b.status = 1 AND (
                    (b.win_item_id IS NULL AND b.win <> b.remainder)
                 OR (b.win_item_id IS NOT NULL AND (b.win < b.remainder OR NOT EXISTS (SELECT 1 FROM inventory_items i WHERE i.id = b.win_item_id)))
                 OR b.remainder <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'wheel:bet:' || b.id || ':win'), 0)
                 OR b.remainder <> -COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'wheel:bet:' || b.id || ':win:house'), 0)))
              OR ${stakeMismatch("wheel")}
              OR (b.status IN (1, 2) AND EXISTS (
                    SELECT 1 FROM wheel_bet_items x JOIN inventory_items i ON i.id = x.item_id
                     WHERE x.bet_id = b.id AND i.owner_id = b.user_id AND i.status = 'in_bet'
                       AND NOT EXISTS (SELECT 1 FROM wheel_bet_items y JOIN wheel_bets p ON p.id = y.bet_id WHERE y.item_id = i.id AND p.status = 0)
                       AND NOT EXISTS (SELECT 1 FROM crash_bet_items y JOIN crash_bets p ON p.id = y.bet_id WHERE y.item_id = i.id AND p.status = 0))))
       + (SELECT COUNT(*) FROM ledger l
           WHERE l.kind = 'win' AND l.idempotency_key LIKE 'wheel:bet:%'
             AND NOT EXISTS (SELECT 1 FROM wheel_bets b WHERE b.status = 1 AND l.idempotency_key IN ('wheel:bet:' || b.id || ':win', 'wheel:bet:' || b.id || ':win:house'))) AS v`;

/**
 * The wheel in the books: staked value the house took from settled bets and the value of the win
 * items it minted, reported; won bets off their ledger rows or win item, settled bets whose items
 * stay locked, wheel win rows of no bet: must be 0.
 */
export const wheelBooks = bookCheck({
  name: "wheel",
  sql: `SELECT f.taken, f.paid, m.v AS mismatches FROM (${WHEEL_FLOWS_SQL}) f, (${WHEEL_MISMATCHES_SQL}) m`,
  figures: { wheelItemsTaken: "taken", wheelItemsPaid: "paid", wheelMismatches: "mismatches" },
  mustBeZero: ["wheelMismatches"],
});
