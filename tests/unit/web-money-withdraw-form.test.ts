// The money withdrawal modal's rules (web/src/features/inventory/moneyWithdrawForm.ts): the account
// field per system, the 20 % tax and what arrives, when the confirm box and Confirm are on, which
// line explains a blocked withdrawal, and the sum a sum_changed refusal carries (§5 Withdrawal, §9).
import { describe, expect, it } from "vitest";
import type { AvailableWithdrawAnswer } from "../../shared/api/money-withdraw";
import { MONEY_WITHDRAW } from "../../shared/constants";
import {
  blockedReason,
  canTickConfirm,
  changedSumCents,
  checkWallet,
  type ConfirmForm,
  confirmBlocker,
  formatWalletInput,
  itemsValueCents,
  withdrawFormKey,
  withdrawQuote,
} from "../../web/src/features/inventory/moneyWithdrawForm";
import { luhnValid } from "../../shared/withdraw-wallet";
import { nextAttempt } from "../../web/src/lib/requestAttempt";

describe("card numbers (13–19 digits, Luhn)", () => {
  it("Luhn accepts the test cards and refuses one wrong digit", () => {
    for (const n of ["4111111111111111", "5555555555554444", "378282246310005", "4222222222222", "6011111111111117"]) expect(luhnValid(n)).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("41111a1111111111")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });
  it("takes spaces and dashes, sends digits only", () => {
    expect(checkWallet("card", " 4111 1111-1111 1111 ")).toEqual({ value: "4111111111111111", problem: null });
  });
  it("names the problem: empty, letters, length, checksum", () => {
    expect(checkWallet("card", "  ").problem).toBe("empty");
    expect(checkWallet("card", "4111 1111 1111 111x").problem).toBe("format");
    expect(checkWallet("card", "411111111111").problem).toBe("length"); // 12 digits
    expect(checkWallet("card", "41111111111111111111").problem).toBe("length"); // 20 digits
    expect(checkWallet("card", "4111111111111112").problem).toBe("checksum");
  });
  it("is shown in groups of four as typed, at most 19 digits", () => {
    expect(formatWalletInput("card", "41111111111111")).toBe("4111 1111 1111 11");
    expect(formatWalletInput("card", "4111-1111 1111 1111 0000 99")).toBe("4111 1111 1111 1111 000");
    expect(formatWalletInput("card", "")).toBe("");
    expect(formatWalletInput("wallet_b", "P12 34")).toBe("P12 34");
  });
});

describe("wallet A (a phone-like 10–15 digits)", () => {
  it("accepts a phone with +, spaces, brackets and dashes; sends the digits", () => {
    expect(checkWallet("wallet_a", "+7 (900) 123-45-67")).toEqual({ value: "79001234567", problem: null });
    expect(checkWallet("wallet_a", "1234567890").problem).toBeNull();
    expect(checkWallet("wallet_a", "123456789012345").problem).toBeNull();
  });
  it("refuses letters and a wrong length", () => {
    expect(checkWallet("wallet_a", "+7 900 abc").problem).toBe("format");
    expect(checkWallet("wallet_a", "123456789").problem).toBe("length");
    expect(checkWallet("wallet_a", "1234567890123456").problem).toBe("length");
  });
});

describe("wallet B and the prepaid wallet (6–32 letters and digits)", () => {
  it.each(["wallet_b", "prepaid"] as const)("%s", (system) => {
    expect(checkWallet(system, " P1234567 ")).toEqual({ value: "P1234567", problem: null });
    expect(checkWallet(system, "P123 4567").value).toBe("P1234567");
    expect(checkWallet(system, "P12-345").problem).toBe("format");
    expect(checkWallet(system, "ab12").problem).toBe("length");
    expect(checkWallet(system, "a".repeat(33)).problem).toBe("length");
    expect(checkWallet(system, "").problem).toBe("empty");
  });
});

describe("tax and what arrives (§9: value − floor(value · 20 / 100))", () => {
  it("rounds the tax down on the whole value", () => {
    expect(withdrawQuote(1000)).toEqual({ amountCents: 1000, taxCents: 200, payoutCents: 800 });
    expect(withdrawQuote(1234)).toEqual({ amountCents: 1234, taxCents: 246, payoutCents: 988 });
    expect(withdrawQuote(4)).toEqual({ amountCents: 4, taxCents: 0, payoutCents: 4 });
    expect(withdrawQuote(0)).toEqual({ amountCents: 0, taxCents: 0, payoutCents: 0 });
  });
  it("uses the answer's tax percent, 20 by default", () => {
    expect(MONEY_WITHDRAW.taxPercent).toBe(20);
    expect(withdrawQuote(999, 10).taxCents).toBe(99);
  });
  it("sums the items' prices in cents without float drift", () => {
    expect(itemsValueCents([{ price: 0.1 }, { price: 0.2 }, { price: 12.55 }])).toBe(1285);
    expect(itemsValueCents([])).toBe(0);
  });
});

const ok: ConfirmForm = {
  amountCents: 1000,
  minCents: 500,
  availableCents: 5000,
  blocked: false,
  system: { available: true },
  walletValid: true,
  confirmed: true,
};

describe("the confirm box and Confirm (§5)", () => {
  it("the box is on only with an amount, a working method and a valid wallet", () => {
    expect(canTickConfirm(ok)).toBe(true);
    expect(canTickConfirm({ ...ok, amountCents: 0 })).toBe(false);
    expect(canTickConfirm({ ...ok, system: null })).toBe(false);
    expect(canTickConfirm({ ...ok, system: { available: false } })).toBe(false);
    expect(canTickConfirm({ ...ok, walletValid: false })).toBe(false);
  });
  it("Confirm is on with everything, and says the first thing missing otherwise", () => {
    expect(confirmBlocker(ok)).toBeNull();
    expect(confirmBlocker({ ...ok, amountCents: 0 })).toBe("amount");
    expect(confirmBlocker({ ...ok, blocked: true })).toBe("blocked");
    expect(confirmBlocker({ ...ok, amountCents: 499 })).toBe("min");
    expect(confirmBlocker({ ...ok, amountCents: 500 })).toBeNull();
    expect(confirmBlocker({ ...ok, amountCents: 5001 })).toBe("max");
    expect(confirmBlocker({ ...ok, amountCents: 5000 })).toBeNull();
    expect(confirmBlocker({ ...ok, system: null })).toBe("method");
    expect(confirmBlocker({ ...ok, system: { available: false } })).toBe("method");
    expect(confirmBlocker({ ...ok, walletValid: false })).toBe("wallet");
    expect(confirmBlocker({ ...ok, confirmed: false })).toBe("confirm");
  });
});

const answer = (over: Partial<AvailableWithdrawAnswer>): AvailableWithdrawAnswer => ({
  available: 0,
  min_sum: 5,
  tax_percent: 20,
  blocked: null,
  systems: [],
  wager: { deposits: 100, bets: 37.5, withdrawn: 0, factor: 3 },
  money_limit: { limit: 500, used: 500, window_hours: 24 },
  ...over,
});

describe("the line that explains a blocked withdrawal", () => {
  it("none when not blocked", () => {
    expect(blockedReason(answer({ blocked: null }))).toBeNull();
  });
  it("deposit first; wait for the last one", () => {
    expect(blockedReason(answer({ blocked: "withdrawal_api.deposit_required" }))).toEqual({ key: "deposit_required" });
    expect(blockedReason(answer({ blocked: "withdrawal_api.wait_last_withdraw" }))).toEqual({ key: "wait_last_withdraw" });
  });
  it("wagering: how much is still to bet (deposits − bets, never below 0)", () => {
    expect(blockedReason(answer({ blocked: "withdrawal_api.wager_required" }))).toEqual({ key: "wager_required", leftCents: 6250 });
    expect(blockedReason(answer({ blocked: "withdrawal_api.wager_required", wager: { deposits: 10, bets: 12, withdrawn: 0, factor: 3 } }))).toEqual({
      key: "wager_required",
      leftCents: 0,
    });
  });
  it("the money limit with its window", () => {
    expect(blockedReason(answer({ blocked: "withdrawal_api.money_limit" }))).toEqual({ key: "money_limit", limitCents: 50_000, usedCents: 50_000, hours: 24 });
  });
});

describe("a retry and a sum_changed refusal", () => {
  it("the same form keeps its request id; another sum, system, wallet or item set gets a new one", () => {
    let n = 0;
    const newId = () => `id-${++n}`;
    const form = { sumCents: 1000, system: 3, wallet: "4111111111111111", items: [2, 1] };
    const first = nextAttempt(null, withdrawFormKey(form), newId);
    expect(nextAttempt(first, withdrawFormKey({ ...form, items: [1, 2] }), newId).requestId).toBe(first.requestId);
    for (const other of [
      { ...form, sumCents: 990 },
      { ...form, system: 1 },
      { ...form, wallet: "5555555555554444" },
      { ...form, items: [1] },
    ]) {
      expect(nextAttempt(first, withdrawFormKey(other), newId).requestId).not.toBe(first.requestId);
    }
  });
  it("reads the new value from the refusal's body", () => {
    expect(changedSumCents({ message: "withdrawal_api.sum_changed", sum: 12.3 })).toBe(1230);
    expect(changedSumCents({ message: "withdrawal_api.sum_changed", sum: "7.05" })).toBe(705);
    expect(changedSumCents({ message: "withdrawal_api.sum_changed" })).toBeNull();
    expect(changedSumCents({ sum: "x" })).toBeNull();
    expect(changedSumCents(null)).toBeNull();
  });
});
