import { describe, expect, it } from "vitest";
import { feedDollarsToCents } from "../../worker/prices/dollars";

describe("feed dollars → cents (half-up, integer arithmetic)", () => {
  it("keeps two-decimal amounts exact", () => {
    expect(feedDollarsToCents(0.1)).toBe(10);
    expect(feedDollarsToCents("19.99")).toBe(1999);
    expect(feedDollarsToCents(4500)).toBe(450_000);
    expect(feedDollarsToCents("7.")).toBe(700);
    expect(feedDollarsToCents("0007.5")).toBe(750);
  });

  it("rounds half-up on the third decimal, as written", () => {
    expect(feedDollarsToCents(19.125)).toBe(1913);
    expect(feedDollarsToCents("19.1249999")).toBe(1912);
    expect(feedDollarsToCents(1.005)).toBe(101); // the float is 1.00499…, the text says 1.005
    expect(feedDollarsToCents(0.025)).toBe(3);
    expect(feedDollarsToCents("0.004")).toBe(0);
    expect(feedDollarsToCents("0.995")).toBe(100);
    expect(feedDollarsToCents("99.999")).toBe(10_000);
  });

  it("understands exponent notation of tiny and large numbers", () => {
    expect(feedDollarsToCents(1e-7)).toBe(0);
    expect(feedDollarsToCents(5e-3)).toBe(1);
    expect(feedDollarsToCents(1.5e3)).toBe(150_000);
  });

  it("refuses negatives, garbage and absurd sizes", () => {
    expect(() => feedDollarsToCents(-1)).toThrow(RangeError);
    expect(() => feedDollarsToCents("-1")).toThrow(RangeError);
    expect(() => feedDollarsToCents("1,50")).toThrow(RangeError);
    expect(() => feedDollarsToCents("")).toThrow(RangeError);
    expect(() => feedDollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => feedDollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => feedDollarsToCents(1e21)).toThrow(RangeError);
  });
});
