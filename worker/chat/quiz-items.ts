// Quiz prize candidates for staff: house items (owner none) that are available, dearest first.
import type { QuizPrizeJson } from "../../shared/api/chat";
import { toDollars } from "../../shared/money";
import { all, sql } from "../db/sql";

const LIMIT = 50;

/** `search` is a plain substring of market_hash_name (LIKE wildcards escaped). */
export async function houseQuizItems(db: D1Database, search: string): Promise<QuizPrizeJson[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const results = await all<QuizPrizeJson>(
    db,
    sql`SELECT i.id, c.market_hash_name, c.name, c.exterior, c.image, c.rarity, c.rarity_color, c.price
       FROM inventory_items i JOIN catalogue c ON c.id = i.catalogue_id
       WHERE i.owner_id IS NULL AND i.status = 'available' AND c.market_hash_name LIKE ${pattern} ESCAPE '\\'
       ORDER BY c.price DESC, i.id ASC LIMIT ${LIMIT}`,
  ); // price in cents here, dollars once mapped
  return results.map((r) => ({ ...r, price: toDollars(r.price) }));
}
