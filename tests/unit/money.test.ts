import { describe, expect, it } from "vitest";
import { formatCents, toCents, toDollars } from "../../shared/money";

describe("money codec", () => {
  it("parses dollars to integer cents without float error", () => {
    expect(toCents(0.1)).toBe(10);
    expect(toCents("19.99")).toBe(1999);
    expect(toCents("1.01")).toBe(101);
    expect(toCents(-2.5)).toBe(-250);
    expect(toCents("7")).toBe(700);
  });
  it("refuses more than two decimals and garbage", () => {
    expect(() => toCents("1.001")).toThrow();
    expect(() => toCents("abc")).toThrow();
    expect(() => toCents(Number.NaN)).toThrow();
    expect(() => toCents(1e21)).toThrow();
  });
  it("formats and converts back", () => {
    expect(formatCents(123456)).toBe("1234.56");
    expect(formatCents(-5)).toBe("-0.05");
    expect(toDollars(1999)).toBe(19.99);
    expect(() => toDollars(1.5)).toThrow();
  });
});
