// Jackpot items and money in D1 (docs/money.md "Money rules", "Jackpot"). Each write is ONE D1 batch
// (a transaction) of guarded statements, so it lands whole or not at all, and each is keyed by
// the round's status (open → finished | refunded) and the ledger / cashback keys, so a replay
// (the room re-running its outbox after an eviction) moves nothing and reports done.
import { openRoundShare } from "../../bonus/share";
import { jackpotRoundStats } from "../../top/stats";
import { jackpotRoundPoints } from "../../tournaments/points";
import { cashbackAccrualGroupStatements } from "../../cashback/accrual";
import { houseBalanceStatements, userBalanceStatements } from "../../db/ledger";
import { expectChanges, expectCount, guard } from "../../db/guards";
import { all, batch, first, rowsOf, run, type SQL, sql } from "../../db/sql";
import { runSettlement } from "../base/bet-moves";
import { type PlaceBatch, placeBetBatch, stakedItemsOf, stakeRefundStatements } from "../base/place-bet";
import type { JackpotLevel } from "../../../shared/constants";
import { notificationContent } from "../../../shared/api/notifications";
import type { NotificationJson } from "../../../shared/api/user";
import { notificationJson, notificationStatement, type NotificationSqlRow } from "../../lib/notify";
import type { StakedItem } from "../../jackpot/types";
import { type ProtectionRefusal, STAKE_PROTECTION_REFUSALS } from "../../protection/guards";

type D1Env = Pick<Env, "DB">;

/** The round row, written (open) before the round takes its first bet; a replay changes nothing. */
export async function writeRound(
  env: D1Env,
  r: { id: number; level: JackpotLevel; chainIndex: number; publicHash: string; dayOfMonth: number; createdAt: number },
): Promise<void> {
  await run(
    env.DB,
    sql`INSERT INTO jackpot_rounds (id, level, chain_index, public_hash, day_of_month, status, created_at)
        VALUES (${r.id}, ${r.level}, ${r.chainIndex}, ${r.publicHash}, ${r.dayOfMonth}, 'open', ${r.createdAt}) ON CONFLICT(id) DO NOTHING`,
  );
}

/** The newest chain index D1 knows for the level (0 before the first): a room on empty storage continues after it. */
export async function lastChainIndex(env: D1Env, level: JackpotLevel): Promise<number> {
  const row = await first<{ k: number | null }>(env.DB, sql`SELECT MAX(chain_index) AS k FROM jackpot_rounds WHERE level = ${level}`);
  return row?.k ?? 0;
}

export interface PlaceBet {
  roundId: number;
  /** a uuid made by the room */
  betId: string;
  userId: number;
  itemIds: readonly number[];
  /** the part staked from the balance, cents (absent: items only) */
  value?: number;
  /** the token hash of the caller's session: the bet lands only while it is live */
  session: string;
  /** the level's rules, enforced inside the batch (bets of one room run concurrently) */
  minBetCents: number;
  maxPlayers: number;
  maxItemsPerPlayer: number;
  now: number;
}

export type PlaceBetRefusal =
  | "jackpot_api.skins_not_found"
  | "jackpot_api.too_small"
  | "jackpot_api.round_closed"
  | "jackpot_api.unauthorized"
  | "jackpot_api.banned"
  | "jackpot_api.room_full"
  | "jackpot_api.too_many_items_player"
  | "jackpot_api.no_money"
  | ProtectionRefusal;

export type PlaceBetResult =
  | { ok: true; seq: number; from: number; to: number; price: number; value: number; items: StakedItem[] }
  | { ok: false; message: PlaceBetRefusal };

/** The guards of a jackpot bet batch and their keys (§8). */
const BET_REFUSALS = {
  "user.banned": "jackpot_api.banned",
  "session.ended": "jackpot_api.unauthorized",
  ...STAKE_PROTECTION_REFUSALS,
  // the draw closes the round in D1 first: a bet batch still in flight can no longer land
  "bet.round_closed": "jackpot_api.round_closed",
  "bet.items_unavailable": "jackpot_api.skins_not_found",
  "balance.insufficient": "jackpot_api.no_money",
  "jackpot.too_small": "jackpot_api.too_small",
  "jackpot.room_full": "jackpot_api.room_full",
  "jackpot.too_many_items_player": "jackpot_api.too_many_items_player",
} as const;

/**
 * The bet in ONE batch (base/place-bet.ts): its value (the items' current values,
 * prices/valuation.ts, + the part from the balance, debited in the batch), its place (`seq` = last + 1) and its tickets (1 per cent, on from the
 * round's last ticket) are computed INSIDE the transaction, so bets of one room run concurrently
 * and D1's commit order is the bet order. The level's limits (minimum, players, items per player)
 * are guards of the same batch. `place`: the room's bet groups (base/bet-groups.ts: bets that
 * arrive together share one batch, each with its own guards), or a batch of its own.
 */
export async function placeBet(env: D1Env, p: PlaceBet, place: PlaceBatch = placeBetBatch): Promise<PlaceBetResult> {
  const value = p.value ?? 0;
  const placed = await place(env, {
    ...p,
    value,
    ledger: { game: "jackpot", roundId: p.roundId },
    roundOpen: sql`EXISTS (SELECT 1 FROM jackpot_rounds WHERE id = ${p.roundId} AND status = 'open')`,
    rows: (mine, itemValue) => {
      const price = sql`((SELECT COALESCE(SUM(${itemValue}), 0) FROM inventory_items WHERE ${mine}) + ${value})`;
      return [
        guard("jackpot.too_small", sql`${price} < ${p.minBetCents}`),
        sql`INSERT INTO jackpot_bets (id, round_id, seq, user_id, price, value, ticket_from, ticket_to, created_at)
             SELECT ${p.betId}, ${p.roundId}, COALESCE(MAX(seq), 0) + 1, ${p.userId}, ${price}, ${value}, COALESCE(MAX(ticket_to), 0) + 1, COALESCE(MAX(ticket_to), 0) + ${price}, ${p.now}
               FROM jackpot_bets WHERE round_id = ${p.roundId}`,
        sql`INSERT INTO jackpot_bet_items (bet_id, round_id, item_id, price) SELECT ${p.betId}, ${p.roundId}, id, ${itemValue} FROM inventory_items WHERE ${mine}`,
      ];
    },
    after: [
      guard("jackpot.room_full", sql`(SELECT COUNT(DISTINCT user_id) FROM jackpot_bets WHERE round_id = ${p.roundId}) > ${p.maxPlayers}`),
      guard(
        "jackpot.too_many_items_player",
        sql`(SELECT COUNT(*) FROM jackpot_bet_items x JOIN jackpot_bets b ON b.id = x.bet_id WHERE b.round_id = ${p.roundId} AND b.user_id = ${p.userId}) > ${p.maxItemsPerPlayer}`,
      ),
    ],
    reads: [
      sql`SELECT seq, ticket_from AS "from", ticket_to AS "to", price FROM jackpot_bets WHERE id = ${p.betId}`,
      stakedItemsOf("jackpot_bet_items", p.betId),
    ],
    refusals: BET_REFUSALS,
    landed: async () => (await first(env.DB, sql`SELECT 1 AS x FROM jackpot_bets WHERE id = ${p.betId}`)) !== null,
  });
  if (!placed.ok) return { ok: false, message: placed.key };
  const row = rowsOf<{ seq: number; from: number; to: number; price: number }>(placed.results[0])[0];
  if (!row) throw new Error(`jackpot bet ${p.betId} landed without its row`);
  return { ok: true, ...row, value, items: rowsOf<StakedItem>(placed.results[1]) };
}

/** A closed round as D1 holds it: enough to tell whether the room's own bets are all of them. */
export interface ClosedRound {
  count: number;
  /** Σ bet prices, cents (= the tickets) */
  pot: number;
  lastSeq: number;
}

/**
 * Bets close (the draw): the round turns 'drawn' in D1, so no bet batch can land after it, and
 * the closed round's count and sums come back in the same batch (one round trip between the
 * deadline and the draw frame). The room draws on exactly what D1 holds: its own bets when they
 * match (closedRoundMatches), else the bets read back (roundBets). A replay changes nothing.
 */
export async function closeRound(env: D1Env, roundId: number, now: number): Promise<ClosedRound> {
  const [, totals] = await batch(env.DB, [
    sql`UPDATE jackpot_rounds SET status = 'drawn', drawn_at = ${now} WHERE id = ${roundId} AND status = 'open'`,
    sql`SELECT COUNT(*) AS count, COALESCE(SUM(price), 0) AS pot, COALESCE(MAX(seq), 0) AS lastSeq FROM jackpot_bets WHERE round_id = ${roundId}`,
  ]);
  const row = rowsOf<ClosedRound>(totals)[0];
  if (!row) throw new Error(`jackpot round ${roundId}: no totals`);
  return row;
}

/**
 * Whether the room's bets are the closed round's: every bet the room holds came from D1 (its
 * batch's answer or a read), so the same count means the same bets; the sums guard the rest.
 */
export function closedRoundMatches(closed: ClosedRound, bets: readonly { seq: number; price: number }[], pending: number): boolean {
  const pot = bets.reduce((sum, b) => sum + b.price, 0);
  return pending === 0 && closed.count === bets.length && closed.pot === pot && closed.lastSeq === (bets.at(-1)?.seq ?? 0);
}

// ── settlement ──────────────────────────────────────────────────────────────
export interface SettleRound {
  roundId: number;
  secret: string;
  winningTicket: number;
  winnerId: number;
  /** cents = Σ bet prices (checked against D1: a bet the draw did not see refuses the batch) */
  pot: number;
  commissionDue: number;
  commissionItemIds: number[];
  /** cents: the items taken + commissionCash */
  commission: number;
  /** the pot's balance part (Σ bets' value), cents; absent in an entry staged before balance stakes: 0 */
  cash?: number;
  /** the part of the commission taken from `cash`, cents (the winner is paid cash − commissionCash) */
  commissionCash?: number;
  win: number;
  /** each loser's stake in the round, cents (cashback) */
  losers: { userId: number; lost: number }[];
  bonusShare: number;
  drawnAt: number;
  /**
   * The winner's bell (jackpot_win): dated when the spinner stops (`at`), so the bell list and
   * the unread count (worker/user/queries.ts) do not show it before the spin does; the room pushes
   * it then. Absent in an entry staged by an older version (no bell).
   */
  bell?: { at: number; chanceBp: number };
}

export type SettleResult = { done: "settled" | "replay" };

/**
 * A drawn round in ONE batch: the round turns finished (secret and winner revealed), the
 * commission items go to the house, every other item of the pot to the winner (losers' items
 * straight to him, not through the house), the pot's balance part less the cash commission from
 * the house to the winner, 1 % of the pot from the house to the bonus pool, and each loser's
 * cashback accrues.
 */
export async function settleRound(env: D1Env, s: SettleRound): Promise<SettleResult> {
  const now = Date.now();
  const reference = `jackpot:${s.roundId}`;
  const cash = s.cash ?? 0;
  const commissionCash = s.commissionCash ?? 0;
  const cashWin = cash - commissionCash;
  if (!Number.isSafeInteger(cashWin) || cashWin < 0) throw new RangeError(`bad jackpot cash ${cash} / commission ${commissionCash}`);
  const statements: SQL[] = [
    sql`UPDATE jackpot_rounds SET status = 'finished', secret = ${s.secret}, winning_ticket = ${s.winningTicket}, winner_id = ${s.winnerId},
           bank = ${s.pot}, commission = ${s.commission}, commission_cash = ${commissionCash}, commission_due = ${s.commissionDue}, win = ${s.win},
           drawn_at = ${s.drawnAt}, finished_at = ${now}
         WHERE id = ${s.roundId} AND status = 'drawn' AND (SELECT COALESCE(SUM(price), 0) FROM jackpot_bets WHERE round_id = ${s.roundId}) = ${s.pot}
           AND (SELECT COALESCE(SUM(value), 0) FROM jackpot_bets WHERE round_id = ${s.roundId}) = ${cash}`,
    expectChanges(1),
    sql`UPDATE jackpot_bet_items SET commission = 1 WHERE round_id = ${s.roundId} AND item_id IN (SELECT value FROM json_each(${JSON.stringify(s.commissionItemIds)}))`,
    expectChanges(s.commissionItemIds.length),
    guard(
      "jackpot.commission",
      sql`(SELECT COALESCE(SUM(price), 0) FROM jackpot_bet_items WHERE round_id = ${s.roundId} AND commission = 1) <> ${s.commission - commissionCash}`,
    ),
    sql`UPDATE inventory_items SET owner_id = NULL, status = 'available', updated_at = ${now}
          WHERE id IN (SELECT item_id FROM jackpot_bet_items WHERE round_id = ${s.roundId} AND commission = 1) AND status = 'in_bet'`,
    expectChanges(s.commissionItemIds.length),
    sql`UPDATE inventory_items SET owner_id = ${s.winnerId}, status = 'available', updated_at = ${now}
          WHERE id IN (SELECT item_id FROM jackpot_bet_items WHERE round_id = ${s.roundId} AND commission = 0) AND status = 'in_bet'`,
    expectCount(sql`SELECT COUNT(*) FROM jackpot_bet_items WHERE round_id = ${s.roundId} AND commission = 0`),
  ];
  if (cashWin > 0) {
    statements.push(
      ...userBalanceStatements({ userId: s.winnerId, delta: cashWin, kind: "win", reference, idempotencyKey: `${reference}:win` }, now),
      ...houseBalanceStatements({ account: "house", delta: -cashWin, kind: "win", reference, idempotencyKey: `${reference}:win:house` }, now),
    );
  }
  if (s.bonusShare > 0) {
    statements.push(
      ...houseBalanceStatements({ account: "house", delta: -s.bonusShare, kind: "bonus_share", reference, idempotencyKey: `${reference}:bonus:house` }, now),
      ...houseBalanceStatements({ account: "bonus", delta: s.bonusShare, kind: "bonus_share", reference, idempotencyKey: `${reference}:bonus` }, now),
      openRoundShare(s.bonusShare),
    );
  }
  // every bet of the round counts for the tournament and the top list, the winner's too
  statements.push(jackpotRoundPoints(s.roundId, now), ...jackpotRoundStats(s.roundId, s.winnerId, s.win, now));
  // each loser's stake as D1 holds it (the bets the draw saw: the round's guard above), his
  // cashback accrued — two statements for all of them
  statements.push(
    ...cashbackAccrualGroupStatements(
      sql`SELECT user_id, ${jackpotCashbackPrefix(s.roundId)} || user_id AS ref, SUM(price) AS lost_cents
            FROM jackpot_bets WHERE round_id = ${s.roundId} AND user_id <> ${s.winnerId} GROUP BY user_id`,
      now,
    ),
  );
  if (s.bell)
    statements.push(
      notificationStatement({ userId: s.winnerId, name: "jackpot_win", content: notificationContent.jackpotWin(s.win, s.bell.chanceBp), createdAt: s.bell.at }),
    );
  return runKeyed(env, s.roundId, statements);
}

/** The winner's jackpot_win bell of a settled round, to push when the spinner stops (null: none). */
export async function winBell(env: D1Env, winnerId: number, at: number): Promise<NotificationJson | null> {
  const row = await first<NotificationSqlRow>(
    env.DB,
    sql`SELECT id, name, content, is_read, created_at FROM notifications WHERE user_id = ${winnerId} AND name = 'jackpot_win' AND created_at = ${at} ORDER BY id DESC LIMIT 1`,
  );
  return row ? notificationJson(row) : null;
}

/**
 * A single-player round that timed out: no draw, no commission; the items are his again and each
 * bet's balance part comes back (read first; a bet landing in between fails the batch's check and
 * the outbox retries).
 */
export async function refundRound(env: D1Env, roundId: number): Promise<SettleResult> {
  const now = Date.now();
  const staked = await all<{ betId: string; userId: number; value: number }>(
    env.DB,
    sql`SELECT id AS betId, user_id AS userId, value FROM jackpot_bets WHERE round_id = ${roundId} AND value > 0`,
  );
  const total = staked.reduce((sum, b) => sum + b.value, 0);
  return runKeyed(env, roundId, [
    sql`UPDATE jackpot_rounds SET status = 'refunded', bank = (SELECT COALESCE(SUM(price), 0) FROM jackpot_bets WHERE round_id = ${roundId}), finished_at = ${now}
         WHERE id = ${roundId} AND status = 'open' AND (SELECT COALESCE(SUM(value), 0) FROM jackpot_bets WHERE round_id = ${roundId}) = ${total}`,
    expectChanges(1),
    ...staked.flatMap((b) => stakeRefundStatements("jackpot", { ...b, roundId, now })),
    sql`UPDATE inventory_items SET status = 'available', updated_at = ${now}
          WHERE id IN (SELECT item_id FROM jackpot_bet_items WHERE round_id = ${roundId}) AND status = 'in_bet'
            AND owner_id = (SELECT b.user_id FROM jackpot_bet_items x JOIN jackpot_bets b ON b.id = x.bet_id WHERE x.item_id = inventory_items.id AND x.round_id = ${roundId})`,
    expectCount(sql`SELECT COUNT(*) FROM jackpot_bet_items WHERE round_id = ${roundId}`),
  ]);
}

/** The cashback accrual refs of a round's losers: this, then the user id (cashback/accrual.ts). */
const jackpotCashbackPrefix = (roundId: number) => `jackpot:${roundId}:user:`;

/** runSettlement keyed on the round: a guard failing on a round already finished or refunded is a replay. */
async function runKeyed(env: D1Env, roundId: number, statements: SQL[]): Promise<SettleResult> {
  const settled = async () => {
    const row = await first<{ status: string }>(env.DB, sql`SELECT status FROM jackpot_rounds WHERE id = ${roundId}`);
    return row?.status === "finished" || row?.status === "refunded";
  };
  return { done: (await runSettlement(env, settled, statements)).done };
}
