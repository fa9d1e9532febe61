// The store stock seed (scripts/seed/store.ts): deterministic, spread over the price range, a few
// hundred units, guarded so that applying it twice adds nothing.
import { describe, expect, it } from "vitest";
import { catalogueEntries } from "../../shared/catalogue";
import { devPriceOf } from "../../scripts/seed/statements";
import { STORE_SEED, storeSeedSql, storeStockPicks } from "../../scripts/seed/store";

const entries = catalogueEntries();

describe("storeStockPicks", () => {
  const picks = storeStockPicks(entries, devPriceOf);
  const priceOf = new Map(entries.map((e) => [e.market_hash_name, devPriceOf(e)]));

  it("is deterministic and picks catalogue items once each", () => {
    expect(storeStockPicks(entries, devPriceOf)).toEqual(picks);
    const names = picks.map((p) => p.market_hash_name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(priceOf.has(n)).toBe(true);
  });

  it("stocks a few hundred units, 1…maxUnits per item, some under the §9 warning of 5", () => {
    const units = picks.reduce((a, p) => a + p.units, 0);
    expect(units).toBeGreaterThanOrEqual(200);
    expect(units).toBeLessThanOrEqual(600);
    for (const p of picks) {
      expect(p.units).toBeGreaterThanOrEqual(1);
      expect(p.units).toBeLessThanOrEqual(STORE_SEED.maxUnits);
    }
    expect(new Set(picks.map((p) => p.units)).size).toBeGreaterThan(1);
  });

  it("covers the whole price range: from the cheapest cents to the dearest items", () => {
    const prices = picks.map((p) => priceOf.get(p.market_hash_name)!);
    const all = entries.map(devPriceOf);
    expect(Math.min(...prices)).toBe(Math.min(...all));
    expect(Math.max(...prices)).toBeGreaterThanOrEqual(Math.max(...all) / 3);
    // every decade of price that the catalogue has, the stock has too
    const decades = (xs: number[]) => new Set(xs.map((x) => Math.floor(Math.log10(x))));
    expect(decades(prices)).toEqual(decades(all));
  });
});

describe("storeSeedSql", () => {
  it("inserts only while the store_seeded flag is absent, then sets it", () => {
    const sql = storeSeedSql(entries, devPriceOf);
    expect(sql).toHaveLength(2);
    expect(sql[0]).toMatch(/^INSERT INTO inventory_items/);
    expect(sql[0]).toContain("WHERE NOT EXISTS (SELECT 1 FROM app_settings WHERE key = 'store_seeded')");
    expect(sql[0]).toContain("SELECT NULL, c.id, c.price, 'available'");
    expect(sql[1]).toContain("'store_seeded'");
    // one VALUES row per unit
    const units = storeStockPicks(entries, devPriceOf).reduce((a, p) => a + p.units, 0);
    expect(sql[0]!.match(/\('(?:[^']|'')*'\)/g)).toHaveLength(units);
    expect(storeSeedSql([], devPriceOf)).toEqual([]);
  });
});
