// Reads the player's record for the money-withdrawal rules (rules.ts header: what counts as
// deposits, bets, withdrawn and the rolling limit) and the picked items' values now.
import { MONEY_WITHDRAW } from "../../shared/constants";
import { batch, rowsOf, type SQL, sql } from "../db/sql";
import { itemValueSql } from "../prices/valuation";
import { notProtectedSql } from "../skins-deposit/protection";
import type { PickedItem, WagerState } from "./rules";

type DbEnv = Pick<Env, "DB">;

/** The four figures as SQL (one row: deposits, bets, withdrawn, window_used, has_open). */
export function wagerSql(userId: number, now: number): SQL {
  const since = now - MONEY_WITHDRAW.moneyLimitWindowMs;
  return sql`SELECT
      COALESCE((SELECT SUM(delta) FROM ledger WHERE user_id = ${userId} AND account = 'user' AND kind = 'deposit'), 0)
        + COALESCE((SELECT SUM(amount) FROM skin_deposits WHERE user_id = ${userId} AND credited_at IS NOT NULL), 0) AS deposits,
      COALESCE((SELECT SUM(bank) FROM crash_bets WHERE user_id = ${userId} AND status IN (0, 1, 2)), 0)
        + COALESCE((SELECT SUM(price) FROM case_opens WHERE user_id = ${userId}), 0)
        + COALESCE((SELECT SUM(b.price) FROM jackpot_bets b JOIN jackpot_rounds r ON r.id = b.round_id
                     WHERE b.user_id = ${userId} AND r.status <> 'refunded'), 0)
        + COALESCE((SELECT SUM(bank) FROM wheel_bets WHERE user_id = ${userId} AND status IN (0, 1, 2)), 0) AS bets,
      COALESCE((SELECT SUM(amount) FROM money_withdrawals WHERE user_id = ${userId} AND status <> 'canceled'), 0) AS withdrawn,
      COALESCE((SELECT SUM(amount) FROM money_withdrawals WHERE user_id = ${userId} AND status <> 'canceled' AND created_at > ${since}), 0) AS window_used,
      EXISTS (SELECT 1 FROM money_withdrawals WHERE user_id = ${userId} AND status IN ('moderation', 'sending')) AS has_open`;
}

export function wagerOf(r: D1Result | undefined): WagerState {
  const row = rowsOf<Record<string, number>>(r)[0] ?? {};
  return {
    deposits: Number(row.deposits ?? 0),
    bets: Number(row.bets ?? 0),
    withdrawn: Number(row.withdrawn ?? 0),
    windowUsed: Number(row.window_used ?? 0),
    hasOpen: Number(row.has_open ?? 0) === 1,
  };
}

export async function readWager(env: DbEnv, userId: number, now = Date.now()): Promise<WagerState> {
  const [w] = await batch(env.DB, [wagerSql(userId, now)]);
  return wagerOf(w);
}

/** The wager figures and the picked items (value now, trade protection) in one read. */
export async function readCreateState(env: DbEnv, userId: number, ids: readonly number[], now = Date.now()) {
  const [w, items] = await batch(env.DB, [
    wagerSql(userId, now),
    sql`SELECT id, owner_id, status, ${sql.raw(itemValueSql("inventory_items"))} AS price, ${sql.raw(notProtectedSql("inventory_items", now))} AS tradable
          FROM inventory_items WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  ]);
  return {
    wager: wagerOf(w),
    items: rowsOf<{ id: number; owner_id: number | null; status: string; price: number; tradable: number }>(items).map(
      (r): PickedItem => ({ id: r.id, ownerId: r.owner_id, status: r.status, price: Number(r.price), tradeProtected: Number(r.tradable) !== 1 }),
    ),
  };
}
