import { describe, expect, it } from "vitest";
import {
  buildStrip,
  easeOut,
  indexUnderMarker,
  landingJitter,
  markerOffset,
  seedOf,
  spinProgress,
  STRIDE_PX,
  STRIP,
  stripTranslate,
  weightedPlayer,
} from "../../web/src/features/jackpot/spinnerStrip";

const PLAYERS = [
  { userId: 1, tickets: 7000 },
  { userId: 2, tickets: 2500 },
  { userId: 3, tickets: 500 },
];

describe("buildStrip", () => {
  it("puts the winner at the win index, is the same for the same round, differs between rounds", () => {
    const a = buildStrip(PLAYERS, 3, "jackpot:41:abc");
    expect(a).toHaveLength(STRIP.length);
    expect(a[STRIP.winIndex]).toBe(3);
    expect(buildStrip(PLAYERS, 3, "jackpot:41:abc")).toEqual(a);
    expect(buildStrip(PLAYERS, 3, "jackpot:42:abd")).not.toEqual(a);
    for (const id of a) expect([1, 2, 3]).toContain(id);
  });

  it("draws the other cards by tickets", () => {
    const counts = new Map<number, number>();
    for (let round = 0; round < 200; round++)
      for (const [i, id] of buildStrip(PLAYERS, 1, `r${round}`).entries()) if (i !== STRIP.winIndex) counts.set(id, (counts.get(id) ?? 0) + 1);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    expect(counts.get(1)! / total).toBeGreaterThan(0.66);
    expect(counts.get(1)! / total).toBeLessThan(0.74);
    expect(counts.get(2)! / total).toBeGreaterThan(0.22);
    expect(counts.get(2)! / total).toBeLessThan(0.28);
    expect(counts.get(3)! / total).toBeGreaterThan(0.03);
    expect(counts.get(3)! / total).toBeLessThan(0.07);
  });

  it("a winner alone fills the strip; bad geometry is refused", () => {
    expect(new Set(buildStrip([{ userId: 9, tickets: 100 }], 9, "s"))).toEqual(new Set([9]));
    expect(new Set(buildStrip([], 9, "s"))).toEqual(new Set([9]));
    expect(() => buildStrip(PLAYERS, 1, "s", 10, 10)).toThrow(RangeError);
    expect(() => buildStrip(PLAYERS, 1, "s", 0, 0)).toThrow(RangeError);
  });

  it("weightedPlayer follows the cumulative tickets", () => {
    expect(weightedPlayer(PLAYERS, 0)).toBe(1);
    expect(weightedPlayer(PLAYERS, 0.6999)).toBe(1);
    expect(weightedPlayer(PLAYERS, 0.7)).toBe(2);
    expect(weightedPlayer(PLAYERS, 0.95)).toBe(3);
    expect(weightedPlayer(PLAYERS, 1)).toBe(3);
    expect(
      weightedPlayer(
        [
          { userId: 1, tickets: 0 },
          { userId: 2, tickets: 5 },
        ],
        0,
      ),
    ).toBe(2);
    expect(() => weightedPlayer([], 0.5)).toThrow(RangeError);
  });

  it("seedOf is a stable 32-bit hash", () => {
    expect(seedOf("")).toBe(0x811c9dc5);
    expect(seedOf("a")).toBe(0xe40c292c);
    expect(seedOf("jackpot:1")).not.toBe(seedOf("jackpot:2"));
  });
});

describe("the stop position", () => {
  it("lands inside the winner's card, away from its edges, at the same place for everyone", () => {
    for (let r = 0; r < 100; r++) {
      const seed = `round-${r}`;
      const jitter = landingJitter(seed);
      expect(jitter).toBe(landingJitter(seed));
      expect(Math.abs(jitter)).toBeLessThanOrEqual(1);
      const end = stripTranslate(1, jitter);
      expect(indexUnderMarker(end)).toBe(STRIP.winIndex);
      const inside = -end - STRIP.winIndex * STRIDE_PX;
      expect(inside).toBeGreaterThanOrEqual(STRIP.cardPx * STRIP.edgeMargin - 1e-9);
      expect(inside).toBeLessThanOrEqual(STRIP.cardPx * (1 - STRIP.edgeMargin) + 1e-9);
    }
  });

  it("starts on the start card and only moves forward, slowing down", () => {
    expect(indexUnderMarker(stripTranslate(0, 0.4))).toBe(STRIP.startIndex);
    expect(stripTranslate(0, 0)).toBe(-markerOffset(STRIP.startIndex));
    let prev = stripTranslate(0, 0.3);
    let prevStep = Number.POSITIVE_INFINITY;
    for (let i = 1; i <= 100; i++) {
      const x = stripTranslate(i / 100, 0.3);
      const step = prev - x;
      expect(step).toBeGreaterThanOrEqual(0);
      expect(step).toBeLessThanOrEqual(prevStep + 1e-9);
      prev = x;
      prevStep = step;
    }
  });

  it("the clock says how far the spin is, whenever the page was opened", () => {
    expect(spinProgress(900, 1_000, 11_000)).toBe(0);
    expect(spinProgress(6_000, 1_000, 11_000)).toBe(0.5);
    expect(spinProgress(11_000, 1_000, 11_000)).toBe(1);
    expect(spinProgress(99_000, 1_000, 11_000)).toBe(1);
    // a zero-length spin (a page opened after the stop) is simply landed
    expect(spinProgress(5, 10, 10)).toBe(0);
    expect(spinProgress(10, 10, 10)).toBe(1);
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
    expect(easeOut(2)).toBe(1);
    expect(easeOut(0.5)).toBeCloseTo(0.9375);
  });

  it("indexUnderMarker: -1 before the strip, then one card per stride", () => {
    expect(indexUnderMarker(10)).toBe(-1);
    expect(indexUnderMarker(0)).toBe(0);
    expect(indexUnderMarker(-STRIDE_PX + 1)).toBe(0);
    expect(indexUnderMarker(-STRIDE_PX)).toBe(1);
  });
});
