// Promo codes and referrals (docs/money.md "Promo codes" / "Referrals").
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { users } from "./users";

/**
 * A promo code. `code` is stored normalised (shared/api/promo.ts normalisePromoCode: trimmed,
 * upper case), so UNIQUE on it is case-insensitive for every code the API accepts.
 * kind 'balance': usePromo credits `amount` cents; kind 'deposit': the next deposit gets
 * `percent` % on top (check-promocode validates it; the deposit credit batch books it).
 */
export const promoCodes = sqliteTable(
  "promo_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    kind: text("kind", { enum: ["balance", "deposit"] }).notNull(),
    /** cents credited by a balance code (0 for a deposit code) */
    amount: integer("amount").notNull().default(0),
    /** bonus percent of a deposit code (0 for a balance code) */
    percent: integer("percent").notNull().default(0),
    /** uses per UTC day, every player together */
    dailyLimit: integer("daily_limit").notNull(),
    /** null = never expires */
    expiresAt: integer("expires_at"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("promo_codes_code").on(t.code),
    check("promo_codes_kind", sql`${t.kind} IN ('balance', 'deposit')`),
    check("promo_codes_amount", sql`${t.amount} >= 0 AND ${t.percent} >= 0 AND ${t.dailyLimit} > 0`),
  ],
);

/** One use of a code by a player: once per player (UNIQUE), counted per UTC day for the daily limit. */
export const promoUses = sqliteTable(
  "promo_uses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    promoId: integer("promo_id")
      .notNull()
      .references(() => promoCodes.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** UTC day number (epoch ms / 86 400 000, floored) */
    day: integer("day").notNull(),
    /** cents credited (balance code) or the bonus booked with the deposit (deposit code) */
    amount: integer("amount").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("promo_uses_once").on(t.promoId, t.userId), index("promo_uses_day").on(t.promoId, t.day)],
);

/** Who brought whom: bound once (referee_id is the key) when the referee signs up; never oneself. */
export const referrals = sqliteTable(
  "referrals",
  {
    refereeId: integer("referee_id")
      .primaryKey()
      .references(() => users.id),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => users.id),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("referrals_referrer").on(t.referrerId, t.createdAt), check("referrals_not_self", sql`${t.refereeId} <> ${t.referrerId}`)],
);

/** The referrer's share of one deposit of a referee: once per deposit (UNIQUE deposit_ref). */
export const referralEarnings = sqliteTable(
  "referral_earnings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => users.id),
    refereeId: integer("referee_id")
      .notNull()
      .references(() => users.id),
    /** the deposit this share came from (its id as the payments domain names it) */
    depositRef: text("deposit_ref").notNull(),
    depositAmount: integer("deposit_amount").notNull(),
    amount: integer("amount").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("referral_earnings_deposit").on(t.depositRef), index("referral_earnings_referrer").on(t.referrerId, t.refereeId)],
);

/**
 * The referral code a sign-in attempt carried (/?ref=<code>), keyed by its auth_states key; read
 * and deleted by the callback, which binds a user created during that attempt.
 */
export const signInReferrals = sqliteTable("sign_in_referrals", {
  state: text("state").primaryKey(),
  referrerId: integer("referrer_id")
    .notNull()
    .references(() => users.id),
  createdAt: integer("created_at").notNull().default(now),
});
