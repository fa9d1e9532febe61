// A player's jackpot rounds for the profile (§6 "jackpot bets"; §3 History columns) and as settled
// games for the statistics: one row per round he bet in (all his bets of it together).
import { USER_API } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import type { GameResult } from "./game-result";
import { all, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;

interface Row {
  game_id: number;
  level: string;
  status: "open" | "drawn" | "finished" | "refunded";
  stake: number;
  round_bank: number;
  winner_id: number | null;
  win: number | null;
  created_at: number;
}

const rounds = (userId: number, where: string, limit: number) => sql`
  SELECT r.id AS game_id, r.level AS level, r.status AS status, SUM(b.price) AS stake,
         (SELECT COALESCE(SUM(price), 0) FROM jackpot_bets a WHERE a.round_id = r.id) AS round_bank,
         r.winner_id AS winner_id, r.win AS win, MIN(b.created_at) AS created_at
    FROM jackpot_bets b JOIN jackpot_rounds r ON r.id = b.round_id
   WHERE b.user_id = ${userId} ${sql.raw(where)}
   GROUP BY r.id ORDER BY created_at DESC LIMIT ${limit}`;

/**
 * Newest first: `{ game_id (the /jackpot/{id} link), level, bank (his stake), chance (percent),
 * status: pending | won | lost | refunded, win (what he received), created_at }`.
 */
export async function jackpotHistory(env: DbEnv, userId: number): Promise<Record<string, unknown>[]> {
  const rows = await all<Row>(env.DB, rounds(userId, "", USER_API.historyRows));
  return rows.map((r) => {
    const status = r.status === "refunded" ? "refunded" : r.status !== "finished" ? "pending" : r.winner_id === userId ? "won" : "lost";
    return {
      game_id: r.game_id,
      level: r.level,
      bank: toDollars(r.stake),
      chance: r.round_bank > 0 ? Math.round((r.stake * 10_000) / r.round_bank) / 100 : 0,
      status,
      win: toDollars(status === "won" ? (r.win ?? 0) : 0),
      created_at: r.created_at,
    };
  });
}

/** Finished rounds as games: stake = his bets, payout = what he received when he won. */
export async function jackpotGameResults(env: DbEnv, userId: number): Promise<GameResult[]> {
  const rows = await all<Row>(env.DB, rounds(userId, "AND r.status = 'finished'", 1_000_000));
  return rows.map((r) => ({ stake: r.stake, payout: r.winner_id === userId ? (r.win ?? 0) : 0 }));
}
