// Crash money and item moves in D1 (README "Money rules"). Each function is ONE
// D1 batch (a transaction): guarded updates + expectChanges, so a batch either lands whole or
// not at all. Each is keyed (bet status guard, ledger idempotency keys, round status guard), so
// a replay — the room re-running its outbox after an eviction — moves nothing and reports done.
import { notificationContent } from "../../../shared/api/notifications";
import type { NotificationJson } from "../../../shared/api/user";
import { NOTIFY } from "../../../shared/constants";
import { and, eq, gt, isNull } from "drizzle-orm";
import { CRASH_ITEM_COLUMNS } from "../../crash/items";
import { currentRoundId } from "../../crash/queries";
import { db } from "../../db/client";
import { betMoves, type WinItemPick, winItemNow } from "../base/bet-moves";
import { classifyBatchError, expectChanges } from "../../db/ledger";
import { crashBets, crashRounds, sessions, users } from "../../db/schema";
import { notificationOf } from "../../lib/notify";
import { itemValueSql } from "../../prices/valuation";
import type { RoundRow } from "./effects";
import type { StakedItem } from "./state";
import { all, batch, rowsOf, run, type SQL, sql } from "../../db/sql";

type D1Env = Pick<Env, "DB">;

/** The guarded bet moves shared with the other bet rooms (rooms/base/bet-moves.ts). */
const moves = betMoves("crash");

export const BET_STATUS = { pending: 0, won: 1, lost: 2, refunded: 3 } as const;

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
     VALUES (${r.id}, ${r.publicHash}, ${crashed ? r.secretHash : null}, ${r.dayOfMonth}, ${crashed ? r.crashPoint : null}, ${r.status}, ${r.provablyFair ? 1 : 0}, ${r.bank}, ${r.betsCount}, ${r.itemsCount}, ${r.createdAt}, ${r.startedAt}, ${r.crashedAt})
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
  /** hundredths; 999999 = manual */
  autoWithdraw: number;
  now: number;
  /**
   * The token hash the bettor's socket identified with: the bet lands only while that session is
   * live (a logout the room did not hear of still refuses it). The room always passes it; tests
   * that seed bets directly may leave it out.
   */
  session?: string;
}

export type PlaceBetResult =
  | { ok: true; bank: number; items: StakedItem[] }
  | {
      ok: false;
      message:
        | "crash_api.items_unavailable"
        | "crash_api.same_multiplier"
        | "crash_api.game_started"
        | "crash_api.no_items"
        | "crash_api.unauthorized"
        | "user_api.banned";
    };

/**
 * Inserts the bet and its items and locks the items (available → in_bet) for their owner. The
 * bank is the sum of the items' values — their current catalogue prices (prices/valuation.ts) —
 * computed in SQL. An item not owned, not available,
 * or staked twice (even by a racing batch) changes fewer rows than asked: nothing is written.
 */
export async function placeBet(env: D1Env, b: PlaceBet): Promise<PlaceBetResult> {
  if (b.itemIds.length === 0) return { ok: false, message: "crash_api.no_items" };
  const d1 = env.DB;
  const ids = JSON.stringify(b.itemIds);
  const itemValue = sql.raw(itemValueSql("inventory_items"));
  const itemsOfBet = sql`SELECT ${CRASH_ITEM_COLUMNS}, b.price AS price FROM crash_bet_items b JOIN inventory_items i ON i.id = b.item_id JOIN catalogue c ON c.id = i.catalogue_id WHERE b.bet_id = ${b.betId} ORDER BY b.price DESC, i.id`;
  const placed = (items: StakedItem[]) => ({ ok: true as const, bank: items.reduce((sum, i) => sum + i.price, 0), items });
  const mine = sql`id IN (SELECT value FROM json_each(${ids})) AND owner_id = ${b.userId} AND status = 'available'`;
  try {
    const results = await batch(d1, [
      sql`INSERT INTO crash_bets (id, round_id, user_id, bank, auto_withdraw, status, created_at)
           SELECT ${b.betId}, ${b.roundId}, ${b.userId}, COALESCE(SUM(${itemValue}), 0), ${b.autoWithdraw}, 0, ${b.now} FROM inventory_items
            WHERE ${mine} AND EXISTS (SELECT 1 FROM users WHERE id = ${b.userId} AND banned = 0)
              AND (${b.session ?? null} IS NULL OR EXISTS (SELECT 1 FROM sessions WHERE token_hash = ${b.session ?? null} AND user_id = ${b.userId} AND revoked_at IS NULL AND expires_at > ${b.now}))`,
      sql`INSERT INTO crash_bet_items (bet_id, item_id, price) SELECT ${b.betId}, id, ${itemValue} FROM inventory_items WHERE ${mine}`,
      sql`UPDATE inventory_items SET status = 'in_bet', updated_at = ${b.now} WHERE ${mine}`,
      expectChanges(b.itemIds.length),
      // a round already running (or unknown) in D1 refuses the bet too; its totals are the room's to write
      sql`INSERT INTO batch_guard (failed) SELECT 2 WHERE NOT EXISTS (SELECT 1 FROM crash_rounds WHERE id = ${b.roundId} AND status = 'waiting')`,
      itemsOfBet,
    ]);
    return placed(rowsOf<StakedItem>(results.at(-1)));
  } catch (err) {
    const msg = String(err instanceof Error ? err.message : err);
    if (/UNIQUE constraint failed: crash_bets\.round_id/i.test(msg)) return { ok: false, message: "crash_api.same_multiplier" };
    if (/crash_bets_bank_pos/i.test(msg)) {
      // nothing to stake: the items are gone, or the bettor was banned or signed out since he connected
      const user = await db(env).select({ banned: users.banned }).from(users).where(eq(users.id, b.userId)).get();
      if (user?.banned) return { ok: false, message: "user_api.banned" };
      if (b.session && (await sessionEnded(env, b.session, b.now))) return { ok: false, message: "crash_api.unauthorized" };
      return { ok: false, message: "crash_api.items_unavailable" };
    }
    if (/UNIQUE constraint failed: crash_bets\.id/i.test(msg)) return { ok: false, message: "crash_api.items_unavailable" };
    if (/FOREIGN KEY/i.test(msg)) return { ok: false, message: "crash_api.game_started" }; // no such round
    if (classifyBatchError(err) === "guard") {
      // which guard: the items one (nothing staked) or the round one (not waiting any more)
      const round = await db(env).select({ status: crashRounds.status }).from(crashRounds).where(eq(crashRounds.id, b.roundId)).get();
      return { ok: false, message: round?.status === "waiting" ? "crash_api.items_unavailable" : "crash_api.game_started" };
    }
    // an unknown failure (the connection dropped...): the batch may have landed all the same
    const landed = await db(env)
      .select({ id: crashBets.id })
      .from(crashBets)
      .where(eq(crashBets.id, b.betId))
      .get()
      .catch(() => null);
    if (landed) return placed(await all<StakedItem>(d1, itemsOfBet));
    throw err;
  }
}

async function sessionEnded(env: D1Env, session: string, now: number): Promise<boolean> {
  const live = await db(env)
    .select({ user: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, session), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .get();
  return !live;
}

// ── settling a bet ──────────────────────────────────────────────────────────

export interface SettleWin {
  betId: string;
  roundId: number;
  userId: number;
  /** hundredths */
  cashout: number;
  /** cents: floor(bank × cashout / 100) */
  win: number;
  /** the item to mint (most expensive catalogue item priced ≤ win), or null: all to balance */
  winItem: WinItemPick | null;
  now: number;
}

export type SettleResult = {
  done: "settled" | "replay";
  /** the bell row the batch wrote (a win worth telling), to push once committed */
  notification?: NotificationJson | null;
};

/**
 * A won bet: the bet row records the cash-out; the staked items go to the house; the win item
 * is minted for the winner at its catalogue price; the remainder (win − item price) is credited
 * with a 'win' ledger row and its house counterpart. The item's value (win − remainder) is the
 * house's item payout; the item's booked price then moves with price refreshes like any held item.
 */
export async function settleWin(env: D1Env, s: SettleWin): Promise<SettleResult> {
  if (!Number.isSafeInteger(s.win) || s.win - (s.winItem?.price ?? 0) < 0) throw new RangeError(`bad win ${s.win} / item ${s.winItem?.price ?? 0}`);
  const winItem = await winItemNow(env, s.winItem, s.win);
  const itemPrice = winItem?.price ?? 0;
  const remainder = s.win - itemPrice;
  const statements: SQL[] = [
    sql`UPDATE crash_bets SET status = 1, cashout = ${s.cashout}, win = ${s.win}, remainder = ${remainder}, settled_at = ${s.now} WHERE id = ${s.betId} AND status = 0 AND user_id = ${s.userId}`,
    expectChanges(1),
    ...moves.winStatements(s, winItem, remainder),
  ];
  const notifies = s.win >= NOTIFY.crashWinMinCents;
  if (notifies) statements.push(winNotificationStatement(s, winItem));
  const result = await runSettlementBatch(env, s.betId, statements);
  return notifies && result.results ? { done: result.done, notification: notificationOf(result.results.at(-1)) } : { done: result.done };
}

/**
 * The bell row of a real gain, in the win's batch: only when the payout beats the stake (the bank
 * read from the bet row; a $0.05 bet at ×1.10 pays $0.05 and is no news). Content: "$win · ×m · item".
 */
function winNotificationStatement(s: SettleWin, winItem: WinItemPick | null): SQL {
  return sql`INSERT INTO notifications (user_id, name, content, is_read, created_at)
       SELECT ${s.userId}, 'crash_win', ${notificationContent.crashWin(s.win, s.cashout, null)} || COALESCE(' · ' || (SELECT market_hash_name FROM catalogue WHERE id = ${winItem?.catalogueId ?? null}), ''), 0, ${s.now}
         FROM crash_bets WHERE id = ${s.betId} AND bank < ${s.win}
       RETURNING id, name, content, is_read, created_at`;
}

export interface SettleLoss {
  betId: string;
  userId: number;
  now: number;
}

/** A lost bet: the bet row turns lost, its items go to the house, its cashback accrues. */
export async function settleLoss(env: D1Env, s: SettleLoss): Promise<SettleResult> {
  return runSettlement(env, s.betId, moves.lossStatements(s));
}

export const settleLossGroup = moves.settleLossGroup;

/** A voided round's bet: the items are available to their owner again, the bet is refunded. */
export async function refundBet(env: D1Env, s: { betId: string; userId: number; now: number }): Promise<SettleResult> {
  return runSettlement(env, s.betId, moves.refundStatements(s));
}

/** The round's share (1 % of the bank) from the house to the bonus pool, once per round. */
export const bonusShare = moves.bonusShare;

/**
 * Runs a settlement batch. A guard or ledger-key failure on a bet that is already settled is a
 * replay (done, nothing moved); on a still-pending bet it is a real fault and is thrown, so the
 * room's outbox keeps the entry and retries.
 */
async function runSettlement(env: D1Env, betId: string, statements: SQL[]): Promise<SettleResult> {
  return { done: (await runSettlementBatch(env, betId, statements)).done };
}

/** runSettlement that also answers the batch results (a settled win reads its bell row there). */
async function runSettlementBatch(env: D1Env, betId: string, statements: SQL[]): Promise<SettleResult & { results?: D1Result[] }> {
  try {
    const results = await batch(env.DB, statements);
    return { done: "settled", results };
  } catch (err) {
    const kind = classifyBatchError(err);
    if (kind === "guard" || kind === "replay") {
      const bet = await db(env).select({ status: crashBets.status }).from(crashBets).where(eq(crashBets.id, betId)).get();
      if (bet && bet.status !== BET_STATUS.pending) return { done: "replay" };
    }
    throw err;
  }
}
