// The deposit request as the server parses it (shared/api/payments.ts): strict amounts in dollars
// (integer cents after), only the money methods, and a promo code that is absent, a code, or
// null ("cannot exist": the route answers promo_invalid, never a bare 400).
import { describe, expect, it } from "vitest";
import { checkTransactionBody, sumCreateBody } from "../../shared/api/payments";

describe("sum/create body", () => {
  it("reads the sum as cents and the promo code as absent, normalised or impossible", () => {
    expect(sumCreateBody.parse({ sum: 25, depositMethod: "card" })).toEqual({ sum: 2500, depositMethod: "card", promocode: undefined });
    expect(sumCreateBody.parse({ sum: "10.5", depositMethod: "card_2", promocode: " bonus10 " })).toMatchObject({ sum: 1050, promocode: "BONUS10" });
    for (const none of ["", "   ", null, undefined])
      expect(sumCreateBody.parse({ sum: 1, depositMethod: "wallet_a", promocode: none }).promocode).toBeUndefined();
    for (const impossible of [5, "no spaces allowed", "ab", "x".repeat(33), ["BONUS10"]]) {
      expect(sumCreateBody.parse({ sum: 1, depositMethod: "wallet_a", promocode: impossible }).promocode).toBeNull();
    }
  });

  it("refuses amounts that are not cents and methods that take no money", () => {
    for (const sum of [1.234, "1e3", "abc", "", null, true, [10], Number.NaN]) {
      expect(sumCreateBody.safeParse({ sum, depositMethod: "card" }).success, String(sum)).toBe(false);
    }
    for (const depositMethod of ["skins", "placeholder_1", "CARD", "", 1]) {
      expect(sumCreateBody.safeParse({ sum: 10, depositMethod }).success, String(depositMethod)).toBe(false);
    }
  });

  it("a receipt number is text (the length rule is the server's answer, not a parse error)", () => {
    expect(checkTransactionBody.parse({ transactionId: " 12345678901 " })).toEqual({ transactionId: "12345678901" });
    expect(checkTransactionBody.safeParse({ transactionId: 12345678901 }).success).toBe(false);
    expect(checkTransactionBody.safeParse({ transactionId: "1".repeat(65) }).success).toBe(false);
  });
});
