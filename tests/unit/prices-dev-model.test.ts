import { describe, expect, it } from "vitest";
import { catalogueEntries } from "../../shared/catalogue";
import { EXTERIORS, RARITY_NAMES } from "../../shared/items";
import { DevPriceModel, describeFromList, devPriceCents, fnv1a32 } from "../../worker/prices/dev-model";

const entries = catalogueEntries();
const byName = new Map(entries.map((e) => [e.market_hash_name, e]));
const price = (name: string) => devPriceCents(byName.get(name)!)!;

/** The model's tiers, cheapest first: weapon rarities, then ★ items, then Contraband. */
function tierOf(e: (typeof entries)[number]): number {
  if (e.rarity === "Contraband") return 8;
  if (e.category !== "weapon") return 7;
  return RARITY_NAMES.indexOf(e.rarity);
}

describe("DevPriceModel (deterministic dev prices)", () => {
  it("hashes with FNV-1a 32 (reference vectors)", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });

  it("prices every catalogue entry in positive integer cents, the same every time", () => {
    for (const e of entries) {
      const cents = devPriceCents(e);
      expect(Number.isSafeInteger(cents), e.market_hash_name).toBe(true);
      expect(cents).toBeGreaterThan(0);
      expect(devPriceCents({ ...e })).toBe(cents);
    }
    // pinned by the documented formula: Classified 500¢ × Field-Tested 100 % × spread
    const redline = byName.get("AK-47 | Redline (Field-Tested)")!;
    const spread = 75 + (fnv1a32("AK-47 | Redline") % 76);
    expect(price("AK-47 | Redline (Field-Tested)")).toBe(Math.floor((500 * 100 * spread + 5_000) / 10_000));
    expect(redline.rarity).toBe("Classified");
  });

  it("orders by rarity: within one exterior, every higher tier costs more than any lower one", () => {
    for (const exterior of [...EXTERIORS.map((x) => x.name as string), null]) {
      const ranges = new Map<number, { min: number; max: number }>();
      for (const e of entries.filter((x) => x.exterior === exterior)) {
        const t = tierOf(e);
        const c = devPriceCents(e)!;
        const r = ranges.get(t) ?? { min: Infinity, max: -Infinity };
        ranges.set(t, { min: Math.min(r.min, c), max: Math.max(r.max, c) });
      }
      const tiers = [...ranges.keys()].sort((a, b) => a - b);
      for (let i = 1; i < tiers.length; i++) {
        expect(ranges.get(tiers[i]!)!.min, `${exterior}: tier ${tiers[i]} vs ${tiers[i - 1]}`).toBeGreaterThan(ranges.get(tiers[i - 1]!)!.max);
      }
    }
  });

  it("lets wear lower the price of one skin", () => {
    const fn = price("★ Karambit | Doppler (Factory New)");
    const mw = price("★ Karambit | Doppler (Minimal Wear)");
    expect(fn).toBeGreaterThan(mw);
    const names = ["Minimal Wear", "Field-Tested", "Well-Worn", "Battle-Scarred"].map((x) => price(`AK-47 | Redline (${x})`));
    expect(names).toEqual([...names].sort((a, b) => b - a));
    expect(new Set(names).size).toBe(4);
    // never cheaper in a better exterior, anywhere in the catalogue
    const bySkin = new Map<string, number[]>();
    for (const e of entries) bySkin.set(e.name, [...(bySkin.get(e.name) ?? []), devPriceCents(e)!]);
    for (const [name, prices] of bySkin) expect(prices, name).toEqual([...prices].sort((a, b) => b - a));
  });

  it("puts knives and gloves in the hundreds of dollars and Mil-Spec in cents to dollars", () => {
    for (const e of entries) {
      const c = devPriceCents(e)!;
      if (e.category !== "weapon") {
        expect(c).toBeGreaterThanOrEqual(10_000);
        expect(c).toBeLessThan(100_000);
      }
      if (e.rarity === "Mil-Spec Grade") {
        expect(c).toBeGreaterThanOrEqual(10);
        expect(c).toBeLessThan(1_000);
      }
    }
  });

  it("does not price what it cannot place", () => {
    expect(devPriceCents({ name: "X | Y", category: "weapon", rarity: "Mythic", exterior: "Factory New" })).toBeUndefined();
    expect(devPriceCents({ name: "X | Y", category: "weapon", rarity: "Covert", exterior: "Brand New" })).toBeUndefined();
  });

  it("answers a PriceFeed map for known names only", async () => {
    const model = new DevPriceModel(describeFromList(entries));
    const got = await model.prices(["AK-47 | Redline (Field-Tested)", "Sticker | Nope", "★ Karambit"]);
    expect([...got.keys()]).toEqual(["AK-47 | Redline (Field-Tested)", "★ Karambit"]);
    expect(got.get("★ Karambit")).toBe(price("★ Karambit"));
    expect(model.source).toBe("dev");
  });
});
