// Chat moderation: ban reasons and mutes.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { users } from "./users";

export const chatBanReasons = sqliteTable("chat_ban_reasons", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
});

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
