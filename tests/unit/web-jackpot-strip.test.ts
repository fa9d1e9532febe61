import { describe, expect, it } from "vitest";
import { JACKPOT } from "../../shared/constants";
import {
  easeOut,
  indexUnderMarker,
  landingJitter,
  markerOffset,
  seededRandom,
  seedOf,
  spinProgress,
  STRIDE_PX,
  STRIP,
  stripTranslate,
} from "../../web/src/features/jackpot/spinnerStrip";

const WIN = JACKPOT.strip.winIndex;

describe("the seed", () => {
  it("seedOf is a stable 32-bit hash, seededRandom repeats itself", () => {
    expect(seedOf("")).toBe(0x811c9dc5);
    expect(seedOf("a")).toBe(0xe40c292c);
    expect(seedOf("jackpot:1")).not.toBe(seedOf("jackpot:2"));
    const a = seededRandom(7);
    const b = seededRandom(7);
    for (let i = 0; i < 20; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});

describe("the stop position", () => {
  it("lands inside the winner's card, away from its edges, at the same place for everyone", () => {
    for (let r = 0; r < 100; r++) {
      const seed = `round-${r}`;
      const jitter = landingJitter(seed);
      expect(jitter).toBe(landingJitter(seed));
      expect(Math.abs(jitter)).toBeLessThanOrEqual(1);
      const end = stripTranslate(1, jitter, WIN);
      expect(indexUnderMarker(end)).toBe(WIN);
      const inside = -end - WIN * STRIDE_PX;
      expect(inside).toBeGreaterThanOrEqual(STRIP.cardPx * STRIP.edgeMargin - 1e-9);
      expect(inside).toBeLessThanOrEqual(STRIP.cardPx * (1 - STRIP.edgeMargin) + 1e-9);
    }
  });

  it("starts on the start card and only moves forward, slowing down", () => {
    expect(indexUnderMarker(stripTranslate(0, 0.4, WIN))).toBe(STRIP.startIndex);
    expect(stripTranslate(0, 0, WIN)).toBe(-markerOffset(STRIP.startIndex));
    let prev = stripTranslate(0, 0.3, WIN);
    let prevStep = Number.POSITIVE_INFINITY;
    for (let i = 1; i <= 100; i++) {
      const x = stripTranslate(i / 100, 0.3, WIN);
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
