// Chat moderation: ban reasons and mutes; the chat log (every message the room posted).
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
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

/**
 * The chat log (docs/operations.md "Operator console"): every message the chat room posted —
 * players' messages, command cards, system lines — one row each, written by the room right after
 * the broadcast (worker/rooms/chat/log.ts). `id` is the room's message id (the one players see:
 * unique and increasing, kept in the room's storage and floored by this table's max at start).
 * user_id 0 is the system (no users row); `text` of a system line is a key of the web "chat"
 * namespace and `params` its JSON params. `folded` is the search form (shared/chat-links.ts
 * foldChatText of the text and the params). A moderator's delete fills deleted_* in the same batch
 * as its chat.delete audit row. Kept for ever (no pruning).
 */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id").notNull(),
    type: text("type").notNull(),
    text: text("text").notNull(),
    params: text("params"),
    folded: text("folded").notNull(),
    createdAt: integer("created_at").notNull(),
    deletedAt: integer("deleted_at"),
    deletedBy: integer("deleted_by").references(() => users.id),
    deleteReason: text("delete_reason"),
  },
  (t) => [
    index("chat_messages_user").on(t.userId, t.id),
    index("chat_messages_time").on(t.createdAt),
    index("chat_messages_deleted").on(t.id).where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);
