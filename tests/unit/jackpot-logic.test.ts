// The jackpot rules (worker/rooms/jackpot/logic.ts, worker/jackpot/tickets.ts) in Node: ticket
// ranges, chances, every bet rule, the phase machine by the clock, the draw against the fairness
// vectors, the commission and the strip, the configuration schemas.
import { describe, expect, it } from "vitest";
import { jackpotLevelSettings, jackpotTimers } from "../../shared/api/jackpot";
import { JACKPOT } from "../../shared/constants";
import { jackpotTicket } from "../../shared/fairness";
import { chances, nextRange, players, totalTickets } from "../../worker/jackpot/tickets";
import type { JackpotBet } from "../../worker/jackpot/types";
import {
  acceptBet,
  betRefusal,
  buildStrip,
  draw,
  due,
  lastWinnerOf,
  nextDeadline,
  reveal,
  roundIdOf,
  selectCommission,
} from "../../worker/rooms/jackpot/logic";
import { createState, type JackpotState } from "../../worker/rooms/jackpot/state";
import vectorsJson from "./fixtures/fairness-vectors.json";

const vectors = vectorsJson as { salt: string; jackpot: { secret_hash: string; total_tickets: number; winning_ticket: number }[] };
const settings = { ...JACKPOT.levelDefaults.medium };
const timers = { ...JACKPOT.timerDefaults };
const user = (id: number) => ({ id, username: `u${id}`, avatar: "default" });
const item = (id: number, price: number) => ({ id, market_hash_name: `i${id}`, name: `i${id}`, image: "", rarity: "", rarity_color: "", price });
const SECRET = vectors.jackpot[0]!.secret_hash;

function fresh(): JackpotState {
  return createState("medium", { id: 2, chainIndex: 1, publicHash: "p", secret: SECRET, dayOfMonth: 1, createdAt: 0 }, null);
}

let seq = 0;
function bet(s: JackpotState, userId: number, prices: number[], now = 1_000, value = 0): JackpotState {
  const price = prices.reduce((a, b) => a + b, value);
  const b: JackpotBet = {
    id: `2:${++seq}`,
    seq,
    user: user(userId),
    items: prices.map((p, i) => item(seq * 100 + i, p)),
    value,
    price,
    ...nextRange(s.bets, price),
    createdAt: now,
  };
  return acceptBet(s, b, settings, timers, now);
}

describe("tickets and chances", () => {
  it("numbers 1 ticket per cent from 1 in bet order", () => {
    let s = bet(fresh(), 1, [1_000, 250]);
    s = bet(s, 2, [730]);
    s = bet(s, 1, [20]);
    expect(s.bets.map((b) => [b.from, b.to])).toEqual([
      [1, 1_250],
      [1_251, 1_980],
      [1_981, 2_000],
    ]);
    expect(totalTickets(s.bets)).toBe(2_000);
    expect(players(s.bets).map((u) => u.id)).toEqual([1, 2]);
    expect(chances(s.bets).map((c) => [c.user.id, c.tickets, c.chanceBp])).toEqual([
      [1, 1_270, 6_350],
      [2, 730, 3_650],
    ]);
  });

  it("refuses a range for nothing", () => {
    expect(() => nextRange([], 0)).toThrow(RangeError);
    expect(() => nextRange([], 1.5)).toThrow(RangeError);
  });
});

describe("bet rules, each on its own", () => {
  const ask = (s: JackpotState, userId: number, itemCount: number, maintenance = false, now = 2_000) =>
    betRefusal(s, settings, { userId, itemCount, value: 0 }, maintenance, now);
  it("accepts a good bet", () => expect(ask(fresh(), 1, 1)).toBeNull());
  it("maintenance", () => expect(ask(fresh(), 1, 1, true)).toBe("jackpot_api.maintenance"));
  it("no items", () => expect(ask(fresh(), 1, 0)).toBe("jackpot_api.no_items"));
  it("no items but a balance part is a bet", () => expect(betRefusal(fresh(), settings, { userId: 1, itemCount: 0, value: 150 }, false, 2_000)).toBeNull());
  it("too many items in a bet", () => expect(ask(fresh(), 1, settings.maxItemsPerBet + 1)).toBe("jackpot_api.too_many_items"));
  it("too many items per player", () => {
    const s = bet(bet(fresh(), 1, Array(15).fill(10)), 1, Array(15).fill(10));
    expect(ask(s, 1, 1)).toBe("jackpot_api.too_many_items_player");
    expect(ask(s, 2, 1)).toBeNull();
  });
  it("room full: a new player only", () => {
    let s = fresh();
    for (let u = 1; u <= settings.maxPlayers; u++) s = bet(s, u, [100]);
    expect(ask(s, settings.maxPlayers + 1, 1)).toBe("jackpot_api.room_full");
    expect(ask(s, 1, 1)).toBeNull();
  });
  it("round closed: spinning, waiting, or the countdown over", () => {
    const s = bet(bet(fresh(), 1, [100]), 2, [100], 1_000);
    expect(ask(s, 3, 1, false, s.countdownEndsAt!)).toBe("jackpot_api.round_closed");
    const spinning = draw(s, vectors.salt, timers, 5, s.countdownEndsAt!);
    expect(ask(spinning, 3, 1)).toBe("jackpot_api.round_closed");
    expect(ask(reveal(spinning), 3, 1)).toBe("jackpot_api.round_closed");
  });
  // too small (the items' value) is checked inside the bet's D1 batch: tests/worker/jackpot-bets.test.ts
});

describe("phases by the clock", () => {
  it("first → (second player) second → spinning → waiting → new game", () => {
    let s = bet(fresh(), 1, [500], 1_000);
    expect(s).toMatchObject({ status: 0, soloEndsAt: 1_000 + timers.soloTimeoutMs, countdownEndsAt: null });
    s = bet(s, 1, [500], 1_500);
    expect(s.status).toBe(0); // the same player again does not start the countdown
    s = bet(s, 2, [500], 2_000);
    expect(s).toMatchObject({ status: 1, soloEndsAt: null, countdownEndsAt: 2_000 + settings.countdownMs });
    expect(due(s, s.countdownEndsAt! - 1)).toBeNull();
    expect(due(s, s.countdownEndsAt!)).toBe("draw");
    expect(nextDeadline(s)).toBe(s.countdownEndsAt);
    const spin = draw(s, vectors.salt, timers, 5, s.countdownEndsAt!);
    expect(spin.status).toBe(2);
    expect(spin.draw!.spinEndsAt).toBe(s.countdownEndsAt! + timers.spinMs);
    expect(spin.draw!.endsAt - spin.draw!.spinEndsAt).toBe(timers.waitingMs);
    expect(due(spin, spin.draw!.spinEndsAt)).toBe("reveal");
    const waiting = reveal(spin);
    expect(waiting.status).toBe(3);
    expect(due(waiting, waiting.draw!.endsAt - 1)).toBeNull();
    expect(due(waiting, waiting.draw!.endsAt)).toBe("newGame");
    expect(lastWinnerOf(waiting)).toMatchObject({ roundId: 2, user: waiting.draw!.winner });
  });

  it("a single player's round is refunded at its timeout; an empty round waits", () => {
    expect(due(fresh(), 10 ** 13)).toBeNull();
    expect(nextDeadline(fresh())).toBeNull();
    const s = bet(fresh(), 1, [500], 1_000);
    expect(due(s, s.soloEndsAt! - 1)).toBeNull();
    expect(due(s, s.soloEndsAt!)).toBe("refund");
  });

  it("round ids: 3·(k − 1) + level number", () => {
    expect([roundIdOf(1, 1), roundIdOf(1, 2), roundIdOf(1, 3), roundIdOf(2, 1)]).toEqual([1, 2, 3, 4]);
  });
});

describe("the draw", () => {
  it.each(vectors.jackpot.map((v, i) => [i, v] as const))("matches fairness vector %i", (_i, v) => {
    let s = createState("low", { id: 1, chainIndex: 1, publicHash: "p", secret: v.secret_hash, dayOfMonth: 1, createdAt: 0 }, null);
    // two players whose tickets add up to the vector's total
    const half = Math.floor(v.total_tickets / 2);
    s = bet(s, 1, [half]);
    s = bet(s, 2, [v.total_tickets - half]);
    const d = draw(s, vectors.salt, timers, 5, 5_000).draw!;
    expect(d.winningTicket).toBe(v.winning_ticket);
    expect(d.winningTicket).toBe(jackpotTicket(v.secret_hash, vectors.salt, v.total_tickets));
    expect(d.winner.id).toBe(v.winning_ticket <= half ? 1 : 2);
    expect(d.strip[d.winIndex]).toBe(d.winner.id);
  });
});

describe("commission", () => {
  it("takes the cheapest items the winner did not bet, as many as fit under 5 %", () => {
    let s = bet(fresh(), 1, [5_000, 10]); // the winner's own cheap item is never taken
    s = bet(s, 2, [300, 40, 60]);
    s = bet(s, 3, [80, 2_000]);
    const c = selectCommission(s.bets, 1, totalTickets(s.bets), 5);
    expect(c.due).toBe(374); // floor(7490 · 5 / 100)
    expect(c.items.map((i) => i.price)).toEqual([40, 60, 80]); // +300 would pass 374
    expect(c.taken).toBe(180);
    expect(c.items.every((i) => i.reason.includes("did not bet"))).toBe(true);
    expect(c.rule).toContain("5 %");
  });

  it("takes nothing when no item fits", () => {
    let s = bet(fresh(), 1, [1_000]);
    s = bet(s, 2, [1_000]);
    expect(selectCommission(s.bets, 1, 2_000, 5)).toMatchObject({ due: 100, taken: 0, items: [] });
  });

  it("takes the rest of the 5 % from the bets' balance part, as far as it goes", () => {
    let s = bet(fresh(), 1, [], 1_000, 1_000); // $10 of balance
    s = bet(s, 2, [300], 1_000, 700); // a $3 item and $7 of balance
    const c = selectCommission(s.bets, 1, totalTickets(s.bets), 5);
    expect(c.due).toBe(100);
    expect(c.items).toEqual([]); // the $3 item does not fit under $1
    expect([c.cash, c.taken]).toEqual([100, 100]);
    expect(c.rule).toContain("balance part");
    // little balance: the cash part stops at the pot's balance part
    let t = bet(fresh(), 1, [5_000]);
    t = bet(t, 2, [4_990], 1_000, 10);
    expect(selectCommission(t.bets, 1, totalTickets(t.bets), 5)).toMatchObject({ due: 500, taken: 10, cash: 10, items: [] });
  });

  it("is part of the draw: win = pot − commission", () => {
    let s = bet(fresh(), 1, [1_000, 5]);
    s = bet(s, 2, [1_000, 5]);
    const d = draw(s, vectors.salt, timers, 5, 10_000).draw!;
    expect(d.commission.taken).toBe(5);
    expect(d.win).toBe(d.pot - 5);
  });
});

describe("the strip", () => {
  it("is deterministic, weighted, and stops on the winner", () => {
    const table = chances(bet(bet(fresh(), 1, [9_000]), 2, [1_000]).bets);
    const a = buildStrip(table, 2, SECRET);
    expect(a).toEqual(buildStrip(table, 2, SECRET));
    expect(a).toHaveLength(JACKPOT.strip.length);
    expect(a[JACKPOT.strip.winIndex]).toBe(2);
    expect(a.filter((id) => id === 1).length).toBeGreaterThan(a.filter((id) => id === 2).length);
  });
});

describe("configuration", () => {
  it("defaults, partial overrides, and a bad var refused", () => {
    expect(jackpotLevelSettings("high", "{}")).toEqual(JACKPOT.levelDefaults.high);
    expect(jackpotLevelSettings("low", undefined)).toEqual(JACKPOT.levelDefaults.low);
    expect(jackpotLevelSettings("medium", '{"medium":{"countdownMs":6000}}')).toEqual({ ...JACKPOT.levelDefaults.medium, countdownMs: 6_000 });
    expect(jackpotTimers('{"spinMs":4000}')).toEqual({ ...JACKPOT.timerDefaults, spinMs: 4_000 });
    expect(() => jackpotLevelSettings("low", "{not json")).toThrow(/JACKPOT_LEVELS/);
    expect(() => jackpotLevelSettings("low", '{"low":{"maxPlayers":1}}')).toThrow(/JACKPOT_LEVELS/);
    expect(() => jackpotTimers('{"spinMs":-1}')).toThrow(/JACKPOT_TIMERS/);
    expect(() => jackpotTimers('{"other":1}')).toThrow(/JACKPOT_TIMERS/);
  });
});
