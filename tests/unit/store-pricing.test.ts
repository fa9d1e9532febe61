// Store money: the tax rate from the environment (worker/store/pricing.ts) and the per-item tax
// rounded down (shared/fees.ts); the totals are summed in SQL (tests/worker/store-trade.test.ts).
import { describe, expect, it } from "vitest";
import { STORE } from "../../shared/constants";
import { sellTax } from "../../shared/fees";
import { sellTaxPercent } from "../../worker/store/pricing";

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
