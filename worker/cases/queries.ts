// D1 reads of the cases group: the listing, one case with its items (pick order), live drops,
// and a past open (the answer a request_id replay gets). Money stays in cents here.
import type { CaseSort } from "../../shared/api/cases";
import { CASES, CONSOLE } from "../../shared/constants";
import { desc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { cases } from "../db/schema";
import { afterPosition, type KeysetOrder, keysetPage, orderTerms, positionOf } from "../db/keyset";
import { all, first, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;

/** A case as the cases group reads it (snake_case like the JSON it becomes). */
const CASE_FIELDS = {
  id: cases.id,
  name: cases.name,
  image: cases.image,
  price: cases.price,
  priority: cases.priority,
  active: cases.active,
  created_at: cases.createdAt,
  updated_at: cases.updatedAt,
};

export interface CaseRow {
  id: number;
  name: string;
  image: string;
  price: number;
  priority: number;
  active: boolean;
  created_at: number;
  updated_at: number;
}

/** How a catalogue entry `c` shows (CATALOGUE_DISPLAY_COLUMNS): a case's item, a dropped item. */
interface CatalogueDisplay {
  market_hash_name: string;
  name: string;
  exterior: string | null;
  image: string;
  rarity: string;
  rarity_color: string;
}

const CATALOGUE_DISPLAY_COLUMNS = sql.raw("c.market_hash_name, c.name, c.exterior, c.image, c.rarity, c.rarity_color");

export interface CaseItemRow extends CatalogueDisplay {
  catalogue_id: number;
  weight: number;
  price: number;
}

export type CaseWithItems = CaseRow & { items: CaseItemRow[] };

/** Items of these cases in pick order (catalogue id ascending), grouped by case id. */
async function itemsOf(env: DbEnv, caseIds: number[]): Promise<Map<number, CaseItemRow[]>> {
  const out = new Map<number, CaseItemRow[]>(caseIds.map((id) => [id, []]));
  if (caseIds.length === 0) return out;
  const results = await all<CaseItemRow & { case_id: number }>(
    env.DB,
    sql`SELECT ci.case_id, ci.catalogue_id, ci.weight, ${CATALOGUE_DISPLAY_COLUMNS}, c.price
       FROM case_items ci JOIN catalogue c ON c.id = ci.catalogue_id
      WHERE ci.case_id IN (SELECT value FROM json_each(${JSON.stringify(caseIds)}))
      ORDER BY ci.case_id, ci.catalogue_id`,
  );
  for (const { case_id, ...row } of results) out.get(case_id)?.push(row);
  return out;
}

/** Cases with their items: active ones only unless `all`; priority desc, then id. */
export async function listCases(env: DbEnv, { all: withInactive = false } = {}): Promise<CaseWithItems[]> {
  const results: CaseRow[] = await db(env)
    .select(CASE_FIELDS)
    .from(cases)
    .where(withInactive ? undefined : eq(cases.active, true))
    .orderBy(desc(cases.priority), cases.id)
    .all();
  const items = await itemsOf(
    env,
    results.map((r) => r.id),
  );
  return results.map((r) => ({ ...r, items: items.get(r.id) ?? [] }));
}

/** The admin cases table's sorts (shared/api/cases.ts CASE_SORTS). RTP is in hundredths of a percent at current prices; -1 without items. */
const CASE_ORDERS: Record<CaseSort, KeysetOrder> = {
  name: { value: sql`cases.name`, key: sql`cases.id`, dir: "asc", kind: "text" },
  price: { value: sql`cases.price`, key: sql`cases.id`, dir: "asc", kind: "int" },
  rtp: {
    value: sql`COALESCE((SELECT CAST(ROUND(SUM(ci.weight * c.price) * 10000.0 / (SUM(ci.weight) * cases.price)) AS INTEGER)
                           FROM case_items ci JOIN catalogue c ON c.id = ci.catalogue_id WHERE ci.case_id = cases.id), -1)`,
    key: sql`cases.id`,
    dir: "desc",
    kind: "int",
  },
};

/** A page of every case (inactive ones too) with its items in the sort's order (keyset, CONSOLE.pageSize), or the one `caseId`. */
export async function caseListPage(
  env: DbEnv,
  f: { sort: CaseSort; cursor?: string | undefined; case_id?: number | undefined },
): Promise<{ rows: CaseWithItems[]; next: string | null }> {
  const order = CASE_ORDERS[f.sort];
  const read = await all<CaseRow & { sort_value: number | string; sort_key: number }>(
    env.DB,
    sql`SELECT id, name, image, price, priority, active, created_at, updated_at, ${order.value} AS sort_value, cases.id AS sort_key FROM cases
         WHERE (${f.case_id ?? null} IS NULL OR cases.id = ${f.case_id ?? null}) AND ${afterPosition(order, positionOf(order, f.sort, f.cursor))}
         ORDER BY ${orderTerms(order)} LIMIT ${CONSOLE.pageSize + 1}`,
  );
  const page = keysetPage(read, CONSOLE.pageSize, f.sort);
  const items = await itemsOf(
    env,
    page.rows.map((r) => r.id),
  );
  return { rows: page.rows.map(({ sort_value: _v, sort_key: _k, ...r }) => ({ ...r, items: items.get(r.id) ?? [] })), next: page.next };
}

/** Ids of the active cases, priority desc, then id (the sitemap's case pages). */
export async function activeCaseIds(env: DbEnv): Promise<number[]> {
  const results = await db(env).select({ id: cases.id }).from(cases).where(eq(cases.active, true)).orderBy(desc(cases.priority), cases.id).all();
  return results.map((r) => r.id);
}

export interface CatalogueEntryRow extends CatalogueDisplay {
  id: number;
  price: number;
}

/** A page of catalogue entries priced above 0 (CASES.adminCataloguePageSize), by id after `cursor`, names containing `q`. */
export async function searchCatalogue(
  env: DbEnv,
  q: string | undefined,
  cursor: number | undefined,
): Promise<{ rows: CatalogueEntryRow[]; next: number | null }> {
  const size = CASES.adminCataloguePageSize;
  const rows = await all<CatalogueEntryRow>(
    env.DB,
    sql`SELECT c.id, ${CATALOGUE_DISPLAY_COLUMNS}, c.price FROM catalogue c
         WHERE c.price > 0 AND c.id > ${cursor ?? 0} AND (${q ?? ""} = '' OR instr(lower(c.market_hash_name), lower(${q ?? ""})) > 0)
         ORDER BY c.id LIMIT ${size + 1}`,
  );
  const shown = rows.slice(0, size);
  return { rows: shown, next: rows.length > size ? (shown.at(-1)?.id ?? null) : null };
}

export async function findCase(env: DbEnv, id: number): Promise<CaseWithItems | null> {
  const row: CaseRow | undefined = await db(env).select(CASE_FIELDS).from(cases).where(eq(cases.id, id)).get();
  if (!row) return null;
  return { ...row, items: (await itemsOf(env, [row.id])).get(row.id) ?? [] };
}

export interface LiveDropRow {
  id: number;
  created_at: number;
  user_id: number;
  username: string;
  avatar: string;
  case_id: number;
  case_name: string;
  case_image: string;
  item_id: number;
  item_price: number;
  market_hash_name: string;
  name: string;
  image: string;
  rarity: string;
  rarity_color: string;
}

const DROP_SELECT = `SELECT o.id, o.created_at, o.user_id, u.username, u.avatar, o.case_id, k.name AS case_name, k.image AS case_image,
        o.item_id, o.item_price, c.market_hash_name, c.name, c.image, c.rarity, c.rarity_color
   FROM case_opens o JOIN users u ON u.id = o.user_id JOIN cases k ON k.id = o.case_id JOIN catalogue c ON c.id = o.catalogue_id`;

/** The last opens, newest first (CASES.liveDropsKept). */
export async function liveDrops(env: DbEnv, limit: number = CASES.liveDropsKept): Promise<LiveDropRow[]> {
  const results = await all<LiveDropRow>(env.DB, sql`${sql.raw(DROP_SELECT)} ORDER BY o.id DESC LIMIT ${limit}`);
  return results;
}

export async function liveDrop(env: DbEnv, openId: number): Promise<LiveDropRow | null> {
  return first<LiveDropRow>(env.DB, sql`${sql.raw(DROP_SELECT)} WHERE o.id = ${openId}`);
}

export interface OpenRow extends CatalogueDisplay {
  id: number;
  user_id: number;
  case_id: number;
  price: number;
  catalogue_id: number;
  item_id: number;
  item_price: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  request_id: string;
  /** the user's balance right after paying (from the ledger row of the debit) */
  balance_after: number;
}

/** A past open of this user by its request_id, with what its first answer said. */
export async function findOpen(env: DbEnv, userId: number, requestId: string): Promise<OpenRow | null> {
  return first<OpenRow>(
    env.DB,
    sql`SELECT o.id, o.user_id, o.case_id, o.price, o.catalogue_id, o.item_id, o.item_price, o.server_seed_hash, o.client_seed,
            o.nonce, o.request_id, l.balance_after, ${CATALOGUE_DISPLAY_COLUMNS}
       FROM case_opens o JOIN catalogue c ON c.id = o.catalogue_id
       JOIN ledger l ON l.idempotency_key = ${openLedgerKey(userId, requestId)}
      WHERE o.user_id = ${userId} AND o.request_id = ${requestId}`,
  );
}

/** Idempotency key of an open's user debit; the house credit adds ":house". */
export function openLedgerKey(userId: number, requestId: string): string {
  return `case:open:${userId}:${requestId}`;
}
