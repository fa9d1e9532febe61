// Giveaways (docs/games.md "Giveaways"): the giveaways, their participants, and players' Telegram links.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { catalogue, inventoryItems } from "./items";
import { now } from "./now";
import { users } from "./users";

/** open: joins land in it; drawn: the item went to the winner (or back to the house); canceled by staff. */
export type GiveawayStatus = "open" | "drawn" | "canceled";

/**
 * One giveaway. id is its index k in the giveaway chain (docs/fairness.md "Provably fair"); secret stays NULL
 * until the draw. item_id: the prize, a house item (owner NULL) held in status 'giveaway' while it
 * runs. The conditions: need_telegram / need_username (0/1), min_deposit (cents) and min_games
 * (0: off). repeat: when drawn, a new giveaway of the same catalogue entry, length and conditions
 * follows. winner_id NULL once drawn: nobody joined, the item went back to the house.
 */
export const giveaways = sqliteTable(
  "giveaways",
  {
    id: integer("id").primaryKey(),
    itemId: integer("item_id")
      .notNull()
      .references(() => inventoryItems.id),
    catalogueId: integer("catalogue_id")
      .notNull()
      .references(() => catalogue.id),
    status: text("status").$type<GiveawayStatus>().notNull().default("open"),
    publicHash: text("public_hash").notNull(),
    secret: text("secret"),
    dayOfMonth: integer("day_of_month").notNull(),
    needTelegram: integer("need_telegram").notNull().default(0),
    needUsername: integer("need_username").notNull().default(0),
    minDeposit: integer("min_deposit").notNull().default(0),
    minGames: integer("min_games").notNull().default(0),
    repeat: integer("repeat").notNull().default(0),
    durationMs: integer("duration_ms").notNull(),
    members: integer("members").notNull().default(0),
    winnerId: integer("winner_id").references(() => users.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: integer("created_at").notNull().default(now),
    endsAt: integer("ends_at").notNull(),
    drawnAt: integer("drawn_at"),
  },
  (t) => [
    index("giveaways_status").on(t.status, t.id),
    // one running giveaway at a time (§3 activeGiveaway)
    uniqueIndex("giveaways_one_open").on(t.status).where(sql`status = 'open'`),
    check("giveaways_min_deposit_nonneg", sql`${t.minDeposit} >= 0`),
  ],
);

/** A player in a giveaway; seq is the join order the draw walks (1, 2, …). */
export const giveawayParticipants = sqliteTable(
  "giveaway_participants",
  {
    giveawayId: integer("giveaway_id")
      .notNull()
      .references(() => giveaways.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    seq: integer("seq").notNull(),
    joinedAt: integer("joined_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.giveawayId, t.userId] }), uniqueIndex("giveaway_participants_seq").on(t.giveawayId, t.seq)],
);

/** A player's Telegram account (Login Widget), one each way. */
export const telegramLinks = sqliteTable(
  "telegram_links",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id),
    telegramId: text("telegram_id").notNull(),
    /** @username, or the first name when the account has none */
    name: text("name").notNull(),
    linkedAt: integer("linked_at").notNull().default(now),
  },
  (t) => [uniqueIndex("telegram_links_telegram_id").on(t.telegramId)],
);
