// Wheel money and item moves in D1 (docs/money.md "Money rules"), as crash's: the round row, the bet
// batch (base/place-bet.ts) and the win batch; the loss, refund and bonus-share batches are the
// bet rooms' shared moves (base/bet-moves.ts). Each is ONE D1 batch of guarded statements, keyed
// (bet status, ledger idempotency keys, round status) so a replay — the room re-running its
// outbox after an eviction — moves nothing and reports done.
import { notificationContent } from "../../../shared/api/notifications";
import { NOTIFY, WHEEL } from "../../../shared/constants";
import { max } from "drizzle-orm";
import { CRASH_ITEM_COLUMNS } from "../../crash/items";
import { db } from "../../db/client";
import { expectChanges, guard } from "../../db/guards";
import { wheelRounds } from "../../db/schema";
import { notificationOf } from "../../lib/notify";
import { itemValueSql } from "../../prices/valuation";
import { STAKE_PROTECTION_REFUSALS } from "../../protection/guards";
import { all, first, rowsOf, run, type SQL, sql } from "../../db/sql";
import { betMoves, type SettleResult, settleWinGroup as winGroup, type WinBatch, type WinItemPick, winItemNow } from "../base/bet-moves";
import { type PlaceBatch, placeBetBatch, stakedItemsOf } from "../base/place-bet";
import type { RoundRow } from "./effects";
import type { WheelKey } from "./rules";
import type { StakedItem } from "./state";

type D1Env = Pick<Env, "DB">;

/** The guarded bet moves shared with the other bet rooms (rooms/base/bet-moves.ts). */
const moves = betMoves("wheel");

// ── rounds ──────────────────────────────────────────────────────────────────
const statusRank = (column: string) => `CASE ${column} WHEN 'betting' THEN 0 WHEN 'spinning' THEN 1 ELSE 2 END`;

/** Upserts the wheel_rounds row as the room's state says it is now; a row never moves back. */
export async function writeRound(env: D1Env, r: RoundRow): Promise<void> {
  await run(
    env.DB,
    sql`INSERT INTO wheel_rounds (id, public_hash, secret_hash, day_of_month, layout, segment, colour, multiplier, rotate, status, bank, bets_count, items_count, created_at, spin_at, finished_at)
     VALUES (${r.id}, ${r.publicHash}, ${r.secret}, ${r.dayOfMonth}, ${r.layout}, ${r.segment}, ${r.colour}, ${r.multiplier}, ${r.rotate}, ${r.status}, ${r.pot}, ${r.betsCount}, ${r.itemsCount}, ${r.createdAt}, ${r.spinAt}, ${r.finishedAt})
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
  /** the part staked from the balance, cents (absent: items only) */
  value?: number;
  now: number;
  /** the token hash the bettor's request is signed in with (base/place-bet.ts BetBatch.session) */
  session?: string;
}

export type PlaceBetResult = { ok: true; items: StakedItem[] } | { ok: false; message: WheelKey };

/** The guards of a wheel bet batch and their keys (§8). */
const BET_REFUSALS = {
  "user.banned": "user_api.banned",
  "session.ended": "wheel_api.unauthorized",
  ...STAKE_PROTECTION_REFUSALS,
  "bet.round_closed": "wheel_api.already_started",
  "bet.items_unavailable": "wheel_api.item_not_found",
  "balance.insufficient": "wheel_api.no_money",
  "wheel.min_bet": "wheel_api.min_bet",
  "wheel.max_bet": "wheel_api.max_bet",
} as const;

/**
 * Inserts the bet and its items, locks the items (available → in_bet) for their owner and debits
 * the balance part in ONE batch (base/place-bet.ts). The bank is the sum of the items' current
 * values, computed in SQL, plus the balance part, and is bounded by min/max bet. The round must still be betting in D1.
 */
export async function placeBet(env: D1Env, bet: PlaceBet, place: PlaceBatch = placeBetBatch): Promise<PlaceBetResult> {
  const b = { ...bet, value: bet.value ?? 0 };
  const bank = sql`(SELECT bank FROM wheel_bets WHERE id = ${b.betId})`;
  const placed = await place(env, {
    ...b,
    ledger: { game: "wheel", roundId: b.roundId },
    roundOpen: sql`EXISTS (SELECT 1 FROM wheel_rounds WHERE id = ${b.roundId} AND status = 'betting')`,
    rows: (mine, value) => [
      sql`INSERT INTO wheel_bets (id, round_id, user_id, colour, bank, value, status, created_at)
           SELECT ${b.betId}, ${b.roundId}, ${b.userId}, ${b.colour}, COALESCE(SUM(${value}), 0) + ${b.value}, ${b.value}, 0, ${b.now} FROM inventory_items WHERE ${mine}`,
      sql`INSERT INTO wheel_bet_items (bet_id, item_id, price) SELECT ${b.betId}, id, ${value} FROM inventory_items WHERE ${mine}`,
    ],
    after: [guard("wheel.min_bet", sql`${bank} < ${WHEEL.minBetCents}`), guard("wheel.max_bet", sql`${bank} > ${WHEEL.maxBetCents}`)],
    reads: [stakedItemsOf("wheel_bet_items", b.betId)],
    refusals: BET_REFUSALS,
    landed: async () => (await first(env.DB, sql`SELECT 1 AS x FROM wheel_bets WHERE id = ${b.betId}`)) !== null,
  });
  return placed.ok ? { ok: true, items: rowsOf<StakedItem>(placed.results[0]) } : { ok: false, message: placed.key };
}

// ── settling a bet ──────────────────────────────────────────────────────────
export interface SettleWin {
  betId: string;
  roundId: number;
  userId: number;
  /** cents: stake × multiplier */
  win: number;
  /** the item to mint (most expensive catalogue item priced ≤ win), or null: all to balance */
  winItem: { catalogueId: number; price: number } | null;
  /** the landed colour's multiplier (for the bell row) */
  multiplier: number;
  now: number;
}

/**
 * A won bet: the bet row records the win; the staked items go to the house; the win item is
 * minted for the winner at its CURRENT catalogue price (an item now dearer than the win is not
 * minted); the remainder is credited with a 'win' ledger row and its house counterpart.
 */
export async function settleWin(env: D1Env, s: SettleWin): Promise<SettleResult> {
  const { statements, notifies } = winBatch(s, await winItemNow(env, s.winItem, s.win));
  const result = await moves.settle(env, s.betId, statements);
  return notifies && result.results ? { done: result.done, notification: notificationOf(result.results.at(-1)) } : { done: result.done };
}

/** Many wins in ONE batch, all or none (base/bet-moves.ts settleWinGroup): a round's winners at the stop. */
export const settleWinGroup = (env: D1Env, wins: readonly SettleWin[]) => winGroup(env, wins, winBatch);

/** A win's statements at the win item's current price; the bell row last when the win is worth one. */
function winBatch(s: SettleWin, winItem: WinItemPick | null): WinBatch {
  if (!Number.isSafeInteger(s.win) || s.win <= 0) throw new RangeError(`bad win ${s.win}`);
  const remainder = s.win - (winItem?.price ?? 0);
  const statements: SQL[] = [
    sql`UPDATE wheel_bets SET status = 1, win = ${s.win}, remainder = ${remainder}, settled_at = ${s.now} WHERE id = ${s.betId} AND status = 0 AND user_id = ${s.userId}`,
    expectChanges(1),
    ...moves.winStatements(s, winItem, remainder),
  ];
  // the bell row in the same batch, so a replay adds none (docs/money.md "Notifications")
  const notifies = s.win >= NOTIFY.wheelWinMinCents;
  if (notifies)
    statements.push(
      sql`INSERT INTO notifications (user_id, name, content, is_read, created_at)
           VALUES (${s.userId}, 'wheel_win', ${notificationContent.wheelWin(s.win, s.multiplier, null)} || COALESCE(' · ' || (SELECT market_hash_name FROM catalogue WHERE id = ${winItem?.catalogueId ?? null}), ''), 0, ${s.now})
         RETURNING id, name, content, is_read, created_at`,
    );
  return { statements, notifies };
}

/** A lost bet: the bet row turns lost, its items go to the house, its cashback accrues. */
export const settleLoss = moves.settleLoss;

export const settleLossGroup = moves.settleLossGroup;

/** A bet refused after its items were locked: the items are available to their owner again. */
export const refundBet = moves.refundBet;

/** The round's share (1 % of the pot) from the house to the bonus pool, once per round. */
export const bonusShare = moves.bonusShare;
