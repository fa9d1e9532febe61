// Money of a round in cents: the win, the win item with its remainder, the 1 % bonus share,
// the forced cash-out point.
import { describe, expect, it } from "vitest";
import { INFINITE_HUNDREDTHS } from "../../shared/crash-curve";
import { bonusShare, forcedCashoutPoint, loaderItemFor, pickWinItem, totalPayoutAt, winCents } from "../../worker/rooms/crash/payout";
import type { CrashBet } from "../../worker/rooms/crash/state";
import { item } from "./crash-helpers";

const prices = (...p: number[]) => p.map((price, i) => ({ id: i + 1, price }));

describe("win = floor(stake × multiplier / 100) cents", () => {
  it.each([
    [1000, 250, 2500],
    [333, 333, 1108], // 1108.89
    [1, 199, 1],
    [999, 101, 1008], // 1008.99
    [123_456_789, INFINITE_HUNDREDTHS, 1_234_566_655_432], // 123456789 × 9999.99, floored
  ])("stake %i at %i → %i", (stake, m, win) => expect(winCents(stake, m)).toBe(win));
});

describe("winItem: the most expensive catalogue item priced ≤ the win, remainder to the balance", () => {
  const cat = prices(100, 250, 250, 999, 5000);
  it("exact price match takes that item, remainder 0", () => expect(pickWinItem(999, cat)).toEqual({ item: { id: 4, price: 999 }, remainder: 0 }));
  it("between prices takes the lower one", () => expect(pickWinItem(4999, cat)).toEqual({ item: { id: 4, price: 999 }, remainder: 4000 }));
  it("equal prices: the last of them", () => expect(pickWinItem(300, cat)).toEqual({ item: { id: 3, price: 250 }, remainder: 50 }));
  it("above the dearest takes the dearest", () => expect(pickWinItem(1_000_000, cat)).toEqual({ item: { id: 5, price: 5000 }, remainder: 995_000 }));
  it("below the cheapest: null (all to the balance)", () => expect(pickWinItem(99, cat)).toBeNull());
  it("an empty catalogue or a zero win: null", () => {
    expect(pickWinItem(500, [])).toBeNull();
    expect(pickWinItem(0, prices(0, 0))).toBeNull();
  });
  it("agrees with a linear scan on random catalogues", () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const cat = prices(...Array.from({ length: rnd(40) }, () => 1 + rnd(10_000))).sort((a, b) => a.price - b.price);
      const win = rnd(12_000);
      let best: { id: number; price: number } | null = null;
      for (const c of cat) if (c.price <= win) best = c;
      expect(pickWinItem(win, cat)).toEqual(best ? { item: best, remainder: win - best.price } : null);
    }
  });
  it("the loader item is the same pick on the stake at m", () => {
    const cat = prices(100, 250, 999);
    expect(loaderItemFor(500, 200, cat)).toEqual({ id: 3, price: 999 });
    expect(loaderItemFor(50, 150, cat)).toBeNull();
  });
});

describe("bonus share = floor(pot × 1 %)", () => {
  it.each([
    [0, 0],
    [99, 0],
    [100, 1],
    [199, 1],
    [123_456, 1234],
  ])("pot %i → %i", (pot, share) => expect(bonusShare(pot)).toBe(share));
});

describe("forced cash-out point", () => {
  const b = (stake: number, autoWithdraw: number, status: CrashBet["status"] = "pending", win = 0): CrashBet => ({
    id: `${stake}-${autoWithdraw}`,
    user: { id: 1, username: "u", avatar: "a" },
    items: [item(1, stake)],
    value: 0,
    stake,
    autoWithdraw,
    status,
    cashout: null,
    win,
    winItem: null,
    remainder: 0,
    createdAt: 0,
    loaderItemId: null,
    loaderSent: false,
  });
  it("none when the highest targets stay within the maximum", () => {
    expect(forcedCashoutPoint([b(1000, 500)], 5000)).toBeNull();
    expect(forcedCashoutPoint([], 1)).toBeNull();
  });
  it("the largest m whose total stays ≤ max, brute-force checked", () => {
    const bets = [b(777, 250), b(1234, INFINITE_HUNDREDTHS), b(50, 120_000), b(9, 0, "won", 4321)];
    for (const max of [6_382, 7_000, 10_000, 33_333, 123_456]) {
      const f = forcedCashoutPoint(bets, max)!;
      expect(totalPayoutAt(bets, f)).toBeLessThanOrEqual(max);
      expect(totalPayoutAt(bets, f + 1)).toBeGreaterThan(max);
    }
  });
  it("never below 1.00 (a stake above the maximum is given back at 1.00)", () => {
    expect(forcedCashoutPoint([b(10_000, 500)], 5_000)).toBe(100);
  });
});
