// Tournaments (docs/games.md "Tournaments"): the staff's template, the tournaments and their participants.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { users } from "./users";

/** The one template every tournament starts from (id 1); enabled 0: none follows the running one. */
export const tournamentTemplate = sqliteTable("tournament_template", {
  id: integer("id").primaryKey(),
  enabled: integer("enabled").notNull().default(0),
  nameRu: text("name_ru").notNull(),
  nameEn: text("name_en").notNull(),
  descriptionRu: text("description_ru").notNull(),
  descriptionEn: text("description_en").notNull(),
  durationMs: integer("duration_ms").notNull(),
  /** JSON [cents × 5], first place first */
  prizes: text("prizes").notNull(),
  minPayment: integer("min_payment").notNull().default(0),
  updatedAt: integer("updated_at").notNull().default(now),
});

/** open: points land in it; finished: its prizes are paid. The template's values are copied in. */
export const tournaments = sqliteTable(
  "tournaments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    status: text("status").$type<"open" | "finished">().notNull().default("open"),
    nameRu: text("name_ru").notNull(),
    nameEn: text("name_en").notNull(),
    descriptionRu: text("description_ru").notNull(),
    descriptionEn: text("description_en").notNull(),
    prizes: text("prizes").notNull(),
    minPayment: integer("min_payment").notNull().default(0),
    members: integer("members").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    endsAt: integer("ends_at").notNull(),
    finishedAt: integer("finished_at"),
    /** JSON [{user_id, place, points, prize}] once paid */
    winners: text("winners"),
  },
  (t) => [index("tournaments_status").on(t.status, t.id), uniqueIndex("tournaments_one_open").on(t.status).where(sql`status = 'open'`)],
);

/**
 * A player in a tournament. points: one per cent staked in bets placed after joined_at that
 * settled while the tournament ran, added in the batch that settles the bet (tournaments/points.ts).
 * reached_at: when the points last grew (ties rank who got there first).
 */
export const tournamentParticipants = sqliteTable(
  "tournament_participants",
  {
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    points: integer("points").notNull().default(0),
    joinedAt: integer("joined_at").notNull().default(now),
    reachedAt: integer("reached_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.userId] }),
    index("tournament_participants_rank").on(t.tournamentId, t.points, t.reachedAt),
    index("tournament_participants_user").on(t.userId),
    check("tournament_points_nonneg", sql`${t.points} >= 0`),
  ],
);
