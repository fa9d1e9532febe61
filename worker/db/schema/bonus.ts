// The bonus pool (docs/games.md "Bonus pool"): its rounds and their participants.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { users } from "./users";

/** open: joins and shares land in it; drawn: closed, its winners being paid; finished: paid (or carried over). */
export type BonusRoundStatus = "open" | "drawn" | "finished";

/**
 * One round of the pool. id is the round number and its index k in the bonus chain (docs/fairness.md
 * "Provably fair"); secret stays NULL until the draw. bank: what the round holds — the bonus
 * shares booked while it is open (the game rooms' share batches add to the open round's bank in
 * the same batch) plus what the round before carried over; the bonus account's balance is the
 * Σ of the banks of the rounds not finished (worker/bonus/reconcile-sql.ts). paid: Σ paid to the
 * winners, carried: what went on to the next round (bank = paid + carried once finished).
 * ends_at: NULL until the bank reached the minimum (the timer). winners: JSON
 * [{user_id, place, amount}] of the draw.
 */
export const bonusRounds = sqliteTable(
  "bonus_rounds",
  {
    id: integer("id").primaryKey(),
    publicHash: text("public_hash").notNull(),
    secret: text("secret"),
    dayOfMonth: integer("day_of_month").notNull(),
    status: text("status").$type<BonusRoundStatus>().notNull().default("open"),
    bank: integer("bank").notNull().default(0),
    paid: integer("paid").notNull().default(0),
    carried: integer("carried").notNull().default(0),
    participants: integer("participants").notNull().default(0),
    winners: text("winners"),
    createdAt: integer("created_at").notNull().default(now),
    endsAt: integer("ends_at"),
    drawnAt: integer("drawn_at"),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    index("bonus_rounds_status").on(t.status, t.id),
    // one open round at most: the share batches add to "the" open round
    uniqueIndex("bonus_rounds_one_open").on(t.status).where(sql`status = 'open'`),
    check("bonus_rounds_bank_nonneg", sql`${t.bank} >= 0`),
  ],
);

/** A player in a round; seq is the join order the draw walks (1, 2, …). */
export const bonusParticipants = sqliteTable(
  "bonus_participants",
  {
    roundId: integer("round_id")
      .notNull()
      .references(() => bonusRounds.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    seq: integer("seq").notNull(),
    joinedAt: integer("joined_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.userId] }),
    uniqueIndex("bonus_participants_seq").on(t.roundId, t.seq),
    index("bonus_participants_user").on(t.userId),
  ],
);
