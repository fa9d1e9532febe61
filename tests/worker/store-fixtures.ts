// Helpers for the storehouse worker tests: uniquely named catalogue items, house stock units,
// snapshots of everything a trade may move (to prove that a refused one moved nothing).
import { env } from "cloudflare:workers";
import { placeBet } from "../../worker/rooms/crash/settlement";
import { writeWaitingRound } from "./crash-fixtures";
import { post } from "./user-fixtures";

/** A token no other test's names contain; search for it to see only your own cards. */
export function tag(): string {
  return `zq${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
}

/** A catalogue row at `price` cents; returns its id. */
export async function catalogueItem(price: number, marketHashName: string): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO catalogue (market_hash_name, name, weapon, category, rarity, rarity_color, exterior, image, price)
     VALUES (?1, ?1, 'AK-47', 'weapon', 'Classified', '#d32ce6', 'Field-Tested', 'img/' || ?1, ?2) RETURNING id`,
  )
    .bind(marketHashName, price)
    .first<{ id: number }>();
  return row!.id;
}

/** `n` house units (owner NULL, 'available') of a catalogue item, booked at `booked` cents; their ids. */
export async function houseUnits(catalogueId: number, n = 1, booked = 1): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = await env.DB.prepare("INSERT INTO inventory_items (owner_id, catalogue_id, price, status) VALUES (NULL, ?1, ?2, 'available') RETURNING id")
      .bind(catalogueId, booked)
      .first<{ id: number }>();
    ids.push(row!.id);
  }
  return ids;
}

/** An item owned by `userId` ('available' unless told) of a catalogue item; its id. */
export async function userItem(userId: number, catalogueId: number, booked: number, status = "available"): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO inventory_items (owner_id, catalogue_id, price, status) VALUES (?1, ?2, ?3, ?4) RETURNING id")
    .bind(userId, catalogueId, booked, status)
    .first<{ id: number }>();
  return row!.id;
}

export async function item(id: number) {
  return env.DB.prepare("SELECT id, owner_id, status, price, catalogue_id FROM inventory_items WHERE id = ?1")
    .bind(id)
    .first<{ id: number; owner_id: number | null; status: string; price: number; catalogue_id: number }>();
}

export async function n(sql: string, ...args: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
}

/** Everything a trade could touch, for "nothing moved" comparisons. */
export async function snapshot() {
  const [items, users, house, ledger, trades, tradeItems] = await env.DB.batch([
    env.DB.prepare("SELECT id, owner_id, status, price FROM inventory_items ORDER BY id"),
    env.DB.prepare("SELECT id, balance FROM users ORDER BY id"),
    env.DB.prepare("SELECT name, balance FROM house_accounts ORDER BY name"),
    env.DB.prepare("SELECT COUNT(*) AS n FROM ledger"),
    env.DB.prepare("SELECT COUNT(*) AS n FROM store_trades"),
    env.DB.prepare("SELECT COUNT(*) AS n FROM store_trade_items"),
  ]);
  return {
    items: items!.results,
    users: users!.results,
    house: house!.results,
    ledger: ledger!.results,
    trades: trades!.results,
    tradeItems: tradeItems!.results,
  };
}

export async function storeLedger(userId: number) {
  const { results } = await env.DB.prepare(
    `SELECT account, delta, kind, idempotency_key FROM ledger WHERE kind IN ('store_buy', 'store_sell')
       AND reference IN (SELECT reference FROM ledger WHERE user_id = ?1) ORDER BY id`,
  )
    .bind(userId)
    .all<{ account: string; delta: number; kind: string; idempotency_key: string }>();
  return results;
}

export type StoreCard = { id: number; market_hash_name: string; price: number; market_count: number; [k: string]: unknown };
export type ListAnswer = { data: StoreCard[]; page: number; hasMore: boolean };

export async function getList(body: Record<string, unknown>, token?: string): Promise<ListAnswer> {
  const res = await post("/api/all-items/getList", { appId: 730, ...body }, token);
  if (res.status !== 200) throw new Error(`getList ${res.status}: ${await res.text()}`);
  return (await res.json()) as ListAnswer;
}

let roundSeq = 50_000;
/** Stakes the items in a real crash bet (a waiting round in D1): they become 'in_bet'. */
export async function stakeInCrash(userId: number, itemIds: number[]) {
  const id = ++roundSeq;
  await writeWaitingRound(id, { publicHash: `store-ph-${id}`, dayOfMonth: 22 });
  const placed = await placeBet(env, { betId: crypto.randomUUID(), roundId: id, userId, itemIds, autoWithdraw: 200, now: Date.now() });
  if (!placed.ok) throw new Error(`bet refused: ${placed.message}`);
}

/** env.DB, except that `race` runs just before batch number `at` (after the read, before the write). */
export function racingDb(race: () => Promise<unknown>, at = 2): D1Database {
  let batches = 0;
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          batches += 1;
          if (batches === at) await race();
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
