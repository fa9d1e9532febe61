// Drizzle over the D1 binding: the query builder for plain reads and writes. Raw SQL goes through
// worker/db/sql.ts only (README "One way to touch D1").
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof db>;

export function db(env: Pick<Env, "DB">) {
  return drizzle(env.DB, { schema });
}
