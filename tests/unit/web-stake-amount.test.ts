// The amount a player stakes from the balance (web/src/lib/amount.ts, ui/StakeAmount.tsx): the
// typed text in cents, the ½ / ×2 / max shortcuts within the cap, and why an amount cannot be staked.
import { describe, expect, it } from "vitest";
import { amountText, applyShortcut, parseAmount } from "../../web/src/lib/amount";
import { amountIssue } from "../../web/src/ui/StakeAmount";

describe("the stake amount", () => {
  it.each([
    ["1", 100],
    ["1.5", 150],
    ["1,50", 150],
    [" 2.05 ", 205],
    ["3.", 300],
    ["0", 0],
  ])("reads %j as %i cents", (text, cents) => expect(parseAmount(text)).toBe(cents));

  it.each(["", "abc", "1.234", "-1", "1e2", "1,2,3", "$1"])("refuses %j", (text) => expect(parseAmount(text)).toBeNull());

  it("shows cents as the field writes them", () => {
    expect(amountText(250)).toBe("2.50");
    expect(amountText(300)).toBe("3");
    expect(amountText(5)).toBe("0.05");
  });

  it("halves down to the cent, doubles and takes the most allowed, never above the cap", () => {
    expect(applyShortcut(301, "half", 10_000)).toBe(150);
    expect(applyShortcut(1, "half", 10_000)).toBe(0);
    expect(applyShortcut(300, "double", 10_000)).toBe(600);
    expect(applyShortcut(6_000, "double", 10_000)).toBe(10_000);
    expect(applyShortcut(null, "max", 7_25)).toBe(725);
    expect(applyShortcut(null, "double", 500)).toBe(0);
  });

  it("says why an amount cannot be staked: not an amount, above the maximum, above the balance; empty is no stake", () => {
    expect(amountIssue("", 100, 1_000)).toBeNull();
    expect(amountIssue("0.5", 100, 1_000)).toBeNull();
    expect(amountIssue("1.001", 100, 1_000)).toBe("not_amount");
    expect(amountIssue("11", 5_000, 1_000)).toBe("above_max");
    expect(amountIssue("1.01", 100, 1_000)).toBe("above_balance");
  });
});
