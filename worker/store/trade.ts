// Buying from and selling to the house in ONE D1 batch, one round trip (docs/money.md "Money rules"):
//   store_trades row (UNIQUE user + request_id: a retry fails here and is answered from the first trade)
//   → store units picked and moved to the buyer (owner NULL/'available' → buyer, expectChanges)
//   → items given moved to the house stock (buyer/'available' → owner NULL, expectChanges)
//   → the trade's totals summed from its items (prices and tax computed in SQL, inside the batch)
//   → ledger: the sale credit first, then the purchase debit, each with its house counterpart
//     (users.balance CHECK ≥ 0 refuses an overdraft; the credit first lets an exchange net out)
//   → the answer's reads.
// Nothing is read before the batch: the prices are the catalogue's at the commit (the one valuation
// rule, prices/valuation.ts), so no refresh can slip between a quote and the move. Units are picked
// inside the batch (the lowest id of the catalogue item still in stock), so two buyers of an item
// with several units both succeed; the last unit goes to exactly one of them. The picks run before
// the given items enter the stock, so nobody buys back what they just gave.
import { toDollars } from "../../shared/money";
import type { BuyAnswer, SellAnswer } from "../../shared/api/store";
import type { InventoryItemJson } from "../../shared/api/user";
import { classifyBatchError, houseBalanceStatements, userBalanceStatements } from "../db/ledger";
import { expectChanges, failedGuard, guard } from "../db/guards";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { storeTrades } from "../db/schema";
import { batch, rowsOf, type SQL, sql } from "../db/sql";
import { itemValueSql } from "../prices/valuation";
import { notProtectedSql } from "../skins-deposit/protection";
import { presentInventoryItem } from "../user/presenters";
import type { InventoryJoinRow } from "../user/queries";

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

/** How a trade's answer is read: its statements (last in the batch) and how their results become the answer. */
interface AnswerReads<A> {
  statements: (t: { id: string }) => SQL[];
  answer: (results: D1Result[]) => A;
}

export async function buy(env: DbEnv, r: TradeRequest): Promise<TradeOutcome<BuyAnswer>> {
  return trade(env, "buy", r, buyAnswer(r));
}

export async function sell(env: DbEnv, r: TradeRequest): Promise<TradeOutcome<SellAnswer>> {
  return trade(env, "sell", { ...r, buyIds: [] }, sellAnswer(r));
}

async function trade<A>(env: DbEnv, kind: TradeKind, r: TradeRequest, reads: AnswerReads<A>): Promise<TradeOutcome<A>> {
  if (!isWholePercent(r.taxPercent)) throw new RangeError(`sell tax must be a whole percent 0…100: ${r.taxPercent}`);
  const tradeId = crypto.randomUUID();
  const answerStatements = reads.statements({ id: tradeId });
  try {
    const results = await batch(env.DB, [...tradeStatements(kind, r, tradeId, r.now ?? Date.now()), ...answerStatements]);
    return { ok: true, replay: false, answer: reads.answer(results.slice(results.length - answerStatements.length)) };
  } catch (err) {
    if (isTradeReplay(err)) {
      // this request_id was used before (a retry, or a concurrent request that committed first)
      const again = await replay(env, kind, r, reads);
      if (again) return again;
    }
    const failure = classifyBatchError(err);
    if (failure === "insufficient") return { ok: false, key: "storehouse_api.insufficient_funds" };
    if (failure === "guard") return { ok: false, key: "storehouse_api.items_unavailable" };
    throw err;
  }
}

const isWholePercent = (pct: number) => Number.isSafeInteger(pct) && pct >= 0 && pct <= 100;

function tradeStatements(kind: TradeKind, r: TradeRequest, tradeId: string, now: number): SQL[] {
  const keys = tradeLedgerKeys(r.userId, r.requestId);
  const reference = tradeReference(tradeId);
  // totals start at 0 and are summed from the trade's items once they moved (below)
  const out: SQL[] = [
    guard("store.request_replayed", sql`EXISTS (SELECT 1 FROM store_trades WHERE user_id = ${r.userId} AND request_id = ${r.requestId})`),
    sql`INSERT INTO store_trades (id, user_id, request_id, kind, bought, sold, tax, delta, created_at)
         VALUES (${tradeId}, ${r.userId}, ${r.requestId}, ${kind}, 0, 0, 0, 0, ${now})`,
  ];
  const priceOfTradeItem = sql`(SELECT x.price FROM store_trade_items x WHERE x.trade_id = ${tradeId} AND x.item_id = inventory_items.id)`;
  const itemsOfSide = (side: "bought" | "sold") => sql`id IN (SELECT item_id FROM store_trade_items WHERE trade_id = ${tradeId} AND side = ${side})`;
  // Store units: pick one per catalogue id (the lowest id still in stock) at its catalogue price,
  // then move them all to the buyer at the price paid. One statement each, whatever the count (D1
  // counts statements). An id without stock, unknown or repeated picks fewer units than asked.
  if (r.buyIds.length > 0) {
    out.push(
      sql`INSERT INTO store_trade_items (trade_id, item_id, catalogue_id, side, price, tax)
           SELECT ${tradeId}, item, c, 'bought', p, 0 FROM (
             SELECT c.id AS c, c.price AS p,
                    (SELECT i.id FROM inventory_items i
                      WHERE i.catalogue_id = c.id AND i.owner_id IS NULL AND i.status = 'available'
                      ORDER BY i.id LIMIT 1) AS item
               FROM catalogue c WHERE c.id IN (SELECT value FROM json_each(${JSON.stringify(r.buyIds)})))
            WHERE item IS NOT NULL`,
      expectChanges(r.buyIds.length),
      sql`UPDATE inventory_items SET owner_id = ${r.userId}, price = ${priceOfTradeItem}, updated_at = ${now}
            WHERE ${itemsOfSide("bought")} AND owner_id IS NULL AND status = 'available'`,
      expectChanges(r.buyIds.length),
    );
  }
  // Items given: to the house stock at their value now (the catalogue price), taxed per item
  // (shared/fees.ts sellTax: floor(price · pct / 100), integer division here); an item not the
  // seller's, not available, repeated or inside a skins deposit's trade-protection window (the
  // depositor could still reverse that trade: skins-deposit/protection.ts) gives fewer rows than asked.
  if (r.sellIds.length > 0) {
    const value = sql.raw(itemValueSql("i"));
    // the percent as a literal (checked whole above): a bound number is a REAL in D1 and the division would not truncate
    const pct = sql.raw(String(r.taxPercent));
    out.push(
      sql`INSERT INTO store_trade_items (trade_id, item_id, catalogue_id, side, price, tax)
           SELECT ${tradeId}, i.id, i.catalogue_id, 'sold', ${value}, ${value} * ${pct} / 100 FROM inventory_items i
            WHERE i.id IN (SELECT value FROM json_each(${JSON.stringify(r.sellIds)})) AND i.owner_id = ${r.userId} AND i.status = 'available'
              AND ${sql.raw(notProtectedSql("i", now))}`,
      expectChanges(r.sellIds.length),
      sql`UPDATE inventory_items SET owner_id = NULL, price = ${priceOfTradeItem}, updated_at = ${now}
            WHERE ${itemsOfSide("sold")} AND owner_id = ${r.userId} AND status = 'available'`,
      expectChanges(r.sellIds.length),
    );
  }
  const sumOf = (column: "price" | "tax", side: "bought" | "sold") =>
    sql`(SELECT COALESCE(SUM(${sql.raw(column)}), 0) FROM store_trade_items WHERE trade_id = ${tradeId} AND side = ${side})`;
  out.push(
    sql`UPDATE store_trades SET bought = ${sumOf("price", "bought")}, sold = ${sumOf("price", "sold")}, tax = ${sumOf("tax", "sold")},
          delta = ${sumOf("price", "sold")} - ${sumOf("tax", "sold")} - ${sumOf("price", "bought")}
        WHERE id = ${tradeId}`,
  );
  const ofTrade = (expr: string) => sql`(SELECT ${sql.raw(expr)} FROM store_trades WHERE id = ${tradeId})`;
  if (r.sellIds.length > 0) {
    out.push(
      ...userBalanceStatements({ userId: r.userId, delta: ofTrade("sold - tax"), kind: "store_sell", reference, idempotencyKey: keys.sell }, now),
      ...houseBalanceStatements({ account: "house", delta: ofTrade("tax - sold"), kind: "store_sell", reference, idempotencyKey: keys.sellHouse }, now),
    );
  }
  if (r.buyIds.length > 0) {
    out.push(
      ...userBalanceStatements({ userId: r.userId, delta: ofTrade("-bought"), kind: "store_buy", reference, idempotencyKey: keys.buy }, now),
      ...houseBalanceStatements({ account: "house", delta: ofTrade("bought"), kind: "store_buy", reference, idempotencyKey: keys.buyHouse }, now),
    );
  }
  return out;
}

// ── replays and answers ──────────────────────────────────────────────────────

function isTradeReplay(err: unknown): boolean {
  return failedGuard(err) === "store.request_replayed" || classifyBatchError(err) === "replay";
}

/** The first answer again when this user already made a trade with this request_id. */
async function replay<A>(env: DbEnv, kind: TradeKind, r: TradeRequest, reads: AnswerReads<A>): Promise<TradeOutcome<A> | undefined> {
  const before = await db(env)
    .select({ id: storeTrades.id, kind: storeTrades.kind, sold: storeTrades.sold, tax: storeTrades.tax })
    .from(storeTrades)
    .where(and(eq(storeTrades.userId, r.userId), eq(storeTrades.requestId, r.requestId)))
    .get();
  if (!before) return undefined;
  // the same request_id for a buy and then a sale is a client bug, not a retry
  if (before.kind !== kind) return { ok: false, key: "app_api.invalid_request" };
  return { ok: true, replay: true, answer: reads.answer(await batch(env.DB, reads.statements(before))) };
}

/** The balance right after the trade: balance_after of its user ledger row with this key. */
const balanceAfterRead = (idempotencyKey: string) => sql`SELECT balance_after FROM ledger WHERE idempotency_key = ${idempotencyKey}`;

const balanceOf = (result: D1Result | undefined) => toDollars(Number(rowsOf<{ balance_after: number }>(result)[0]?.balance_after ?? 0));

/** The units a buy took, as the buyer's inventory shows them (the same rows on a replay). */
function boughtItemsRead(tradeId: string): SQL {
  return sql`SELECT x.item_id AS myId, c.id AS catalogueId, c.market_hash_name AS marketHashName, c.name, c.exterior, c.rarity,
              c.rarity_color AS rarityColor, c.image, x.price, 'available' AS status
         FROM store_trade_items x JOIN catalogue c ON c.id = x.catalogue_id
        WHERE x.trade_id = ${tradeId} AND x.side = 'bought'
        ORDER BY x.price DESC, x.item_id`;
}

function buyAnswer(r: TradeRequest): AnswerReads<BuyAnswer> {
  return {
    statements: (t) => [balanceAfterRead(tradeLedgerKeys(r.userId, r.requestId).buy), boughtItemsRead(t.id)],
    answer: ([balance, items]) => ({
      success: true,
      message: "storehouse_api.items_bought",
      balance: balanceOf(balance),
      items: rowsOf<InventoryJoinRow>(items).map((row): InventoryItemJson => presentInventoryItem(row)),
    }),
  };
}

function sellAnswer(r: TradeRequest): AnswerReads<SellAnswer> {
  return {
    statements: (t) => [balanceAfterRead(tradeLedgerKeys(r.userId, r.requestId).sell), sql`SELECT sold - tax AS sum FROM store_trades WHERE id = ${t.id}`],
    answer: ([balance, trade]) => ({
      success: true,
      message: "storehouse_api.items_sold",
      balance: balanceOf(balance),
      sum: toDollars(Number(rowsOf<{ sum: number }>(trade)[0]?.sum ?? 0)),
    }),
  };
}
