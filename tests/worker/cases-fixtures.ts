// Helpers for the cases worker tests: catalogue items and cases written straight to D1, and
// the calls of /api/cases/* with their typed answers.
import { env, exports } from "cloudflare:workers";
import type { GetCasesAnswer, GetOneAnswer, OpenAnswer, SeedsAnswer } from "../../shared/api/cases";

let seq = 0;

/** Catalogue picture links as the catalogue stores them, and the site paths the API answers. */
export const ITEM_PICTURE_HASH = "1".repeat(64);
export const CASE_PICTURE_HASH = "c".repeat(64);
export const ITEM_PICTURE_URL = `https://cdn.cstrike.app/images/${ITEM_PICTURE_HASH}.webp`;
export const CASE_PICTURE_URL = `https://cdn.cstrike.app/images/${CASE_PICTURE_HASH}.webp`;
export const ITEM_PICTURE_PATH = `/img/item/${ITEM_PICTURE_HASH}.webp`;
export const CASE_PICTURE_PATH = `/img/case/${CASE_PICTURE_HASH}.webp`;
const tag = Math.random().toString(36).slice(2, 8);

/** A catalogue row (cents) with a unique market name. */
export async function makeCatalogueItem(price: number, rarity = "Mil-Spec Grade", category = "weapon", image = ITEM_PICTURE_URL): Promise<number> {
  seq += 1;
  const name = `Case Test ${tag}-${seq}`;
  const row = await env.DB.prepare(
    `INSERT INTO catalogue (market_hash_name, name, weapon, category, rarity, rarity_color, exterior, image, price)
     VALUES (?1, ?2, 'AK-47', ?3, ?4, '#4b69ff', 'Field-Tested', ?6, ?5) RETURNING id`,
  )
    .bind(`${name} (Field-Tested)`, name, category, rarity, price, image)
    .first<{ id: number }>();
  return row!.id;
}

export interface TestCase {
  id: number;
  price: number;
  items: { catalogueId: number; price: number; weight: number }[];
}

/** A case priced `price` cents with items of these prices and weights (catalogue rows made here). */
export async function makeCase(
  price: number,
  items: { price: number; weight: number }[] = [
    { price: 50, weight: 80 },
    { price: 200, weight: 15 },
    { price: 1_000, weight: 5 },
  ],
  opts: { priority?: number; active?: boolean; name?: string; image?: string; itemImage?: string } = {},
): Promise<TestCase> {
  const made = [];
  for (const it of items)
    made.push({ catalogueId: await makeCatalogueItem(it.price, undefined, undefined, opts.itemImage), price: it.price, weight: it.weight });
  const row = await env.DB.prepare("INSERT INTO cases (name, image, price, priority, active) VALUES (?1, ?5, ?2, ?3, ?4) RETURNING id")
    .bind(opts.name ?? `Test case ${tag}-${++seq}`, price, opts.priority ?? 0, opts.active === false ? 0 : 1, opts.image ?? CASE_PICTURE_URL)
    .first<{ id: number }>();
  for (const it of made) {
    await env.DB.prepare("INSERT INTO case_items (case_id, catalogue_id, weight) VALUES (?1, ?2, ?3)").bind(row!.id, it.catalogueId, it.weight).run();
  }
  return { id: row!.id, price, items: made };
}

export function call(method: "GET" | "POST", path: string, body?: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return exports.default.fetch(`http://x${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

export async function openCase(token: string, id: number, requestId?: string): Promise<{ status: number; body: OpenAnswer & { message?: string } }> {
  const res = await call("POST", "/api/cases/open", { id, ...(requestId ? { request_id: requestId } : {}) }, token);
  return { status: res.status, body: (await res.json()) as OpenAnswer & { message?: string } };
}

export async function getCases(): Promise<GetCasesAnswer> {
  return (await (await call("GET", "/api/cases/get")).json()) as GetCasesAnswer;
}

export async function getOne(id: number): Promise<GetOneAnswer> {
  return (await (await call("GET", `/api/cases/getOne?id=${id}`)).json()) as GetOneAnswer;
}

export async function seedsOf(token: string): Promise<SeedsAnswer> {
  return (await (await call("GET", "/api/cases/seeds", undefined, token)).json()) as SeedsAnswer;
}

/** Counts of what an open moves, for "nothing moved" checks. */
export async function movesOf(userId: number) {
  const one = async (sql: string) => (await env.DB.prepare(sql).bind(userId).first<{ v: number }>())!.v;
  return {
    balance: await one("SELECT balance AS v FROM users WHERE id = ?1"),
    ledger: await one("SELECT COUNT(*) AS v FROM ledger WHERE user_id = ?1"),
    items: await one("SELECT COUNT(*) AS v FROM inventory_items WHERE owner_id = ?1"),
    opens: await one("SELECT COUNT(*) AS v FROM case_opens WHERE user_id = ?1"),
    nonce: await one("SELECT COALESCE((SELECT nonce FROM case_seeds WHERE user_id = ?1), -1) AS v"),
    house: (await env.DB.prepare("SELECT COALESCE(SUM(balance), 0) AS v FROM house_accounts").first<{ v: number }>())!.v,
  };
}
