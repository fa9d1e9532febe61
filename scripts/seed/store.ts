// More house stock for the storehouse (dev/demo only, `seed-sql.mjs --demo`): a few hundred
// units spread over the whole price range of the catalogue, so the store has something at every
// budget and the market counts vary (1–4 units per card, some under the §9 warning of 5).
// Deterministic: the same catalogue always yields the same picks (FNV-1a of the names).
// Idempotent: the inserts run only while app_settings has no 'store_seeded' row; the last
// statement adds it. Units take the catalogue's id and current price in SQL.
import type { CatalogueEntry } from "../../shared/catalogue";
import { sqlString } from "../../worker/prices/catalogue-sql";
import { fnv1a32 } from "../../worker/prices/dev-model";

export const STORE_SEED = {
  /** price bands, equal in log(price) from the cheapest to the dearest item */
  bands: 24,
  /** distinct catalogue items picked per band (fewer when a band has fewer) */
  perBand: 8,
  /** units per picked item: 1 … maxUnits */
  maxUnits: 4,
  settingKey: "store_seeded",
} as const;

export interface StockPick {
  market_hash_name: string;
  units: number;
}

/** The picks: per log-price band, the `perBand` items with the smallest hash of their name. */
export function storeStockPicks(entries: readonly CatalogueEntry[], priceOf: (e: CatalogueEntry) => number): StockPick[] {
  const priced = entries.map((e) => ({ e, price: priceOf(e) })).filter((x) => x.price > 0);
  if (priced.length === 0) return [];
  const logs = priced.map((x) => Math.log(x.price));
  const lo = Math.min(...logs);
  const span = Math.max(...logs) - lo || 1;
  const bands: (typeof priced)[] = Array.from({ length: STORE_SEED.bands }, () => []);
  priced.forEach((x, i) => {
    const band = Math.min(STORE_SEED.bands - 1, Math.floor(((logs[i]! - lo) / span) * STORE_SEED.bands));
    bands[band]!.push(x);
  });
  const picks: StockPick[] = [];
  for (const band of bands) {
    const ranked = band
      .map((x) => ({ name: x.e.market_hash_name, h: fnv1a32(`store:${x.e.market_hash_name}`) }))
      .sort((a, b) => a.h - b.h || (a.name < b.name ? -1 : 1));
    for (const r of ranked.slice(0, STORE_SEED.perBand)) picks.push({ market_hash_name: r.name, units: 1 + (r.h % STORE_SEED.maxUnits) });
  }
  return picks;
}

/** The statements; the catalogue must be loaded first. */
export function storeSeedSql(entries: readonly CatalogueEntry[], priceOf: (e: CatalogueEntry) => number): string[] {
  const picks = storeStockPicks(entries, priceOf);
  if (picks.length === 0) return [];
  const rows = picks.flatMap((p) => Array.from({ length: p.units }, () => `(${sqlString(p.market_hash_name)})`));
  const key = sqlString(STORE_SEED.settingKey);
  return [
    `INSERT INTO inventory_items (owner_id, catalogue_id, price, status)\n` +
      `SELECT NULL, c.id, c.price, 'available'\n` +
      `FROM (VALUES ${rows.join(", ")}) AS v JOIN catalogue c ON c.market_hash_name = v.column1\n` +
      `WHERE NOT EXISTS (SELECT 1 FROM app_settings WHERE key = ${key});`,
    `INSERT INTO app_settings (key, value) VALUES (${key}, 'true') ON CONFLICT(key) DO UPDATE SET value = 'true';`,
  ];
}
