// Jackpot: rounds of the three rooms, bets and the items staked in them (docs/games.md "Jackpot").
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { JackpotLevel } from "../../../shared/constants";
import { now } from "./now";
import { inventoryItems } from "./items";
import { users } from "./users";

/**
 * One jackpot round. id = 3·(chain_index − 1) + level number (shared/api/jackpot.ts), so the
 * three rooms never share an id. secret stays NULL until the round is drawn.
 * status: open (bets accepted) → drawn (winner decided, settlement owed) → finished (settled);
 * or open → refunded (a single player timed out: his items returned, no draw).
 */
export const jackpotRounds = sqliteTable(
  "jackpot_rounds",
  {
    id: integer("id").primaryKey(),
    level: text("level").$type<JackpotLevel>().notNull(),
    chainIndex: integer("chain_index").notNull(),
    publicHash: text("public_hash").notNull(),
    secret: text("secret"),
    dayOfMonth: integer("day_of_month").notNull(),
    status: text("status").$type<"open" | "drawn" | "finished" | "refunded">().notNull().default("open"),
    /** Σ bet prices = tickets (1 per cent) */
    bank: integer("bank").notNull().default(0),
    winningTicket: integer("winning_ticket"),
    winnerId: integer("winner_id").references(() => users.id),
    /** the commission taken: its items' value + commission_cash (≤ commission_due) */
    commission: integer("commission").notNull().default(0),
    /** the part of the commission taken from the bets' balance part, cents */
    commissionCash: integer("commission_cash").notNull().default(0),
    commissionDue: integer("commission_due").notNull().default(0),
    /** what the winner received: bank − commission */
    win: integer("win"),
    createdAt: integer("created_at").notNull().default(now),
    drawnAt: integer("drawn_at"),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("jackpot_rounds_level").on(t.level, t.status, t.id), uniqueIndex("jackpot_rounds_chain").on(t.level, t.chainIndex)],
);

/**
 * One bet: id a uuid made by the room; seq 1, 2, … and tickets ticket_from…ticket_to (1 per cent
 * of price, numbered from 1 in bet order) assigned inside the bet's batch, in D1's commit order
 * (rooms/jackpot/settlement.ts placeBet). UNIQUE (round, seq) keeps the order one.
 */
export const jackpotBets = sqliteTable(
  "jackpot_bets",
  {
    id: text("id").primaryKey(),
    roundId: integer("round_id")
      .notNull()
      .references(() => jackpotRounds.id),
    seq: integer("seq").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    price: integer("price").notNull(),
    /** the part staked from the balance, cents (the rest is the items' value) */
    value: integer("value").notNull().default(0),
    ticketFrom: integer("ticket_from").notNull(),
    ticketTo: integer("ticket_to").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("jackpot_bets_round_seq").on(t.roundId, t.seq),
    index("jackpot_bets_user").on(t.userId, t.createdAt),
    check("jackpot_bets_price_pos", sql`${t.price} > 0`),
    check("jackpot_bets_tickets", sql`${t.ticketTo} = ${t.ticketFrom} + ${t.price} - 1`),
  ],
);

/**
 * The items staked in a jackpot bet at their price (cents). commission = 1: taken by the house as
 * the winner's commission (docs/games.md "Jackpot": the cheapest items the winner did not bet).
 */
export const jackpotBetItems = sqliteTable(
  "jackpot_bet_items",
  {
    betId: text("bet_id")
      .notNull()
      .references(() => jackpotBets.id),
    roundId: integer("round_id")
      .notNull()
      .references(() => jackpotRounds.id),
    itemId: integer("item_id")
      .notNull()
      .references(() => inventoryItems.id),
    price: integer("price").notNull(),
    commission: integer("commission").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.betId, t.itemId] }), index("jackpot_bet_items_item").on(t.itemId), index("jackpot_bet_items_round").on(t.roundId)],
);
