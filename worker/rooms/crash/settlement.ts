// Crash money and item moves in D1 (docs/money.md "Money rules"): the round row, the bet batch
// (base/place-bet.ts) and the win batch; the loss, refund and bonus-share batches are the bet
// rooms' shared moves (base/bet-moves.ts). Each is ONE D1 batch of guarded statements, keyed (bet
// status, ledger idempotency keys, round status), so a replay — the room re-running its outbox
// after an eviction — moves nothing and reports done.
import { notificationContent } from "../../../shared/api/notifications";
import { NOTIFY } from "../../../shared/constants";
import { currentRoundId } from "../../crash/queries";
import { expectChanges, guard } from "../../db/guards";
import { first, rowsOf, run, type SQL, sql } from "../../db/sql";
import { notificationOf } from "../../lib/notify";
import { betMoves, type SettleResult, settleWinGroup as winGroup, type WinBatch, type WinItemPick, winItemNow } from "../base/bet-moves";
import { type PlaceBatch, placeBetBatch, stakedItemsOf } from "../base/place-bet";
import type { RoundRow } from "./effects";
import type { StakedItem } from "./state";
import { type ProtectionRefusal, STAKE_PROTECTION_REFUSALS } from "../../protection/guards";

type D1Env = Pick<Env, "DB">;

/** The guarded bet moves shared with the other bet rooms (rooms/base/bet-moves.ts). */
const moves = betMoves("crash");

// ── rounds ──────────────────────────────────────────────────────────────────
const statusRank = (column: string) => `CASE ${column} WHEN 'waiting' THEN 0 WHEN 'running' THEN 1 ELSE 2 END`;

/**
 * Upserts the crash_rounds row as the room's state says it is now. Rows are absolute, and a row
 * never moves back (waiting → running → crashed | voided), so an old row retried late changes
 * nothing. The secret and the point are written only with a crashed row.
 */
export async function writeRound(env: D1Env, r: RoundRow): Promise<void> {
  const crashed = r.status === "crashed";
  await run(
    env.DB,
    sql`INSERT INTO crash_rounds (id, public_hash, secret_hash, day_of_month, crash_point, status, provably_fair, bank, bets_count, items_count, created_at, started_at, crashed_at)
     VALUES (${r.id}, ${r.publicHash}, ${crashed ? r.secret : null}, ${r.dayOfMonth}, ${crashed ? r.crashPoint : null}, ${r.status}, ${r.provablyFair ? 1 : 0}, ${r.pot}, ${r.betsCount}, ${r.itemsCount}, ${r.createdAt}, ${r.startedAt}, ${r.crashedAt})
     ON CONFLICT(id) DO UPDATE SET secret_hash = excluded.secret_hash, crash_point = excluded.crash_point, status = excluded.status,
       provably_fair = excluded.provably_fair, bank = excluded.bank, bets_count = excluded.bets_count, items_count = excluded.items_count,
       started_at = excluded.started_at, crashed_at = excluded.crashed_at
     WHERE ${sql.raw(statusRank("excluded.status"))} >= ${sql.raw(statusRank("crash_rounds.status"))}
       AND crash_rounds.status NOT IN ('crashed', 'voided')`,
  );
}

export const orphanBets = moves.orphanBets;

/** The newest round id in D1 (0 before the first): a room with empty storage continues after it. */
export async function lastRoundId(env: D1Env): Promise<number> {
  return (await currentRoundId(env)) ?? 0;
}

// ── placing a bet ───────────────────────────────────────────────────────────
export interface PlaceBet {
  betId: string;
  roundId: number;
  userId: number;
  itemIds: number[];
  /** the part staked from the balance, cents (absent: items only) */
  value?: number;
  /** hundredths; 999999 = manual */
  autoWithdraw: number;
  now: number;
  /** the token hash the bettor's socket identified with (base/place-bet.ts BetBatch.session) */
  session?: string;
}

export type PlaceBetResult =
  | { ok: true; stake: number; items: StakedItem[] }
  | {
      ok: false;
      message:
        | "crash_api.items_unavailable"
        | "crash_api.same_multiplier"
        | "crash_api.game_started"
        | "crash_api.no_items"
        | "crash_api.no_money"
        | "crash_api.unauthorized"
        | "user_api.banned"
        | ProtectionRefusal;
    };

/** The guards of a crash bet batch and their keys (§8). */
const BET_REFUSALS = {
  "user.banned": "user_api.banned",
  "session.ended": "crash_api.unauthorized",
  ...STAKE_PROTECTION_REFUSALS,
  // a round already running (or unknown) in D1 refuses the bet too
  "bet.round_closed": "crash_api.game_started",
  "bet.items_unavailable": "crash_api.items_unavailable",
  "balance.insufficient": "crash_api.no_money",
  "crash.same_multiplier": "crash_api.same_multiplier",
} as const;

/**
 * Inserts the bet and its items, locks the items (available → in_bet) for their owner and debits
 * the balance part in ONE batch (base/place-bet.ts). The stake is the sum of the items' values —
 * their current catalogue prices (prices/valuation.ts), computed in SQL — plus the balance part. One bet per target a round (§5): a second one
 * at the same auto-withdraw is refused by its guard.
 */
export async function placeBet(env: D1Env, bet: PlaceBet, place: PlaceBatch = placeBetBatch): Promise<PlaceBetResult> {
  const b = { ...bet, value: bet.value ?? 0 };
  if (b.itemIds.length === 0 && b.value === 0) return { ok: false, message: "crash_api.no_items" };
  const read = stakedItemsOf("crash_bet_items", b.betId);
  const placed = await place(env, {
    ...b,
    ledger: { game: "crash", roundId: b.roundId },
    roundOpen: sql`EXISTS (SELECT 1 FROM crash_rounds WHERE id = ${b.roundId} AND status = 'waiting')`,
    rows: (mine, value) => [
      guard(
        "crash.same_multiplier",
        sql`EXISTS (SELECT 1 FROM crash_bets WHERE round_id = ${b.roundId} AND user_id = ${b.userId} AND auto_withdraw = ${b.autoWithdraw})`,
      ),
      sql`INSERT INTO crash_bets (id, round_id, user_id, bank, value, auto_withdraw, status, created_at)
           SELECT ${b.betId}, ${b.roundId}, ${b.userId}, COALESCE(SUM(${value}), 0) + ${b.value}, ${b.value}, ${b.autoWithdraw}, 0, ${b.now} FROM inventory_items WHERE ${mine}`,
      sql`INSERT INTO crash_bet_items (bet_id, item_id, price) SELECT ${b.betId}, id, ${value} FROM inventory_items WHERE ${mine}`,
    ],
    reads: [read],
    refusals: BET_REFUSALS,
    landed: async () => (await first(env.DB, sql`SELECT 1 AS x FROM crash_bets WHERE id = ${b.betId}`)) !== null,
  });
  if (!placed.ok) return { ok: false, message: placed.key };
  const items = rowsOf<StakedItem>(placed.results[0]);
  return { ok: true, stake: items.reduce((sum, i) => sum + i.price, b.value), items };
}

// ── settling a bet ──────────────────────────────────────────────────────────

export interface SettleWin {
  betId: string;
  roundId: number;
  userId: number;
  /** hundredths */
  cashout: number;
  /** cents: floor(stake × cashout / 100) */
  win: number;
  /** the item to mint (most expensive catalogue item priced ≤ win), or null: all to balance */
  winItem: WinItemPick | null;
  now: number;
}

/**
 * A won bet: the bet row records the cash-out; the staked items go to the house; the win item
 * is minted for the winner at its catalogue price; the remainder (win − item price) is credited
 * with a 'win' ledger row and its house counterpart. The item's value (win − remainder) is the
 * house's item payout; the item's booked price then moves with price refreshes like any held item.
 */
export async function settleWin(env: D1Env, s: SettleWin): Promise<SettleResult> {
  const { statements, notifies } = winBatch(s, await winItemNow(env, s.winItem, s.win));
  const result = await moves.settle(env, s.betId, statements);
  return notifies && result.results ? { done: result.done, notification: notificationOf(result.results.at(-1)) } : { done: result.done };
}

/** Many wins in ONE batch, all or none (base/bet-moves.ts settleWinGroup). */
export const settleWinGroup = (env: D1Env, wins: readonly SettleWin[]) => winGroup(env, wins, winBatch);

/** A win's statements at the win item's current price; a bell row last when the win is worth one. */
function winBatch(s: SettleWin, winItem: WinItemPick | null): WinBatch {
  if (!Number.isSafeInteger(s.win) || s.win - (s.winItem?.price ?? 0) < 0) throw new RangeError(`bad win ${s.win} / item ${s.winItem?.price ?? 0}`);
  const remainder = s.win - (winItem?.price ?? 0);
  const statements: SQL[] = [
    sql`UPDATE crash_bets SET status = 1, cashout = ${s.cashout}, win = ${s.win}, remainder = ${remainder}, settled_at = ${s.now} WHERE id = ${s.betId} AND status = 0 AND user_id = ${s.userId}`,
    expectChanges(1),
    ...moves.winStatements(s, winItem, remainder),
  ];
  const notifies = s.win >= NOTIFY.crashWinMinCents;
  if (notifies) statements.push(winNotificationStatement(s, winItem));
  return { statements, notifies };
}

/**
 * The bell row of a real gain, in the win's batch: only when the payout beats the stake (read
 * from the bet row's bank column; a $0.05 bet at ×1.10 pays $0.05 and is no news). Content: "$win · ×m · item".
 */
function winNotificationStatement(s: SettleWin, winItem: WinItemPick | null): SQL {
  return sql`INSERT INTO notifications (user_id, name, content, is_read, created_at)
       SELECT ${s.userId}, 'crash_win', ${notificationContent.crashWin(s.win, s.cashout, null)} || COALESCE(' · ' || (SELECT market_hash_name FROM catalogue WHERE id = ${winItem?.catalogueId ?? null}), ''), 0, ${s.now}
         FROM crash_bets WHERE id = ${s.betId} AND bank < ${s.win}
       RETURNING id, name, content, is_read, created_at`;
}

/** A lost bet: the bet row turns lost, its items go to the house, its cashback accrues. */
export const settleLoss = moves.settleLoss;

export const settleLossGroup = moves.settleLossGroup;

/** A voided round's bet: the items are available to their owner again, the bet is refunded. */
export const refundBet = moves.refundBet;

/** The round's share (1 % of the pot) from the house to the bonus pool, once per round. */
export const bonusShare = moves.bonusShare;
