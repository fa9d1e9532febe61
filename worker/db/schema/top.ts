// The top list's running sums (docs/games.md "Top list"): what each player staked and got back, per UTC day
// and in all, written by the same batches that settle the bets. Money in integer cents.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** One player's settled bets of one UTC day (day = floor(epoch ms / 86 400 000)). */
export const playerDays = sqliteTable(
  "player_days",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    day: integer("day").notNull(),
    wagered: integer("wagered").notNull().default(0),
    won: integer("won").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index("player_days_day").on(t.day)],
);

/** One player's settled bets in all (the all-time list reads these, by the two indexes of migration 0017). */
export const playerTotals = sqliteTable(
  "player_totals",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id),
    wagered: integer("wagered").notNull().default(0),
    won: integer("won").notNull().default(0),
  },
  (t) => [index("player_totals_net").on(sql`(${t.won} - ${t.wagered})`), index("player_totals_wagered").on(t.wagered)],
);
