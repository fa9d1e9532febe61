// A player's wheel bets for the profile (§3 History columns: game, bet, items, placed colour,
// result colour, status, earnings, date) and as settled games for the statistics. Refunded bets
// are neither listed nor counted; the result colour shows only once the round has spun.
import { USER_API } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { presentCrashItem, type CrashItemRow } from "../crash/items";
import { all, batch, rowsOf, sql } from "../db/sql";
import type { GameResult } from "../user/game-result";

type DbEnv = Pick<Env, "DB">;

interface BetRow {
  id: string;
  round_id: number;
  colour: string;
  bank: number;
  status: number;
  win: number;
  created_at: number;
  result_colour: string | null;
  multiplier: number | null;
}

const latestBets = (userId: number, limit: number) =>
  sql`SELECT id FROM wheel_bets WHERE user_id = ${userId} AND status <> 3 ORDER BY created_at DESC, rowid DESC LIMIT ${limit}`;

/** The newest bets, as loose rows of the profile's history lists (shared/api/user.ts historyRows). */
export async function wheelHistory(env: DbEnv, userId: number, limit: number = USER_API.historyRows): Promise<Record<string, unknown>[]> {
  const [bets, staked, won] = await batch(env.DB, [
    sql`SELECT b.id, b.round_id, b.colour, b.bank, b.status, b.win, b.created_at, r.colour AS result_colour, r.multiplier AS multiplier
          FROM wheel_bets b JOIN wheel_rounds r ON r.id = b.round_id
         WHERE b.user_id = ${userId} AND b.status <> 3 ORDER BY b.created_at DESC, b.rowid DESC LIMIT ${limit}`,
    sql`SELECT x.bet_id AS bet_id, i.id AS id, c.market_hash_name AS market_hash_name, c.name AS name, c.image AS image, c.rarity AS rarity,
               c.rarity_color AS rarity_color, x.price AS price
          FROM wheel_bet_items x JOIN inventory_items i ON i.id = x.item_id JOIN catalogue c ON c.id = i.catalogue_id
         WHERE x.bet_id IN (${latestBets(userId, limit)}) ORDER BY x.price DESC, i.id`,
    sql`SELECT b.id AS bet_id, i.id AS id, c.market_hash_name AS market_hash_name, c.name AS name, c.image AS image, c.rarity AS rarity,
               c.rarity_color AS rarity_color, i.price AS price
          FROM wheel_bets b JOIN inventory_items i ON i.id = b.win_item_id JOIN catalogue c ON c.id = i.catalogue_id
         WHERE b.id IN (${latestBets(userId, limit)}) AND b.status = 1`,
  ]);
  const itemsOf = new Map<string, CrashItemRow[]>();
  for (const { bet_id, ...item } of rowsOf<CrashItemRow & { bet_id: string }>(staked)) itemsOf.set(bet_id, [...(itemsOf.get(bet_id) ?? []), item]);
  const wonOf = new Map(rowsOf<CrashItemRow & { bet_id: string }>(won).map(({ bet_id, ...item }) => [bet_id, item]));
  return rowsOf<BetRow>(bets).map((b) => {
    const winItem = wonOf.get(b.id);
    return {
      id: b.id,
      game_id: b.round_id,
      bank: toDollars(b.bank),
      items: (itemsOf.get(b.id) ?? []).map(presentCrashItem),
      colour: b.colour,
      result_colour: b.status === 0 ? null : b.result_colour,
      multiplier: b.status === 1 ? b.multiplier : null,
      is_win: b.status === 1 ? 1 : b.status === 2 ? 2 : 0,
      win: b.status === 1 ? toDollars(b.win) : 0,
      winItem: winItem ? presentCrashItem(winItem) : null,
      created_at: b.created_at,
    };
  });
}

/** Settled wheel bets as games for the statistics (a won bet's multiplier in hundredths). */
export async function wheelGameResults(env: DbEnv, userId: number): Promise<GameResult[]> {
  return all<GameResult>(
    env.DB,
    sql`SELECT b.bank AS stake, CASE WHEN b.status = 1 THEN b.win ELSE 0 END AS payout, CASE WHEN b.status = 1 THEN r.multiplier * 100 END AS multiplier
          FROM wheel_bets b JOIN wheel_rounds r ON r.id = b.round_id WHERE b.user_id = ${userId} AND b.status IN (1, 2)`,
  );
}
