// A player's jackpot rounds for the profile (§6 "jackpot bets"; §3 History columns) and as settled
// games for the statistics: one row per round he bet in (all his bets of it together).
import type { JackpotHistoryRow } from "../../shared/api/history";
import type { JackpotLevel } from "../../shared/constants-jackpot";
import { toDollars } from "../../shared/money";
import type { GameResult } from "./game-result";
import { CRASH_ITEM_COLUMNS, type CrashItemRow, presentCrashItem } from "../crash/items";
import { all, type SQL, sql } from "../db/sql";
import { olderThan, type Page, pageFrom, type PageRequest, readSize } from "../history/page";

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
  at: number;
  key: number;
}

const rounds = (userId: number, where: SQL, limit: number) => sql`
  SELECT r.id AS game_id, r.level AS level, r.status AS status, SUM(b.price) AS stake,
         (SELECT COALESCE(SUM(price), 0) FROM jackpot_bets a WHERE a.round_id = r.id) AS round_bank,
         r.winner_id AS winner_id, r.win AS win, MIN(b.created_at) AS created_at, MIN(b.created_at) AS at, r.id AS key
    FROM jackpot_bets b JOIN jackpot_rounds r ON r.id = b.round_id
   WHERE b.user_id = ${userId} AND ${where}
   GROUP BY r.id ORDER BY created_at DESC, r.id DESC LIMIT ${limit}`;

/**
 * A page of the rounds he bet in, newest first (one row per round: his bets together). The
 * cursor's date is his first bet in the round, its key the round id; a page's rows are filtered
 * after grouping, so a round never splits across pages.
 */
export async function jackpotHistory(env: DbEnv, userId: number, p: PageRequest = {}): Promise<Page<JackpotHistoryRow>> {
  const rows = await all<Row>(
    env.DB,
    sql`SELECT * FROM (${rounds(userId, sql`1 = 1`, Number.MAX_SAFE_INTEGER)}) WHERE ${olderThan(p.before, sql`at`, sql`key`)} LIMIT ${readSize(p)}`,
  );
  const page = pageFrom(rows, p);
  const ids = page.rows.map((r) => r.game_id);
  const items = ids.length
    ? await all<CrashItemRow & { round_id: number }>(
        env.DB,
        sql`SELECT x.round_id AS round_id, ${CRASH_ITEM_COLUMNS}, x.price AS price FROM jackpot_bet_items x
              JOIN jackpot_bets b ON b.id = x.bet_id JOIN inventory_items i ON i.id = x.item_id JOIN catalogue c ON c.id = i.catalogue_id
             WHERE b.user_id = ${userId} AND x.round_id IN ${ids} ORDER BY x.price DESC, i.id`,
      )
    : [];
  return {
    rows: page.rows.map((r) => {
      const status = r.status === "refunded" ? "refunded" : r.status !== "finished" ? "pending" : r.winner_id === userId ? "won" : "lost";
      const win = status === "won" ? (r.win ?? 0) : 0;
      return {
        game_id: r.game_id,
        level: r.level as JackpotLevel,
        bank: toDollars(r.stake),
        items: items.filter((i) => i.round_id === r.game_id).map(({ round_id: _, ...item }) => presentCrashItem(item)),
        chance: r.round_bank > 0 ? Math.min(100, Math.round((r.stake * 10_000) / r.round_bank) / 100) : 0,
        status,
        multiplier: status === "won" && r.stake > 0 ? Math.round((win * 100) / r.stake) / 100 : null,
        win: toDollars(win),
        created_at: r.created_at,
      };
    }),
    next: page.next,
  };
}

/** Finished rounds as games: stake = his bets, payout = what he received when he won. */
export async function jackpotGameResults(env: DbEnv, userId: number): Promise<GameResult[]> {
  const rows = await all<Row>(env.DB, rounds(userId, sql`r.status = 'finished'`, Number.MAX_SAFE_INTEGER));
  return rows.map((r) => ({ stake: r.stake, payout: r.winner_id === userId ? (r.win ?? 0) : 0 }));
}
