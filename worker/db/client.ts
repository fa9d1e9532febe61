// Drizzle over the D1 binding: the query builder for plain reads and writes. Raw SQL goes through
// worker/db/sql.ts only (docs/architecture.md "One way to touch D1").
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof open>;

const open = (d1: D1Database) => drizzle(d1, { schema });

// One Drizzle instance per binding: building one walks the whole schema (~50 µs), and hot paths
// (a crash settlement of 1000 winners) ask for it once per statement.
const instances = new WeakMap<D1Database, Db>();

export function db(env: Pick<Env, "DB">): Db {
  let instance = instances.get(env.DB);
  if (!instance) {
    instance = open(env.DB);
    instances.set(env.DB, instance);
  }
  return instance;
}
