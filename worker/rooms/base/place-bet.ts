// A bet of items and/or balance in ONE D1 batch (docs/money.md "Money rules"), for every bet room: the
// bettor's guards (not banned, session live), the round still taking bets, the items his and
// available, then the game's bet rows, the items locked (available → in_bet), the balance part
// debited to the house (a 'bet' ledger row and its house counterpart; never below zero) and the
// game's reads. Each refusal is a
// guard with its code (db/guards.ts) that the game maps to its §8 key, so nothing is read after
// the fact and an item staked by a racing batch (any room) refuses the later one whole.
import { CRASH_ITEM_COLUMNS } from "../../crash/items";
import { expectChanges, guard, notBanned, playerGuards, refusalOf } from "../../db/guards";
import { houseBalanceStatements, userBalanceStatements } from "../../db/ledger";
import { batch, type SQL, sql } from "../../db/sql";
import { ITEM_STATUS } from "../../db/types";
import { itemValueSql } from "../../prices/valuation";
import { lossWithin, notExcluded, stakeWithin, termsCurrent } from "../../protection/guards";

/** The guard codes of every bet batch (a game adds its own). */
export type BetGuard =
  | "user.banned"
  | "session.ended"
  | "protection.excluded"
  | "terms.outdated"
  | "limit.stake"
  | "limit.loss_day"
  | "limit.loss_week"
  | "limit.loss_month"
  | "bet.round_closed"
  | "bet.items_unavailable"
  | "balance.insufficient";

export interface BetBatch<K extends string> {
  betId: string;
  userId: number;
  /**
   * The token hash the bettor's socket or request is signed in with: the bet lands only while
   * that session is live (db/guards.ts playerGuards). The rooms always pass it; tests that seed
   * bets directly may leave it out (the ban is checked all the same).
   */
  session?: string;
  itemIds: readonly number[];
  /** the part staked from the balance, cents (0: items only) */
  value: number;
  /** the game's name in ledger keys and references: `<game>:bet:<id>:stake`, `<game>:<round>` */
  ledger: { game: string; roundId: number };
  now: number;
  /** the condition "the round still takes bets" */
  roundOpen: SQL;
  /** the game's bet row (its bank: Σ the items' `value` + the balance part) and item rows, from the bettor's items (`mine`) */
  rows(mine: SQL, value: SQL): SQL[];
  /** the game's guards after the rows (the value within bounds, the room's limits) */
  after?: SQL[];
  /** what to read back, the answer's `results` (the staked items, the bet row) */
  reads: SQL[];
  /** each guard code of the batch → the game's key; a code not listed is a fault (thrown) */
  refusals: Readonly<Record<BetGuard, K>> & Readonly<Partial<Record<string, K>>>;
  /** whether the bet row exists: after a failure that is no guard's, the batch may have landed all the same */
  landed(): Promise<boolean>;
}

export type BetBatchResult<K> = { ok: true; results: D1Result[] } | { ok: false; key: K };

/** The bettor's available items among `itemIds` (a condition on inventory_items). */
export function itemsOf(userId: number, itemIds: readonly number[]): SQL {
  return sql`id IN (SELECT value FROM json_each(${JSON.stringify(itemIds)})) AND owner_id = ${userId} AND status = '${sql.raw(ITEM_STATUS.available)}'`;
}

/** An inventory item's value now, in cents (prices/valuation.ts), over inventory_items. */
export const ITEM_VALUE = sql.raw(itemValueSql("inventory_items"));

/** The staked items of a bet as the rooms show them, dearest first: `betItems` is the game's <bet items> table. */
export function stakedItemsOf(betItems: string, betId: string): SQL {
  return sql`SELECT ${CRASH_ITEM_COLUMNS}, x.price AS price FROM ${sql.raw(betItems)} x JOIN inventory_items i ON i.id = x.item_id JOIN catalogue c ON c.id = i.catalogue_id
              WHERE x.bet_id = ${betId} ORDER BY x.price DESC, i.id`;
}

/** The ledger keys of a bet's balance part: the stake, and its refund. */
export function stakeKeys(game: string, betId: string) {
  const stake = `${game}:bet:${betId}:stake`;
  const refund = `${game}:bet:${betId}:refund`;
  return { stake, stakeHouse: `${stake}:house`, refund, refundHouse: `${refund}:house` };
}

/** The balance part from the bettor to the house (guarded: the balance never goes below zero). */
function stakeStatements(b: Pick<BetBatch<string>, "betId" | "userId" | "value" | "ledger" | "now">): SQL[] {
  if (b.value === 0) return [];
  if (!Number.isSafeInteger(b.value) || b.value < 0) throw new RangeError(`bad balance stake ${b.value}`);
  const keys = stakeKeys(b.ledger.game, b.betId);
  const reference = `${b.ledger.game}:${b.ledger.roundId}`;
  return [
    ...userBalanceStatements({ userId: b.userId, delta: -b.value, kind: "bet", reference, idempotencyKey: keys.stake }, b.now),
    ...houseBalanceStatements({ account: "house", delta: b.value, kind: "bet", reference, idempotencyKey: keys.stakeHouse }, b.now),
  ];
}

/** A bet's balance part back from the house (a refund), keyed so it is returned once. */
export function stakeRefundStatements(game: string, s: { betId: string; userId: number; roundId: number; value: number; now: number }): SQL[] {
  if (s.value === 0) return [];
  const keys = stakeKeys(game, s.betId);
  const reference = `${game}:${s.roundId}`;
  return [
    ...userBalanceStatements({ userId: s.userId, delta: s.value, kind: "refund", reference, idempotencyKey: keys.refund }, s.now),
    ...houseBalanceStatements({ account: "house", delta: -s.value, kind: "refund", reference, idempotencyKey: keys.refundHouse }, s.now),
  ];
}

/** A bet's statements: its guards, its rows, the items locked, the balance part, then its reads (last). */
export function betStatements(b: BetBatch<string>): SQL[] {
  const mine = itemsOf(b.userId, b.itemIds);
  const n = b.itemIds.length;
  const stake = sql`((SELECT COALESCE(SUM(${ITEM_VALUE}), 0) FROM inventory_items WHERE ${mine}) + ${b.value})`;
  return [
    ...(b.session === undefined ? [notBanned(b.userId)] : playerGuards({ userId: b.userId, session: b.session, now: b.now })),
    // player protection (docs/protection.md): no bet during a break, on an old agreement, or over a stake or loss limit
    notExcluded(b.userId, b.now),
    termsCurrent(b.userId),
    guard("bet.round_closed", sql`NOT (${b.roundOpen})`),
    guard("bet.items_unavailable", sql`(SELECT COUNT(*) FROM inventory_items WHERE ${mine}) <> ${n}`),
    // the whole stake (the items at their value now and the balance part) within the stake and loss limits
    stakeWithin(b.userId, stake, b.now),
    ...lossWithin(b.userId, stake, b.now),
    ...b.rows(mine, ITEM_VALUE),
    sql`UPDATE inventory_items SET status = '${sql.raw(ITEM_STATUS.inBet)}', updated_at = ${b.now} WHERE ${mine}`,
    expectChanges(n, "bet.items_unavailable"),
    ...stakeStatements(b),
    ...(b.after ?? []),
    ...b.reads,
  ];
}

/** How a room places a bet's batch: alone (placeBetBatch) or grouped with others (bet-groups.ts). */
export type PlaceBatch = <K extends string>(env: Pick<Env, "DB">, b: BetBatch<K>) => Promise<BetBatchResult<K>>;

export async function placeBetBatch<K extends string>(env: Pick<Env, "DB">, b: BetBatch<K>): Promise<BetBatchResult<K>> {
  const statements = betStatements(b);
  try {
    const results = await batch(env.DB, statements);
    return { ok: true, results: results.slice(results.length - b.reads.length) };
  } catch (err) {
    const key = refusalOf(err, b.refusals);
    if (key !== undefined) return { ok: false, key };
    // an unknown failure (the connection dropped...): the batch may have landed all the same
    if (await b.landed().catch(() => false)) return { ok: true, results: await batch(env.DB, b.reads) };
    throw err;
  }
}
