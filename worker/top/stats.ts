// The top list's running sums (docs/games.md "Top list"), as statements for the batches that settle bets:
// a settled bet adds its stake to `wagered` and what it paid (items and balance, at the values the
// settlement booked) to `won`, in the player's row for the settlement's UTC day and in his total.
// A refund adds nothing. Written with the settlement, so a replay (its guards fail) adds nothing.
import { type SQL, sql } from "../db/sql";

export const DAY_MS = 86_400_000;

/** The UTC day number of `ms`. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** One settled bet: `wagered` and `won` in cents (numbers or SQL values). */
export function betStats(p: { userId: number; wagered: SQL | number; won: SQL | number; now: number }): SQL[] {
  return [
    sql`INSERT INTO player_days (user_id, day, wagered, won) VALUES (${p.userId}, ${dayOf(p.now)}, ${p.wagered}, ${p.won})
        ON CONFLICT (user_id, day) DO UPDATE SET wagered = wagered + excluded.wagered, won = won + excluded.won`,
    sql`INSERT INTO player_totals (user_id, wagered, won) VALUES (${p.userId}, ${p.wagered}, ${p.won})
        ON CONFLICT (user_id) DO UPDATE SET wagered = wagered + excluded.wagered, won = won + excluded.won`,
  ];
}

/** A settled jackpot round: each bettor's Σ of his bets; the winner also what he received. */
export function jackpotRoundStats(roundId: number, winnerId: number, win: number, now: number): SQL[] {
  const perBettor = sql`SELECT user_id, SUM(price) AS wagered, CASE WHEN user_id = ${winnerId} THEN ${win} ELSE 0 END AS won
                          FROM jackpot_bets WHERE round_id = ${roundId} GROUP BY user_id`;
  return groupStats(perBettor, now);
}

/** Many settled bets at once: `perBettor` is a SELECT of (user_id, wagered, won), one row per user. */
export function groupStats(perBettor: SQL, now: number): SQL[] {
  return [
    // "WHERE true": an upsert from a SELECT needs a WHERE for SQLite to parse its ON CONFLICT
    sql`INSERT INTO player_days (user_id, day, wagered, won) SELECT user_id, ${dayOf(now)}, wagered, won FROM (${perBettor}) WHERE true
        ON CONFLICT (user_id, day) DO UPDATE SET wagered = wagered + excluded.wagered, won = won + excluded.won`,
    sql`INSERT INTO player_totals (user_id, wagered, won) SELECT user_id, wagered, won FROM (${perBettor}) WHERE true
        ON CONFLICT (user_id) DO UPDATE SET wagered = wagered + excluded.wagered, won = won + excluded.won`,
  ];
}
