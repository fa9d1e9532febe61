import { describe, expect, it } from "vitest";
import { formatChance, ticketsOf } from "../../web/src/features/jackpot/chances";
import { chanceOf, leaderChances, ownChance } from "../../web/src/features/jackpot/state";

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

describe("chances derived on the board", () => {
  const user = (id: number) => ({ id, username: `u${id}`, avatar: "default" });
  const bet = (id: number, from: number, to: number) => ({
    id: `b${from}`,
    user: user(id),
    items: [],
    price: (to - from + 1) / 100,
    value: 0,
    from,
    to,
    created_at: 0,
  });
  it("a chance is tickets / all tickets in percent with two decimals, as the server rounds it", () => {
    expect(chanceOf(250, 500)).toBe(50);
    expect(chanceOf(1, 3)).toBe(33.33);
    expect(chanceOf(2, 3)).toBe(66.67);
    expect(chanceOf(5, 0)).toBe(0);
  });
  it("the leaders get their chance of the round's tickets; the player's own from his own bets", () => {
    expect(leaderChances([{ user: user(1), price: 1.5, tickets: 150 }], 600)).toEqual([{ user: user(1), price: 1.5, tickets: 150, chance: 25 }]);
    expect(ownChance({ selfBets: [bet(1, 1, 150), bet(1, 401, 500)], totalTickets: 1000 })).toBe(25);
    expect(ownChance({ selfBets: [], totalTickets: 1000 })).toBe(0);
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
