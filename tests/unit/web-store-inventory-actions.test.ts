import { describe, expect, it } from "vitest";
import { FEES, MONEY_WITHDRAW, STORE } from "../../shared/constants";
import { canWithdraw, canTradeOffer, sellBlock, sellQuote, withdrawFeeCents } from "../../web/src/features/inventory/actions";
import { itemsKeyedById } from "../../web/src/features/inventory/useWithdraw";
import { ApiError, failureKey } from "../../web/src/lib/api";
import { sellTaxPercentOf } from "../../web/src/lib/config";

describe("inventory Sell and Take rules (§5)", () => {
  it("Sell needs signed in, a selection and no sale running", () => {
    expect(sellBlock({ signedIn: false, selected: 1, running: false })).toBe("signed_out");
    expect(sellBlock({ signedIn: true, selected: 0, running: false })).toBe("none_selected");
    expect(sellBlock({ signedIn: true, selected: 3, running: true })).toBe("running");
    expect(sellBlock({ signedIn: true, selected: STORE.maxItemsPerOperation + 1, running: false })).toBe("too_many");
    expect(sellBlock({ signedIn: true, selected: 3, running: false })).toBeNull();
  });
  it("Take opens the type choice with 1 to MONEY_WITHDRAW.maxItems items (a money withdrawal takes several)", () => {
    expect(canWithdraw({ signedIn: true, selected: 1, running: false })).toBe(true);
    expect(canWithdraw({ signedIn: true, selected: 0, running: false })).toBe(false);
    expect(canWithdraw({ signedIn: true, selected: 2, running: false })).toBe(true);
    expect(canWithdraw({ signedIn: true, selected: MONEY_WITHDRAW.maxItems, running: false })).toBe(true);
    expect(canWithdraw({ signedIn: true, selected: MONEY_WITHDRAW.maxItems + 1, running: false })).toBe(false);
    expect(canWithdraw({ signedIn: false, selected: 1, running: false })).toBe(false);
    expect(canWithdraw({ signedIn: true, selected: 1, running: true })).toBe(false);
  });
  it("a trade offer needs exactly one selected item", () => {
    expect(canTradeOffer(1)).toBe(true);
    expect(canTradeOffer(0)).toBe(false);
    expect(canTradeOffer(2)).toBe(false);
  });
});

describe("sale quote (taxed per item, rounded down)", () => {
  it("shows sum, tax and what the balance receives in cents", () => {
    expect(sellQuote([12.34, 0.99], 10)).toEqual({ sumCents: 1333, taxCents: 123 + 9, receiveCents: 1333 - 132 });
    expect(sellQuote([], 10)).toEqual({ sumCents: 0, taxCents: 0, receiveCents: 0 });
    expect(sellQuote([5], 0).receiveCents).toBe(500);
  });
  it("falls back to the default rate without a config", () => {
    expect(sellTaxPercentOf(undefined)).toBe(STORE.defaultSellTaxPercent);
    expect(sellTaxPercentOf({ sell_tax_percent: 15 })).toBe(15);
  });
});

describe("skin withdrawal fee (§9: 20 %)", () => {
  it("is the ceiling of 20 % of the items' value", () => {
    expect(FEES.skinWithdrawalFeePercent).toBe(20);
    expect(withdrawFeeCents([10])).toBe(200);
    expect(withdrawFeeCents([0.01])).toBe(1);
    expect(withdrawFeeCents([1.23, 4.56])).toBe(Math.ceil(579 * 0.2));
    expect(withdrawFeeCents([])).toBe(0);
  });
  it("sends the items keyed by id", () => {
    expect(itemsKeyedById([{ myId: 7 }, { myId: 12 }])).toEqual({ "7": 1, "12": 1 });
  });
});

describe("failure notice keys", () => {
  it("shows the server's key, the client key for network or keyless failures, nothing when banned", () => {
    expect(failureKey(new ApiError(400, "storehouse_api.insufficient_funds"), "storehouse_error.buy")).toBe("storehouse_api.insufficient_funds");
    expect(failureKey(new ApiError(0, "app_error.load"), "storehouse_error.sell")).toBe("storehouse_error.sell");
    expect(failureKey(new ApiError(500, "app_error.load"), "storehouse_error.sell")).toBe("storehouse_error.sell");
    expect(failureKey(new Error("boom"), "inventory_error.send_take_withdraw")).toBe("inventory_error.send_take_withdraw");
    expect(failureKey(new ApiError(403, "user_api.banned"), "storehouse_error.buy")).toBeNull();
  });
});
