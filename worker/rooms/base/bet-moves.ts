// The guarded bet moves crash and the wheel share (docs/money.md "Money rules"). Their bet tables have
// the same shape — <game>_bets (id, user_id, bank, status 0 pending / 1 won / 2 lost / 3 refunded,
// settled_at) and <game>_bet_items (bet_id, item_id) — so each statement and each settlement run
// is written once here; a room's settlement.ts adds its win row and its bell.
import { inArray } from "drizzle-orm";
import type { NotificationJson } from "../../../shared/api/user";
import { db } from "../../db/client";
import { expectChanges, expectCount, guard } from "../../db/guards";
import { classifyBatchError, houseBalanceStatements, userBalanceStatements } from "../../db/ledger";
import { catalogue } from "../../db/schema";
import { all, batch, first, type SQL, sql } from "../../db/sql";
import { ITEM_STATUS } from "../../db/types";
import { cashbackAccrualGroupStatements } from "../../cashback/accrual";
import { openRoundShare } from "../../bonus/share";
import { betStats, groupStats } from "../../top/stats";
import { betPoints, runningTournament } from "../../tournaments/points";
import { notificationOf } from "../../lib/notify";
import { stakeRefundStatements } from "./place-bet";

export type BetGame = "crash" | "wheel";

export interface BetMove {
  betId: string;
  userId: number;
  now: number;
}

/** A bet given back: its balance part (cents, 0 for items only) returns too, booked to its round. */
export interface BetRefund extends BetMove {
  roundId: number;
  value: number;
}

/** A catalogue item to mint for a winner, at the price it was picked at (cents). */
export interface WinItemPick {
  catalogueId: number;
  price: number;
}

/**
 * The win item at its CURRENT catalogue price (the one valuation rule, prices/valuation.ts). The
 * room picked it from a catalogue it caches for minutes, so a refresh since may have moved it: an
 * item now dearer than the win is not minted (the win goes to the balance), a cheaper one is
 * minted at today's price and the rest is credited. Either way the payout is worth the win.
 */
export async function winItemNow(env: Pick<Env, "DB">, pick: WinItemPick | null, win: number): Promise<WinItemPick | null> {
  return pick ? ((await winItemsNow(env, [{ pick, win }]))[0] ?? null) : null;
}

/** winItemNow for many wins with ONE read of the catalogue prices (a win group's items). */
export async function winItemsNow(env: Pick<Env, "DB">, wins: readonly { pick: WinItemPick | null; win: number }[]): Promise<(WinItemPick | null)[]> {
  const ids = [...new Set(wins.flatMap((w) => (w.pick ? [w.pick.catalogueId] : [])))];
  const rows = ids.length > 0 ? await db(env).select({ id: catalogue.id, price: catalogue.price }).from(catalogue).where(inArray(catalogue.id, ids)).all() : [];
  const price = new Map(rows.map((r) => [r.id, r.price]));
  return wins.map(({ pick, win }) => {
    const now = pick ? price.get(pick.catalogueId) : undefined;
    if (!pick || now === undefined || !Number.isSafeInteger(now) || now <= 0 || now > win) return null;
    return { catalogueId: pick.catalogueId, price: now };
  });
}

/** A win's statements at its item's current price; `notifies`: its last statement is a bell row (RETURNING). */
export type WinBatch = { statements: SQL[]; notifies: boolean };

/**
 * Many wins in ONE batch (the wins a drain finds together; one read of the win items' prices, one
 * D1 round trip). Every win keeps its own guards and the batch is one transaction: if any fails
 * (a replay, a fault) nothing lands and this throws — the outbox then settles them one by one,
 * which tells a replay from a fault. Each win's bell row, if it rang one.
 */
export async function settleWinGroup<W extends { winItem: WinItemPick | null; win: number }>(
  env: Pick<Env, "DB">,
  wins: readonly W[],
  winBatch: (win: W, item: WinItemPick | null) => WinBatch,
): Promise<{ notification: NotificationJson | null }[]> {
  const items = await winItemsNow(
    env,
    wins.map((w) => ({ pick: w.winItem, win: w.win })),
  );
  const plans = wins.map((w, i) => winBatch(w, items[i] ?? null));
  const results = await batch(
    env.DB,
    plans.flatMap((p) => p.statements),
  );
  let end = 0;
  return plans.map((p) => {
    end += p.statements.length;
    return { notification: p.notifies ? notificationOf(results[end - 1]) : null };
  });
}

export const BET_STATUS = { pending: 0, won: 1, lost: 2, refunded: 3 } as const;

export type SettleResult = {
  done: "settled" | "replay";
  /** the bell row the batch wrote (a win worth telling), to push once committed */
  notification?: NotificationJson | null;
};

/**
 * Runs a settlement batch. A guard (or replayed key) failing on a bet that is already settled is
 * a replay (done, nothing moved); on a still-pending bet it is a real fault and is thrown, so the
 * room's outbox keeps the entry and retries. `results`: the batch's answers (a win's bell row).
 */
export async function runSettlement(
  env: Pick<Env, "DB">,
  settled: () => Promise<boolean>,
  statements: SQL[],
): Promise<{ done: "settled" | "replay"; results?: D1Result[] }> {
  try {
    return { done: "settled", results: await batch(env.DB, statements) };
  } catch (err) {
    if (classifyBatchError(err) !== undefined && (await settled())) return { done: "replay" };
    throw err;
  }
}

export function betMoves(game: BetGame) {
  // table names are these two constants, never input
  const bets = sql.raw(`${game}_bets`);
  const betItems = sql.raw(`${game}_bet_items`);

  /** Aborts the batch unless the statement before changed as many rows as the bet has items. */
  const expectBetItems = (betId: string): SQL => expectCount(sql`SELECT COUNT(*) FROM ${betItems} WHERE bet_id = ${betId}`);

  /** The bet's bank and when it was placed, as SQL values (its tournament points and the top list's sums). */
  const stakeOf = (betId: string): SQL => sql`(SELECT bank FROM ${bets} WHERE id = ${betId})`;
  const placedAt = (betId: string): SQL => sql`(SELECT created_at FROM ${bets} WHERE id = ${betId})`;

  /** Whether the bet is no longer pending (a settlement of it already landed). */
  const isSettled = async (env: Pick<Env, "DB">, betId: string): Promise<boolean> => {
    const row = await first<{ status: number }>(env.DB, sql`SELECT status FROM ${bets} WHERE id = ${betId}`);
    return row !== null && row.status !== BET_STATUS.pending;
  };

  /** runSettlement keyed on the bet's status. */
  const settle = (env: Pick<Env, "DB">, betId: string, statements: SQL[]) => runSettlement(env, () => isSettled(env, betId), statements);

  /** The bet's items leave their owner for the house (still in_bet, all of them, or nothing). */
  const itemsToHouse = (betId: string, userId: number, now: number): SQL[] => [
    sql`UPDATE inventory_items SET owner_id = NULL, status = '${sql.raw(ITEM_STATUS.available)}', updated_at = ${now}
          WHERE id IN (SELECT item_id FROM ${betItems} WHERE bet_id = ${betId}) AND owner_id = ${userId} AND status = '${sql.raw(ITEM_STATUS.inBet)}'`,
    expectBetItems(betId),
  ];

  /**
   * Lost bets, set-based (a round's losers in a handful of statements, not ten each): the bet rows
   * turn lost (each still pending and its bettor's, or the batch aborts), their items go to the
   * house, 2.5 % of each bank accrues to its bettor's cashback (cashback/accrual.ts; docs/money.md
   * "Cashback"), ref `<game>:bet:<id>`, and each bettor's tournament points and top-list sums grow
   * by his bets' banks. One loss is a group of one. All the losses share `now`.
   */
  const lossStatements = (losses: readonly BetMove[], now: number): SQL[] => {
    const pairs = JSON.stringify(losses.map((l) => [l.betId, l.userId]));
    const ids = sql`SELECT json_extract(value, '$[0]') FROM json_each(${pairs})`;
    const lost = sql`SELECT b.user_id AS user_id, '${sql.raw(game)}:bet:' || b.id AS ref, b.bank AS lost_cents FROM ${bets} b WHERE b.id IN (${ids})`;
    const perBettor = sql`SELECT user_id, SUM(bank) AS wagered, 0 AS won FROM ${bets} WHERE id IN (${ids}) GROUP BY user_id`;
    const mine = sql`SELECT COALESCE(SUM(b.bank), 0) FROM ${bets} b
                      WHERE b.id IN (${ids}) AND b.user_id = tournament_participants.user_id AND b.created_at >= tournament_participants.joined_at`;
    return [
      sql`UPDATE ${bets} SET status = 2, settled_at = ${now}
            WHERE id IN (${ids}) AND status = 0
              AND user_id = (SELECT json_extract(value, '$[1]') FROM json_each(${pairs}) WHERE json_extract(value, '$[0]') = ${bets}.id)`,
      expectChanges(losses.length),
      sql`UPDATE inventory_items SET owner_id = NULL, status = '${sql.raw(ITEM_STATUS.available)}', updated_at = ${now}
            WHERE id IN (SELECT item_id FROM ${betItems} WHERE bet_id IN (${ids})) AND status = '${sql.raw(ITEM_STATUS.inBet)}'
              AND owner_id = (SELECT b.user_id FROM ${betItems} x JOIN ${bets} b ON b.id = x.bet_id WHERE x.item_id = inventory_items.id AND x.bet_id IN (${ids}))`,
      expectCount(sql`SELECT COUNT(*) FROM ${betItems} WHERE bet_id IN (${ids})`),
      guard("key.replayed", sql`EXISTS (SELECT 1 FROM cashback_accruals WHERE ref IN (SELECT ref FROM (${lost})))`),
      ...cashbackAccrualGroupStatements(lost, now),
      sql`UPDATE tournament_participants SET points = points + (${mine}), reached_at = ${now}
            WHERE tournament_id = ${runningTournament(now)} AND user_id IN (SELECT user_id FROM ${bets} WHERE id IN (${ids})) AND (${mine}) > 0`,
      ...groupStats(perBettor, now),
    ];
  };

  /** A bet given back (voided round, or refused after its items were locked): items available again, the balance part returned. */
  const refundStatements = (s: BetRefund): SQL[] => [
    sql`UPDATE ${bets} SET status = 3, settled_at = ${s.now} WHERE id = ${s.betId} AND status = 0 AND user_id = ${s.userId} AND value = ${s.value}`,
    expectChanges(1),
    sql`UPDATE inventory_items SET status = 'available', updated_at = ${s.now}
          WHERE id IN (SELECT item_id FROM ${betItems} WHERE bet_id = ${s.betId}) AND owner_id = ${s.userId} AND status = 'in_bet'`,
    expectBetItems(s.betId),
    ...stakeRefundStatements(game, s),
  ];

  return {
    /** Runs a bet's settlement batch (the game's win batch): a replay on a settled bet moves nothing. */
    settle,

    /** A lost bet: the bet row turns lost, its items go to the house, its cashback accrues. */
    async settleLoss(env: Pick<Env, "DB">, s: BetMove): Promise<SettleResult> {
      return { done: (await settle(env, s.betId, lossStatements([s], s.now))).done };
    },

    /** A bet given back (a voided round, a bet refused after its items were locked): the items are available to their owner again, the balance part is returned. */
    async refundBet(env: Pick<Env, "DB">, s: BetRefund): Promise<SettleResult> {
      return { done: (await settle(env, s.betId, refundStatements(s))).done };
    },

    /**
     * Pending bets the room does not know (D1 took the bet, the room was gone before it recorded
     * it): the room refunds them when it starts.
     */
    async orphanBets(env: Pick<Env, "DB">, known: ReadonlySet<string>): Promise<{ betId: string; roundId: number; userId: number; value: number }[]> {
      const rows = await all<{ betId: string; roundId: number; userId: number; value: number }>(
        env.DB,
        sql`SELECT id AS betId, round_id AS roundId, user_id AS userId, value FROM ${bets} WHERE status = 0`,
      );
      return rows.filter((b) => !known.has(b.betId));
    },

    /**
     * What a won bet moves after its own row turned won: the staked items go to the house; the win
     * item is minted for the winner (only while the catalogue price is still the one read: a
     * refresh in between fails the batch and the outbox retries) and recorded on the bet; the
     * remainder is credited with a 'win' ledger row and its house counterpart (keys
     * `<game>:bet:<id>:win` / `:win:house`, reference `<game>:<round>`).
     */
    winStatements(s: BetMove & { roundId: number }, winItem: WinItemPick | null, remainder: number): SQL[] {
      const statements = itemsToHouse(s.betId, s.userId, s.now);
      if (winItem) {
        statements.push(
          sql`INSERT INTO inventory_items (owner_id, catalogue_id, price, status, created_at, updated_at)
               SELECT ${s.userId}, id, price, 'available', ${s.now}, ${s.now} FROM catalogue WHERE id = ${winItem.catalogueId} AND price = ${winItem.price}`,
          expectChanges(1),
          // right after the insert: last_insert_rowid() is the minted item
          sql`UPDATE ${bets} SET win_item_id = last_insert_rowid() WHERE id = ${s.betId}`,
        );
      }
      if (remainder > 0) {
        const reference = `${game}:${s.roundId}`;
        const key = `${game}:bet:${s.betId}:win`;
        statements.push(
          ...userBalanceStatements({ userId: s.userId, delta: remainder, kind: "win", reference, idempotencyKey: key }, s.now),
          ...houseBalanceStatements({ account: "house", delta: -remainder, kind: "win", reference, idempotencyKey: `${key}:house` }, s.now),
        );
      }
      statements.push(
        betPoints({ userId: s.userId, stake: stakeOf(s.betId), placedAt: placedAt(s.betId), now: s.now }),
        // the win as the bet row records it (items and balance), set by the batch's first statement
        ...betStats({ userId: s.userId, wagered: stakeOf(s.betId), won: sql`(SELECT win FROM ${bets} WHERE id = ${s.betId})`, now: s.now }),
      );
      return statements;
    },

    /**
     * Many lost bets in ONE batch (one D1 round trip for a round's losers). Every loss keeps its
     * own guards and the batch is one transaction: if any fails (a replay, a fault) nothing lands
     * and this throws — the outbox then settles them one by one, which tells a replay from a fault.
     */
    async settleLossGroup(env: Pick<Env, "DB">, losses: readonly BetMove[]): Promise<void> {
      if (losses.length === 0) return;
      await batch(env.DB, lossStatements(losses, losses[0]!.now));
    },

    /** The round's share of its bank from the house to the bonus pool and its open round, once per round (ledger keys). */
    async bonusShare(env: Pick<Env, "DB">, s: { roundId: number; amount: number; now: number }): Promise<{ done: "settled" | "replay" }> {
      if (s.amount <= 0) return { done: "settled" };
      const reference = `${game}:${s.roundId}`;
      const idempotencyKey = `${game}:${s.roundId}:bonus`;
      try {
        await batch(env.DB, [
          ...houseBalanceStatements({ account: "house", delta: -s.amount, kind: "bonus_share", reference, idempotencyKey: `${idempotencyKey}:house` }, s.now),
          ...houseBalanceStatements({ account: "bonus", delta: s.amount, kind: "bonus_share", reference, idempotencyKey }, s.now),
          openRoundShare(s.amount),
        ]);
        return { done: "settled" };
      } catch (err) {
        if (classifyBatchError(err) === "replay") return { done: "replay" };
        throw err;
      }
    },
  };
}
