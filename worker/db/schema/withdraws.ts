// Skin withdrawals and the items each one carries.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { WithdrawalStatus } from "../../../shared/api/withdraws";
import { now } from "./now";
import { inventoryItems } from "./items";
import { users } from "./users";

/**
 * One skin withdrawal (spec §4 Withdraw flow): the items go to the player's trade link by a
 * trade-bot offer. The queue (worker/withdraws/*, the WithdrawQueue DO) keeps ALL its state here:
 * status sending | moderation | completed | canceled; offer_id once the bot made the offer;
 * attempts = offers tried; next_attempt_at = when the queue looks at this row again.
 * amount = Σ item prices, fee = the site fee debited on send (both cents). outcome says how a
 * finished one ended: accepted | declined | expired | failed | unavailable.
 * At most one open ('sending' / 'moderation') withdrawal per user (partial unique index).
 */
export const withdrawals = sqliteTable(
  "withdrawals",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    requestId: text("request_id").notNull(),
    status: text("status").$type<WithdrawalStatus>().notNull().default("sending"),
    tradeLink: text("trade_link").notNull(),
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull(),
    offerId: text("offer_id"),
    /** the code in the bot's offer message, shown to the player (docs/trade-bot.md "Security code") */
    securityCode: text("security_code"),
    offerSentAt: integer("offer_sent_at"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    outcome: text("outcome"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    uniqueIndex("withdrawals_request").on(t.userId, t.requestId),
    uniqueIndex("withdrawals_one_open").on(t.userId).where(sql`status IN ('sending', 'moderation')`),
    index("withdrawals_due").on(t.status, t.nextAttemptAt),
    index("withdrawals_user").on(t.userId, t.createdAt),
    check("withdrawals_amounts_nonneg", sql`${t.amount} >= 0 AND ${t.fee} >= 0`),
  ],
);

/** The items of a withdrawal at the price they counted for in its amount (cents). */
export const withdrawalItems = sqliteTable(
  "withdrawal_items",
  {
    withdrawalId: text("withdrawal_id")
      .notNull()
      .references(() => withdrawals.id),
    itemId: integer("item_id")
      .notNull()
      .references(() => inventoryItems.id),
    price: integer("price").notNull(),
  },
  (t) => [primaryKey({ columns: [t.withdrawalId, t.itemId] }), index("withdrawal_items_item").on(t.itemId)],
);
