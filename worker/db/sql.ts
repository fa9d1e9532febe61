// The one way to touch D1 (docs/architecture.md "One way to touch D1"):
// - plain reads and writes use Drizzle's query builder on db(env) (worker/db/client.ts, tables in worker/db/schema/);
// - SQL the builder cannot say (FTS5 MATCH, json_each, changes()/batch_guard guards, INSERT … SELECT with
//   conditions, window functions) is written with Drizzle's tagged `sql` and run ONLY through the functions
//   here, each typed with the row it reads: no `prepare(` and no row casts anywhere else in worker/;
// - a money move is ONE `batch` (a transaction) of such statements and builder writes, ledger rows
//   included (worker/db/ledger.ts). Drizzle's own db.batch cannot bind a raw `sql` statement on D1,
//   hence `batch` here.
import { SQL, type SQLWrapper, StringChunk, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

export { sql };
export type { SQL };

/** One statement: a `sql` template, or a Drizzle builder query (its rows come back unmapped: snake_case columns). */
export type Statement = SQLWrapper;

const dialect = new SQLiteAsyncDialect();

function prepared(d1: D1Database, q: Statement): D1PreparedStatement {
  const { sql: text, params } = toQuery(q);
  return d1.prepare(text).bind(...params);
}

/** The SQL text (`?` placeholders) and parameters a statement runs as. */
export function toQuery(q: Statement): { sql: string; params: unknown[] } {
  const query = q.getSQL();
  const fast = { text: [] as string[], params: [] as unknown[] };
  if (renderPlain(query, fast)) return { sql: fast.text.join(""), params: fast.params };
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
}

/**
 * Renders a `sql` template made of text, nested templates and plain values (each a `?`) the way
 * the dialect would, several times faster: a crash settlement builds thousands of statements in
 * one go. Anything else (columns, tables, builder queries, arrays) answers false and goes to the
 * dialect.
 */
function renderPlain(q: SQL, out: { text: string[]; params: unknown[] }): boolean {
  if ((q as unknown as { shouldInlineParams?: boolean }).shouldInlineParams) return false;
  for (const chunk of q.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) out.text.push(...chunk.value);
    else if (chunk instanceof SQL) {
      if (!renderPlain(chunk, out)) return false;
    } else if (chunk === undefined) continue;
    else if (chunk === null || typeof chunk === "string" || typeof chunk === "number" || typeof chunk === "bigint" || typeof chunk === "boolean") {
      out.text.push("?");
      out.params.push(chunk);
    } else return false;
  }
  return true;
}

/** Every row the statement answers, typed as `T` (the SELECT's column aliases). */
export async function all<T>(d1: D1Database, q: Statement): Promise<T[]> {
  return (await prepared(d1, q).all<T>()).results;
}

/** The first row, or null. */
export async function first<T = Record<string, unknown>>(d1: D1Database, q: Statement): Promise<T | null> {
  return prepared(d1, q).first<T>();
}

/** Runs a write; `meta.changes` tells how many rows it changed. */
export async function run(d1: D1Database, q: Statement): Promise<D1Result> {
  return prepared(d1, q).run();
}

/**
 * Runs the statements as ONE D1 batch (one round trip, one transaction: a failing statement rolls
 * back all of them). Read a statement's rows from its result with `rowsOf`.
 */
export async function batch(d1: D1Database, statements: readonly Statement[]): Promise<D1Result[]> {
  return d1.batch(statements.map((q) => prepared(d1, q)));
}

/** The rows of one batch result, typed as `T`. */
export function rowsOf<T>(result: D1Result | undefined): T[] {
  return (result?.results ?? []) as T[];
}
