// The cards chat commands post (§3, §6): !stats and !balance about the asker, !bet <round id>
// about one crash round and the asker's part in it. D1 reads; cents become dollars here.
import type { z } from "zod";
import type { balanceCardJson, betCardJson, statsCardJson } from "../../shared/api/chat";
import { toMultiplier } from "../../shared/crash-curve";
import { toDollars } from "../../shared/money";
import { first, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;
export type StatsCard = z.infer<typeof statsCardJson>;
export type BalanceCard = z.infer<typeof balanceCardJson>;
export type BetCard = z.infer<typeof betCardJson>;

/** Win rate in percent with two decimals (0 with no games). */
export function winRate(won: number, games: number): number {
  return games === 0 ? 0 : Math.round((won * 10_000) / games) / 100;
}

/** Settled crash bets: games, won share, profit = Σ(payout − stake). Refunds are not games. */
export async function statsCard(env: DbEnv, userId: number): Promise<StatsCard> {
  const row = await first<{ games: number; won: number; profit: number }>(
    env.DB,
    sql`SELECT COUNT(*) AS games, COALESCE(SUM(status = 1), 0) AS won, COALESCE(SUM(CASE WHEN status = 1 THEN win ELSE 0 END - bank), 0) AS profit
       FROM crash_bets WHERE user_id = ${userId} AND status IN (1, 2)`,
  );
  const games = row?.games ?? 0;
  return { total_games: games, win_rate: winRate(row?.won ?? 0, games), total_profit: toDollars(row?.profit ?? 0) };
}

/** Σ deposits, the balance, Σ money withdrawn (positive: user withdrawal rows and completed money withdrawals' payouts). */
export async function balanceCard(env: DbEnv, userId: number): Promise<BalanceCard> {
  const row = await first<{ balance: number; deposits: number; withdrawals: number }>(
    env.DB,
    sql`SELECT u.balance AS balance,
            COALESCE((SELECT SUM(delta) FROM ledger WHERE user_id = u.id AND account = 'user' AND kind = 'deposit'), 0) AS deposits,
            COALESCE((SELECT -SUM(delta) FROM ledger WHERE user_id = u.id AND account = 'user' AND kind = 'withdrawal'), 0)
              -- money withdrawals are paid out by the house (docs/payments.md "Money withdrawals"): what arrived
              + COALESCE((SELECT SUM(payout) FROM money_withdrawals WHERE user_id = u.id AND status = 'completed'), 0) AS withdrawals
       FROM users u WHERE u.id = ${userId}`,
  );
  return {
    total_deposit: toDollars(Math.max(0, row?.deposits ?? 0)),
    balance: toDollars(row?.balance ?? 0),
    total_withdraw: toDollars(Math.max(0, row?.withdrawals ?? 0)),
  };
}

/** One crash round and what `userId` staked and won in it; null when there is no such round. */
export async function betCard(env: DbEnv, roundId: number, userId: number): Promise<BetCard | null> {
  const row = await first<{
    id: number;
    status: string;
    crash_point: number | null;
    bank: number;
    bets: number;
    items: number;
    my_bank: number;
    my_win: number;
  }>(
    env.DB,
    sql`SELECT r.id AS id, r.status AS status, r.crash_point AS crash_point, r.bank AS bank, r.bets_count AS bets, r.items_count AS items,
            COALESCE((SELECT SUM(bank) FROM crash_bets WHERE round_id = r.id AND user_id = ${userId} AND status <> 3), 0) AS my_bank,
            COALESCE((SELECT SUM(win) FROM crash_bets WHERE round_id = r.id AND user_id = ${userId} AND status = 1), 0) AS my_win
       FROM crash_rounds r WHERE r.id = ${roundId}`,
  );
  if (!row) return null;
  // crash_point stays NULL in D1 until the round crashed; a voided round shows none either
  const crashed = row.status === "crashed" && row.crash_point !== null;
  return {
    round_id: row.id,
    crash_point: crashed ? toMultiplier(row.crash_point!) : null,
    bank: toDollars(row.bank),
    bets: row.bets,
    items: row.items,
    my_bank: toDollars(row.my_bank),
    my_win: toDollars(row.my_win),
  };
}
