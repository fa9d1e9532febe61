// Wallet validation per system (worker/money-withdraw/wallet.ts; docs/payments.md "Money withdrawals").
import { describe, expect, it } from "vitest";
import { luhnValid } from "../../shared/withdraw-wallet";
import { maskWallet, normalizeWallet } from "../../worker/money-withdraw/wallet";

describe("card (system 3): 13–19 digits and the Luhn check", () => {
  it("accepts known test numbers, with spaces or dashes", () => {
    expect(normalizeWallet(3, "4111 1111 1111 1111")).toBe("4111111111111111");
    expect(normalizeWallet(3, "5555-5555-5555-4444")).toBe("5555555555554444");
    expect(normalizeWallet(3, "4111.1111.1111.1111")).toBe("4111111111111111");
    expect(normalizeWallet(3, "4222222222222")).toBe("4222222222222"); // 13 digits
    expect(normalizeWallet(3, "6011000990139424")).toBe("6011000990139424");
  });
  it("refuses a Luhn failure, a wrong length, letters", () => {
    expect(normalizeWallet(3, "4111 1111 1111 1112")).toBeNull();
    expect(normalizeWallet(3, "411111111111")).toBeNull(); // 12 digits
    expect(normalizeWallet(3, "41111111111111111111")).toBeNull(); // 20 digits
    expect(normalizeWallet(3, "4111x11111111111")).toBeNull();
  });
  it("luhnValid", () => {
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });
});

describe("wallet A (system 1): a phone, 10–15 digits", () => {
  it("accepts +, spaces, brackets and dashes", () => {
    expect(normalizeWallet(1, "+7 (999) 123-45-67")).toBe("79991234567");
    expect(normalizeWallet(1, "9991234567")).toBe("9991234567");
  });
  it("refuses too short, too long, letters", () => {
    expect(normalizeWallet(1, "123456789")).toBeNull();
    expect(normalizeWallet(1, "1234567890123456")).toBeNull();
    expect(normalizeWallet(1, "7999abc4567")).toBeNull();
  });
});

describe("wallet B (system 2) and prepaid (system 4): 6–32 letters and digits", () => {
  it("accepts (spaces ignored, case kept) and refuses", () => {
    for (const system of [2, 4] as const) {
      expect(normalizeWallet(system, "4100 1234 5678 901")).toBe("410012345678901");
      expect(normalizeWallet(system, "P1234567")).toBe("P1234567");
      expect(normalizeWallet(system, "u123456")).toBe("u123456");
      expect(normalizeWallet(system, "P1234")).toBeNull(); // 5
      expect(normalizeWallet(system, "A".repeat(33))).toBeNull();
      expect(normalizeWallet(system, "P-1234567")).toBeNull();
      expect(normalizeWallet(system, "user@mail.com")).toBeNull();
    }
  });
});

it("the history masks all but the last 4 characters", () => {
  expect(maskWallet("4111111111111111")).toBe("****1111");
  expect(maskWallet("abc")).toBe("****");
});
