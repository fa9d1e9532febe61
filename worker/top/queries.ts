// The top list's reads (docs/games.md "Top list"), from the running sums the settlement batches keep
// (top/stats.ts) — never from the bets or the ledger themselves. Cost per request: all time reads
// the first TOP.size entries of a player_totals index (net: the (won − wagered) expression index,
// wagered: its own) plus one COUNT over the entries above the caller; today and this week read the
// period's player_days rows through their day index — one row per player and day played in the
// period — once for the list and once for the caller's place.
import type { TopMetric, TopPeriod } from "../../shared/api/top";
import { TOP } from "../../shared/constants";
import { all, first, type SQL, sql } from "../db/sql";
import { DAY_MS, dayOf } from "./stats";

type DbEnv = Pick<Env, "DB">;

export interface TopRow {
  place: number;
  id: number;
  username: string;
  avatar: string;
  value: number;
}

/** The first day of the period (UTC day numbers); null for all time. Weeks start on Monday. */
export function periodStart(period: TopPeriod, now: number): number | null {
  const today = dayOf(now);
  if (period === "today") return today;
  // day 0 (1970-01-01) was a Thursday: (day + 3) % 7 is 0 on Mondays
  if (period === "week") return today - ((today + 3) % 7);
  return null;
}

export const sinceMs = (start: number | null): number => (start === null ? 0 : start * DAY_MS);

const figure = (metric: TopMetric): SQL => sql.raw(metric === "net" ? "(won - wagered)" : "wagered");

/** Σ per player over the period's days (a sub-select with user_id, wagered, won). */
function periodSums(start: number): SQL {
  // the day index, not the (user_id, day) key SQLite would pick for the GROUP BY: that one walks every day ever
  return sql`SELECT user_id, SUM(wagered) AS wagered, SUM(won) AS won FROM player_days INDEXED BY player_days_day WHERE day >= ${start} GROUP BY user_id`;
}

function source(start: number | null): SQL {
  return start === null ? sql`player_totals` : sql`(${periodSums(start)})`;
}

export async function topRows(env: DbEnv, period: TopPeriod, metric: TopMetric, now: number): Promise<TopRow[]> {
  const start = periodStart(period, now);
  const value = figure(metric);
  return all<TopRow>(
    env.DB,
    sql`SELECT ROW_NUMBER() OVER (ORDER BY ${value} DESC, s.user_id ASC) AS place, u.id, u.username, u.avatar, ${value} AS value
          FROM ${source(start)} s JOIN users u ON u.id = s.user_id
         WHERE s.wagered > 0
         ORDER BY ${value} DESC, s.user_id ASC LIMIT ${TOP.size}`,
  );
}

/** The caller's place: 1 + the players ahead (a larger figure, or the same and a smaller id). */
export async function ownPlace(env: DbEnv, userId: number, period: TopPeriod, metric: TopMetric, now: number): Promise<TopRow | null> {
  const start = periodStart(period, now);
  const value = figure(metric);
  const mine = await first<{ id: number; username: string; avatar: string; value: number }>(
    env.DB,
    start === null
      ? sql`SELECT u.id, u.username, u.avatar, ${value} AS value FROM player_totals s JOIN users u ON u.id = s.user_id WHERE s.user_id = ${userId} AND s.wagered > 0`
      : sql`SELECT u.id, u.username, u.avatar, ${value} AS value FROM (SELECT user_id, SUM(wagered) AS wagered, SUM(won) AS won FROM player_days WHERE user_id = ${userId} AND day >= ${start}) s
              JOIN users u ON u.id = s.user_id WHERE s.wagered > 0`,
  );
  if (!mine) return null;
  const ahead = await first<{ n: number }>(
    env.DB,
    sql`SELECT COUNT(*) AS n FROM ${source(start)} s WHERE s.wagered > 0 AND (${value} > ${mine.value} OR (${value} = ${mine.value} AND s.user_id < ${userId}))`,
  );
  return { place: (ahead?.n ?? 0) + 1, ...mine };
}
