import { describe, expect, it } from "vitest";
import { colourClass, elapsedFor, INFINITE_HUNDREDTHS, multiplierAt, stageOf, toHundredths, toMultiplier } from "../../shared/crash-curve";

describe("the crash curve m(t) = floor(100·e^(0.00006·t))", () => {
  it("starts at 1.00 and reaches 2.00 at about 11.55 s", () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-5)).toBe(100);
    expect(multiplierAt(11_552)).toBe(199);
    expect(multiplierAt(11_553)).toBe(200);
    expect(elapsedFor(200)).toBe(11_553);
  });

  it("elapsedFor(m) is the first ms the curve reaches m, for every m up to 20.00 and samples beyond", () => {
    const values = [...Array.from({ length: 1901 }, (_, i) => 100 + i), 2_500, 10_000, 123_456, INFINITE_HUNDREDTHS];
    for (const m of values) {
      const t = elapsedFor(m);
      expect(multiplierAt(t)).toBeGreaterThanOrEqual(m);
      if (t > 0) expect(multiplierAt(t - 1)).toBeLessThan(m);
    }
  });

  it("is non-decreasing", () => {
    let prev = 100;
    for (let t = 0; t < 160_000; t += 7) {
      const m = multiplierAt(t);
      expect(m).toBeGreaterThanOrEqual(prev);
      prev = m;
    }
  });

  it("manual stop 9999.99 is reached in about 2.5 minutes", () => {
    expect(elapsedFor(INFINITE_HUNDREDTHS)).toBeGreaterThan(150_000);
    expect(elapsedFor(INFINITE_HUNDREDTHS)).toBeLessThan(156_000);
  });
});

describe("stages (§4): < 1.5, 1.5 to < 2.5, ≥ 2.5", () => {
  it.each([
    [100, 1],
    [149, 1],
    [150, 2],
    [249, 2],
    [250, 3],
    [INFINITE_HUNDREDTHS, 3],
  ])("%i → stage %i", (m, stage) => expect(stageOf(m)).toBe(stage));
});

describe("history colour classes (§9)", () => {
  it.each([
    [100, "x-low"],
    [120, "x-low"],
    [121, "x-mid"],
    [300, "x-mid"],
    [301, "x-good"],
    [500, "x-good"],
    [501, "x-high"],
    [999, "x-high"],
    [1000, "x-epic"],
    [123_456_789, "x-epic"],
  ])("%i → %s", (m, cls) => expect(colourClass(m)).toBe(cls));
});

describe("multiplier codec", () => {
  it("hundredths ↔ JSON numbers", () => {
    expect(toMultiplier(250)).toBe(2.5);
    expect(toMultiplier(101)).toBe(1.01);
    expect(toMultiplier(INFINITE_HUNDREDTHS)).toBe(9999.99);
    expect(toHundredths(1.01)).toBe(101);
    expect(toHundredths("2.5")).toBe(250);
    expect(toHundredths(9999.99)).toBe(999_999);
    expect(toHundredths(1.1)).toBe(110);
  });
  it("refuses more than two decimals, negatives and junk", () => {
    for (const bad of [1.001, -1, Number.NaN, "x", "1e3", "1.234"]) expect(() => toHundredths(bad)).toThrow(RangeError);
    expect(() => toMultiplier(1.5)).toThrow(RangeError);
  });
});
