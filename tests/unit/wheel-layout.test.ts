// shared/wheel-layout.ts: the default layout, RTP per colour from the layout, the config schema,
// and rotate landing INSIDE the drawn segment for every segment index (not always at its centre).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { WHEEL_SPIN } from "../../shared/constants";
import { roundHash, wheelSegment } from "../../shared/fairness";
import {
  colourCounts,
  colourRtp,
  DEFAULT_WHEEL_LAYOUT,
  landingFraction,
  layoutFromVar,
  segmentAt,
  segmentWidth,
  wheelLayoutConfig,
  wheelRotate,
} from "../../shared/wheel-layout";

const hashes = Array.from({ length: 40 }, () => roundHash(randomBytes(32).toString("hex"), "salt"));

describe("the default layout", () => {
  it("has 54 segments: black ×2 ×26, red ×3 ×17, green ×5 ×10, yellow ×50 ×1, no two blacks touching", () => {
    const l = DEFAULT_WHEEL_LAYOUT;
    expect(l.segments).toHaveLength(54);
    expect(colourCounts(l)).toEqual({ black: 26, red: 17, green: 10, yellow: 1 });
    expect(l.multipliers).toEqual({ black: 2, red: 3, green: 5, yellow: 50 });
    for (let i = 0; i < 54; i++) expect(l.segments[i] === "black" && l.segments[(i + 1) % 54] === "black").toBe(false);
    expect(l.segments[0]).toBe("yellow");
  });

  it("RTP per colour is segments / all × multiplier", () => {
    const rtp = colourRtp(DEFAULT_WHEEL_LAYOUT);
    expect(rtp.black).toBeCloseTo(52 / 54, 12);
    expect(rtp.red).toBeCloseTo(51 / 54, 12);
    expect(rtp.green).toBeCloseTo(50 / 54, 12);
    expect(rtp.yellow).toBeCloseTo(50 / 54, 12);
    const custom = layoutFromVar(JSON.stringify({ segments: "bbrgy", multipliers: { black: 2, red: 3, green: 4, yellow: 5 } }));
    expect(colourRtp(custom)).toEqual({ black: 0.8, red: 0.6, green: 0.8, yellow: 1 });
  });

  it("the WHEEL_LAYOUT var: empty = default, letters or names, refused when a colour is missing or a multiplier is bad", () => {
    expect(layoutFromVar(undefined)).toEqual(DEFAULT_WHEEL_LAYOUT);
    expect(layoutFromVar("")).toEqual(DEFAULT_WHEEL_LAYOUT);
    const names = layoutFromVar(JSON.stringify({ segments: ["black", "red", "green", "yellow"], multipliers: { black: 2, red: 3, green: 5, yellow: 50 } }));
    expect(names.segments).toEqual(["black", "red", "green", "yellow"]);
    for (const bad of [
      "{",
      JSON.stringify({ segments: "bbrr", multipliers: { black: 2, red: 3, green: 5, yellow: 50 } }),
      JSON.stringify({ segments: "bgry", multipliers: { black: 1, red: 3, green: 5, yellow: 50 } }),
      JSON.stringify({ segments: "bgrx", multipliers: { black: 2, red: 3, green: 5, yellow: 50 } }),
      JSON.stringify({ segments: "bgry", multipliers: { black: 2, red: 3, green: 5 } }),
    ]) {
      expect(wheelLayoutConfig.safeParse(bad).success).toBe(false);
      expect(() => layoutFromVar(bad)).toThrow(/WHEEL_LAYOUT/);
    }
  });
});

describe("rotate", () => {
  it("lands inside the drawn segment, clear of its edges, for every segment index", () => {
    for (const count of [54, 4, 37, 360]) {
      const w = segmentWidth(count);
      for (let segment = 0; segment < count; segment++) {
        for (const h of hashes.slice(0, count === 360 ? 3 : 10)) {
          const rotate = wheelRotate(segment, h, count);
          expect(segmentAt(rotate, count)).toBe(segment);
          // where the pointer is inside the segment, as a fraction of its width
          const point = (((-rotate % 360) + 360) % 360) / w - segment;
          expect(point).toBeGreaterThanOrEqual(WHEEL_SPIN.landingMargin - 1e-6);
          expect(point).toBeLessThanOrEqual(1 - WHEEL_SPIN.landingMargin + 1e-6);
          // three full turns plus at least the extra angle, less than one more turn
          expect(rotate).toBeGreaterThanOrEqual(3 * 360 + WHEEL_SPIN.extraAngle);
          expect(rotate).toBeLessThan(4 * 360 + WHEEL_SPIN.extraAngle);
        }
      }
    }
  });

  it("is deterministic from the round hash and not always the centre", () => {
    const h = hashes[0]!;
    expect(wheelRotate(7, h, 54)).toBe(wheelRotate(7, h, 54));
    const fractions = new Set(hashes.map((x) => landingFraction(x).toFixed(3)));
    expect(fractions.size).toBeGreaterThan(30);
    expect([...fractions].every((f) => Number(f) >= 0.1 && Number(f) <= 0.9)).toBe(true);
    expect(() => wheelRotate(54, h, 54)).toThrow(RangeError);
    expect(() => landingFraction("xyz")).toThrow(RangeError);
  });

  it("the segment from the hash and rotate agree (the draw picks it, rotate shows it)", () => {
    for (const secret of Array.from({ length: 50 }, () => randomBytes(32).toString("hex"))) {
      const segment = wheelSegment(secret, "salt", 54);
      expect(segmentAt(wheelRotate(segment, roundHash(secret, "salt"), 54), 54)).toBe(segment);
    }
  });
});
