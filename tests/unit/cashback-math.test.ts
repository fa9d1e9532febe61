// Cashback arithmetic (shared/cashback.ts; docs/money.md "Cashback"): units are hundredths of a cent.
import { describe, expect, it } from "vitest";
import { cashbackAccrual, formatCashback, claimableCents } from "../../shared/cashback";
import { waitUntil } from "../../web/src/features/cashback/countdown";

describe("cashback accrual", () => {
  it("is 2.5 % of the lost cents in hundredths of a cent: cents × 25 / 10, floored", () => {
    expect(cashbackAccrual(0)).toBe(0);
    expect(cashbackAccrual(1)).toBe(2); // 2.5 floored
    expect(cashbackAccrual(2)).toBe(5);
    expect(cashbackAccrual(3)).toBe(7);
    expect(cashbackAccrual(4)).toBe(10); // 0.1¢
    expect(cashbackAccrual(100)).toBe(250); // $1 → 2.5¢
    expect(cashbackAccrual(1_234)).toBe(3_085);
    expect(cashbackAccrual(1_000_000)).toBe(2_500_000); // $10 000 → $250
  });

  it("never loses more than half a hundredth per bet and never exceeds 2.5 %", () => {
    for (let c = 0; c < 2_000; c++) {
      const exact = (c * 2.5) | 0;
      expect(cashbackAccrual(c)).toBe(exact);
      expect(c * 2.5 - cashbackAccrual(c)).toBeLessThanOrEqual(0.5);
    }
  });

  it("refuses a negative or fractional stake", () => {
    expect(() => cashbackAccrual(-1)).toThrow(RangeError);
    expect(() => cashbackAccrual(1.5)).toThrow(RangeError);
  });
});

describe("taking and showing cashback", () => {
  it("a take moves whole cents; the rest stays", () => {
    expect(claimableCents(99)).toBe(0);
    expect(claimableCents(100)).toBe(1);
    expect(claimableCents(3_085)).toBe(30);
  });

  it("shows dollars with two decimals from a cent up, four under a cent", () => {
    expect(formatCashback(0)).toBe("$0.00");
    expect(formatCashback(2)).toBe("$0.0002");
    expect(formatCashback(97)).toBe("$0.0097");
    expect(formatCashback(100)).toBe("$0.01");
    expect(formatCashback(3_085)).toBe("$0.30");
    expect(formatCashback(1_234_567)).toBe("$123.45");
  });
});

describe("the countdown to the next take", () => {
  it("splits what is left into hours, minutes and seconds (rounded up), null once passed", () => {
    expect(waitUntil(1_000, 1_000)).toBeNull();
    expect(waitUntil(1_000, 2_000)).toBeNull();
    expect(waitUntil(1, 0)).toEqual({ hours: 0, minutes: 0, seconds: 1 });
    expect(waitUntil(24 * 3_600_000, 0)).toEqual({ hours: 24, minutes: 0, seconds: 0 });
    expect(waitUntil(5 * 3_600_000 + 3 * 60_000 + 7_500, 0)).toEqual({ hours: 5, minutes: 3, seconds: 8 });
  });
});
