// Cashback (docs/money.md "Cashback"): what accrued from lost bets and what was taken.
// Part of the D1 schema (index.ts). Cashback amounts are integer hundredths of a cent (as
// users.cashback); cents only where money reached the balance; times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { users } from "./users";

/**
 * One accrual per lost bet: `ref` names the bet (`crash:bet:<bet id>`; jackpot and wheel their
 * own prefix) and is UNIQUE, so a settlement replayed can never accrue twice.
 */
export const cashbackAccruals = sqliteTable(
  "cashback_accruals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    ref: text("ref").notNull(),
    /** the lost stake, cents */
    lostCents: integer("lost_cents").notNull(),
    /** hundredths of a cent: floor(lostCents × CASHBACK.rateTenthsPercent / 10) */
    amount: integer("amount").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("cashback_accruals_ref").on(t.ref),
    index("cashback_accruals_user").on(t.userId),
    check("cashback_accruals_amount", sql`${t.amount} >= 0 AND ${t.lostCents} >= 0`),
  ],
);

/**
 * One take: `cents` moved to the balance (ledger key `cashback:take:<request id>`), i.e.
 * cents × 100 hundredths left users.cashback. The newest take's time starts the 24 h wait.
 */
export const cashbackTakes = sqliteTable(
  "cashback_takes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    requestId: text("request_id").notNull(),
    cents: integer("cents").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("cashback_takes_request").on(t.requestId),
    index("cashback_takes_user").on(t.userId, t.createdAt),
    check("cashback_takes_cents", sql`${t.cents} > 0`),
  ],
);
