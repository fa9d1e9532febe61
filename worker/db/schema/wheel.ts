// Wheel: rounds, bets and the items staked in them.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { WheelColour } from "../../../shared/wheel-layout";
import { now } from "./now";
import { inventoryItems } from "./items";
import { users } from "./users";

export type WheelRoundStatus = "betting" | "spinning" | "finished" | "voided";

/**
 * One wheel round. id is the round number and its index k in the wheel's committed keccak chain
 * (docs/fairness.md "Provably fair"). secret_hash, segment, colour, multiplier and rotate stay NULL until
 * the spin, so the answer cannot leak from D1 early. layout: the JSON layout the round is played
 * on (shared/wheel-layout.ts), so a round stays verifiable after the configuration changes.
 * rotate: thousandths of a degree.
 */
export const wheelRounds = sqliteTable(
  "wheel_rounds",
  {
    id: integer("id").primaryKey(),
    publicHash: text("public_hash").notNull(),
    secret: text("secret_hash"),
    dayOfMonth: integer("day_of_month").notNull(),
    layout: text("layout").notNull(),
    segment: integer("segment"),
    colour: text("colour").$type<WheelColour>(),
    multiplier: integer("multiplier"),
    rotate: integer("rotate"),
    status: text("status").$type<WheelRoundStatus>().notNull().default("betting"),
    bank: integer("bank").notNull().default(0),
    betsCount: integer("bets_count").notNull().default(0),
    itemsCount: integer("items_count").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    spinAt: integer("spin_at"),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("wheel_rounds_status").on(t.status, t.id)],
);

/** One wheel bet. id is a uuid made by the server. status: 0 pending, 1 won, 2 lost, 3 refunded. */
export const wheelBets = sqliteTable(
  "wheel_bets",
  {
    id: text("id").primaryKey(),
    roundId: integer("round_id")
      .notNull()
      .references(() => wheelRounds.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    colour: text("colour").$type<WheelColour>().notNull(),
    bank: integer("bank").notNull(),
    /** the part of the bank staked from the balance, cents (the rest is the items' value) */
    value: integer("value").notNull().default(0),
    status: integer("status").notNull().default(0),
    win: integer("win").notNull().default(0),
    winItemId: integer("win_item_id").references(() => inventoryItems.id),
    remainder: integer("remainder").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    settledAt: integer("settled_at"),
  },
  (t) => [
    index("wheel_bets_round").on(t.roundId, t.status),
    index("wheel_bets_user").on(t.userId, t.createdAt),
    check("wheel_bets_bank_pos", sql`${t.bank} > 0`),
  ],
);

/** The items staked in a wheel bet, with the price each counted for in the bet's value (cents). */
export const wheelBetItems = sqliteTable(
  "wheel_bet_items",
  {
    betId: text("bet_id")
      .notNull()
      .references(() => wheelBets.id),
    itemId: integer("item_id")
      .notNull()
      .references(() => inventoryItems.id),
    price: integer("price").notNull(),
  },
  (t) => [primaryKey({ columns: [t.betId, t.itemId] }), index("wheel_bet_items_item").on(t.itemId)],
);
