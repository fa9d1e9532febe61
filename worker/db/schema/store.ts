// Storehouse: operation locks and the record of every trade.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
// The house-stock index and the FTS5 search index are in migrations/0003_store_search.sql.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { catalogue, inventoryItems } from "./items";
import { users } from "./users";

/**
 * "A sale/buy already running" (storehouse_api.sale_running / buy_running): one row per user
 * while a store operation of theirs is in flight. Taken by an upsert that only wins when no row
 * exists or the old one expired (STORE.lockTtlMs, should a worker die); released by token.
 */
export const storeLocks = sqliteTable("store_locks", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  token: text("token").notNull(),
  /** 'buy' | 'sell' */
  op: text("op").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/**
 * One store operation (a buy, possibly with items given in exchange, or a sale), written in the
 * same batch as its ledger rows and item moves. (user_id, request_id) is UNIQUE: a retry finds
 * the first trade and answers it again. Money columns are cents; delta = sold − tax − bought.
 */
export const storeTrades = sqliteTable(
  "store_trades",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    requestId: text("request_id").notNull(),
    /** 'buy' | 'sell' */
    kind: text("kind").notNull(),
    bought: integer("bought").notNull().default(0),
    sold: integer("sold").notNull().default(0),
    tax: integer("tax").notNull().default(0),
    delta: integer("delta").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("store_trades_request").on(t.userId, t.requestId), index("store_trades_user").on(t.userId, t.createdAt)],
);

/** The items of a trade: side 'bought' (a house unit → the user) or 'sold' (the user's item → the house). */
export const storeTradeItems = sqliteTable(
  "store_trade_items",
  {
    tradeId: text("trade_id")
      .notNull()
      .references(() => storeTrades.id),
    itemId: integer("item_id")
      .notNull()
      .references(() => inventoryItems.id),
    catalogueId: integer("catalogue_id")
      .notNull()
      .references(() => catalogue.id),
    side: text("side").notNull(),
    /** cents: what the unit cost, or the catalogue price the sold item was taken at */
    price: integer("price").notNull(),
    /** cents withheld from a sold item's price (0 for a bought one) */
    tax: integer("tax").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tradeId, t.itemId] }), index("store_trade_items_item").on(t.itemId)],
);
