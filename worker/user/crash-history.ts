// A player's crash bets for the profile (§3 History columns) and as settled games for the
// statistics. Refunded bets (status 3, a voided round) are neither listed nor counted.
import { USER_API } from "../../shared/constants";
import { toMultiplier } from "../../shared/crash-curve";
import { toDollars } from "../../shared/money";
import { BET_LOST, BET_PENDING, BET_WON, type ItemJson } from "../../shared/api/crash";
import type { CrashHistoryRow } from "../../shared/api/user";
import type { GameResult } from "./game-result";
import { itemsByBet, presentCrashItem, stakedItemsQuery, wonItemsQuery } from "../crash/items";
import { all, batch, rowsOf, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;

interface BetRow {
  id: string;
  round_id: number;
  bank: number;
  auto_withdraw: number;
  status: number;
  cashout: number | null;
  win: number;
  crash_point: number | null;
  created_at: number;
}

/** The user's newest listed bets. Shared by the three queries of the batch. */
const latestBets = (userId: number, limit: number) =>
  sql`SELECT id FROM crash_bets WHERE user_id = ${userId} AND status <> 3 ORDER BY created_at DESC, rowid DESC LIMIT ${limit}`;

export async function crashHistory(env: DbEnv, userId: number, limit: number = USER_API.historyRows): Promise<CrashHistoryRow[]> {
  const [bets, items, winItems] = await batch(env.DB, [
    sql`SELECT b.id, b.round_id, b.bank, b.auto_withdraw, b.status, b.cashout, b.win, b.created_at, r.crash_point
           FROM crash_bets b JOIN crash_rounds r ON r.id = b.round_id
          WHERE b.user_id = ${userId} AND b.status <> 3 ORDER BY b.created_at DESC, b.rowid DESC LIMIT ${limit}`,
    stakedItemsQuery(sql`x.bet_id IN (${latestBets(userId, limit)})`),
    wonItemsQuery(sql`b.id IN (${latestBets(userId, limit)})`),
  ]);
  const { stakedOf, wonOf } = itemsByBet(items, winItems);
  return rowsOf<BetRow>(bets).map((b) => {
    const won = wonOf.get(b.id);
    return presentBet(b, (stakedOf.get(b.id) ?? []).map(presentCrashItem), won ? presentCrashItem(won) : null);
  });
}

function presentBet(b: BetRow, items: ItemJson[], winItem: ItemJson | null): CrashHistoryRow {
  const won = b.status === BET_WON;
  const lost = b.status === BET_LOST;
  // a won bet shows where it cashed out, a lost one where the round crashed
  const multiplier = won ? b.cashout : lost ? b.crash_point : null;
  return {
    id: b.id,
    game_id: b.round_id,
    bank: toDollars(b.bank),
    items,
    autoWithdraw: toMultiplier(b.auto_withdraw),
    multiplier: multiplier === null ? null : toMultiplier(multiplier),
    is_win: won ? BET_WON : lost ? BET_LOST : BET_PENDING,
    win: won ? toDollars(b.win) : 0,
    winItem: won ? winItem : null,
    created_at: b.created_at,
  };
}

/**
 * Every settled crash bet is one game: the bank staked, the win paid (0 when lost) and, for a won
 * bet, the cash-out multiplier the history lists.
 */
export async function crashGameResults(env: DbEnv, userId: number): Promise<GameResult[]> {
  const results = await all<GameResult>(
    env.DB,
    sql`SELECT bank AS stake, CASE WHEN status = ${BET_WON} THEN win ELSE 0 END AS payout, CASE WHEN status = ${BET_WON} THEN cashout END AS multiplier
       FROM crash_bets WHERE user_id = ${userId} AND status IN (${BET_WON}, ${BET_LOST})`,
  );
  return results;
}
