import { describe, expect, it } from "vitest";
import { STORE, UI } from "../../shared/constants";
import type { StoreItemJson } from "../../shared/api/store";
import { toggledPick } from "../../web/src/features/store/selection";
import { sellTaxPercentOf } from "../../web/src/lib/config";
import { acceptBlock, exchangeQuote, marketCountDisplay, parsePriceInput, priceBounds, sellTaxCents } from "../../web/src/features/store/storeMath";

describe("store price inputs", () => {
  it("reads dollars with up to two decimals as cents, a comma as the decimal point", () => {
    expect(parsePriceInput("12.5")).toBe(1250);
    expect(parsePriceInput(" 0.01 ")).toBe(1);
    expect(parsePriceInput("3,99")).toBe(399);
    expect(parsePriceInput(".5")).toBe(50);
    expect(parsePriceInput("0")).toBe(0);
  });
  it("treats an empty field as no bound and rejects negatives, three decimals and words", () => {
    expect(parsePriceInput("")).toBeUndefined();
    expect(parsePriceInput("   ")).toBeUndefined();
    expect(parsePriceInput("-1")).toBeNull();
    expect(parsePriceInput("1.005")).toBeNull();
    expect(parsePriceInput("abc")).toBeNull();
    expect(parsePriceInput("1e3")).toBeNull();
  });
});

describe("store price bounds (§5: min 0, max the balance)", () => {
  it("an untouched max follows the signed-in user's balance", () => {
    const b = priceBounds({ minText: "0", maxText: null, balance: 125.5 });
    expect(b).toMatchObject({ maxText: "125.50", minPrice: 0, maxPrice: 125.5, minInvalid: false, maxInvalid: false });
    expect(priceBounds({ minText: "0", maxText: null, balance: 0 }).maxPrice).toBe(0);
  });
  it("a visitor has no max bound", () => {
    const b = priceBounds({ minText: "0", maxText: null, balance: null });
    expect(b.maxText).toBe("");
    expect(b.maxPrice).toBeUndefined();
  });
  it("a typed max wins over the balance, an emptied one sends no bound", () => {
    expect(priceBounds({ minText: "1", maxText: "9999.99", balance: 10 })).toMatchObject({ minPrice: 1, maxPrice: 9999.99 });
    expect(priceBounds({ minText: "", maxText: "", balance: 10 })).toMatchObject({ minPrice: undefined, maxPrice: undefined });
  });
  it("flags bad input and leaves it out of the request", () => {
    const b = priceBounds({ minText: "-2", maxText: "1.234", balance: 10 });
    expect(b).toMatchObject({ minInvalid: true, maxInvalid: true, minPrice: undefined, maxPrice: undefined });
  });
});

describe("market count on a card (§9)", () => {
  it("caps the shown count at 10", () => {
    expect(UI.marketCountCap).toBe(10);
    expect(marketCountDisplay(1).text).toBe("1");
    expect(marketCountDisplay(10).text).toBe("10");
    expect(marketCountDisplay(11).text).toBe("10");
    expect(marketCountDisplay(250).text).toBe("10");
  });
  it("warns below 5", () => {
    expect(UI.marketCountWarnBelow).toBe(5);
    expect(marketCountDisplay(4).warn).toBe(true);
    expect(marketCountDisplay(1).warn).toBe(true);
    expect(marketCountDisplay(5).warn).toBe(false);
    expect(marketCountDisplay(40).warn).toBe(false);
  });
});

describe("exchange arithmetic in cents", () => {
  it("taxes each given item on its own, rounding down", () => {
    expect(sellTaxCents(999, 10)).toBe(99);
    expect(sellTaxCents(9, 10)).toBe(0);
    expect(sellTaxCents(1000, 10)).toBe(100);
    // two items of 9.99 at 10 %: 99 + 99, not floor(1998 · 0.1) = 199
    expect(exchangeQuote([], [9.99, 9.99], 10).taxCents).toBe(198);
  });
  it("a plain buy costs the sum of the prices without float drift", () => {
    const q = exchangeQuote([0.1, 0.2, 1000.05], [], 10);
    expect(q).toEqual({ buyCents: 100035, sellCents: 0, taxCents: 0, creditCents: 0, toPayCents: 100035 });
  });
  it("given items pay part of the buy after tax", () => {
    const q = exchangeQuote([50], [20, 10.5], 10);
    expect(q.sellCents).toBe(3050);
    expect(q.taxCents).toBe(200 + 105);
    expect(q.creditCents).toBe(2745);
    expect(q.toPayCents).toBe(5000 - 2745);
  });
  it("a credit above the buy comes back to the balance (negative to pay)", () => {
    expect(exchangeQuote([1], [5], 10).toPayCents).toBe(100 - 450);
  });
  it("reads the tax rate from the config, else the default", () => {
    expect(sellTaxPercentOf({ sell_tax_percent: 7 })).toBe(7);
    expect(sellTaxPercentOf({ sell_tax_percent: 0 })).toBe(0);
    expect(sellTaxPercentOf({})).toBe(STORE.defaultSellTaxPercent);
    expect(sellTaxPercentOf(null)).toBe(STORE.defaultSellTaxPercent);
    expect(sellTaxPercentOf({ sell_tax_percent: "10" })).toBe(STORE.defaultSellTaxPercent);
    expect(sellTaxPercentOf({ sell_tax_percent: 150 })).toBe(STORE.defaultSellTaxPercent);
  });
});

describe("store selection and Accept (§5)", () => {
  const card = (id: number, price = 1): StoreItemJson => ({
    id,
    market_hash_name: `Item ${id}`,
    name: `Item ${id}`,
    exterior: null,
    rarity: "Mil-Spec Grade",
    rarity_color: "#4b69ff",
    image: "",
    price,
    market_count: 1,
  });
  it("toggles cards by catalogue id in pick order", () => {
    let picked = toggledPick([], card(3));
    picked = toggledPick(picked, card(1));
    expect(picked.map((p) => p.id)).toEqual([3, 1]);
    picked = toggledPick(picked, card(3, 99));
    expect(picked.map((p) => p.id)).toEqual([1]);
  });
  it("Accept needs signed in, a selection and no buy running", () => {
    expect(acceptBlock({ signedIn: false, selected: 2, running: false })).toBe("signed_out");
    expect(acceptBlock({ signedIn: true, selected: 0, running: false })).toBe("none_selected");
    expect(acceptBlock({ signedIn: true, selected: 1, running: true })).toBe("running");
    expect(acceptBlock({ signedIn: true, selected: STORE.maxItemsPerOperation + 1, running: false })).toBe("too_many");
    expect(acceptBlock({ signedIn: true, selected: 1, running: false })).toBeNull();
    expect(acceptBlock({ signedIn: true, selected: STORE.maxItemsPerOperation, running: false })).toBeNull();
  });
});
