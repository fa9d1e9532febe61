// Players and sign-in: accounts, sessions, single-use sign-in state.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./now";

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
    /** the user agreement version ticked at the last sign-in (shared/constants.ts TERMS.version) */
    termsVersion: text("terms_version"),
    termsAcceptedAt: integer("terms_accepted_at"),
    /** when the player confirmed being of age (TERMS.minimumAge) with the agreement's current version */
    adultConfirmedAt: integer("adult_confirmed_at"),
    /** minutes between reality checks the player chose (0: off); NULL: PROTECTION.realityCheckDefaultMinutes */
    realityCheckMinutes: integer("reality_check_minutes"),
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
    /** when this session passed the staff second factor (docs/security.md "Second factor"); NULL = never */
    secondFactorAt: integer("second_factor_at"),
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
