import { describe, expect, it } from "vitest";
import { chanceOf, formatChance, ticketsByPlayer, ticketsOf } from "../../web/src/features/jackpot/chances";

const bet = (id: number, from: number, to: number) => ({ user: { id }, from, to });
/** Intl's Russian output uses no-break spaces: compare with plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("tickets", () => {
  it("a range holds to − from + 1 tickets; a bad one none", () => {
    expect(ticketsOf({ from: 1, to: 150 })).toBe(150);
    expect(ticketsOf({ from: 7, to: 7 })).toBe(1);
    expect(ticketsOf({ from: 8, to: 7 })).toBe(0);
    expect(ticketsOf({ from: 1.5, to: 7 })).toBe(0);
  });

  it("adds each player's bets, in the order of their first bet", () => {
    // rows arrive newest first; the tickets are numbered in bet order
    const rows = [bet(1, 401, 500), bet(2, 151, 400), bet(1, 1, 150)];
    expect(ticketsByPlayer(rows)).toEqual([
      { userId: 1, tickets: 250 },
      { userId: 2, tickets: 250 },
    ]);
    expect(ticketsByPlayer([])).toEqual([]);
  });

  it("chance is the share of all tickets", () => {
    expect(chanceOf(250, 500)).toBe(0.5);
    expect(chanceOf(0, 500)).toBe(0);
    expect(chanceOf(5, 0)).toBe(0);
    expect(chanceOf(600, 500)).toBe(1);
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
