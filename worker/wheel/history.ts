// A player's wheel bets for the profile (§3 History columns: game, bet, items, placed colour,
// result colour, status, earnings, date) and as settled games for the statistics. Refunded bets
// are neither listed nor counted; the result colour shows only once the round has spun.
import { BET_LOST, BET_PENDING, BET_WON } from "../../shared/api/crash";
import type { WheelHistoryRow } from "../../shared/api/history";
import { toDollars } from "../../shared/money";
import type { WheelColour } from "../../shared/wheel-layout";
import { CRASH_ITEM_COLUMNS, presentCrashItem, type CrashItemRow } from "../crash/items";
import { all, batch, rowsOf, sql } from "../db/sql";
import { olderThan, type Page, pageFrom, type PageRequest, readSize } from "../history/page";
import type { GameResult } from "../user/game-result";

type DbEnv = Pick<Env, "DB">;

interface BetRow {
  id: string;
  round_id: number;
  colour: WheelColour;
  bank: number;
  status: number;
  win: number;
  created_at: number;
  result_colour: WheelColour | null;
  multiplier: number | null;
  at: number;
  key: number;
}

const pageBets = (userId: number, p: PageRequest) =>
  sql`SELECT id FROM wheel_bets WHERE user_id = ${userId} AND status <> 3 AND ${olderThan(p.before, sql`created_at`, sql`rowid`)}
       ORDER BY created_at DESC, rowid DESC LIMIT ${readSize(p)}`;

/** A page of the player's wheel bets, newest first (docs/api.md "History pages"). */
export async function wheelHistory(env: DbEnv, userId: number, p: PageRequest = {}): Promise<Page<WheelHistoryRow>> {
  const [bets, staked, won] = await batch(env.DB, [
    sql`SELECT b.id, b.round_id, b.colour, b.bank, b.status, b.win, b.created_at, r.colour AS result_colour, r.multiplier AS multiplier,
               b.created_at AS at, b.rowid AS key
          FROM wheel_bets b JOIN wheel_rounds r ON r.id = b.round_id
         WHERE b.user_id = ${userId} AND b.status <> 3 AND ${olderThan(p.before, sql`b.created_at`, sql`b.rowid`)}
         ORDER BY b.created_at DESC, b.rowid DESC LIMIT ${readSize(p)}`,
    sql`SELECT x.bet_id AS bet_id, ${CRASH_ITEM_COLUMNS}, x.price AS price
          FROM wheel_bet_items x JOIN inventory_items i ON i.id = x.item_id JOIN catalogue c ON c.id = i.catalogue_id
         WHERE x.bet_id IN (${pageBets(userId, p)}) ORDER BY x.price DESC, i.id`,
    sql`SELECT b.id AS bet_id, ${CRASH_ITEM_COLUMNS}, i.price AS price
          FROM wheel_bets b JOIN inventory_items i ON i.id = b.win_item_id JOIN catalogue c ON c.id = i.catalogue_id
         WHERE b.id IN (${pageBets(userId, p)}) AND b.status = 1`,
  ]);
  const itemsOf = new Map<string, CrashItemRow[]>();
  for (const { bet_id, ...item } of rowsOf<CrashItemRow & { bet_id: string }>(staked)) itemsOf.set(bet_id, [...(itemsOf.get(bet_id) ?? []), item]);
  const wonOf = new Map(rowsOf<CrashItemRow & { bet_id: string }>(won).map(({ bet_id, ...item }) => [bet_id, item]));
  const page = pageFrom(rowsOf<BetRow>(bets), p);
  return {
    rows: page.rows.map((b) => {
      const winItem = wonOf.get(b.id);
      return {
        id: b.id,
        game_id: b.round_id,
        bank: toDollars(b.bank),
        items: (itemsOf.get(b.id) ?? []).map(presentCrashItem),
        colour: b.colour,
        result_colour: b.status === 0 ? null : b.result_colour,
        multiplier: b.status === 1 ? b.multiplier : null,
        is_win: b.status === 1 ? BET_WON : b.status === 2 ? BET_LOST : BET_PENDING,
        win: b.status === 1 ? toDollars(b.win) : 0,
        winItem: winItem ? presentCrashItem(winItem) : null,
        created_at: b.created_at,
      };
    }),
    next: page.next,
  };
}

/** Settled wheel bets as games for the statistics (a won bet's multiplier in hundredths). */
export async function wheelGameResults(env: DbEnv, userId: number): Promise<GameResult[]> {
  return all<GameResult>(
    env.DB,
    sql`SELECT b.bank AS stake, CASE WHEN b.status = 1 THEN b.win ELSE 0 END AS payout, CASE WHEN b.status = 1 THEN r.multiplier * 100 END AS multiplier
          FROM wheel_bets b JOIN wheel_rounds r ON r.id = b.round_id WHERE b.user_id = ${userId} AND b.status IN (1, 2)`,
  );
}
