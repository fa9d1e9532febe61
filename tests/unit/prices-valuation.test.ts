// The valuation rule and the schedule, pure (worker/prices/valuation.ts, scheduled.ts): an item is
// worth its current catalogue price; a revaluation's house result is the opposite of the users'
// item value change; the interval comes from PRICE_REFRESH_MINUTES.
import { describe, expect, it } from "vitest";
import { PRICES } from "../../shared/constants";
import { itemValue, itemValueSql, LIVE_ITEM_STATUSES_SQL, revaluation, revaluationKey } from "../../worker/prices/valuation";
import { refreshDue, refreshIntervalMinutes } from "../../worker/prices/scheduled";

describe("itemValue", () => {
  it("is the current catalogue price, above or below the booked one", () => {
    expect(itemValue({ booked: 1_000, current: 600 })).toBe(600);
    expect(itemValue({ booked: 600, current: 1_000 })).toBe(1_000);
    expect(itemValue({ booked: 5, current: 5 })).toBe(5);
  });

  it("refuses a price that is not integer cents", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) expect(() => itemValue({ booked: 1, current: bad }), String(bad)).toThrow(RangeError);
  });
});

describe("itemValueSql", () => {
  it("reads the catalogue price of the aliased row and accepts only plain aliases", () => {
    expect(itemValueSql("i")).toBe("(SELECT cv.price FROM catalogue cv WHERE cv.id = i.catalogue_id)");
    expect(() => itemValueSql("i; DROP TABLE users")).toThrow(TypeError);
    expect(LIVE_ITEM_STATUSES_SQL).toBe("('available', 'in_bet', 'withdrawing')");
  });
});

describe("revaluation", () => {
  it("sums new − booked over the items that change; the house result is its opposite", () => {
    expect(revaluation([1_000, 1_000, 900], 1_250)).toEqual({ itemsDelta: 250 + 250 + 350, houseResult: -850, changed: 3 });
    expect(revaluation([1_000, 1_250], 900)).toEqual({ itemsDelta: -100 - 350, houseResult: 450, changed: 2 });
  });

  it("is zero (not −0) with nothing to change", () => {
    const r = revaluation([700, 700], 700);
    expect(r).toEqual({ itemsDelta: 0, houseResult: 0, changed: 0 });
    expect(Object.is(r.houseResult, 0)).toBe(true);
    expect(revaluation([], 5)).toEqual({ itemsDelta: 0, houseResult: 0, changed: 0 });
  });

  it("refuses non-cent prices", () => {
    expect(() => revaluation([1.5], 1)).toThrow(RangeError);
    expect(() => revaluation([1], -1)).toThrow(RangeError);
  });

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
