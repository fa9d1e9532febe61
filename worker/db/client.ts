import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof db>;

export function db(env: Pick<Env, "DB">) {
  return drizzle(env.DB, { schema });
}
