// worker/db/sql.ts renders plain `sql` templates itself (fast path for big settlement batches):
// the text and parameters must be exactly what Drizzle's SQLite dialect makes of them.
import { eq, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { crashBets } from "../../worker/db/schema";
import { toQuery } from "../../worker/db/sql";

const dialect = new SQLiteAsyncDialect();

describe("toQuery", () => {
  const betId = "b-1";
  const cases = {
    "values of every kind": sql`UPDATE t SET a = ${1}, b = ${"x"}, c = ${null}, d = ${true} WHERE e = ${2.5}`,
    "nested templates and raw text": sql`SELECT ${sql.raw("i.id AS id")} FROM t WHERE ${sql`x = ${betId} AND y IN (${sql`SELECT z FROM u WHERE w = ${3}`})`}`,
    "an empty fragment": sql`SELECT 1${sql``} WHERE a = ${4}`,
    "a column (the dialect's path)": sql`SELECT ${crashBets.id} FROM crash_bets WHERE ${eq(crashBets.status, 0)}`,
    "an array (the dialect's path)": sql`SELECT 1 WHERE a IN ${[1, 2, 3]}`,
  };
  for (const [name, q] of Object.entries(cases)) {
    it(`renders ${name} as the dialect does`, () => {
      expect(toQuery(q)).toEqual({ sql: dialect.sqlToQuery(q).sql, params: dialect.sqlToQuery(q).params });
    });
  }
});
