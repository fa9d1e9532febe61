// A player's crash bets for the profile (§3 History columns) and as settled games for the
// statistics. Refunded bets (status 3, a voided round) are neither listed nor counted.
import { toMultiplier } from "../../shared/crash-curve";
import { toDollars } from "../../shared/money";
import { BET_LOST, BET_PENDING, BET_WON, type ItemJson } from "../../shared/api/crash";
import type { CrashHistoryRow } from "../../shared/api/history";
import { olderThan, type Page, pageFrom, type PageRequest, readSize } from "../history/page";
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
  at: number;
  key: number;
}

/** The user's listed bets of one page (docs/api.md "History pages"). Shared by the three queries of the batch. */
const pageBets = (userId: number, p: PageRequest) =>
  sql`SELECT id FROM crash_bets WHERE user_id = ${userId} AND status <> 3 AND ${olderThan(p.before, sql`created_at`, sql`rowid`)}
       ORDER BY created_at DESC, rowid DESC LIMIT ${readSize(p)}`;

/** A page of the player's crash bets, newest first. */
export async function crashHistory(env: DbEnv, userId: number, p: PageRequest = {}): Promise<Page<CrashHistoryRow>> {
  const [bets, items, winItems] = await batch(env.DB, [
    sql`SELECT b.id, b.round_id, b.bank, b.auto_withdraw, b.status, b.cashout, b.win, b.created_at, r.crash_point, b.created_at AS at, b.rowid AS key
           FROM crash_bets b JOIN crash_rounds r ON r.id = b.round_id
          WHERE b.user_id = ${userId} AND b.status <> 3 AND ${olderThan(p.before, sql`b.created_at`, sql`b.rowid`)}
          ORDER BY b.created_at DESC, b.rowid DESC LIMIT ${readSize(p)}`,
    stakedItemsQuery(sql`x.bet_id IN (${pageBets(userId, p)})`),
    wonItemsQuery(sql`b.id IN (${pageBets(userId, p)})`),
  ]);
  const { stakedOf, wonOf } = itemsByBet(items, winItems);
  const page = pageFrom(rowsOf<BetRow>(bets), p);
  return {
    rows: page.rows.map((b) => {
      const won = wonOf.get(b.id);
      return presentBet(b, (stakedOf.get(b.id) ?? []).map(presentCrashItem), won ? presentCrashItem(won) : null);
    }),
    next: page.next,
  };
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
