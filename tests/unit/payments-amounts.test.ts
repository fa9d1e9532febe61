// worker/payments/amounts.ts: provider decimal text ↔ integer cents, exactly.
import { describe, expect, it } from "vitest";
import { centsToDecimal, numberToCents, parseDecimalCents } from "../../worker/payments/amounts";

describe("parseDecimalCents", () => {
  it("reads whole and decimal amounts exactly", () => {
    expect(parseDecimalCents("99")).toBe(9900);
    expect(parseDecimalCents("99.00")).toBe(9900);
    expect(parseDecimalCents("99.5")).toBe(9950);
    expect(parseDecimalCents("99.05")).toBe(9905);
    expect(parseDecimalCents("0.01")).toBe(1);
    // 0.29 · 100 is 28.999999999999996 in floats: the text path is exact
    expect(parseDecimalCents("0.29")).toBe(29);
    expect(parseDecimalCents("1.15")).toBe(115);
    expect(parseDecimalCents("999999999999.99")).toBe(99_999_999_999_999);
  });

  it("refuses anything that is not a positive amount with at most two decimals", () => {
    for (const bad of ["", "0", "0.00", "-1", "+1", "1.", ".5", "1.005", "1e3", " 1", "1 ", "1,50", "0x10", "NaN", "Infinity", "1234567890123"]) {
      expect(parseDecimalCents(bad), bad).toBeNull();
    }
  });
});

describe("numberToCents", () => {
  it("converts JSON numbers of major units exactly", () => {
    expect(numberToCents(100)).toBe(10000);
    expect(numberToCents(100.5)).toBe(10050);
    expect(numberToCents(JSON.parse("0.29"))).toBe(29);
    expect(numberToCents(JSON.parse("19.99"))).toBe(1999);
  });
  it("refuses fractions of a cent, non-numbers and non-positive values", () => {
    for (const bad of [0.001, 1.005, 0, -5, Number.NaN, Number.POSITIVE_INFINITY, "10", null, undefined, 1e21]) expect(numberToCents(bad)).toBeNull();
  });
});

describe("centsToDecimal", () => {
  it("writes whole amounts bare and others with two decimals", () => {
    expect(centsToDecimal(9900)).toBe("99");
    expect(centsToDecimal(9950)).toBe("99.50");
    expect(centsToDecimal(9905)).toBe("99.05");
    expect(centsToDecimal(1)).toBe("0.01");
    expect(centsToDecimal(2500)).toBe("25");
  });
  it("round-trips", () => {
    for (const cents of [1, 10, 99, 100, 101, 2500, 123456, 99_999_999_999_999]) expect(parseDecimalCents(centsToDecimal(cents))).toBe(cents);
  });
  it("refuses non-positive and fractional cents", () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => centsToDecimal(bad)).toThrow(RangeError);
  });
});
