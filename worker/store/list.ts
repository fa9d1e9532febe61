// The store list (POST /api/all-items/getList): one card per catalogue item the house holds in
// stock, price bounds on the current catalogue price, a name search, pages of STORE.pageSize
// sorted by price desc. The stock comes from the partial index inventory_house_stock and the
// search from the FTS5 trigram index catalogue_search (migrations/0003_store_search.sql).
import { STORE } from "../../shared/constants";
import { all, type SQL, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;

export interface StoreListQuery {
  page: number;
  /** a substring of market_hash_name, any case; undefined = no search */
  search?: string;
  /** cents, inclusive */
  minPrice: number;
  /** cents, inclusive; undefined = no upper bound */
  maxPrice?: number;
}

export interface StoreListRow {
  id: number;
  market_hash_name: string;
  name: string;
  exterior: string | null;
  rarity: string;
  rarity_color: string;
  image: string;
  price: number;
  market_count: number;
}

/** Trigrams need 3 characters; shorter searches scan the catalogue names instead (still small). */
export const TRIGRAM = 3;

/** A search text as one FTS5 phrase: the whole text must occur as a substring ("" escapes a quote). */
export function ftsPhrase(search: string): string {
  return `"${search.replaceAll('"', '""')}"`;
}

/** The WHERE fragment and its binding that restrict catalogue `c` to names containing `search`. */
export function searchFilter(search: string): { sql: string; arg: string } {
  return [...search].length >= TRIGRAM
    ? { sql: "c.id IN (SELECT rowid FROM catalogue_search WHERE catalogue_search MATCH ?)", arg: ftsPhrase(search) }
    : // lower() folds ASCII only; names are ASCII apart from ★ and ™, which have no case
      { sql: "instr(lower(c.market_hash_name), lower(?)) > 0", arg: search };
}

export async function storeList(env: DbEnv, q: StoreListQuery): Promise<{ rows: StoreListRow[]; hasMore: boolean }> {
  const where: SQL[] = [sql`c.price >= ${q.minPrice}`];
  if (q.maxPrice !== undefined) where.push(sql`c.price <= ${q.maxPrice}`);
  if (q.search) {
    const f = searchFilter(q.search);
    const [before = "", after = ""] = f.sql.split("?");
    where.push(sql`${sql.raw(before)}${f.arg}${sql.raw(after)}`);
  }
  // one row more than a page tells whether another page exists
  const results = await all<StoreListRow>(
    env.DB,
    sql`SELECT c.id, c.market_hash_name, c.name, c.exterior, c.rarity, c.rarity_color, c.image, c.price, s.n AS market_count
       FROM (SELECT catalogue_id, COUNT(*) AS n FROM inventory_items
              WHERE owner_id IS NULL AND status = 'available' GROUP BY catalogue_id) s
       JOIN catalogue c ON c.id = s.catalogue_id
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY c.price DESC, c.id ASC
      LIMIT ${STORE.pageSize + 1} OFFSET ${(q.page - 1) * STORE.pageSize}`,
  );
  return { rows: results.slice(0, STORE.pageSize), hasMore: results.length > STORE.pageSize };
}
