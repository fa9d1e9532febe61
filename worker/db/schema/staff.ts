// Staff second factor (docs/security.md "Second factor"): one TOTP enrolment per staff account
// and its recovery codes (stored as SHA-256 hashes, each used once).
// Part of the D1 schema (index.ts); times are epoch milliseconds.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { users } from "./users";

export const staffOtp = sqliteTable("staff_otp", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  /** the TOTP secret (base32) */
  secret: text("secret").notNull(),
  /** NULL while enrolment waits for its first code */
  confirmedAt: integer("confirmed_at"),
  /** the last accepted time step: a code of this step or an earlier one is a replay */
  lastStep: integer("last_step").notNull().default(0),
  /** wrong codes in a row; STAFF.otpMaxFailures of them lock the factor until locked_until */
  failures: integer("failures").notNull().default(0),
  lockedUntil: integer("locked_until").notNull().default(0),
  createdAt: integer("created_at").notNull().default(now),
});

export const staffRecoveryCodes = sqliteTable(
  "staff_recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("staff_recovery_user").on(t.userId)],
);
