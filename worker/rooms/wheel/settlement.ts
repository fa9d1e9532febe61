// Wheel money and item moves in D1 (README "Money rules"), as crash's: each function is ONE D1
// batch (a transaction) of guarded updates, keyed (bet status guard, ledger idempotency keys,
// round status guard) so a replay — the room re-running its outbox after an eviction — moves
// nothing and reports done.
import { notificationContent } from "../../../shared/api/notifications";
import type { NotificationJson } from "../../../shared/api/user";
import { NOTIFY, WHEEL } from "../../../shared/constants";
import { eq, max } from "drizzle-orm";
import { CRASH_ITEM_COLUMNS } from "../../crash/items";
import { db } from "../../db/client";
import { betMoves, winItemNow } from "../base/bet-moves";
import { classifyBatchError, expectChanges } from "../../db/ledger";
import { users, wheelBets, wheelRounds } from "../../db/schema";
import { notificationOf } from "../../lib/notify";
import { itemValueSql } from "../../prices/valuation";
import { all, batch, run, type SQL, sql } from "../../db/sql";
import type { RoundRow } from "./effects";
import type { WheelKey } from "./rules";
import type { StakedItem } from "./state";

type D1Env = Pick<Env, "DB">;

/** The guarded bet moves shared with the other bet rooms (rooms/base/bet-moves.ts). */
const moves = betMoves("wheel");

export const BET_STATUS = { pending: 0, won: 1, lost: 2, refunded: 3 } as const;

// ── rounds ──────────────────────────────────────────────────────────────────
const statusRank = (column: string) => `CASE ${column} WHEN 'betting' THEN 0 WHEN 'spinning' THEN 1 ELSE 2 END`;

/** Upserts the wheel_rounds row as the room's state says it is now; a row never moves back. */
export async function writeRound(env: D1Env, r: RoundRow): Promise<void> {
  await run(
    env.DB,
    sql`INSERT INTO wheel_rounds (id, public_hash, secret_hash, day_of_month, layout, segment, colour, multiplier, rotate, status, bank, bets_count, items_count, created_at, spin_at, finished_at)
     VALUES (${r.id}, ${r.publicHash}, ${r.secretHash}, ${r.dayOfMonth}, ${r.layout}, ${r.segment}, ${r.colour}, ${r.multiplier}, ${r.rotate}, ${r.status}, ${r.bank}, ${r.betsCount}, ${r.itemsCount}, ${r.createdAt}, ${r.spinAt}, ${r.finishedAt})
     ON CONFLICT(id) DO UPDATE SET secret_hash = excluded.secret_hash, segment = excluded.segment, colour = excluded.colour, multiplier = excluded.multiplier,
       rotate = excluded.rotate, status = excluded.status, bank = excluded.bank, bets_count = excluded.bets_count, items_count = excluded.items_count,
       spin_at = excluded.spin_at, finished_at = excluded.finished_at
     WHERE ${sql.raw(statusRank("excluded.status"))} >= ${sql.raw(statusRank("wheel_rounds.status"))}
       AND wheel_rounds.status NOT IN ('finished', 'voided')`,
  );
}

export const orphanBets = moves.orphanBets;

/** The newest round id in D1 (0 before the first). */
export async function lastRoundId(env: D1Env): Promise<number> {
  const row = await db(env)
    .select({ id: max(wheelRounds.id) })
    .from(wheelRounds)
    .get();
  return row?.id ?? 0;
}

// ── placing a bet ───────────────────────────────────────────────────────────
const itemValue = sql.raw(itemValueSql("inventory_items"));

/** The user's available items among `itemIds` at their current value (cents), dearest first. */
export async function availableItems(env: D1Env, userId: number, itemIds: readonly number[]): Promise<StakedItem[]> {
  const ids = JSON.stringify(itemIds);
  return all<StakedItem>(
    env.DB,
    sql`SELECT ${CRASH_ITEM_COLUMNS}, ${sql.raw(itemValueSql("i"))} AS price FROM inventory_items i JOIN catalogue c ON c.id = i.catalogue_id
         WHERE i.id IN (SELECT value FROM json_each(${ids})) AND i.owner_id = ${userId} AND i.status = 'available' ORDER BY price DESC, i.id`,
  );
}

export interface PlaceBet {
  betId: string;
  roundId: number;
  userId: number;
  colour: string;
  itemIds: number[];
  now: number;
}

export type PlaceBetResult = { ok: true; items: StakedItem[] } | { ok: false; message: WheelKey };

/**
 * Inserts the bet and its items and locks the items (available → in_bet) for their owner in ONE
 * batch. The value is the sum of the items' current values, computed in SQL and bounded by
 * min/max bet. An item not owned, not available, or staked twice (even by a racing batch)
 * changes fewer rows than asked: nothing is written. The round must still be betting in D1.
 */
export async function placeBet(env: D1Env, b: PlaceBet): Promise<PlaceBetResult> {
  const ids = JSON.stringify(b.itemIds);
  const mine = sql`id IN (SELECT value FROM json_each(${ids})) AND owner_id = ${b.userId} AND status = 'available'`;
  const itemsOfBet = sql`SELECT ${CRASH_ITEM_COLUMNS}, w.price AS price FROM wheel_bet_items w JOIN inventory_items i ON i.id = w.item_id JOIN catalogue c ON c.id = i.catalogue_id WHERE w.bet_id = ${b.betId} ORDER BY w.price DESC, i.id`;
  try {
    const results = await batch(env.DB, [
      sql`INSERT INTO wheel_bets (id, round_id, user_id, colour, bank, status, created_at)
           SELECT ${b.betId}, ${b.roundId}, ${b.userId}, ${b.colour}, COALESCE(SUM(${itemValue}), 0), 0, ${b.now} FROM inventory_items
            WHERE ${mine} AND EXISTS (SELECT 1 FROM users WHERE id = ${b.userId} AND banned = 0)`,
      sql`INSERT INTO wheel_bet_items (bet_id, item_id, price) SELECT ${b.betId}, id, ${itemValue} FROM inventory_items WHERE ${mine}`,
      sql`UPDATE inventory_items SET status = 'in_bet', updated_at = ${b.now} WHERE ${mine}`,
      expectChanges(b.itemIds.length),
      sql`INSERT INTO batch_guard (failed) SELECT 2 WHERE NOT EXISTS (SELECT 1 FROM wheel_rounds WHERE id = ${b.roundId} AND status = 'betting')`,
      sql`INSERT INTO batch_guard (failed) SELECT 3 WHERE (SELECT bank FROM wheel_bets WHERE id = ${b.betId}) NOT BETWEEN ${WHEEL.minBetCents} AND ${WHEEL.maxBetCents}`,
      itemsOfBet,
    ]);
    return { ok: true, items: (results.at(-1)?.results ?? []) as StakedItem[] };
  } catch (err) {
    const msg = String(err instanceof Error ? err.message : err);
    if (/wheel_bets_bank_pos/i.test(msg)) {
      const user = await db(env).select({ banned: users.banned }).from(users).where(eq(users.id, b.userId)).get();
      return { ok: false, message: user?.banned ? "user_api.banned" : "wheel_api.item_not_found" };
    }
    if (/UNIQUE constraint failed: wheel_bets\.id/i.test(msg)) return { ok: false, message: "wheel_api.item_not_found" };
    if (/FOREIGN KEY/i.test(msg)) return { ok: false, message: "wheel_api.already_started" };
    if (classifyBatchError(err) === "guard") {
      const round = await db(env).select({ status: wheelRounds.status }).from(wheelRounds).where(eq(wheelRounds.id, b.roundId)).get();
      if (round?.status !== "betting") return { ok: false, message: "wheel_api.already_started" };
      // the items moved (or their value passed a bound since the room read them)
      const now = await availableItems(env, b.userId, b.itemIds);
      if (now.length !== b.itemIds.length) return { ok: false, message: "wheel_api.item_not_found" };
      const value = now.reduce((s, i) => s + i.price, 0);
      return {
        ok: false,
        message: value < WHEEL.minBetCents ? "wheel_api.min_bet" : value > WHEEL.maxBetCents ? "wheel_api.max_bet" : "wheel_api.item_not_found",
      };
    }
    // an unknown failure (the connection dropped...): the batch may have landed all the same
    const landed = await db(env)
      .select({ id: wheelBets.id })
      .from(wheelBets)
      .where(eq(wheelBets.id, b.betId))
      .get()
      .catch(() => null);
    if (landed) return { ok: true, items: await all<StakedItem>(env.DB, itemsOfBet) };
    throw err;
  }
}

// ── settling a bet ──────────────────────────────────────────────────────────
export interface SettleWin {
  betId: string;
  roundId: number;
  userId: number;
  /** cents: bank × multiplier */
  win: number;
  /** the item to mint (most expensive catalogue item priced ≤ win), or null: all to balance */
  winItem: { catalogueId: number; price: number } | null;
  /** the landed colour's multiplier (for the bell row) */
  multiplier: number;
  now: number;
}

export type SettleResult = {
  done: "settled" | "replay";
  /** the bell row the batch wrote (a win worth telling), to push once committed */
  notification?: NotificationJson | null;
};

/**
 * A won bet: the bet row records the win; the staked items go to the house; the win item is
 * minted for the winner at its CURRENT catalogue price (an item now dearer than the win is not
 * minted); the remainder is credited with a 'win' ledger row and its house counterpart.
 */
export async function settleWin(env: D1Env, s: SettleWin): Promise<SettleResult> {
  if (!Number.isSafeInteger(s.win) || s.win <= 0) throw new RangeError(`bad win ${s.win}`);
  const winItem = await winItemNow(env, s.winItem, s.win);
  const remainder = s.win - (winItem?.price ?? 0);
  const statements: SQL[] = [
    sql`UPDATE wheel_bets SET status = 1, win = ${s.win}, remainder = ${remainder}, settled_at = ${s.now} WHERE id = ${s.betId} AND status = 0 AND user_id = ${s.userId}`,
    expectChanges(1),
    ...moves.winStatements(s, winItem, remainder),
  ];
  // the bell row in the same batch, so a replay adds none (README "Notifications")
  const notifies = s.win >= NOTIFY.wheelWinMinCents;
  if (notifies)
    statements.push(
      sql`INSERT INTO notifications (user_id, name, content, is_read, created_at)
           VALUES (${s.userId}, 'wheel_win', ${notificationContent.wheelWin(s.win, s.multiplier, null)} || COALESCE(' · ' || (SELECT market_hash_name FROM catalogue WHERE id = ${winItem?.catalogueId ?? null}), ''), 0, ${s.now})
         RETURNING id, name, content, is_read, created_at`,
    );
  const result = await runSettlement(env, s.betId, statements);
  return notifies && result.results ? { done: result.done, notification: notificationOf(result.results.at(-1)) } : { done: result.done };
}

export interface SettleLoss {
  betId: string;
  userId: number;
  now: number;
}

export async function settleLoss(env: D1Env, s: SettleLoss): Promise<SettleResult> {
  return runSettlement(env, s.betId, moves.lossStatements(s));
}

export const settleLossGroup = moves.settleLossGroup;

/** A bet refused after its items were locked: the items are available to their owner again. */
export async function refundBet(env: D1Env, s: { betId: string; userId: number; now: number }): Promise<SettleResult> {
  return runSettlement(env, s.betId, moves.refundStatements(s));
}

/** The round's share (1 % of the bank) from the house to the bonus pool, once per round. */
export const bonusShare = moves.bonusShare;

/** A guard or key failure on a bet already settled is a replay; on a pending one a fault (thrown, retried). */
async function runSettlement(env: D1Env, betId: string, statements: SQL[]): Promise<SettleResult & { results?: D1Result[] }> {
  try {
    const results = await batch(env.DB, statements);
    return { done: "settled", results };
  } catch (err) {
    const kind = classifyBatchError(err);
    if (kind === "guard" || kind === "replay") {
      const bet = await db(env).select({ status: wheelBets.status }).from(wheelBets).where(eq(wheelBets.id, betId)).get();
      if (bet && bet.status !== BET_STATUS.pending) return { done: "replay" };
    }
    throw err;
  }
}
