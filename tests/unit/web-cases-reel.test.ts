import { describe, expect, it } from "vitest";
import { CASES } from "../../shared/constants";
import {
  buildReel,
  indexUnderMarker,
  LANDING_EDGE_MARGIN,
  landingJitter,
  landingTranslate,
  REEL_START_INDEX,
  weightedIndex,
  type ReelItem,
} from "../../web/src/features/cases/reelLayout";

/** A small seeded PRNG (mulberry32) so the draws are repeatable. */
function rngFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const item = (name: string, weight: number) => ({ market_hash_name: name, name, image: "", rarity_color: "#4b69ff", weight });
const ITEMS = [item("common", 7992), item("restricted", 1598), item("classified", 320), item("covert", 64), item("gold", 26)];
const WIN: ReelItem = { market_hash_name: "THE WIN", name: "THE WIN", image: "", rarity_color: "#eb4b4b" };

describe("buildReel", () => {
  it("puts the server's item at CASES.reel.winIndex and flags only that card", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const reel = buildReel(ITEMS, WIN, rngFrom(seed));
      expect(reel).toHaveLength(CASES.reel.length);
      expect(reel[CASES.reel.winIndex]).toMatchObject({ market_hash_name: "THE WIN", win: true });
      expect(reel.filter((c) => c.win)).toHaveLength(1);
      // every other card comes from the case's items
      for (const [i, c] of reel.entries()) if (i !== CASES.reel.winIndex) expect(ITEMS.map((x) => x.name)).toContain(c.name);
      expect(new Set(reel.map((c) => c.key)).size).toBe(reel.length);
    }
  });

  it("honours a custom length / winIndex and rejects a winIndex outside the reel", () => {
    const reel = buildReel(ITEMS, WIN, rngFrom(3), { length: 5, winIndex: 4 });
    expect(reel.map((c) => c.win)).toEqual([false, false, false, false, true]);
    expect(() => buildReel(ITEMS, WIN, rngFrom(3), { length: 5, winIndex: 5 })).toThrow(RangeError);
    expect(() => buildReel(ITEMS, WIN, rngFrom(3), { length: 0, winIndex: 0 })).toThrow(RangeError);
  });

  it("starts an 'open again' reel from the card the last spin landed on", () => {
    const lead: ReelItem = { market_hash_name: "LAST", name: "LAST", image: "", rarity_color: "#fff" };
    const reel = buildReel(ITEMS, WIN, rngFrom(9), { lead });
    expect(reel[REEL_START_INDEX]).toMatchObject({ name: "LAST", win: false });
    expect(reel[CASES.reel.winIndex]!.name).toBe("THE WIN");
  });

  it("draws the filler cards by weight", () => {
    const rng = rngFrom(42);
    const counts = new Map<string, number>();
    let total = 0;
    for (let i = 0; i < 2_000; i++) {
      for (const [j, c] of buildReel(ITEMS, WIN, rng).entries()) {
        if (j === CASES.reel.winIndex) continue;
        counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
        total++;
      }
    }
    const W = ITEMS.reduce((a, b) => a + b.weight, 0);
    for (const it of ITEMS) {
      const expected = (total * it.weight) / W;
      // 4 standard deviations of a binomial count
      const sd = Math.sqrt(expected * (1 - it.weight / W));
      expect(Math.abs((counts.get(it.name) ?? 0) - expected), it.name).toBeLessThan(4 * sd);
    }
  });
});

describe("weightedIndex", () => {
  it("maps r to the first item whose cumulative share exceeds it", () => {
    expect(weightedIndex([1, 3], 0)).toBe(0);
    expect(weightedIndex([1, 3], 0.2499)).toBe(0);
    expect(weightedIndex([1, 3], 0.25)).toBe(1);
    expect(weightedIndex([1, 3], 0.999999)).toBe(1);
    // r = 1 (outside [0, 1)) still lands on the last weighted item
    expect(weightedIndex([1, 3, 0], 1)).toBe(1);
  });

  it("never picks a zero weight and refuses weights without a total", () => {
    for (let r = 0; r < 1; r += 0.01) expect(weightedIndex([0, 2, 0, 2, 0], r)).not.toBe(0);
    expect(() => weightedIndex([0, 0], 0.5)).toThrow(RangeError);
    expect(() => weightedIndex([], 0.5)).toThrow(RangeError);
  });
});

describe("landing offset", () => {
  const width = 140;
  const gap = 8;
  const stride = width + gap;

  it("centres the card exactly for jitter 0", () => {
    expect(landingTranslate(52 * stride, width, 0)).toBe(-(52 * stride + 70));
  });

  it("keeps the marker inside the landing card, clear of its edges, for any jitter", () => {
    const left = 52 * stride;
    for (const j of [-1, -0.5, 0, 0.5, 1, -7, 7]) {
      const under = -landingTranslate(left, width, j);
      expect(under).toBeGreaterThanOrEqual(left + LANDING_EDGE_MARGIN * width - 1e-9);
      expect(under).toBeLessThanOrEqual(left + width - LANDING_EDGE_MARGIN * width + 1e-9);
      expect(indexUnderMarker(landingTranslate(left, width, j), stride)).toBe(52);
    }
    expect(-landingTranslate(left, width, -1)).toBeCloseTo(left + LANDING_EDGE_MARGIN * width);
    expect(-landingTranslate(left, width, 1)).toBeCloseTo(left + width - LANDING_EDGE_MARGIN * width);
  });

  it("draws the jitter in [-1, 1)", () => {
    const rng = rngFrom(5);
    for (let i = 0; i < 1000; i++) {
      const j = landingJitter(rng);
      expect(j).toBeGreaterThanOrEqual(-1);
      expect(j).toBeLessThan(1);
    }
    expect(landingJitter(() => 0)).toBe(-1);
    expect(landingJitter(() => 0.5)).toBe(0);
  });

  it("counts the cards passing the marker (tick sound)", () => {
    expect(indexUnderMarker(0, stride)).toBe(0);
    expect(indexUnderMarker(10, stride)).toBe(-1);
    expect(indexUnderMarker(-stride + 0.5, stride)).toBe(0);
    expect(indexUnderMarker(-stride, stride)).toBe(1);
    expect(indexUnderMarker(-100, 0)).toBe(-1);
  });
});
