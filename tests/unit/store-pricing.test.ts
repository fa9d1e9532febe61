// Store money (worker/store/pricing.ts): the tax rate from the environment, per-item tax rounded
// down, and the totals of a buy, a sale and an exchange, all in integer cents.
import { describe, expect, it } from "vitest";
import { STORE } from "../../shared/constants";
import { sellTax, sellTaxPercent, tradeTotals } from "../../worker/store/pricing";

describe("sellTaxPercent", () => {
  it("reads whole percents 0…100 and falls back to the default on anything else", () => {
    expect(sellTaxPercent({ STORE_SELL_TAX_PERCENT: "10" })).toBe(10);
    expect(sellTaxPercent({ STORE_SELL_TAX_PERCENT: " 0 " })).toBe(0);
    expect(sellTaxPercent({ STORE_SELL_TAX_PERCENT: "100" })).toBe(100);
    for (const bad of [undefined, "", "abc", "-5", "101", "7.5", "1e1", "0x10", "10%"]) {
      expect(sellTaxPercent({ STORE_SELL_TAX_PERCENT: bad }), String(bad)).toBe(STORE.defaultSellTaxPercent);
    }
  });
});

describe("sellTax", () => {
  it("is floor(price · pct / 100) per item", () => {
    expect(sellTax(333, 10)).toBe(33);
    expect(sellTax(1_000, 10)).toBe(100);
    expect(sellTax(9, 10)).toBe(0);
    expect(sellTax(199, 15)).toBe(29); // 29.85
    expect(sellTax(0, 10)).toBe(0);
    expect(sellTax(12_345, 0)).toBe(0);
    expect(sellTax(12_345, 100)).toBe(12_345);
    // large prices stay exact
    expect(sellTax(69_120_000, 7)).toBe(4_838_400);
  });

  it("refuses what is not integer cents", () => {
    expect(() => sellTax(1.5, 10)).toThrow(RangeError);
    expect(() => sellTax(-1, 10)).toThrow(RangeError);
  });
});

describe("tradeTotals", () => {
  it("a buy debits the sum of the prices", () => {
    expect(tradeTotals([350, 1_000], [], 10)).toEqual({ bought: 1_350, sold: 0, tax: 0, delta: -1_350 });
  });

  it("a sale credits each price less its own rounded-down tax (not the tax of the sum)", () => {
    // per item: 33 + 33 = 66; on the sum floor(666 · 10 %) would be 66 as well, but 5+5 shows the difference
    expect(tradeTotals([], [333, 333], 10)).toEqual({ bought: 0, sold: 666, tax: 66, delta: 600 });
    expect(tradeTotals([], [5, 5], 10)).toEqual({ bought: 0, sold: 10, tax: 0, delta: 10 });
  });

  it("an exchange nets the credit against the cost, either way", () => {
    expect(tradeTotals([500], [500], 10)).toEqual({ bought: 500, sold: 500, tax: 50, delta: -50 });
    expect(tradeTotals([100], [500], 10)).toEqual({ bought: 100, sold: 500, tax: 50, delta: 350 });
  });

  it("refuses non-integer or negative prices", () => {
    expect(() => tradeTotals([1.25], [], 10)).toThrow(RangeError);
    expect(() => tradeTotals([], [-5], 10)).toThrow(RangeError);
  });
});
