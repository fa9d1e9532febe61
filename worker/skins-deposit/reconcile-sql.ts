// Skins deposits in the books (books/reconcile.ts). No cash moves on a skins deposit: the items
// it mints are reported (their booked value at the credit), and every deposit must agree with
// its items: a credited one minted each of its items (item_id set) and its amount is their sum;
// an uncredited one minted none. Must be 0.
import { bookCheck } from "../books/check";

/** One row: `minted` (Σ item prices of credited deposits, cents) and `bad` (mismatched deposits). */
const SKIN_DEPOSIT_RECONCILE_SQL = `
  SELECT COALESCE((SELECT SUM(x.price) FROM skin_deposit_items x JOIN skin_deposits d ON d.id = x.deposit_id
                    WHERE d.credited_at IS NOT NULL), 0) AS minted,
         (SELECT COUNT(*) FROM skin_deposits d
           WHERE (d.credited_at IS NOT NULL AND (d.state <> 'accepted'
                    OR EXISTS (SELECT 1 FROM skin_deposit_items x WHERE x.deposit_id = d.id AND x.item_id IS NULL)
                    OR d.amount <> (SELECT COALESCE(SUM(price), 0) FROM skin_deposit_items x WHERE x.deposit_id = d.id)))
              OR (d.credited_at IS NULL AND EXISTS (SELECT 1 FROM skin_deposit_items x WHERE x.deposit_id = d.id AND x.item_id IS NOT NULL))) AS bad`;

/** Skins deposits in the books: the value of the items credited (no cash moves), reported; deposits disagreeing with their minted items: must be 0. */
export const skinsDepositBooks = bookCheck({
  name: "skins deposits",
  sql: SKIN_DEPOSIT_RECONCILE_SQL,
  figures: { skinDepositsValue: "minted", skinDepositMismatches: "bad" },
  mustBeZero: ["skinDepositMismatches"],
});
