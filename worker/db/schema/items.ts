// Items: the CS2 catalogue and the items players and the house hold.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { users } from "./users";

/** The CS2 market catalogue (app 730). price is the PriceFeed's last price in cents. */
export const catalogue = sqliteTable(
  "catalogue",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    marketHashName: text("market_hash_name").notNull(),
    name: text("name").notNull(),
    weapon: text("weapon").notNull(),
    category: text("category").notNull(),
    rarity: text("rarity").notNull(),
    rarityColor: text("rarity_color").notNull(),
    exterior: text("exterior"),
    image: text("image").notNull(),
    price: integer("price").notNull(),
    priceUpdatedAt: integer("price_updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("catalogue_mhn").on(t.marketHashName), index("catalogue_price").on(t.price)],
);

/**
 * One physical item. owner_id null = held by the house (store stock, prizes).
 * status: available | in_bet | withdrawing | withdrawn | sold | lost
 * Moves are conditional updates on (owner_id, status).
 */
export const inventoryItems = sqliteTable(
  "inventory_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id").references(() => users.id),
    catalogueId: integer("catalogue_id")
      .notNull()
      .references(() => catalogue.id),
    price: integer("price").notNull(),
    status: text("status").notNull().default("available"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("inventory_owner_status").on(t.ownerId, t.status), check("inventory_price_nonneg", sql`${t.price} >= 0`)],
);
