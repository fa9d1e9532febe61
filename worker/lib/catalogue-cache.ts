// The catalogue a game win is paid from (lib/win-item.ts pickWinItem), sorted by price ascending,
// kept in memory for a few minutes: crash needs it on every cash-out and loader tick, the wheel
// at every result.
import { gt } from "drizzle-orm";
import type { CrashItemRow } from "../crash/items";
import { db } from "../db/client";
import { catalogue } from "../db/schema";

/** A catalogue item a win may be paid with; `id` is the catalogue id, `price` in cents. */
type CatalogueItem = CrashItemRow;

const TTL_MS = 5 * 60_000;

export class CatalogueCache {
  private cached: { items: CatalogueItem[]; at: number } | undefined;

  constructor(private readonly env: Pick<Env, "DB">) {}

  async items(now = Date.now()): Promise<readonly CatalogueItem[]> {
    if (this.cached && now - this.cached.at < TTL_MS) return this.cached.items;
    const results: CatalogueItem[] = await db(this.env)
      .select({
        id: catalogue.id,
        market_hash_name: catalogue.marketHashName,
        name: catalogue.name,
        image: catalogue.image,
        rarity: catalogue.rarity,
        rarity_color: catalogue.rarityColor,
        price: catalogue.price,
      })
      .from(catalogue)
      .where(gt(catalogue.price, 0))
      .orderBy(catalogue.price, catalogue.id)
      .all();
    this.cached = { items: results, at: now };
    return results;
  }
}
