// Money-withdrawal rules (worker/money-withdraw/rules.ts): the tax, availability and every
// refusal of a create in the contract's order (shared/api/money-withdraw.ts).
import { describe, expect, it } from "vitest";
import { MONEY_WITHDRAW } from "../../shared/constants";
import { availability, checkCreate, type CreateInput, initialStatus, withdrawTax } from "../../worker/money-withdraw/rules";

const wagered = { deposits: 10_000, bets: 10_000, withdrawn: 0, windowUsed: 0, hasOpen: false };
const input = (over: Partial<CreateInput> = {}): CreateInput => ({
  userId: 1,
  ids: [1, 2],
  sum: 3_000,
  system: 3,
  wallet: "4111111111111111",
  systemAvailable: true,
  wager: wagered,
  items: [
    { id: 1, ownerId: 1, status: "available", price: 1_000, tradeProtected: false },
    { id: 2, ownerId: 1, status: "available", price: 2_000, tradeProtected: false },
  ],
  ...over,
});

describe("tax", () => {
  it("floor(amount · 20 / 100); what arrives = amount − tax", () => {
    expect(MONEY_WITHDRAW.taxPercent).toBe(20);
    expect(withdrawTax(3_501)).toBe(700);
    expect(withdrawTax(504)).toBe(100);
    expect(withdrawTax(0)).toBe(0);
    const ok = checkCreate(input());
    expect(ok).toMatchObject({ ok: true, amount: 3_000, tax: 600, payout: 2_400 });
  });
  it("auto-approve at most 20 dollars", () => {
    expect(initialStatus(2_000)).toBe("sending");
    expect(initialStatus(2_001)).toBe("moderation");
  });
});

describe("availability", () => {
  it("in the contract's order", () => {
    expect(availability({ ...wagered, deposits: 0, bets: 0, hasOpen: true }).blocked).toBe("withdrawal_api.deposit_required");
    expect(availability({ ...wagered, hasOpen: true, bets: 0 }).blocked).toBe("withdrawal_api.wait_last_withdraw");
    expect(availability({ ...wagered, bets: 9_999 })).toEqual({ available: 0, blocked: "withdrawal_api.wager_required", left: 1 });
    expect(availability({ ...wagered, windowUsed: 50_000 }).blocked).toBe("withdrawal_api.money_limit");
  });
  it("min(deposits × 3 − withdrawn, limit − used)", () => {
    expect(availability(wagered).available).toBe(30_000);
    expect(availability({ ...wagered, withdrawn: 25_000 }).available).toBe(5_000);
    expect(availability({ ...wagered, withdrawn: 40_000 }).available).toBe(0);
    expect(availability({ ...wagered, deposits: 100_000, bets: 100_000, windowUsed: 45_000 }).available).toBe(5_000);
  });
});

describe("create refusals, each its own", () => {
  const key = (over: Partial<CreateInput>) => {
    const r = checkCreate(input(over));
    return r.ok ? "ok" : r.key;
  };
  it.each([
    ["deposit_required", { wager: { ...wagered, deposits: 0 } }],
    ["wait_last_withdraw", { wager: { ...wagered, hasOpen: true } }],
    ["wager_required", { wager: { ...wagered, bets: 1 } }],
    ["money_limit", { wager: { ...wagered, windowUsed: 50_000 } }],
    ["no_items", { ids: [] }],
    ["too_many_items", { ids: Array.from({ length: 21 }, (_, i) => i + 1) }],
    ["min_sum", { ids: [1], items: [{ id: 1, ownerId: 1, status: "available", price: 499, tradeProtected: false }], sum: 499 }],
    ["item_not_found", { ids: [1, 3] }],
    ["item_not_found", { items: [{ id: 1, ownerId: 2, status: "available", price: 1_000, tradeProtected: false }, input().items[1]!] }],
    ["item_not_found", { items: [{ id: 1, ownerId: 1, status: "in_bet", price: 1_000, tradeProtected: false }, input().items[1]!] }],
    ["trade_protected", { items: [{ id: 1, ownerId: 1, status: "available", price: 1_000, tradeProtected: true }, input().items[1]!] }],
    ["sum_changed", { sum: 2_999 }],
    ["max_withdraw", { wager: { ...wagered, withdrawn: 28_000 } }],
    ["system_unavailable", { systemAvailable: false }],
    ["invalid_wallet", { wallet: null }],
  ] as const)("%s", (k, over) => {
    expect(key(over as Partial<CreateInput>)).toBe(`withdrawal_api.${k}`);
  });
});
