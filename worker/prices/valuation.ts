// The ONE valuation rule (docs/security.md "One valuation rule for items"): an item is worth its CURRENT catalogue price on every path
// that values it — a sale to the store, a stake in any room, the skin-withdrawal fee, the inventory
// and profile display. The booked price (inventory_items.price) is only the books' record of that
// value: a price refresh moves it to the new price for every held item in the same batch as the
// catalogue update, with the house's revaluation result as a ledger row (prices/revaluation.ts).
// Valuing at the booked price let a player sell at the old price after a drop and buy back cheaper,
// or withdraw after a rise paying the fee on the old price.

/** Statuses in which an item is still on the site and worth something to its holder. */
export const LIVE_ITEM_STATUSES = ["available", "in_bet", "withdrawing"] as const;
/** LIVE_ITEM_STATUSES as an SQL list. */
export const LIVE_ITEM_STATUSES_SQL = `(${LIVE_ITEM_STATUSES.map((s) => `'${s}'`).join(", ")})`;

/**
 * SQL: the current value (integer cents) of the inventory item row `alias` — its catalogue
 * entry's price now. `alias` is a table name or alias in the statement (e.g. "i", "inventory_items").
 */
export function itemValueSql(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new TypeError(`not an SQL alias: ${alias}`);
  return `(SELECT cv.price FROM catalogue cv WHERE cv.id = ${alias}.catalogue_id)`;
}

/** Ledger idempotency key of the revaluation of one catalogue entry by one refresh. */
export function revaluationKey(catalogueId: number, price: number, at: number): string {
  return `revaluation:${catalogueId}:${price}:${at}`;
}
