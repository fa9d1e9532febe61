// The wheel room's pure logic (worker/rooms/wheel/logic.ts, rules.ts, payout.ts): the phases by the
// clock, the colour limits and bet rules, payout as stake × multiplier paid as the win item plus
// the remainder, losses, the bonus share, every bet settled exactly once.
import { describe, expect, it } from "vitest";
import { WHEEL } from "../../shared/constants";
import { DEFAULT_WHEEL_LAYOUT, type WheelColour } from "../../shared/wheel-layout";
import type { Effect, Settlement, StepContext } from "../../worker/rooms/wheel/effects";
import { step, timersOf } from "../../worker/rooms/wheel/logic";
import { bonusShare, winCents } from "../../worker/rooms/wheel/payout";
import { betRefusal, valueRefusal } from "../../worker/rooms/wheel/rules";
import { createState, type RoundSeed, type StakedItem, type WheelState } from "../../worker/rooms/wheel/state";

const T0 = 1_800_000_000_000;
const timing = { countdownMs: 20_000, spinMs: 10_000, resultMs: 4_000 };
// segment 2 of the default layout is black (×2)
const seed = (id: number, segment = 2): RoundSeed => ({
  id,
  publicHash: `p${id}`,
  secret: `s${id}`,
  dayOfMonth: 1,
  layout: DEFAULT_WHEEL_LAYOUT,
  segment,
  rotate: 1100,
});
const item = (id: number, price: number): StakedItem => ({ id, market_hash_name: `i${id}`, name: `i${id}`, image: "", rarity: "", rarity_color: "", price });
const user = (id: number) => ({ id, username: `u${id}`, avatar: "a" });
const catalogue = [item(900, 150), item(901, 1_000), item(902, 1_900)];
const ctx: StepContext = { catalogue, maxPayoutCents: 10_000_000 };

function bet(s: WheelState, id: string, userId: number, colour: WheelColour, items: StakedItem[], now = T0 + 1_000) {
  return step(s, { type: "placeBet", bet: { id, user: user(userId), colour, items, value: 0 }, maintenance: false, locked: true }, now, ctx);
}

const settlements = (effects: Effect[]): Settlement[] => effects.flatMap((e) => (e.type === "settle" ? [e.settlement] : []));

describe("bet rules", () => {
  const s = createState(seed(1), T0, timing);
  const req = (colour: string | undefined, itemIds: number[], userId: number | null = 1) => ({
    user: userId === null ? null : user(userId),
    colour,
    itemIds,
    value: 0,
  });

  it("answers the §8 keys in order", () => {
    expect(betRefusal(s, req("red", [1], null), false, T0)).toBe("wheel_api.unauthorized");
    expect(betRefusal(s, req("red", [1]), true, T0)).toBe("wheel_api.maintenance");
    expect(betRefusal(s, req("red", [1]), false, T0 + 20_000)).toBe("wheel_api.already_started");
    expect(betRefusal(s, req("red", []), false, T0)).toBe("wheel_api.no_items");
    expect(betRefusal(s, req(undefined, [1]), false, T0)).toBe("wheel_api.no_colour");
    expect(betRefusal(s, req("white", [1]), false, T0)).toBe("wheel_api.no_colour");
    expect(
      betRefusal(
        s,
        req(
          "red",
          Array.from({ length: WHEEL.maxItemsPerBet + 1 }, (_, i) => i + 1),
        ),
        false,
        T0,
      ),
    ).toBe("wheel_api.max_items");
    expect(betRefusal(s, req("red", [1, 1]), false, T0)).toBe("app_api.invalid_request");
    expect(betRefusal(s, req("red", [1]), false, T0)).toBeNull();
  });

  it("at most two colours per player, an item in one bet only", () => {
    let state = bet(s, "a", 1, "red", [item(1, 100)]).state;
    state = bet(state, "b", 1, "green", [item(2, 100)]).state;
    expect(betRefusal(state, req("black", [3]), false, T0 + 2_000)).toBe("wheel_api.only_two_colours");
    expect(betRefusal(state, req("red", [3]), false, T0 + 2_000)).toBeNull();
    expect(betRefusal(state, req("red", [1], 2), false, T0 + 2_000)).toBe("wheel_api.item_not_found");
    // a locked bet the rules refuse after the fact gives its items back
    const late = bet(state, "c", 1, "black", [item(3, 100)]);
    expect(late.outcome).toEqual({ ok: false, key: "wheel_api.only_two_colours" });
    expect(settlements(late.effects)).toEqual([{ kind: "refund", roundId: 1, betId: "c", userId: 1, value: 0 }]);
  });

  it("min, max and the colour's payout cap", () => {
    expect(valueRefusal(s, "red", WHEEL.minBetCents - 1, 1_000)).toBe("wheel_api.min_bet");
    expect(valueRefusal(s, "red", WHEEL.maxBetCents + 1, 10_000_000)).toBe("wheel_api.max_bet");
    expect(valueRefusal(s, "yellow", 1_000, 49_999)).toBe("wheel_api.limit_exceeded");
    expect(valueRefusal(s, "yellow", 1_000, 50_000)).toBeNull();
    const state = bet(s, "a", 1, "yellow", [item(1, 1_000)]).state;
    expect(valueRefusal(state, "yellow", 1_000, 99_999)).toBe("wheel_api.limit_exceeded");
    expect(valueRefusal(state, "red", 1_000, 99_999)).toBeNull();
  });
});

describe("rows in wheelNewBet", () => {
  it("carry a bet only while it enters its colour's shown list; the totals always", () => {
    let s = createState(seed(1), T0, timing);
    const rowsOf = (effects: Effect[]) => effects.flatMap((e) => (e.type === "broadcast" && e.frame.event === "wheelNewBet" ? [e.frame.data] : []));
    for (let i = 0; i < WHEEL.betRowsShown; i++) {
      const r = bet(s, `b${i}`, 100 + i, "red", [item(1_000 + i, 100)], T0 + 1_000 + i);
      expect(rowsOf(r.effects)[0]!.bets).toHaveLength(1);
      s = r.state;
    }
    const hidden = bet(s, "late", 999, "red", [item(2_000, 100)], T0 + 2_000);
    expect(rowsOf(hidden.effects)[0]).toMatchObject({ bets: [], stats: { total_users: WHEEL.betRowsShown + 1 } });
    const bigger = bet(hidden.state, "big", 998, "red", [item(2_001, 500)], T0 + 2_001);
    expect(rowsOf(bigger.effects)[0]!.bets.map((b) => b.id)).toEqual(["big"]);
    const otherColour = bet(hidden.state, "green", 997, "green", [item(2_002, 100)], T0 + 2_002);
    expect(rowsOf(otherColour.effects)[0]!.bets).toHaveLength(1);
  });
});

describe("payout", () => {
  it("stake × multiplier, 1 % bonus share floored", () => {
    expect(winCents(1_234, 50)).toBe(61_700);
    expect(bonusShare(199)).toBe(1);
    expect(bonusShare(99)).toBe(0);
  });
});

describe("a round by the clock", () => {
  it("betting → spinning → result → next, every bet settled once with win item + remainder", () => {
    let s = createState(seed(1), T0, timing);
    expect(timersOf(s)).toEqual({ spin: T0 + 20_000 });
    s = bet(s, "w", 1, "black", [item(1, 1_000)]).state; // wins 2 000: item 1 900 + 100
    s = bet(s, "l", 2, "red", [item(2, 500)]).state;
    s = bet(s, "w2", 3, "black", [item(3, 60)]).state; // wins 120: no item fits, all to balance
    expect(s.bets).toHaveLength(3);

    // the countdown alarm: the spin, wins priced, nothing settled yet
    const spun = step(s, { type: "timer", name: "spin" }, T0 + 20_000, ctx);
    s = spun.state;
    expect(s.round.phase).toBe("spinning");
    expect(settlements(spun.effects)).toEqual([]);
    const start = spun.effects.find((e) => e.type === "broadcast" && e.frame.event === "startWheel");
    expect(start && start.type === "broadcast" && start.frame.event === "startWheel" && start.frame.data).toMatchObject({
      ms: 10_000,
      colour: "black",
      multiplier: 2,
      winnersCount: 2,
      winTotal: 21.2,
    });
    expect(timersOf(s)).toEqual({ stop: T0 + 30_000 });

    // a late alarm (after an eviction) stops at the clock; the settlements go out once
    const stopped = step(s, { type: "restore" }, T0 + 31_000, ctx);
    s = stopped.state;
    expect(s.round.phase).toBe("result");
    const owed = settlements(stopped.effects);
    expect(owed).toEqual([
      { kind: "win", roundId: 1, betId: "w", userId: 1, multiplier: 2, win: 2_000, winItem: { id: 902, price: 1_900 }, remainder: 100 },
      { kind: "loss", roundId: 1, betId: "l", userId: 2 },
      { kind: "win", roundId: 1, betId: "w2", userId: 3, multiplier: 2, win: 120, winItem: null, remainder: 120 },
      { kind: "bonusShare", roundId: 1, amount: 15 },
    ]);
    expect(s.history[0]).toEqual({ id: 1, segment: 2, colour: "black", multiplier: 2 });
    // replays of the alarms settle nothing again
    expect(settlements(step(s, { type: "timer", name: "stop" }, T0 + 32_000, ctx).effects)).toEqual([]);
    expect(settlements(step(s, { type: "restore" }, T0 + 32_000, ctx).effects)).toEqual([]);
    // bets are refused now
    expect(bet(s, "x", 4, "red", [item(4, 100)], T0 + 32_000).outcome).toEqual({ ok: false, key: "wheel_api.already_started" });

    // the pause: the next round only after it, with a newer seed
    expect(step(s, { type: "timer", name: "next", nextRound: seed(2) }, T0 + 33_000, ctx).state.round.id).toBe(1);
    const next = step(s, { type: "timer", name: "next", nextRound: seed(2, 0) }, T0 + 35_000, ctx);
    expect(next.state.round).toMatchObject({ id: 2, phase: "betting", countdownEndsAt: T0 + 55_000 });
    expect(next.state.bets).toEqual([]);
    const events = next.effects.flatMap((e) => (e.type === "broadcast" ? [e.frame.event] : []));
    expect(events).toEqual(["newGameWheel", "wheelTimer"]);
    expect(step(next.state, { type: "timer", name: "next", nextRound: seed(2) }, T0 + 36_000, ctx).state.round.id).toBe(2);
  });

  it("a round with no bets pays nothing and books no bonus", () => {
    const s = createState(seed(1, 0), T0, timing); // yellow
    const stopped = step(s, { type: "restore" }, T0 + 40_000, ctx);
    expect(stopped.state.round.phase).toBe("result");
    expect(settlements(stopped.effects)).toEqual([]);
  });
});
