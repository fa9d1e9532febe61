// The amount a player stakes from the balance (web/src/lib/amount.ts, ui/StakeAmount.tsx): the
// typed text in cents, the ½ / ×2 / max shortcuts within the cap, and why an amount cannot be staked;
// what the player's own stake and loss limits leave for one stake (lib/protection.ts stakeHeadroom).
import { describe, expect, it } from "vitest";
import { amountText, applyShortcut, parseAmount } from "../../web/src/lib/amount";
import type { ProtectionJson } from "../../shared/api/protection";
import { stakeHeadroom } from "../../web/src/lib/protection";
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

type Limit = ProtectionJson["limits"][number];
const limit = (kind: Limit["kind"], amount: number | null, left: number | null = amount, resets_at: number | null = null): Limit => ({
  kind,
  amount,
  pending: null,
  used: null,
  left,
  resets_at,
});
const protection = (limits: Limit[]): ProtectionJson => ({
  limits,
  exclusion: null,
  terms: { current: "v", accepted: "v", adult: true },
  reality_check_minutes: 60,
});

describe("the stake headroom", () => {
  it("is none without a stake or loss limit in force; deposit limits do not bound a stake", () => {
    expect(stakeHeadroom(undefined)).toBeNull();
    expect(stakeHeadroom(protection([limit("deposit_day", 10, 10, 1), limit("loss_day", null, null, 1), limit("stake", null)]))).toBeNull();
  });

  it("is the tightest of what the server says the stake limit and each loss limit leave", () => {
    expect(stakeHeadroom(protection([limit("stake", 25)]))).toEqual({ cents: 2_500, kind: "stake", resetsAt: null });
    expect(stakeHeadroom(protection([limit("stake", 25), limit("loss_day", 30, 17.5, 111), limit("loss_month", 100, 20, 222)]))).toEqual({
      cents: 1_750,
      kind: "loss_day",
      resetsAt: 111,
    });
    expect(stakeHeadroom(protection([limit("loss_week", 10, 0, 333)]))).toEqual({ cents: 0, kind: "loss_week", resetsAt: 333 });
    // a player ahead: the loss limit leaves more than its amount, as its guard judges
    expect(stakeHeadroom(protection([limit("loss_day", 100, 150, 1)]))!.cents).toBe(15_000);
  });

  it("an amount that takes the whole stake (with the picked items) above it is above the limit, told before the balance", () => {
    const headroom = { cents: 300, kind: "loss_day" as const, resetsAt: 1 };
    expect(amountIssue("3", 100_000, 100_000, headroom)).toBeNull();
    expect(amountIssue("3.01", 100_000, 100_000, headroom)).toBe("above_limit");
    expect(amountIssue("5", 100, 100_000, headroom)).toBe("above_limit");
    expect(amountIssue("2", 100, 100_000, headroom)).toBe("above_balance");
    // items worth $2.50 picked: 50 cents are left for the amount
    expect(amountIssue("0.5", 100_000, 100_000, headroom, 250)).toBeNull();
    expect(amountIssue("0.51", 100_000, 100_000, headroom, 250)).toBe("above_limit");
    // items alone over it: flagged with no amount typed
    expect(amountIssue("", 100_000, 100_000, headroom, 301)).toBe("above_limit");
    expect(amountIssue("", 100_000, 100_000, null, 1_000_000)).toBeNull();
  });
});
