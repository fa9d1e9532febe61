// The valuation rule's SQL and the schedule, pure (worker/prices/valuation.ts, scheduled.ts): an
// item is worth its current catalogue price (the revaluation itself is SQL, tested in
// tests/worker/price-arbitrage.test.ts); the interval comes from PRICE_REFRESH_MINUTES.
import { describe, expect, it } from "vitest";
import { PRICES } from "../../shared/constants";
import { itemValueSql, LIVE_ITEM_STATUSES_SQL, revaluationKey } from "../../worker/prices/valuation";
import { refreshDue, refreshIntervalMinutes } from "../../worker/prices/scheduled";

describe("itemValueSql", () => {
  it("reads the catalogue price of the aliased row and accepts only plain aliases", () => {
    expect(itemValueSql("i")).toBe("(SELECT cv.price FROM catalogue cv WHERE cv.id = i.catalogue_id)");
    expect(() => itemValueSql("i; DROP TABLE users")).toThrow(TypeError);
    expect(LIVE_ITEM_STATUSES_SQL).toBe("('available', 'in_bet', 'withdrawing')");
  });
});

describe("revaluationKey", () => {
  it("keys a row by entry, price and time", () => {
    expect(revaluationKey(12, 900, 1_700_000_000_000)).toBe("revaluation:12:900:1700000000000");
  });
});

describe("refreshIntervalMinutes", () => {
  it("reads whole minutes, 0 = off, anything else falls back to the default", () => {
    expect(refreshIntervalMinutes({ PRICE_REFRESH_MINUTES: "60" })).toBe(60);
    expect(refreshIntervalMinutes({ PRICE_REFRESH_MINUTES: " 15 " })).toBe(15);
    expect(refreshIntervalMinutes({ PRICE_REFRESH_MINUTES: "0" })).toBe(0);
    expect(refreshIntervalMinutes({ PRICE_REFRESH_MINUTES: String(PRICES.maxRefreshMinutes) })).toBe(PRICES.maxRefreshMinutes);
    for (const bad of [undefined, "", "abc", "-5", "7.5", "1e3", String(PRICES.maxRefreshMinutes + 1)]) {
      expect(refreshIntervalMinutes({ PRICE_REFRESH_MINUTES: bad }), String(bad)).toBe(PRICES.defaultRefreshMinutes);
    }
  });
});

describe("refreshDue", () => {
  const m = 60_000;
  it("is due when never run, once the interval has passed, or when the stored time is in the future", () => {
    expect(refreshDue(10 * m, undefined, 5)).toBe(true);
    expect(refreshDue(10 * m, 5 * m, 5)).toBe(true);
    expect(refreshDue(10 * m, 6 * m, 5)).toBe(false);
    expect(refreshDue(10 * m, 20 * m, 5)).toBe(true);
    expect(refreshDue(10 * m, Number.NaN, 5)).toBe(true);
  });

  it("is never due when the schedule is off", () => {
    expect(refreshDue(10 * m, undefined, 0)).toBe(false);
  });
});
