// Cases: the cases, what they drop, provably-fair seeds and every open.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { catalogue, inventoryItems } from "./items";
import { users } from "./users";

/** A case players open for its price (cents). Only active cases are listed and opened. */
export const cases = sqliteTable(
  "cases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    image: text("image").notNull().default(""),
    price: integer("price").notNull(),
    priority: integer("priority").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(now),
    /** bumped by every admin change; an open in flight is refused if it changed (cases_api.busy) */
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [check("cases_price_pos", sql`${t.price} > 0`), index("cases_listing").on(t.active, t.priority)],
);

/** What a case drops: catalogue items with integer weights (chance = weight / Σ weights). */
export const caseItems = sqliteTable(
  "case_items",
  {
    caseId: integer("case_id")
      .notNull()
      .references(() => cases.id),
    catalogueId: integer("catalogue_id")
      .notNull()
      .references(() => catalogue.id),
    weight: integer("weight").notNull(),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.catalogueId] }), check("case_items_weight_pos", sql`${t.weight} > 0`)],
);

/**
 * A player's current seed pair (docs/fairness.md "Provably fair"): the secret server seed (64 hex), its
 * keccak hash shown in advance, the client seed and the nonce (opens made with this pair).
 */
export const caseSeeds = sqliteTable(
  "case_seeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id),
    serverSeed: text("server_seed").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    clientSeed: text("client_seed").notNull(),
    nonce: integer("nonce").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [check("case_seeds_nonce_nonneg", sql`${t.nonce} >= 0`)],
);

/** Seed pairs revealed by a rotation (nonce = opens made with the pair). */
export const caseSeedHistory = sqliteTable(
  "case_seed_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    serverSeed: text("server_seed").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    clientSeed: text("client_seed").notNull(),
    nonce: integer("nonce").notNull(),
    revealedAt: integer("revealed_at").notNull().default(now),
  },
  (t) => [index("case_seed_history_user").on(t.userId, t.id), uniqueIndex("case_seed_history_hash").on(t.serverSeedHash)],
);

/**
 * One opening: what was paid (cents), what was minted (item_id, catalogue price at the time)
 * and the roll's inputs. request_id is the player's idempotency key (a replay answers the first
 * open); the server makes one up when the client sends none.
 */
export const caseOpens = sqliteTable(
  "case_opens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    caseId: integer("case_id")
      .notNull()
      .references(() => cases.id),
    price: integer("price").notNull(),
    catalogueId: integer("catalogue_id")
      .notNull()
      .references(() => catalogue.id),
    itemId: integer("item_id")
      .notNull()
      .references(() => inventoryItems.id),
    /** the minted item's booked price (its catalogue price at the open), cents */
    itemPrice: integer("item_price").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    clientSeed: text("client_seed").notNull(),
    nonce: integer("nonce").notNull(),
    requestId: text("request_id").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("case_opens_request").on(t.userId, t.requestId),
    uniqueIndex("case_opens_roll").on(t.serverSeedHash, t.nonce),
    index("case_opens_user").on(t.userId, t.id),
    // the player's openings of a period (worker/protection/play.ts: loss limits, the session figures)
    index("case_opens_user_time").on(t.userId, t.createdAt),
  ],
);
