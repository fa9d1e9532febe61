// A player's crash bets for the profile (§3 History columns) and as settled games for the
// statistics. Refunded bets (status 3, a voided round) are neither listed nor counted.
import { USER_API } from "../../shared/constants";
import { toMultiplier } from "../../shared/crash-curve";
import { toDollars } from "../../shared/money";
import { BET_LOST, BET_PENDING, BET_WON, type ItemJson } from "../../shared/api/crash";
import type { CrashHistoryRow } from "../../shared/api/user";
import type { GameResult } from "./game-result";
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

interface ItemRow extends Omit<ItemJson, "price"> {
  bet_id: string;
  price: number;
}

const ITEM_COLUMNS = `i.id AS id, c.market_hash_name AS market_hash_name, c.name AS name, c.image AS image,
  c.rarity AS rarity, c.rarity_color AS rarity_color`;

/** The user's newest listed bets; ?1 user, ?2 limit. Shared by the three queries of the batch. */
const latestBets = (userId: number, limit: number) =>
  sql`SELECT id FROM crash_bets WHERE user_id = ${userId} AND status <> 3 ORDER BY created_at DESC, rowid DESC LIMIT ${limit}`;

export async function crashHistory(env: DbEnv, userId: number, limit: number = USER_API.historyRows): Promise<CrashHistoryRow[]> {
  const [bets, items, winItems] = await batch(env.DB, [
    sql`SELECT b.id, b.round_id, b.bank, b.auto_withdraw, b.status, b.cashout, b.win, b.created_at, r.crash_point
           FROM crash_bets b JOIN crash_rounds r ON r.id = b.round_id
          WHERE b.user_id = ${userId} AND b.status <> 3 ORDER BY b.created_at DESC, b.rowid DESC LIMIT ${limit}`,
    // staked items at the price they counted for in the bank
    sql`SELECT x.bet_id AS bet_id, ${sql.raw(ITEM_COLUMNS)}, x.price AS price FROM crash_bet_items x
           JOIN inventory_items i ON i.id = x.item_id JOIN catalogue c ON c.id = i.catalogue_id
          WHERE x.bet_id IN (${latestBets(userId, limit)}) ORDER BY x.price DESC, i.id`,
    // the item minted for a won bet, at its minted price
    sql`SELECT b.id AS bet_id, ${sql.raw(ITEM_COLUMNS)}, i.price AS price FROM crash_bets b
           JOIN inventory_items i ON i.id = b.win_item_id JOIN catalogue c ON c.id = i.catalogue_id
          WHERE b.id IN (${latestBets(userId, limit)}) AND b.status = 1`,
  ]);
  const itemsOf = new Map<string, ItemJson[]>();
  for (const r of rowsOf<ItemRow>(items)) {
    const list = itemsOf.get(r.bet_id) ?? [];
    list.push(presentItem(r));
    itemsOf.set(r.bet_id, list);
  }
  const winItemOf = new Map(rowsOf<ItemRow>(winItems).map((r) => [r.bet_id, presentItem(r)]));
  return rowsOf<BetRow>(bets).map((b) => presentBet(b, itemsOf.get(b.id) ?? [], winItemOf.get(b.id) ?? null));
}

function presentItem(r: ItemRow): ItemJson {
  return {
    id: r.id,
    market_hash_name: r.market_hash_name,
    name: r.name,
    image: r.image,
    rarity: r.rarity,
    rarity_color: r.rarity_color,
    price: toDollars(r.price),
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
