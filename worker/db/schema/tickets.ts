// Support tickets (docs/support.md): a ticket and its messages. A player has at most one open
// ticket — a partial unique index holds that under racing creates and reopens, not a read.
// Part of the D1 schema (index.ts); times are epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { users } from "./users";

export const tickets = sqliteTable(
  "tickets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    subject: text("subject").notNull(),
    /** 0 open, 1 closed (spec §3 Ticket) */
    status: integer("status").notNull().default(0),
    /** what the ticket is about: crash | jackpot | wheel | case | payment, and its id (as text) */
    referenceKind: text("reference_kind"),
    referenceId: text("reference_id"),
    /** staff wrote since the player last opened it */
    playerUnread: integer("player_unread", { mode: "boolean" }).notNull().default(false),
    /** the player wrote since staff last opened it */
    staffUnread: integer("staff_unread", { mode: "boolean" }).notNull().default(true),
    /** who wrote last: player | staff */
    lastFrom: text("last_from").notNull().default("player"),
    messagesCount: integer("messages_count").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    closedAt: integer("closed_at"),
  },
  (t) => [
    check("tickets_status", sql`${t.status} IN (0, 1)`),
    uniqueIndex("tickets_one_open").on(t.userId).where(sql`${t.status} = 0`),
    index("tickets_user").on(t.userId, t.createdAt),
    index("tickets_queue").on(t.status, t.createdAt, t.id),
    index("tickets_closed").on(t.status, t.closedAt, t.id),
  ],
);

export const ticketMessages = sqliteTable(
  "ticket_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    staff: integer("staff", { mode: "boolean" }).notNull(),
    message: text("message").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("ticket_messages_ticket").on(t.ticketId, t.id)],
);
