// Case maths (shared/case-odds.ts, tiers.ts) and the admin checks (validation.ts): chances,
// EV, RTP, the price that gives an RTP, the usual tier odds, and what staff may save.
import { describe, expect, it } from "vitest";
import { CASES } from "../../shared/constants";
import { chancesPercent, expectedValueCents, priceForRtp, rtpPercent, totalWeight } from "../../shared/case-odds";
import { tierOf, tierWeights, WEIGHT_SCALE } from "../../worker/cases/tiers";
import { checkCase, MAX_WEIGHT } from "../../worker/cases/validation";
import { casesRtpPercent } from "../../worker/cases/config";
import { driftedCases } from "../../worker/cases/reprice";

describe("chances, EV and RTP", () => {
  const items = [
    { weight: 7, price: 100 },
    { weight: 2, price: 1_000 },
    { weight: 1, price: 10_000 },
  ];

  it("chances are weight / Σ weights in percent with 4 decimals", () => {
    expect(chancesPercent(items)).toEqual([70, 20, 10]);
    expect(chancesPercent([{ weight: 1 }, { weight: 2 }])).toEqual([33.3333, 66.6667]);
  });

  it("EV is Σ weight·price / Σ weight (cents)", () => {
    // (700 + 2000 + 10000) / 10
    expect(expectedValueCents(items)).toBe(1_270);
  });

  it("RTP is EV / price in percent, 2 decimals, rounded half up", () => {
    expect(rtpPercent(items, 1_270)).toBe(100);
    expect(rtpPercent(items, 2_540)).toBe(50);
    // 1270 / 1411 = 90.0070...%
    expect(rtpPercent(items, 1_411)).toBe(90.01);
    // 1 / 3 = 33.333...% and 2 / 3 = 66.666...%
    expect(rtpPercent([{ weight: 1, price: 1 }], 3)).toBe(33.33);
    expect(rtpPercent([{ weight: 1, price: 2 }], 3)).toBe(66.67);
  });

  it("priceForRtp gives the smallest price whose RTP does not exceed the target", () => {
    for (const rtp of [50, 90, 92.5, 98]) {
      const price = priceForRtp(items, rtp);
      // exact: EV·100 ≤ rtp·price, and one cent less would exceed the target
      expect(1_270 * 100 * 100).toBeLessThanOrEqual(Math.round(rtp * 100) * price);
      expect(1_270 * 100 * 100).toBeGreaterThan(Math.round(rtp * 100) * (price - 1));
    }
    expect(priceForRtp(items, 90)).toBe(1_412); // ceil(127000 / 90) = ceil(1411.11)
    expect(priceForRtp([{ weight: 1, price: 0 }], 90)).toBe(1);
  });

  it("refuses weights that are not positive integers and bad prices", () => {
    expect(() => totalWeight([{ weight: 0 }])).toThrow(RangeError);
    expect(() => totalWeight([{ weight: 1.5 }])).toThrow(RangeError);
    expect(() => totalWeight([])).toThrow(RangeError);
    expect(() => rtpPercent(items, 0)).toThrow(RangeError);
    expect(() => priceForRtp(items, 0)).toThrow(RangeError);
    expect(() => priceForRtp(items, 90.001)).toThrow(RangeError);
    expect(() => expectedValueCents([{ weight: 1, price: 1.5 }])).toThrow(RangeError);
  });
});

describe("the usual tier odds split over a case's items", () => {
  const item = (category: string, rarity: string, n: number) => ({ category, rarity, n });
  const caseItems = [
    ...[1, 2, 3, 4, 5, 6, 7].map((n) => item("weapon", "Mil-Spec Grade", n)),
    ...[1, 2, 3, 4, 5].map((n) => item("weapon", "Restricted", n)),
    ...[1, 2, 3].map((n) => item("weapon", "Classified", n)),
    ...[1, 2].map((n) => item("weapon", "Covert", n)),
    ...Array.from({ length: 30 }, (_, n) => item("knife", "Extraordinary", n)),
    item("weapon", "Consumer Grade", 1),
  ];

  it("places knives and gloves in the rare special tier and skips rarities outside the tiers", () => {
    expect(tierOf({ category: "knife", rarity: "Covert" })).toBe("Extraordinary");
    expect(tierOf({ category: "glove", rarity: "Extraordinary" })).toBe("Extraordinary");
    expect(tierOf({ category: "weapon", rarity: "Covert" })).toBe("Covert");
    expect(tierOf({ category: "weapon", rarity: "Consumer Grade" })).toBeNull();
    expect(tierOf({ category: "weapon", rarity: "Extraordinary" })).toBeNull();
  });

  it("each tier keeps its exact share and its items differ by at most one unit", () => {
    const weights = tierWeights(caseItems);
    expect(weights).toHaveLength(caseItems.length - 1);
    const total = weights.reduce((s, w) => s + w.weight, 0);
    expect(total).toBe(10_000 * WEIGHT_SCALE);
    for (const [tier, bp] of Object.entries(CASES.tierOddsBp)) {
      const members = weights.filter((w) => tierOf(w.item) === tier).map((w) => w.weight);
      expect(members.reduce((s, w) => s + w, 0)).toBe(bp * WEIGHT_SCALE);
      expect(Math.max(...members) - Math.min(...members)).toBeLessThanOrEqual(1);
    }
  });

  it("a case without a tier simply lacks its share", () => {
    const weights = tierWeights(caseItems.filter((i) => i.category === "weapon"));
    expect(weights.reduce((s, w) => s + w.weight, 0)).toBe((10_000 - CASES.tierOddsBp.Extraordinary) * WEIGHT_SCALE);
  });
});

describe("checkCase: what staff may save", () => {
  const prices = new Map([
    [1, 100],
    [2, 1_000],
    [3, 10_000],
  ]);
  const choices = [
    { catalogue_id: 3, weight: 1 },
    { catalogue_id: 1, weight: 7 },
    { catalogue_id: 2, weight: 2 },
  ];

  it("accepts consistent items and returns them in pick order with prices and the RTP", () => {
    const r = checkCase(choices, prices, 1_412);
    expect(r).toEqual({
      ok: true,
      rtp: 89.94,
      items: [
        { catalogue_id: 1, weight: 7, price: 100 },
        { catalogue_id: 2, weight: 2, price: 1_000 },
        { catalogue_id: 3, weight: 1, price: 10_000 },
      ],
    });
  });

  it("refuses zero, negative or fractional weights, unknown or repeated items, none or too many", () => {
    const bad = (items: { catalogue_id: number; weight: number }[]) => checkCase(items, prices, 1_412);
    expect(bad([{ catalogue_id: 1, weight: 0 }])).toEqual({ ok: false, message: "cases_api.invalid_items" });
    expect(bad([{ catalogue_id: 1, weight: -3 }])).toEqual({ ok: false, message: "cases_api.invalid_items" });
    expect(bad([{ catalogue_id: 1, weight: 1.5 }])).toEqual({ ok: false, message: "cases_api.invalid_items" });
    expect(bad([{ catalogue_id: 1, weight: MAX_WEIGHT + 1 }])).toEqual({ ok: false, message: "cases_api.invalid_items" });
    expect(bad([{ catalogue_id: 1.5, weight: 1 }])).toEqual({ ok: false, message: "cases_api.invalid_items" });
    expect(bad([...choices, { catalogue_id: 99, weight: 1 }])).toEqual({ ok: false, message: "cases_api.invalid_items" });
    expect(bad([...choices, { catalogue_id: 1, weight: 1 }])).toEqual({ ok: false, message: "cases_api.invalid_items" });
    expect(bad([])).toEqual({ ok: false, message: "cases_api.invalid_items" });
    const many = new Map(Array.from({ length: CASES.maxItemsPerCase + 1 }, (_, i) => [i + 1, 100] as const));
    const tooMany = [...many.keys()].map((id) => ({ catalogue_id: id, weight: 1 }));
    expect(checkCase(tooMany, many, 110)).toEqual({ ok: false, message: "cases_api.invalid_items" });
    expect(checkCase(tooMany.slice(1), many, 110).ok).toBe(true);
  });

  it("refuses a price whose RTP falls outside CASES.rtpBounds, at the bounds inclusive", () => {
    // EV 1270: RTP 98 % at 1296 (97.99…), 50 % at 2540
    expect(checkCase(choices, prices, Math.ceil((1_270 * 100) / CASES.rtpBounds.max)).ok).toBe(true);
    expect(checkCase(choices, prices, 1_270)).toEqual({ ok: false, message: "cases_api.invalid_price" });
    expect(checkCase(choices, prices, 2 * 1_270)).toMatchObject({ ok: true, rtp: 50 });
    expect(checkCase(choices, prices, 2 * 1_270 + 10)).toEqual({ ok: false, message: "cases_api.invalid_price" });
    expect(checkCase(choices, prices, 0)).toEqual({ ok: false, message: "cases_api.invalid_price" });
  });
});

describe("configured RTP and drift (worker/cases/config.ts, reprice.ts)", () => {
  it("CASES_RTP_PERCENT: a percent with ≤ 2 decimals inside the bounds, else the default", () => {
    expect(casesRtpPercent({ CASES_RTP_PERCENT: "92.5" })).toBe(92.5);
    expect(casesRtpPercent({ CASES_RTP_PERCENT: " 50 " })).toBe(50);
    expect(casesRtpPercent({ CASES_RTP_PERCENT: "98" })).toBe(98);
    for (const raw of [undefined, "", "abc", "99", "49.99", "90.123", "-90", "1e2"]) {
      expect(casesRtpPercent({ CASES_RTP_PERCENT: raw }), String(raw)).toBe(CASES.defaultRtpPercent);
    }
  });
  it("only cases outside the bounds are re-priced, to the target RTP", () => {
    const items = [
      { weight: 1, price: 1_913 },
      { weight: 3, price: 399 },
    ]; // EV 777.5
    const cases = new Map([
      [1, { price: 500, items }], // 155.5 %
      [2, { price: 900, items }], // 86.39 %
      [3, { price: 1_600, items }], // 48.59 %: too stingy, re-priced down
      [4, { price: 100, items: [] }], // no items: nothing to price
    ]);
    expect(driftedCases(cases, 90)).toEqual([
      { id: 1, from: 500, to: 864, rtpBefore: 155.5 },
      { id: 3, from: 1_600, to: 864, rtpBefore: 48.59 },
    ]);
    expect(driftedCases(new Map([[1, { price: 864, items }]]), 90)).toEqual([]);
  });
});
