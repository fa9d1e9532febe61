import { sql } from "drizzle-orm";

/** The default of every created_at-like column: the current time in epoch milliseconds. */
export const now = sql`(unixepoch('subsec') * 1000)`;
