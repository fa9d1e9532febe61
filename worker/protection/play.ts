// What a player staked and won since a moment (docs/protection.md "Reality check"), over every
// game: crash and wheel bets (their bank, the win once won), jackpot bets (the winner's round win),
// and cases (the price, the dropped item's value). A refunded bet is no stake; an open one is a
// stake whose result is not in yet.
import { BET_LOST, BET_PENDING, BET_WON } from "../../shared/api/crash";
import { WHEEL_BET_LOST, WHEEL_BET_PENDING, WHEEL_BET_WON } from "../../shared/api/wheel";
import { PROTECTION } from "../../shared/constants";
import { first, type SQL, sql } from "../db/sql";

/** What the player staked since `since` (cents), as a scalar expression. */
export function stakedSinceSql(userId: number, since: number): SQL {
  return sql`((SELECT COALESCE(SUM(bank), 0) FROM crash_bets WHERE user_id = ${userId} AND created_at >= ${since} AND status IN (${BET_PENDING}, ${BET_WON}, ${BET_LOST}))
    + (SELECT COALESCE(SUM(bank), 0) FROM wheel_bets WHERE user_id = ${userId} AND created_at >= ${since} AND status IN (${WHEEL_BET_PENDING}, ${WHEEL_BET_WON}, ${WHEEL_BET_LOST}))
    + (SELECT COALESCE(SUM(b.price), 0) FROM jackpot_bets b JOIN jackpot_rounds r ON r.id = b.round_id WHERE b.user_id = ${userId} AND b.created_at >= ${since} AND r.status <> 'refunded')
    + (SELECT COALESCE(SUM(price), 0) FROM case_opens WHERE user_id = ${userId} AND created_at >= ${since}))`;
}

/** What the player won since `since` (cents) on stakes made since then, as a scalar expression. */
export function wonSinceSql(userId: number, since: number): SQL {
  return sql`((SELECT COALESCE(SUM(win), 0) FROM crash_bets WHERE user_id = ${userId} AND created_at >= ${since} AND status = ${BET_WON})
    + (SELECT COALESCE(SUM(win), 0) FROM wheel_bets WHERE user_id = ${userId} AND created_at >= ${since} AND status = ${WHEEL_BET_WON})
    + (SELECT COALESCE(SUM(r.win), 0) FROM jackpot_rounds r WHERE r.winner_id = ${userId} AND r.status = 'finished'
         AND r.id IN (SELECT round_id FROM jackpot_bets WHERE user_id = ${userId} AND created_at >= ${since}))
    + (SELECT COALESCE(SUM(item_price), 0) FROM case_opens WHERE user_id = ${userId} AND created_at >= ${since}))`;
}

/** One row (stakes, won), cents, of the player's play since `since`. */
export function playSinceSql(userId: number, since: number): SQL {
  return sql`SELECT ${stakedSinceSql(userId, since)} AS stakes, ${wonSinceSql(userId, since)} AS won`;
}

export interface SessionFigures {
  startedAt: number;
  stakes: number;
  won: number;
  /** the player's interval between reality checks (minutes, 0: off) */
  realityCheckMinutes: number;
}

/** The figures of the sign-in session `tokenHash`: since it was created; with the player's reality check interval. */
export async function sessionFigures(env: Pick<Env, "DB">, userId: number, tokenHash: string): Promise<SessionFigures | null> {
  const session = await first<{ created_at: number; minutes: number | null }>(
    env.DB,
    sql`SELECT s.created_at, u.reality_check_minutes AS minutes FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ${tokenHash} AND s.user_id = ${userId}`,
  );
  if (!session) return null;
  const play = await first<{ stakes: number; won: number }>(env.DB, playSinceSql(userId, session.created_at));
  return {
    startedAt: session.created_at,
    stakes: play?.stakes ?? 0,
    won: play?.won ?? 0,
    realityCheckMinutes: session.minutes ?? PROTECTION.realityCheckDefaultMinutes,
  };
}
