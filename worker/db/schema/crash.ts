// Crash: rounds, bets and the items staked in them.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { RoundStatus } from "../../../shared/api/crash";
import { now } from "./now";
import { inventoryItems } from "./items";
import { users } from "./users";

/**
 * One crash round. id is the round number (1, 2, 3 …) and also its index k in the committed
 * keccak chain (docs/fairness.md "Provably fair"). secret_hash and crash_point stay NULL until the
 * round has crashed, so the answer cannot leak from D1 early.
 * status: waiting | running | crashed | voided
 */
export const crashRounds = sqliteTable(
  "crash_rounds",
  {
    id: integer("id").primaryKey(),
    publicHash: text("public_hash").notNull(),
    secret: text("secret_hash"),
    dayOfMonth: integer("day_of_month").notNull(),
    /** hundredths (250 = ×2.50) */
    crashPoint: integer("crash_point"),
    status: text("status").$type<RoundStatus>().notNull().default("waiting"),
    /** false when an admin forced or twisted the round */
    provablyFair: integer("provably_fair", { mode: "boolean" }).notNull().default(true),
    bank: integer("bank").notNull().default(0),
    betsCount: integer("bets_count").notNull().default(0),
    itemsCount: integer("items_count").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    startedAt: integer("started_at"),
    crashedAt: integer("crashed_at"),
  },
  (t) => [index("crash_rounds_status").on(t.status, t.id)],
);

/**
 * One crash bet. id is a uuid made by the server. status: 0 pending, 1 won, 2 lost, 3 refunded.
 * auto_withdraw and cashout are hundredths (999999 = manual stop); money columns are cents.
 * The UNIQUE index keeps a user at one bet per multiplier per round.
 */
export const crashBets = sqliteTable(
  "crash_bets",
  {
    id: text("id").primaryKey(),
    roundId: integer("round_id")
      .notNull()
      .references(() => crashRounds.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    bank: integer("bank").notNull(),
    /** the part staked from the balance, cents (the rest is the items' value) */
    value: integer("value").notNull().default(0),
    autoWithdraw: integer("auto_withdraw").notNull(),
    status: integer("status").notNull().default(0),
    cashout: integer("cashout"),
    win: integer("win").notNull().default(0),
    winItemId: integer("win_item_id").references(() => inventoryItems.id),
    remainder: integer("remainder").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    settledAt: integer("settled_at"),
  },
  (t) => [
    uniqueIndex("crash_bets_round_user_multiplier").on(t.roundId, t.userId, t.autoWithdraw),
    index("crash_bets_user").on(t.userId, t.createdAt),
    check("crash_bets_bank_pos", sql`${t.bank} > 0`),
  ],
);

/** The items staked in a crash bet, with the booked price each counted for in the bank (cents). */
export const crashBetItems = sqliteTable(
  "crash_bet_items",
  {
    betId: text("bet_id")
      .notNull()
      .references(() => crashBets.id),
    itemId: integer("item_id")
      .notNull()
      .references(() => inventoryItems.id),
    price: integer("price").notNull(),
  },
  (t) => [primaryKey({ columns: [t.betId, t.itemId] }), index("crash_bet_items_item").on(t.itemId)],
);
