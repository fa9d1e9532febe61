// A crash item as every crash read selects it: the items staked in bets (at the value each counted
// for in the bank: crash_bet_items.price) and the item minted for a won bet (at its booked price,
// which moves with price refreshes, prices/revaluation.ts). Used by the round pages
// (crash/queries.ts), the profile history (user/crash-history.ts), the room's bets
// (rooms/crash/settlement.ts) and the quiz prize (chat/quiz.ts).
import type { ItemJson } from "../../shared/api/crash";
import { toDollars } from "../../shared/money";
import { rowsOf, type SQL, sql } from "../db/sql";

/** An item row, `price` in cents. */
export interface CrashItemRow {
  id: number;
  market_hash_name: string;
  name: string;
  image: string;
  rarity: string;
  rarity_color: string;
  price: number;
}

/** The display columns of item `i` of catalogue entry `c` (the price comes from the caller). */
export const CRASH_ITEM_COLUMNS = sql.raw(
  "i.id AS id, c.market_hash_name AS market_hash_name, c.name AS name, c.image AS image, c.rarity AS rarity, c.rarity_color AS rarity_color",
);

/** The items staked in the bets `b` (crash_bets) that `where` selects, dearest first. */
export function stakedItemsQuery(where: SQL): SQL {
  return sql`SELECT x.bet_id AS bet_id, ${CRASH_ITEM_COLUMNS}, x.price AS price FROM crash_bet_items x
      JOIN crash_bets b ON b.id = x.bet_id JOIN inventory_items i ON i.id = x.item_id JOIN catalogue c ON c.id = i.catalogue_id
     WHERE ${where} ORDER BY x.price DESC, i.id`;
}

/** The item minted for each won bet `b` (crash_bets) that `where` selects. */
export function wonItemsQuery(where: SQL): SQL {
  return sql`SELECT b.id AS bet_id, ${CRASH_ITEM_COLUMNS}, i.price AS price FROM crash_bets b
      JOIN inventory_items i ON i.id = b.win_item_id JOIN catalogue c ON c.id = i.catalogue_id
     WHERE ${where} AND b.status = 1`;
}

/** The results of stakedItemsQuery and wonItemsQuery, by bet id. */
export function itemsByBet(staked: D1Result | undefined, won: D1Result | undefined) {
  const stakedOf = new Map<string, CrashItemRow[]>();
  for (const { bet_id, ...item } of rowsOf<CrashItemRow & { bet_id: string }>(staked)) {
    const list = stakedOf.get(bet_id) ?? [];
    list.push(item);
    stakedOf.set(bet_id, list);
  }
  const wonOf = new Map(rowsOf<CrashItemRow & { bet_id: string }>(won).map(({ bet_id, ...item }) => [bet_id, item]));
  return { stakedOf, wonOf };
}

export function presentCrashItem(r: CrashItemRow): ItemJson {
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
