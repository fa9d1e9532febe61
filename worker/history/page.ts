// Keyset pages of the profile's lists (docs/api.md "History pages"): newest first by (date, key),
// where key is a unique integer of the row (a rowid or an id). A page reads one row more than it
// shows to learn whether another page follows; its cursor is the last shown row's (date, key).
import type { CursorJson } from "../../shared/api/history";
import { HISTORY } from "../../shared/constants";
import { type SQL, sql } from "../db/sql";

export interface PageRequest {
  before?: CursorJson | undefined;
  /** rows per page; HISTORY.pageSize unless a caller needs fewer */
  size?: number;
}

/** The condition "strictly older than the cursor" over the list's (date, key) columns; true without one. */
export function olderThan(before: CursorJson | undefined, at: SQL, key: SQL): SQL {
  return before ? sql`(${at} < ${before.at} OR (${at} = ${before.at} AND ${key} < ${before.id}))` : sql`1 = 1`;
}

/** How many rows to read for a page (one more than shown). */
export const readSize = (p: PageRequest) => (p.size ?? HISTORY.pageSize) + 1;

export interface Page<R> {
  rows: R[];
  next: CursorJson | null;
}

/** Splits the rows read into the page and the next page's cursor. */
export function pageFrom<R extends { at: number; key: number }>(rows: R[], p: PageRequest): Page<R> {
  const size = p.size ?? HISTORY.pageSize;
  if (rows.length <= size) return { rows, next: null };
  const shown = rows.slice(0, size);
  const last = shown[shown.length - 1] as R;
  return { rows: shown, next: { at: last.at, id: last.key } };
}
