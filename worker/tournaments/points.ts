// Tournament points (docs/games.md "Tournaments"): one per cent staked, added in the SAME batch that
// settles the bet (won or lost; a refund adds none), for a participant of the running tournament
// whose bet was placed after he joined. The table is these rows: no second source, no recount.
import { type SQL, sql } from "../db/sql";

/** The running tournament's id, or nothing, at `now` (the open one whose end has not passed). */
export const runningTournament = (now: number) => sql`(SELECT id FROM tournaments WHERE status = 'open' AND ends_at > ${now})`;

/**
 * One settled bet of `userId`: `stake` cents (a number or an SQL value), placed at `placedAt`.
 * Changes nothing when no tournament runs, the player is not in it, or joined after the bet.
 */
export function betPoints(p: { userId: number; stake: SQL | number; placedAt: SQL | number; now: number }): SQL {
  return sql`UPDATE tournament_participants SET points = points + (${p.stake}), reached_at = ${p.now}
              WHERE user_id = ${p.userId} AND tournament_id = ${runningTournament(p.now)} AND joined_at <= (${p.placedAt}) AND (${p.stake}) > 0`;
}

/** A jackpot round settled: each participant's bets of it placed after joining (Σ price, cents). */
export function jackpotRoundPoints(roundId: number, now: number): SQL {
  const mine = sql`SELECT COALESCE(SUM(b.price), 0) FROM jackpot_bets b
                    WHERE b.round_id = ${roundId} AND b.user_id = tournament_participants.user_id AND b.created_at >= tournament_participants.joined_at`;
  return sql`UPDATE tournament_participants SET points = points + (${mine}), reached_at = ${now}
              WHERE tournament_id = ${runningTournament(now)} AND user_id IN (SELECT user_id FROM jackpot_bets WHERE round_id = ${roundId}) AND (${mine}) > 0`;
}
