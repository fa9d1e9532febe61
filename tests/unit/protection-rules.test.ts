// The player-protection rules (shared/protection.ts; docs/protection.md): calendar periods and their
// reset instants, which limit is in force, what a change does, when a break ends.
import { describe, expect, it } from "vitest";
import { PROTECTION } from "../../shared/constants";
import { changeLimit, exclusionActive, exclusionEnd, limitInForce, periodOf, periodReset, periodStart } from "../../shared/protection";

const at = (iso: string) => Date.parse(iso);

describe("periods", () => {
  it("day, week from Monday and month, in UTC; the reset instant starts the next period", () => {
    const now = at("2026-11-29T13:45:00Z"); // a Sunday
    expect(periodStart("day", now)).toBe(at("2026-11-29T00:00:00Z"));
    expect(periodReset("day", now)).toBe(at("2026-11-30T00:00:00Z"));
    expect(periodStart("week", now)).toBe(at("2026-11-23T00:00:00Z"));
    expect(periodReset("week", now)).toBe(at("2026-11-30T00:00:00Z"));
    expect(periodStart("month", now)).toBe(at("2026-11-01T00:00:00Z"));
    expect(periodReset("month", now)).toBe(at("2026-12-01T00:00:00Z"));
    // at the reset instant the new period has begun; a millisecond before, the old one holds
    const reset = at("2026-11-30T00:00:00Z");
    expect(periodStart("week", reset)).toBe(reset);
    expect(periodStart("week", reset - 1)).toBe(at("2026-11-23T00:00:00Z"));
    expect(periodStart("month", at("2026-12-31T23:59:59.999Z"))).toBe(at("2026-12-01T00:00:00Z"));
    expect(periodReset("month", at("2026-12-15T00:00:00Z"))).toBe(at("2027-01-01T00:00:00Z"));
  });

  it("names each kind's period; the stake limit has none", () => {
    expect([periodOf("deposit_day"), periodOf("deposit_week"), periodOf("deposit_month"), periodOf("stake")]).toEqual(["day", "week", "month", null]);
  });
});

describe("changing a limit", () => {
  const now = 1_000_000;
  it("a first limit and a lower one apply at once; a higher one or a removal waits the cooling-off", () => {
    const first = changeLimit(null, 5_000, now);
    expect(first).toEqual({ amount: 5_000, pendingAmount: null, pendingAt: null });
    const higher = changeLimit(first, 8_000, now);
    expect(higher).toEqual({ amount: 5_000, pendingAmount: 8_000, pendingAt: now + PROTECTION.coolingOffMs });
    expect(limitInForce(higher, now + PROTECTION.coolingOffMs - 1)).toBe(5_000);
    expect(limitInForce(higher, now + PROTECTION.coolingOffMs)).toBe(8_000);
    expect(changeLimit(higher, 2_000, now + 5)).toEqual({ amount: 2_000, pendingAmount: null, pendingAt: null });
    const removal = changeLimit(first, null, now);
    expect(removal).toEqual({ amount: 5_000, pendingAmount: null, pendingAt: now + PROTECTION.coolingOffMs });
    expect(limitInForce(removal, now + PROTECTION.coolingOffMs)).toBeNull();
    // the same raise asked again keeps its time; another raise starts a new wait
    expect(changeLimit(higher, 8_000, now + 100).pendingAt).toBe(now + PROTECTION.coolingOffMs);
    expect(changeLimit(higher, 9_000, now + 100).pendingAt).toBe(now + 100 + PROTECTION.coolingOffMs);
    // no limit, removed: nothing to store
    expect(changeLimit(null, null, now)).toEqual({ amount: null, pendingAmount: null, pendingAt: null });
    // the same amount as in force is no loosening
    expect(changeLimit(first, 5_000, now)).toEqual({ amount: 5_000, pendingAmount: null, pendingAt: null });
  });
});

describe("breaks", () => {
  it("a time-out ends by itself; a self-exclusion only a day after the player asks, a permanent one never", () => {
    const t = { kind: "timeout" as const, startedAt: 0, endsAt: 100, liftRequestedAt: null };
    expect([exclusionActive(t, 99), exclusionActive(t, 100)]).toEqual([true, false]);
    const s = { kind: "self_exclusion" as const, startedAt: 0, endsAt: 100, liftRequestedAt: null };
    expect(exclusionEnd(s)).toBeNull();
    expect(exclusionActive(s, 10_000_000_000)).toBe(true);
    const asked = { ...s, liftRequestedAt: 500 };
    expect(exclusionEnd(asked)).toBe(500 + PROTECTION.liftWaitMs);
    expect(exclusionActive(asked, 500 + PROTECTION.liftWaitMs - 1)).toBe(true);
    expect(exclusionActive(asked, 500 + PROTECTION.liftWaitMs)).toBe(false);
    expect(exclusionActive({ ...s, endsAt: null }, Number.MAX_SAFE_INTEGER)).toBe(true);
  });
});
