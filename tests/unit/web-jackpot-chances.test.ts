import { describe, expect, it } from "vitest";
import { chancesOf, formatChance, ticketsOf } from "../../web/src/features/jackpot/chances";

/** Intl's Russian output uses no-break spaces: compare with plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("tickets", () => {
  it("a range holds to − from + 1 tickets; a bad one none", () => {
    expect(ticketsOf({ from: 1, to: 150 })).toBe(150);
    expect(ticketsOf({ from: 7, to: 7 })).toBe(1);
    expect(ticketsOf({ from: 8, to: 7 })).toBe(0);
    expect(ticketsOf({ from: 1.5, to: 7 })).toBe(0);
  });
});

describe("chancesOf", () => {
  const user = (id: number) => ({ id, username: `u${id}`, avatar: "default" });
  const bet = (id: number, from: number, to: number) => ({ user: user(id), price: (to - from + 1) / 100, from, to });
  it("adds each player's bets in the order of his first bet; percent with two decimals", () => {
    // rows in any order; tickets are numbered in bet order
    expect(chancesOf([bet(1, 401, 500), bet(2, 151, 400), bet(1, 1, 150)])).toEqual([
      { user: user(1), price: 2.5, tickets: 250, chance: 50 },
      { user: user(2), price: 2.5, tickets: 250, chance: 50 },
    ]);
    expect(chancesOf([bet(1, 1, 1), bet(2, 2, 3)]).map((c) => c.chance)).toEqual([33.33, 66.67]);
    expect(chancesOf([])).toEqual([]);
  });
});

describe("formatChance", () => {
  it("two decimals in the language's style", () => {
    expect(formatChance(1 / 3, "en")).toBe("33.33%");
    expect(plain(formatChance(1 / 3, "ru"))).toBe("33,33 %");
    expect(formatChance(0.5, "en")).toBe("50.00%");
    expect(formatChance(1, "en")).toBe("100.00%");
    expect(formatChance(0, "en")).toBe("0.00%");
  });

  it("never rounds a real chance to 0 or 100", () => {
    expect(formatChance(0.00004, "en")).toBe("<0.01%");
    expect(formatChance(0.99996, "en")).toBe(">99.99%");
    expect(formatChance(0.99994, "en")).toBe("99.99%");
    expect(formatChance(Number.NaN, "en")).toBe("0.00%");
  });
});
