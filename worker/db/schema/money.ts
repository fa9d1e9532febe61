// Money: house accounts, the ledger, and the guard table every money batch relies on (db/ledger.ts).
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { users } from "./users";

/** Accounts that are not users: the house, the bonus pool. Their balances may go negative. */
export const houseAccounts = sqliteTable("house_accounts", {
  name: text("name").primaryKey(),
  balance: integer("balance").notNull().default(0),
});

export const ledger = sqliteTable(
  "ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** null for a house account row */
    userId: integer("user_id").references(() => users.id),
    /** 'user' or a house account name ('house', 'bonus') */
    account: text("account").notNull(),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    kind: text("kind").notNull(),
    reference: text("reference"),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("ledger_idempotency").on(t.idempotencyKey), index("ledger_user").on(t.userId, t.id), index("ledger_kind").on(t.kind)],
);

/**
 * Always empty. A batch inserts a row here when one of its guards fails (db/guards.ts: a
 * conditional update changed fewer rows than expected, a bet rule, a replayed key). The trigger
 * of migration 0011 (batch_guard_raise) aborts the batch with the row's code as its message, so
 * the caller learns WHICH guard failed; the CHECK is the backstop.
 */
export const batchGuard = sqliteTable("batch_guard", { failed: integer("failed").notNull(), code: text("code") }, (t) => [
  check("batch_guard_never", sql`${t.failed} = 0`),
]);
