// Buying from and selling to the house in ONE D1 batch (README "Money rules"):
//   store_trades row (UNIQUE user + request_id: a retry is answered from it, nothing moves twice)
//   → store units picked and moved to the buyer (owner NULL/'available' → buyer, expectChanges)
//   → items given moved to the house stock (buyer/'available' → owner NULL, expectChanges)
//   → ledger: the sale credit first, then the purchase debit, each with its house counterpart
//     (users.balance CHECK ≥ 0 refuses an overdraft; the credit first lets an exchange net out)
//   → the answer's reads.
// Units are picked inside the batch (the lowest id of the catalogue item still in stock), so two
// buyers of an item with several units both succeed; the last unit goes to exactly one of them.
// The picks run before the given items enter the stock, so nobody buys back what they just gave.
import { toDollars } from "../../shared/money";
import type { BuyAnswer, SellAnswer } from "../../shared/api/store";
import type { InventoryItemJson } from "../../shared/api/user";
import { classifyBatchError, expectChanges, houseBalanceStatements, userBalanceStatements } from "../db/ledger";
import { presentInventoryItem } from "../user/presenters";
import type { InventoryJoinRow } from "../user/queries";
import { itemValueSql } from "../prices/valuation";
import { sellTax, tradeTotals, type TradeTotals } from "./pricing";

type DbEnv = Pick<Env, "DB">;

export type TradeKind = "buy" | "sell";
export type TradeFailureKey = "storehouse_api.items_unavailable" | "storehouse_api.insufficient_funds" | "app_api.invalid_request";
export type TradeOutcome<A> = { ok: true; answer: A; replay: boolean } | { ok: false; key: TradeFailureKey };

export interface TradeRequest {
  userId: number;
  /** catalogue ids, one unit each (empty for a sale) */
  buyIds: number[];
  /** inventory item ids the user gives to the house */
  sellIds: number[];
  requestId: string;
  taxPercent: number;
  now?: number;
}

/** Ledger idempotency keys of a trade: one per (user, request_id) and side. */
export function tradeLedgerKeys(userId: number, requestId: string) {
  const base = `store:${userId}:${requestId}`;
  return { buy: `${base}:buy`, buyHouse: `${base}:buy:house`, sell: `${base}:sell`, sellHouse: `${base}:sell:house` };
}

export const tradeReference = (tradeId: string) => `store_trade:${tradeId}`;

interface TradeRow {
  id: string;
  kind: TradeKind;
  sold: number;
  tax: number;
}

export async function buy(env: DbEnv, r: TradeRequest): Promise<TradeOutcome<BuyAnswer>> {
  return trade(env, "buy", r, (d1, t) => buyAnswerReads(d1, r.userId, r.requestId, t.id), readBuyAnswer);
}

export async function sell(env: DbEnv, r: TradeRequest): Promise<TradeOutcome<SellAnswer>> {
  return trade(env, "sell", { ...r, buyIds: [] }, (d1) => sellAnswerReads(d1, r.userId, r.requestId), readSellAnswer);
}

type Reads = D1PreparedStatement[];

async function trade<A>(
  env: DbEnv,
  kind: TradeKind,
  r: TradeRequest,
  answerReads: (d1: D1Database, t: { id: string }) => Reads,
  readAnswer: (results: D1Result[], t: TradeRow) => A,
): Promise<TradeOutcome<A>> {
  const d1 = env.DB;
  const replayed = await replay(env, kind, r, answerReads, readAnswer);
  if (replayed) return replayed;

  // What the user picked, as it stands now (one consistent read). Store units cost the current
  // catalogue price, and an owned item is worth the current catalogue price too (the one valuation
  // rule, prices/valuation.ts): selling after a price drop and buying back is never a profit.
  const [buyRes, sellRes, userRes] = await d1.batch([
    d1
      .prepare(
        `SELECT c.id, c.price FROM catalogue c
          WHERE c.id IN (SELECT value FROM json_each(?1))
            AND EXISTS (SELECT 1 FROM inventory_items i WHERE i.catalogue_id = c.id AND i.owner_id IS NULL AND i.status = 'available')`,
      )
      .bind(JSON.stringify(r.buyIds)),
    d1
      .prepare(
        `SELECT i.id, i.catalogue_id, ${itemValueSql("i")} AS price FROM inventory_items i
          WHERE i.id IN (SELECT value FROM json_each(?1)) AND i.owner_id = ?2 AND i.status = 'available'`,
      )
      .bind(JSON.stringify(r.sellIds), r.userId),
    d1.prepare("SELECT balance FROM users WHERE id = ?1").bind(r.userId),
  ]);
  const units = (buyRes?.results ?? []) as { id: number; price: number }[];
  const given = (sellRes?.results ?? []) as { id: number; catalogue_id: number; price: number }[];
  const balance = Number((userRes?.results[0] as { balance?: number } | undefined)?.balance ?? 0);
  if (units.length !== r.buyIds.length || given.length !== r.sellIds.length) return { ok: false, key: "storehouse_api.items_unavailable" };

  const totals = tradeTotals(
    units.map((u) => u.price),
    given.map((g) => g.price),
    r.taxPercent,
  );
  if (balance + totals.delta < 0) return { ok: false, key: "storehouse_api.insufficient_funds" };

  const tradeId = crypto.randomUUID();
  const reads = answerReads(d1, { id: tradeId });
  try {
    const results = await d1.batch([...tradeStatements(d1, kind, r, tradeId, totals, units, given, r.now ?? Date.now()), ...reads]);
    const answerResults = results.slice(results.length - reads.length);
    return { ok: true, replay: false, answer: readAnswer(answerResults, { id: tradeId, kind, sold: totals.sold, tax: totals.tax }) };
  } catch (err) {
    if (isTradeReplay(err)) {
      // a concurrent request with the same request_id committed first
      const again = await replay(env, kind, r, answerReads, readAnswer);
      if (again) return again;
    }
    const failure = classifyBatchError(err);
    if (failure === "insufficient") return { ok: false, key: "storehouse_api.insufficient_funds" };
    if (failure === "guard") return { ok: false, key: "storehouse_api.items_unavailable" };
    throw err;
  }
}

function tradeStatements(
  d1: D1Database,
  kind: TradeKind,
  r: TradeRequest,
  tradeId: string,
  totals: TradeTotals,
  units: { id: number; price: number }[],
  given: { id: number; catalogue_id: number; price: number }[],
  now: number,
): D1PreparedStatement[] {
  const keys = tradeLedgerKeys(r.userId, r.requestId);
  const reference = tradeReference(tradeId);
  const out: D1PreparedStatement[] = [
    d1
      .prepare(
        `INSERT INTO store_trades (id, user_id, request_id, kind, bought, sold, tax, delta, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
      )
      .bind(tradeId, r.userId, r.requestId, kind, totals.bought, totals.sold, totals.tax, totals.delta, now),
  ];
  const priceOfTradeItem = "(SELECT x.price FROM store_trade_items x WHERE x.trade_id = ?1 AND x.item_id = inventory_items.id)";
  const itemsOfSide = (side: string) => `id IN (SELECT item_id FROM store_trade_items WHERE trade_id = ?1 AND side = '${side}')`;
  // Store units: pick one per catalogue id (the lowest id still in stock), then move them all to
  // the buyer at the price paid. One statement each, whatever the count (D1 counts statements).
  // A unit is taken only while its catalogue price is still the one quoted: a refresh landing
  // between the read and this batch refuses the purchase (bought cheap, worth more: a resale profit).
  if (units.length > 0) {
    out.push(
      d1
        .prepare(
          `INSERT INTO store_trade_items (trade_id, item_id, catalogue_id, side, price, tax)
           SELECT ?1, item, c, 'bought', p, 0 FROM (
             SELECT json_extract(value, '$.c') AS c, json_extract(value, '$.p') AS p,
                    (SELECT i.id FROM inventory_items i
                      WHERE i.catalogue_id = json_extract(value, '$.c') AND i.owner_id IS NULL AND i.status = 'available'
                      ORDER BY i.id LIMIT 1) AS item
               FROM json_each(?2))
            WHERE item IS NOT NULL
              AND p = (SELECT cp.price FROM catalogue cp WHERE cp.id = c)`,
        )
        .bind(tradeId, JSON.stringify(units.map((u) => ({ c: u.id, p: u.price })))),
      expectChanges(d1, units.length),
      d1
        .prepare(
          `UPDATE inventory_items SET owner_id = ?2, price = ${priceOfTradeItem}, updated_at = ?3
            WHERE ${itemsOfSide("bought")} AND owner_id IS NULL AND status = 'available'`,
        )
        .bind(tradeId, r.userId, now),
      expectChanges(d1, units.length),
    );
  }
  // Items given: to the house stock at the value the seller was credited on, as long as that is
  // still the current price (a refresh landing between the read and this batch refuses the sale).
  if (given.length > 0) {
    const rows = given.map((g) => ({ id: g.id, c: g.catalogue_id, p: g.price, t: sellTax(g.price, r.taxPercent) }));
    out.push(
      d1
        .prepare(
          `INSERT INTO store_trade_items (trade_id, item_id, catalogue_id, side, price, tax)
           SELECT ?1, json_extract(value, '$.id'), json_extract(value, '$.c'), 'sold', json_extract(value, '$.p'), json_extract(value, '$.t')
             FROM json_each(?2)`,
        )
        .bind(tradeId, JSON.stringify(rows)),
      d1
        .prepare(
          `UPDATE inventory_items SET owner_id = NULL, price = ${priceOfTradeItem}, updated_at = ?3
            WHERE ${itemsOfSide("sold")} AND owner_id = ?2 AND status = 'available'
              AND ${itemValueSql("inventory_items")} = ${priceOfTradeItem}`,
        )
        .bind(tradeId, r.userId, now),
      expectChanges(d1, given.length),
      ...userBalanceStatements(d1, { userId: r.userId, delta: totals.sold - totals.tax, kind: "store_sell", reference, idempotencyKey: keys.sell }, now),
      ...houseBalanceStatements(
        d1,
        { account: "house", delta: -(totals.sold - totals.tax), kind: "store_sell", reference, idempotencyKey: keys.sellHouse },
        now,
      ),
    );
  }
  if (units.length > 0) {
    out.push(
      ...userBalanceStatements(d1, { userId: r.userId, delta: -totals.bought, kind: "store_buy", reference, idempotencyKey: keys.buy }, now),
      ...houseBalanceStatements(d1, { account: "house", delta: totals.bought, kind: "store_buy", reference, idempotencyKey: keys.buyHouse }, now),
    );
  }
  return out;
}

// ── replays and answers ──────────────────────────────────────────────────────

function isTradeReplay(err: unknown): boolean {
  const msg = String(err instanceof Error ? err.message : err);
  return /UNIQUE constraint failed: store_trades\.user_id/i.test(msg) || classifyBatchError(err) === "replay";
}

/** The first answer again when this user already made a trade with this request_id. */
async function replay<A>(
  env: DbEnv,
  kind: TradeKind,
  r: TradeRequest,
  answerReads: (d1: D1Database, t: { id: string }) => Reads,
  readAnswer: (results: D1Result[], t: TradeRow) => A,
): Promise<TradeOutcome<A> | undefined> {
  const d1 = env.DB;
  const first = await d1
    .prepare("SELECT id, kind, sold, tax FROM store_trades WHERE user_id = ?1 AND request_id = ?2")
    .bind(r.userId, r.requestId)
    .first<TradeRow>();
  if (!first) return undefined;
  // the same request_id for a buy and then a sale is a client bug, not a retry
  if (first.kind !== kind) return { ok: false, key: "app_api.invalid_request" };
  const results = await d1.batch(answerReads(d1, first));
  return { ok: true, replay: true, answer: readAnswer(results, first) };
}

/** The balance right after the trade: balance_after of its last user ledger row. */
function balanceAfterRead(d1: D1Database, idempotencyKey: string): D1PreparedStatement {
  return d1.prepare("SELECT balance_after FROM ledger WHERE idempotency_key = ?1").bind(idempotencyKey);
}

/** The units a buy took, as the buyer's inventory shows them (the same rows on a replay). */
function boughtItemsRead(d1: D1Database, tradeId: string): D1PreparedStatement {
  return d1
    .prepare(
      `SELECT x.item_id AS myId, c.id AS catalogueId, c.market_hash_name AS marketHashName, c.name, c.exterior, c.rarity,
              c.rarity_color AS rarityColor, c.image, x.price, 'available' AS status
         FROM store_trade_items x JOIN catalogue c ON c.id = x.catalogue_id
        WHERE x.trade_id = ?1 AND x.side = 'bought'
        ORDER BY x.price DESC, x.item_id`,
    )
    .bind(tradeId);
}

function buyAnswerReads(d1: D1Database, userId: number, requestId: string, tradeId: string): Reads {
  return [balanceAfterRead(d1, tradeLedgerKeys(userId, requestId).buy), boughtItemsRead(d1, tradeId)];
}

function readBuyAnswer(results: D1Result[]): BuyAnswer {
  const [balance, items] = results;
  return {
    success: true,
    message: "storehouse_api.items_bought",
    balance: toDollars(Number((balance?.results[0] as { balance_after?: number } | undefined)?.balance_after ?? 0)),
    items: ((items?.results ?? []) as InventoryJoinRow[]).map((row): InventoryItemJson => presentInventoryItem(row)),
  };
}

function sellAnswerReads(d1: D1Database, userId: number, requestId: string): Reads {
  return [balanceAfterRead(d1, tradeLedgerKeys(userId, requestId).sell)];
}

function readSellAnswer(results: D1Result[], t: TradeRow): SellAnswer {
  const [balance] = results;
  return {
    success: true,
    message: "storehouse_api.items_sold",
    balance: toDollars(Number((balance?.results[0] as { balance_after?: number } | undefined)?.balance_after ?? 0)),
    sum: toDollars(t.sold - t.tax),
  };
}
