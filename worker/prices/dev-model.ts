// The dev price model: deterministic prices for local development and demos (not market prices).
//
//   cents = max(1, round_half_up(BASE[tier] × WEAR[exterior] × spread(name) / 10 000))
//
//   tier      rarity for weapon skins; "knife" / "glove" for ★ items (both Extraordinary)
//   BASE      Consumer 4¢, Industrial 12¢, Mil-Spec 40¢, Restricted $1.50, Classified $5,
//             Covert $20, glove $200, knife $240, Contraband (Howl) $3000
//   WEAR      percent: Factory New 160, Minimal Wear 120, Field-Tested 100, Well-Worn 85,
//             Battle-Scarred 70, no exterior (vanilla knife) 100
//   spread    percent in [75, 150]: 75 + FNV-1a-32(item name without exterior) mod 76, so one
//             skin keeps one spread across its exteriors (better wear ⇒ never cheaper)
//
// Consecutive BASE values differ by more than the spread's 2× range, so within one exterior
// every item of a higher tier costs more than any item of a lower one. Integer arithmetic only.
import { rarityRank, type ItemCategory } from "../../shared/items";
import type { PriceFeed } from "./feed";
import { all, sql } from "../db/sql";

/** What the model needs to know about an item. */
export interface PricedItem {
  /** name without exterior ("AK-47 | Redline"), the spread's seed */
  name: string;
  category: ItemCategory | string;
  rarity: string;
  exterior: string | null;
}

const BASE_CENTS: Record<string, number> = {
  "Consumer Grade": 4,
  "Industrial Grade": 12,
  "Mil-Spec Grade": 40,
  Restricted: 150,
  Classified: 500,
  Covert: 2_000,
  glove: 20_000,
  knife: 24_000,
  Contraband: 300_000,
};

const WEAR_PERCENT: Record<string, number> = {
  "Factory New": 160,
  "Minimal Wear": 120,
  "Field-Tested": 100,
  "Well-Worn": 85,
  "Battle-Scarred": 70,
};

const SPREAD_MIN = 75;
const SPREAD_SPAN = 76; // 75..150

/** FNV-1a, 32 bits, over the UTF-8 bytes of `text`. */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function tier(item: PricedItem): string {
  if (item.category === "knife" || item.category === "glove") return item.rarity === "Contraband" ? "Contraband" : item.category;
  return item.rarity;
}

/** The dev model's price of one item in cents, or undefined when its rarity is unknown. */
export function devPriceCents(item: PricedItem): number | undefined {
  const base = BASE_CENTS[tier(item)];
  if (base === undefined || (item.category === "weapon" && rarityRank(item.rarity) < 0)) return undefined;
  const wear = item.exterior === null ? 100 : WEAR_PERCENT[item.exterior];
  if (wear === undefined) return undefined;
  const spread = SPREAD_MIN + (fnv1a32(item.name) % SPREAD_SPAN);
  const scaled = base * wear * spread; // ≤ 300 000 × 160 × 150 = 7.2e9, exact in a double
  return Math.max(1, Math.floor((scaled + 5_000) / 10_000));
}

/** Looks items up by market_hash_name (the model prices only what it can describe). */
export type DescribeItems = (marketHashNames: string[]) => Promise<Map<string, PricedItem>>;

export class DevPriceModel implements PriceFeed {
  readonly source = "dev";
  readonly #describe: DescribeItems;

  constructor(describe: DescribeItems) {
    this.#describe = describe;
  }

  async prices(marketHashNames: string[]): Promise<Map<string, number>> {
    const items = await this.#describe(marketHashNames);
    const out = new Map<string, number>();
    for (const name of marketHashNames) {
      const item = items.get(name);
      const cents = item && devPriceCents(item);
      if (cents !== undefined) out.set(name, cents);
    }
    return out;
  }
}

/** Describes items from an in-memory list (catalogue entries, test fixtures). */
export function describeFromList(items: Iterable<PricedItem & { market_hash_name: string }>): DescribeItems {
  const byName = new Map<string, PricedItem>();
  for (const i of items) byName.set(i.market_hash_name, i);
  return async (names) => new Map(names.flatMap((n) => (byName.has(n) ? [[n, byName.get(n)!] as const] : [])));
}

/** Describes items from the D1 catalogue table (one read of the whole table: it is small). */
export function describeFromD1(d1: D1Database): DescribeItems {
  return async (names) => {
    const wanted = new Set(names);
    const results = await all<PricedItem & { market_hash_name: string }>(d1, sql`SELECT market_hash_name, name, category, rarity, exterior FROM catalogue`);
    return new Map(results.filter((r) => wanted.has(r.market_hash_name)).map((r) => [r.market_hash_name, r] as const));
  };
}
