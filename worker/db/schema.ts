// D1 schema (Drizzle). Money columns are integer cents; times are epoch milliseconds.
// migrations/ is generated from this file by `npm run db:generate` and is append-only.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(unixepoch('subsec') * 1000)`;

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    avatar: text("avatar").notNull().default("default"),
    tradeLink: text("trade_link"),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    isModerator: integer("is_moderator", { mode: "boolean" }).notNull().default(false),
    isYoutuber: integer("is_youtuber", { mode: "boolean" }).notNull().default(false),
    balance: integer("balance").notNull().default(0),
    cashback: integer("cashback").notNull().default(0),
    banned: integer("banned", { mode: "boolean" }).notNull().default(false),
    steamId: text("steam_id"),
    vkId: text("vk_id"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    check("users_balance_nonneg", sql`${t.balance} >= 0`),
    check("users_cashback_nonneg", sql`${t.cashback} >= 0`),
    uniqueIndex("users_steam_id").on(t.steamId),
    uniqueIndex("users_vk_id").on(t.vkId),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/** Single-use sign-in state (OpenID return nonce / OAuth state + PKCE verifier). */
export const authStates = sqliteTable("auth_states", {
  state: text("state").primaryKey(),
  provider: text("provider").notNull(),
  codeVerifier: text("code_verifier"),
  createdAt: integer("created_at").notNull().default(now),
});

/** Accounts that are not users: the house, the bonus pool. Their balances may go negative. */
export const houseAccounts = sqliteTable("house_accounts", {
  name: text("name").primaryKey(),
  balance: integer("balance").notNull().default(0),
});

export const ledger = sqliteTable(
  "ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** null for a house account row */
    userId: integer("user_id").references(() => users.id),
    /** 'user' or a house account name ('house', 'bonus') */
    account: text("account").notNull(),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    kind: text("kind").notNull(),
    reference: text("reference"),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("ledger_idempotency").on(t.idempotencyKey), index("ledger_user").on(t.userId, t.id), index("ledger_kind").on(t.kind)],
);

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

export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    content: text("content").notNull(),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("notifications_user").on(t.userId, t.isRead)],
);

export const chatBanReasons = sqliteTable("chat_ban_reasons", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
});

/** Small key/value settings the operator flips at run time (maintenance, ...). */
export const appSettings = sqliteTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Every staff action: who, whom, what, why. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id")
      .notNull()
      .references(() => users.id),
    action: text("action").notNull(),
    targetUserId: integer("target_user_id"),
    details: text("details").notNull().default("{}"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("audit_actor").on(t.actorId)],
);

/**
 * Always empty. A batch inserts a row here (violating the CHECK, aborting the batch) when a
 * conditional update changed fewer rows than expected. See db/ledger.ts expectChanges().
 */
export const batchGuard = sqliteTable("batch_guard", { failed: integer("failed").notNull() }, (t) => [check("batch_guard_never", sql`${t.failed} = 0`)]);

/**
 * One crash round. id is the round number (1, 2, 3 …) and also its index k in the committed
 * keccak chain (README "Provably fair"). secret_hash and crash_point stay NULL until the
 * round has crashed, so the answer cannot leak from D1 early.
 * status: waiting | running | crashed | voided
 */
export const crashRounds = sqliteTable(
  "crash_rounds",
  {
    id: integer("id").primaryKey(),
    publicHash: text("public_hash").notNull(),
    secretHash: text("secret_hash"),
    dayOfMonth: integer("day_of_month").notNull(),
    /** hundredths (250 = ×2.50) */
    crashPoint: integer("crash_point"),
    status: text("status").notNull().default("waiting"),
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

// ── Cases (issue 5; the cases helper) ─────────────────────────────────────────
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
 * A player's current seed pair (README "Provably fair"): the secret server seed (64 hex), its
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
  ],
);

// ── Storehouse (issue 5, store helper): operation locks and the record of every trade ─────────
// (the house-stock index and the FTS5 search index are in migrations/0003_store_search.sql)

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

// ── Chat (issue 4; the chat helper) ───────────────────────────────────────────
/**
 * A chat mute (spec §6). duration_minutes and until are NULL for "forever". A mute is active
 * while lifted_at IS NULL AND (until IS NULL OR until > now); an insert is guarded so a user has
 * at most one active mute.
 */
export const chatMutes = sqliteTable(
  "chat_mutes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    moderatorId: integer("moderator_id")
      .notNull()
      .references(() => users.id),
    reasonId: integer("reason_id")
      .notNull()
      .references(() => chatBanReasons.id),
    durationMinutes: integer("duration_minutes"),
    until: integer("until"),
    createdAt: integer("created_at").notNull().default(now),
    liftedAt: integer("lifted_at"),
    liftedBy: integer("lifted_by").references(() => users.id),
  },
  (t) => [index("chat_mutes_user").on(t.userId, t.liftedAt)],
);

// ── Skin withdrawals (issue 5; the withdrawals helper) ───────────────────────
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
    status: text("status").notNull().default("sending"),
    tradeLink: text("trade_link").notNull(),
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull(),
    offerId: text("offer_id"),
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
