// Skins deposits: trade-bot offers asking a player for their game-platform items, and the items
// each one asks for (worker/skins-deposit/*).
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { SkinDepositState } from "../../../shared/api/skins-deposit";
import { now } from "./now";
import { catalogue, inventoryItems } from "./items";
import { users } from "./users";

/**
 * One skins deposit. state: sending (row written, the bot not answered yet) → active (offer_id
 * set) → accepted | declined | expired | failed. An accepted one is credited once: credited_at
 * set by the crediting batch (guarded on state = 'accepted' AND credited_at IS NULL), with
 * tradable_after = credited_at + SKINS_DEPOSIT.protectionMs (the trade-protection window: its
 * items cannot be withdrawn before). amount = Σ item prices (cents): at the offer, then at the credit.
 * next_attempt_at: when the queue (WithdrawQueue pass) asks the bot about it again.
 * At most one open ('sending' / 'active') deposit per user (partial unique index).
 */
export const skinDeposits = sqliteTable(
  "skin_deposits",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    requestId: text("request_id").notNull(),
    tradeLink: text("trade_link").notNull(),
    offerId: text("offer_id"),
    /** the code in the bot's offer message, shown to the player (docs/trade-bot.md "Security code") */
    securityCode: text("security_code"),
    state: text("state").$type<SkinDepositState>().notNull().default("sending"),
    amount: integer("amount").notNull(),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    finishedAt: integer("finished_at"),
    creditedAt: integer("credited_at"),
    tradableAfter: integer("tradable_after"),
  },
  (t) => [
    uniqueIndex("skin_deposits_offer").on(t.offerId),
    uniqueIndex("skin_deposits_request").on(t.userId, t.requestId),
    uniqueIndex("skin_deposits_one_open").on(t.userId).where(sql`state IN ('sending', 'active')`),
    index("skin_deposits_due").on(t.state, t.nextAttemptAt),
    index("skin_deposits_user").on(t.userId, t.createdAt),
    check("skin_deposits_amount_nonneg", sql`${t.amount} >= 0`),
  ],
);

/** The items a deposit asks for (the bot's asset ids) and, once credited, the inventory item minted. */
export const skinDepositItems = sqliteTable(
  "skin_deposit_items",
  {
    depositId: text("deposit_id")
      .notNull()
      .references(() => skinDeposits.id),
    assetId: text("asset_id").notNull(),
    catalogueId: integer("catalogue_id")
      .notNull()
      .references(() => catalogue.id),
    marketHashName: text("market_hash_name").notNull(),
    price: integer("price").notNull(),
    itemId: integer("item_id").references(() => inventoryItems.id),
  },
  (t) => [primaryKey({ columns: [t.depositId, t.assetId] }), uniqueIndex("skin_deposit_items_item").on(t.itemId)],
);
