// Site-wide rows: the bell notifications, run-time settings, the staff audit log.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { users } from "./users";

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
    /** the changed state before and after the action (JSON), when the action changes one */
    before: text("before"),
    after: text("after"),
    /** the staff request's address (CF-Connecting-IP) */
    ip: text("ip"),
  },
  (t) => [index("audit_actor").on(t.actorId), index("audit_action").on(t.action, t.id), index("audit_target").on(t.targetUserId, t.id)],
);
