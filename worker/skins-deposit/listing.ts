// The player's game-platform inventory as the trade bot lists it, joined with the catalogue:
// an item is depositable (accepted) when it is tradable now and the catalogue knows its
// market_hash_name; it is then valued at the current catalogue price (docs/security.md "One valuation rule for items").
import type { SkinsInventoryItem } from "../../shared/api/skins-deposit";
import { toDollars } from "../../shared/money";
import { all, sql } from "../db/sql";
import type { StoreListRow } from "../store/list";
import type { BotInventoryItem } from "../withdraws/bot";

/** A catalogue row with its display fields, as a store card shows it (without the stock count). */
export type CatalogueMatch = Omit<StoreListRow, "market_count">;

/** Catalogue rows by market_hash_name for the names given. */
export async function catalogueByName(env: Pick<Env, "DB">, names: readonly string[]): Promise<Map<string, CatalogueMatch>> {
  if (names.length === 0) return new Map();
  const rows = await all<CatalogueMatch>(
    env.DB,
    sql`SELECT id, market_hash_name, name, exterior, rarity, rarity_color, image, price FROM catalogue
         WHERE market_hash_name IN (SELECT value FROM json_each(${JSON.stringify([...new Set(names)])}))`,
  );
  return new Map(rows.map((r) => [r.market_hash_name, r]));
}

export interface ListedItem {
  bot: BotInventoryItem;
  catalogue: CatalogueMatch | null;
  accepted: boolean;
}

export async function matchListing(env: Pick<Env, "DB">, items: readonly BotInventoryItem[]): Promise<ListedItem[]> {
  const known = await catalogueByName(
    env,
    items.map((i) => i.marketHashName),
  );
  return items.map((bot) => {
    const catalogue = known.get(bot.marketHashName) ?? null;
    return { bot, catalogue, accepted: bot.tradable && catalogue !== null };
  });
}

/** The listing as the API answers it: accepted items first, dearest first. */
export function listingJson(items: readonly ListedItem[]): SkinsInventoryItem[] {
  return [...items]
    .sort((a, b) => Number(b.accepted) - Number(a.accepted) || (b.catalogue?.price ?? 0) - (a.catalogue?.price ?? 0))
    .map(({ bot, catalogue, accepted }) => ({
      asset_id: bot.assetId,
      market_hash_name: bot.marketHashName,
      name: catalogue?.name ?? bot.marketHashName,
      exterior: catalogue?.exterior ?? null,
      rarity: catalogue?.rarity ?? null,
      rarity_color: catalogue?.rarity_color ?? null,
      image: catalogue?.image ?? null,
      price: accepted && catalogue ? toDollars(catalogue.price) : null,
      accepted,
      tradable_after: bot.tradable ? null : bot.tradableAfter,
    }));
}
