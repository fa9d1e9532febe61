// The cases section of worker/books/reconcile.ts (the books): what users paid for cases and the
// value of the items minted for them, and the opens whose money or item does not add up.
// An open's ledger rows are keyed 'case:open:<user>:<request_id>' (user debit = −price) and the
// same + ':house' (house credit = +price): worker/cases/queries.ts openLedgerKey.
import { bookCheck } from "../books/check";

/** paid: Σ case prices paid; minted: Σ booked prices of the items minted for the openers. */
const CASES_FLOWS_SQL = `SELECT COALESCE(SUM(price), 0) AS paid, COALESCE(SUM(item_price), 0) AS minted FROM case_opens`;

/**
 * Opens whose user debit or house credit is missing or of another amount, or whose minted item
 * is not the catalogue item recorded; plus 1 when 'case_open' ledger rows exist that no open
 * accounts for (each open has exactly two). Must be 0.
 */
const CASES_MISMATCHES_SQL = `
  SELECT (SELECT COUNT(*) FROM case_opens o
           WHERE -o.price <> COALESCE((SELECT SUM(delta) FROM ledger l
                                        WHERE l.idempotency_key = 'case:open:' || o.user_id || ':' || o.request_id AND l.account = 'user' AND l.kind = 'case_open'), 0)
              OR o.price <> COALESCE((SELECT SUM(delta) FROM ledger l
                                       WHERE l.idempotency_key = 'case:open:' || o.user_id || ':' || o.request_id || ':house' AND l.account = 'house' AND l.kind = 'case_open'), 0)
              OR NOT EXISTS (SELECT 1 FROM inventory_items i WHERE i.id = o.item_id AND i.catalogue_id = o.catalogue_id))
       + ((SELECT COUNT(*) FROM ledger WHERE kind = 'case_open') <> 2 * (SELECT COUNT(*) FROM case_opens)) AS v`;

/** The cases in the books: paid (the house's takings) and minted (reported); the mismatches must be 0. */
export const casesBooks = bookCheck({
  name: "cases",
  sql: `SELECT f.paid, f.minted, m.v AS mismatches FROM (${CASES_FLOWS_SQL}) f, (${CASES_MISMATCHES_SQL}) m`,
  figures: { casesPaid: "paid", casesItemsMinted: "minted", casesMismatches: "mismatches" },
  mustBeZero: ["casesMismatches"],
});
