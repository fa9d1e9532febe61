// Player protection (docs/protection.md): the limits a player sets on himself and his time-outs
// and self-exclusions. Part of the D1 schema (index.ts); amounts integer cents, times epoch ms.
import { sql } from "drizzle-orm";
import { check, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * One row per player and limit kind (shared/constants-protection.ts LIMIT_KINDS). `amount` is in
 * force until `pending_at`, from when `pending_amount` is (NULL: no limit): a looser limit or a
 * removal waits the cooling-off (shared/protection.ts changeLimit).
 */
export const playerLimits = sqliteTable(
  "player_limits",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    amount: integer("amount"),
    pendingAmount: integer("pending_amount"),
    pendingAt: integer("pending_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("player_limits_kind", sql`${t.kind} IN ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'stake')`),
    check("player_limits_amounts", sql`(${t.amount} IS NULL OR ${t.amount} > 0) AND (${t.pendingAmount} IS NULL OR ${t.pendingAmount} > 0)`),
  ],
);

/**
 * A player's time-out or self-exclusion, one row per player (a longer one replaces it; none is
 * ever shortened). A time-out ends at `ends_at`; a self-exclusion (ends_at NULL = permanent) only
 * PROTECTION.liftWaitMs after the player asks past its end (`lift_requested_at`).
 */
export const playerExclusions = sqliteTable(
  "player_exclusions",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id),
    kind: text("kind").notNull(),
    startedAt: integer("started_at").notNull(),
    endsAt: integer("ends_at"),
    liftRequestedAt: integer("lift_requested_at"),
  },
  (t) => [
    check("player_exclusions_kind", sql`${t.kind} IN ('timeout', 'self_exclusion')`),
    check("player_exclusions_timeout_ends", sql`${t.kind} = 'self_exclusion' OR ${t.endsAt} IS NOT NULL`),
  ],
);
