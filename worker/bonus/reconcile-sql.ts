// The bonus pool in the books (docs/money.md "Money rules", "Bonus pool"). The game rooms' shares move
// house → bonus and add to the open round's bank in the same batch (bonus/share.ts); a draw pays
// bonus → winners (kind bonus_payout) and carries the rest to the next round in one batch. So the
// bonus account holds exactly the banks of the rounds not finished, and a finished round's bank
// is what it paid plus what it carried.
import { bookCheck } from "../books/check";

/**
 * - once the pool has a round: the bonus account's balance ≠ Σ banks of the open and drawn rounds
 *   (shares booked before the first round are reported as unassigned, and the first round takes them);
 * - finished rounds whose bank ≠ paid + carried, whose payout rows (user +, bonus −) do not sum to
 *   paid, or that carried to a next round that does not exist;
 * - more than one open round.
 * Must be 0.
 */
const BONUS_SQL = `
  SELECT CASE WHEN EXISTS (SELECT 1 FROM bonus_rounds) THEN 0 ELSE t.unassigned END AS unassigned,
         (CASE WHEN EXISTS (SELECT 1 FROM bonus_rounds) AND t.unassigned <> 0 THEN 1 ELSE 0 END)
       + (SELECT COUNT(*) FROM bonus_rounds r
           WHERE r.status = 'finished' AND (
                 r.bank <> r.paid + r.carried
              OR r.paid <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.reference = 'bonus:' || r.id AND l.kind = 'bonus_payout' AND l.account = 'user'), 0)
              OR r.paid <> -COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.reference = 'bonus:' || r.id AND l.kind = 'bonus_payout' AND l.account = 'bonus'), 0)
              OR (r.carried > 0 AND NOT EXISTS (SELECT 1 FROM bonus_rounds n WHERE n.id = r.id + 1))))
       + (SELECT CASE WHEN COUNT(*) > 1 THEN 1 ELSE 0 END FROM bonus_rounds WHERE status = 'open') AS mismatches,
         (SELECT COALESCE(SUM(paid), 0) FROM bonus_rounds WHERE status = 'finished') AS paid
    FROM (SELECT (SELECT COALESCE(SUM(balance), 0) FROM house_accounts WHERE name = 'bonus')
               - (SELECT COALESCE(SUM(bank), 0) FROM bonus_rounds WHERE status IN ('open', 'drawn')) AS unassigned) t`;

/** The pool in the books: unassigned shares and Σ paid reported, mismatches must be 0. */
export const bonusBooks = bookCheck({
  name: "bonus",
  sql: BONUS_SQL,
  figures: { bonusUnassigned: "unassigned", bonusPaid: "paid", bonusMismatches: "mismatches" },
  mustBeZero: ["bonusMismatches"],
});
