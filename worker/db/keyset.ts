// Keyset pages of the console's sorted tables (shared/api/keyset.ts): a sort is an order over one
// SQL value of the row and its unique integer key, both the same way; a page is the rows strictly
// after the cursor's (value, key) in that order, one more read than shown to learn whether another
// page follows. A tie on the value is broken by the key, so no row is skipped or shown twice.
import { decodeCursor, encodeCursor, type Position, type SortKind } from "../../shared/api/keyset";
import { type SQL, sql } from "./sql";

export interface KeysetOrder {
  /** the sort's value (a column or an expression of the row) */
  value: SQL;
  /** the row's unique integer key */
  key: SQL;
  dir: "asc" | "desc";
  kind: SortKind;
}

/** The rows strictly after `after` in the order; true without a position. */
export function afterPosition(o: KeysetOrder, after: Position | null): SQL {
  if (!after) return sql`1 = 1`;
  return o.dir === "asc"
    ? sql`(${o.value} > ${after.value} OR (${o.value} = ${after.value} AND ${o.key} > ${after.id}))`
    : sql`(${o.value} < ${after.value} OR (${o.value} = ${after.value} AND ${o.key} < ${after.id}))`;
}

/** ORDER BY's terms: the value, then the key, both in the order's direction. */
export function orderTerms(o: KeysetOrder): SQL {
  return o.dir === "asc" ? sql`${o.value} ASC, ${o.key} ASC` : sql`${o.value} DESC, ${o.key} DESC`;
}

/** The position the body's cursor names (the body's schema already checked it), or null. */
export function positionOf(o: KeysetOrder, sort: string, cursor: string | undefined): Position | null {
  return cursor === undefined ? null : decodeCursor(cursor, sort, o.kind);
}

/**
 * Splits the rows read (`size` + 1 at most, each with its sort value as `sort_value` and its key as
 * `sort_key`) into the page and the next page's cursor.
 */
export function keysetPage<R extends { sort_value: number | string; sort_key: number }>(
  rows: R[],
  size: number,
  sort: string,
): { rows: R[]; next: string | null } {
  if (rows.length <= size) return { rows, next: null };
  const shown = rows.slice(0, size);
  const last = shown[shown.length - 1] as R;
  return { rows: shown, next: encodeCursor(sort, { value: last.sort_value, id: last.sort_key }) };
}
