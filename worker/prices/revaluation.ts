// Revaluing held items when a catalogue price moves (docs/security.md "One valuation rule for items"; the rule: prices/valuation.ts).
// For one catalogue entry, run in the SAME D1 batch as its price update:
//   1. the house's revaluation result — −Σ (new − booked) over the items users hold of it — as
//      one ledger row: kind 'revaluation', account 'revaluation', no user. balance_after is the
//      running total of the house's revaluation result (the account has no cash balance: no
//      money moved, only what the house owes on items in users' hands).
//   2. every item still on the site (users' and the house's) booked at the new price.
// Zero-delta rows are not written, and items already at the price are not touched, so a retry
// (or a racing refresh) with the same price changes nothing and writes no row. Both statements
// run only while the catalogue holds `price` (the caller updates the catalogue first): a refresh
// that read an older price while another one moved the entry re-books nothing.
import { INSERT_LEDGER_ROW } from "../db/ledger";
import { all, type SQL, sql } from "../db/sql";
import { LIVE_ITEM_STATUSES_SQL, revaluationKey } from "./valuation";
import { bookCheck } from "../books/check";

/** Statuses an item of the house can be in while it is still stock (store, quiz prize). */
const HOUSE_STOCK_STATUSES_SQL = "('available', 'quiz', 'giveaway')";

/** Items of a catalogue entry that a revaluation re-books. */
const revaluedItems = (catalogueId: number) =>
  sql`catalogue_id = ${catalogueId} AND ((owner_id IS NOT NULL AND status IN ${sql.raw(LIVE_ITEM_STATUSES_SQL)}) OR (owner_id IS NULL AND status IN ${sql.raw(HOUSE_STOCK_STATUSES_SQL)}))`;

/** The catalogue entry is at the price revalued to. */
const catalogueHoldsPrice = (catalogueId: number, price: number) => sql`(SELECT cp.price FROM catalogue cp WHERE cp.id = ${catalogueId}) = ${price}`;

export const REVALUATION_ACCOUNT = "revaluation";

/** A revaluation row's ledger reference: the catalogue entry it re-booked. */
export const revaluationReference = (catalogueId: number) => `catalogue:${catalogueId}`;

export function revaluationStatements(r: { catalogueId: number; price: number; now: number }): SQL[] {
  if (!Number.isSafeInteger(r.price) || r.price < 0) throw new RangeError(`a price must be integer cents ≥ 0: ${r.price}`);
  return [
    sql`${INSERT_LEDGER_ROW}
         SELECT NULL, '${sql.raw(REVALUATION_ACCOUNT)}', d,
                d + COALESCE((SELECT balance_after FROM ledger WHERE kind = 'revaluation' ORDER BY id DESC LIMIT 1), 0),
                'revaluation', ${revaluationReference(r.catalogueId)}, ${revaluationKey(r.catalogueId, r.price, r.now)}, ${r.now}
           FROM (SELECT -SUM(${r.price} - price) AS d FROM inventory_items
                  WHERE catalogue_id = ${r.catalogueId} AND owner_id IS NOT NULL AND status IN ${sql.raw(LIVE_ITEM_STATUSES_SQL)} AND price <> ${r.price})
          WHERE d IS NOT NULL AND d <> 0 AND ${catalogueHoldsPrice(r.catalogueId, r.price)}`,
    sql`UPDATE inventory_items SET price = ${r.price}, updated_at = ${r.now} WHERE ${revaluedItems(r.catalogueId)} AND price <> ${r.price} AND ${catalogueHoldsPrice(r.catalogueId, r.price)}`,
  ];
}

/** Catalogue ids with an item users hold booked at another price than the catalogue's. */
export async function staleCatalogueIds(d1: D1Database): Promise<Set<number>> {
  const results = await all<{ id: number }>(d1, sql.raw(STALE_CATALOGUE_IDS_SQL));
  return new Set(results.map((r) => r.id));
}

const STALE_CATALOGUE_IDS_SQL = `
  SELECT DISTINCT i.catalogue_id AS id FROM inventory_items i JOIN catalogue c ON c.id = i.catalogue_id
   WHERE i.owner_id IS NOT NULL AND i.status IN ${LIVE_ITEM_STATUSES_SQL} AND i.price <> c.price`;

/**
 * For the books (books/reconcile.ts): the house's revaluation result (Σ revaluation rows), the
 * rows whose balance_after breaks the running total, and held items booked at another price
 * than the catalogue's (must be 0 after every refresh).
 */
const REVALUATION_RECONCILE_SQL = `
  SELECT COALESCE((SELECT SUM(delta) FROM ledger WHERE kind = 'revaluation'), 0) AS result,
         (SELECT COUNT(*) FROM (SELECT account, user_id, balance_after, SUM(delta) OVER (ORDER BY id) AS running
                                  FROM ledger WHERE kind = 'revaluation')
           WHERE account <> '${REVALUATION_ACCOUNT}' OR user_id IS NOT NULL OR balance_after <> running) AS bad_rows,
         (SELECT COUNT(*) FROM ledger WHERE account = '${REVALUATION_ACCOUNT}' AND kind <> 'revaluation') AS foreign_rows,
         (SELECT COUNT(*) FROM inventory_items i JOIN catalogue c ON c.id = i.catalogue_id
           WHERE i.owner_id IS NOT NULL AND i.status IN ${LIVE_ITEM_STATUSES_SQL} AND i.price <> c.price) AS stale,
         (SELECT COALESCE(SUM(c.price), 0) FROM inventory_items i JOIN catalogue c ON c.id = i.catalogue_id
           WHERE i.owner_id IS NOT NULL AND i.status IN ${LIVE_ITEM_STATUSES_SQL}) AS current_value`;

/**
 * Revaluation in the books. Every path values an item at its current catalogue price, and a
 * refresh re-books held items at it in the same batch as the price, so userItemsCurrentValue =
 * userItemsValue once prices came from a refresh. The house's revaluation result (Σ
 * 'revaluation' rows: + when prices fell, − when they rose) is not cash and is not in the cash
 * equation; its rows off the 'revaluation' account or breaking its running total must be 0.
 * staleItems: held items booked at another price than the catalogue's (reported; a catalogue
 * edited outside a refresh — the next refresh re-books them).
 */
export const revaluationBooks = bookCheck({
  name: "revaluation",
  sql: `SELECT r.result, r.stale, r.current_value, r.bad_rows + r.foreign_rows AS mismatches FROM (${REVALUATION_RECONCILE_SQL}) r`,
  figures: { userItemsCurrentValue: "current_value", revaluationResult: "result", revaluationMismatches: "mismatches", staleItems: "stale" },
  mustBeZero: ["revaluationMismatches"],
});
