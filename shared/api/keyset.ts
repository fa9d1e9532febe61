// A console table's sort and keyset cursor (docs/api.md "Console tables"). Each table has a small
// closed set of sorts, each a fixed order over one value of the row with the row's id breaking
// ties. A page's cursor is the last shown row's position in that order, one opaque string
// "<sort>:<id>:<value>" the next call sends back as is. The body's schema checks it strictly
// against the body's sort: a cursor of another sort, a malformed one or a value of the wrong kind
// answers 400 console_api.bad_cursor; a sort the table does not have 400 console_api.bad_sort.
import { z } from "zod";
import type { ServerKey } from "../errors";

/** What a sort's value is: an integer (cents, epoch ms, a count, an id) or a text (a name). */
export type SortKind = "int" | "text";
export type SortSet = Readonly<Record<string, SortKind>>;

/** A row's place in a sort: its sort value and its id (unique: it breaks ties). */
export interface Position {
  value: number | string;
  id: number;
}

/** A cursor's length limit (a text value is a name: short). */
const CURSOR_MAX = 300;
const ID_TEXT = /^[1-9]\d{0,15}$/;
const INT_TEXT = /^-?(0|[1-9]\d{0,15})$/;

export function encodeCursor(sort: string, p: Position): string {
  return `${sort}:${p.id}:${p.value}`;
}

/** The position a cursor names in `sort`, or null when it is not a cursor of that sort. */
export function decodeCursor(cursor: string, sort: string, kind: SortKind): Position | null {
  if (!cursor.startsWith(`${sort}:`)) return null;
  const rest = cursor.slice(sort.length + 1);
  const colon = rest.indexOf(":");
  if (colon < 0) return null;
  const idText = rest.slice(0, colon);
  const valueText = rest.slice(colon + 1);
  if (!ID_TEXT.test(idText) || !Number.isSafeInteger(Number(idText))) return null;
  const id = Number(idText);
  if (kind === "text") return { value: valueText, id };
  if (!INT_TEXT.test(valueText) || !Number.isSafeInteger(Number(valueText))) return null;
  return { value: Number(valueText), id };
}

type Names<S extends SortSet> = keyof S & string;

/**
 * A console table's body: its own filters plus `sort` (one of `sorts`, `fallback` when absent) and
 * `cursor` (the previous page's `next_cursor`), strict.
 */
export function sortedListBody<Shape extends z.ZodRawShape, const S extends SortSet>(shape: Shape, sorts: S, fallback: Names<S>) {
  const names = Object.keys(sorts) as [Names<S>, ...Names<S>[]];
  return z.strictObject({ ...shape, sort: z.enum(names).default(fallback), cursor: z.string().max(CURSOR_MAX).optional() }).superRefine((body, ctx) => {
    const { sort, cursor } = body as { sort: Names<S>; cursor?: string };
    if (cursor !== undefined && !decodeCursor(cursor, sort, sorts[sort] as SortKind))
      ctx.addIssue({ code: "custom", path: ["cursor"], message: "not a cursor of this sort" });
  });
}

/** The `invalid` of a contract with a sorted list body: the sort's or the cursor's own key. */
export function sortedListInvalid(error: z.ZodError): ServerKey | undefined {
  if (error.issues.some((i) => i.path[0] === "sort")) return "console_api.bad_sort";
  if (error.issues.some((i) => i.path[0] === "cursor")) return "console_api.bad_cursor";
  return undefined;
}

/** The answer's cursor of the next page: null on the last one. */
export const nextCursorJson = z.string().max(CURSOR_MAX).nullable();

/** The refusals of a contract with a sorted list body. */
export const sortedListRefusals = { "console_api.bad_sort": 400, "console_api.bad_cursor": 400 } as const;
