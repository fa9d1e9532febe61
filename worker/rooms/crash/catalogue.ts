// The catalogue a win is paid from (payout.ts pickWinItem), sorted by price ascending, kept in
// memory for a few minutes: the room needs it on every cash-out and loader tick.
import type { CatalogueItem } from "./state";
import { all, sql } from "../../db/sql";

const TTL_MS = 5 * 60_000;

export class CatalogueCache {
  private cached: { items: CatalogueItem[]; at: number } | undefined;

  constructor(private readonly env: Pick<Env, "DB">) {}

  async items(now = Date.now()): Promise<readonly CatalogueItem[]> {
    if (this.cached && now - this.cached.at < TTL_MS) return this.cached.items;
    const results = await all<CatalogueItem>(
      this.env.DB,
      sql`SELECT id, market_hash_name, name, image, rarity, rarity_color, price FROM catalogue WHERE price > 0 ORDER BY price, id`,
    );
    this.cached = { items: results, at: now };
    return results;
  }
}
