// Cash-outs: auto-withdraws at their exact targets in target order, a target equal to the
// crash point loses, manual takes priced by the server clock, the max-payout forced cash-out.
import { describe, expect, it } from "vitest";
import { elapsedFor, INFINITE_HUNDREDTHS, multiplierAt } from "../../shared/crash-curve";
import type { Settlement } from "../../worker/rooms/crash/effects";
import { bet, ctx, item, Room, T0 } from "./crash-helpers";

const wins = (room: Room) => room.settlements().filter((s): s is Extract<Settlement, { kind: "win" }> => s.kind === "win");

describe("auto-withdraw", () => {
  it("executes each target exactly at its value, lowest first, even when one late alarm covers them all", () => {
    const room = new Room(1000)
      .do(bet("c", 3, 500, [item(3, 1000)]), T0 + 1)
      .do(bet("a", 1, 200, [item(1, 1000)]), T0 + 2)
      .do(bet("b", 2, 333, [item(2, 1000)]), T0 + 3)
      .start();
    const s = room.state.round.startedAt!;
    expect(room.timers().auto).toBe(s + elapsedFor(200));
    room.do({ type: "timer", name: "auto" }, s + elapsedFor(600)); // late: 200, 333 and 500 are all due
    expect(wins(room).map((w) => [w.betId, w.cashout, w.win])).toEqual([
      ["a", 200, 2000],
      ["b", 333, 3330],
      ["c", 500, 5000],
    ]);
    expect(room.timers().auto).toBeUndefined();
  });

  it("fires no earlier than its time", () => {
    const room = new Room(1000).do(bet("a", 1, 200, [item(1, 1000)]), T0 + 1).start();
    const s = room.state.round.startedAt!;
    room.do({ type: "timer", name: "auto" }, s + elapsedFor(200) - 1);
    expect(wins(room)).toEqual([]);
    room.do({ type: "timer", name: "auto" }, s + elapsedFor(200));
    expect(wins(room).map((w) => w.betId)).toEqual(["a"]);
  });

  it("ties at one target pay together, in bet order, in one newBets frame", () => {
    const room = new Room(1000)
      .do(bet("y", 2, 250, [item(2, 100)]), T0 + 1)
      .do(bet("x", 1, 250, [item(1, 100)]), T0 + 2)
      .start();
    room.do({ type: "timer", name: "auto" }, room.state.round.startedAt! + elapsedFor(250));
    expect(wins(room).map((w) => w.betId)).toEqual(["y", "x"]);
    const nb = room.frames("broadcast", "newBets");
    expect(nb).toHaveLength(1);
    expect(nb[0]!.type === "broadcast" && nb[0]!.frame.event === "newBets" && nb[0]!.frame.data.bets.map((b) => [b.id, b.is_win, b.result])).toEqual([
      ["y", 1, 2.5],
      ["x", 1, 2.5],
    ]);
    expect(room.frames("send", "successTake").map((e) => e.type === "send" && e.userId)).toEqual([2, 1]);
  });

  it("a target equal to the crash point loses; one hundredth below wins", () => {
    const room = new Room(300)
      .do(bet("eq", 1, 300, [item(1, 100)]), T0 + 1)
      .do(bet("below", 2, 299, [item(2, 100)]), T0 + 2)
      .start();
    expect(room.timers().auto).toBe(room.state.round.startedAt! + elapsedFor(299));
    room.do({ type: "timer", name: "crash" }, room.state.round.startedAt! + elapsedFor(300));
    expect(room.settlements().map((s) => [s.kind, "betId" in s ? s.betId : null])).toEqual([
      ["win", "below"],
      ["loss", "eq"],
      ["bonusShare", null],
    ]);
  });

  it("a target above the crash point is never scheduled", () => {
    const room = new Room(300).do(bet("a", 1, 400, [item(1, 100)]), T0 + 1).start();
    expect(room.timers().auto).toBeUndefined();
  });
});

describe("manual take (priced by the server clock)", () => {
  const manual = (crashPoint: number) => new Room(crashPoint).do(bet("m", 1, INFINITE_HUNDREDTHS, [item(1, 1000)]), T0 + 1).start();

  it("pays floor(stake × multiplierAt(now − start) / 100)", () => {
    const room = manual(500);
    room.do({ type: "cashOut", userId: 1, betId: "m" }, room.state.round.startedAt! + 7000);
    const m = multiplierAt(7000);
    expect(wins(room)).toEqual([
      {
        kind: "win",
        roundId: 1,
        betId: "m",
        userId: 1,
        cashout: m,
        win: Math.floor((1000 * m) / 100),
        winItem: { id: 904, price: 1000 },
        remainder: Math.floor((1000 * m) / 100) - 1000,
        forced: false,
      },
    ]);
    expect(room.frames("send", "successTake").map((e) => e.frame.data)).toEqual([
      {
        betId: "m",
        multiplier: m / 100,
        win: Math.floor((1000 * m) / 100) / 100,
        winItem: expect.objectContaining({ id: 904, price: 10 }),
        remainder: (Math.floor((1000 * m) / 100) - 1000) / 100,
      },
    ]);
  });

  it("one ms before the crash time wins; at the crash time it loses", () => {
    const before = manual(300);
    const crashTime = before.state.round.startedAt! + elapsedFor(300);
    before.do({ type: "cashOut", userId: 1, betId: "m" }, crashTime - 1);
    expect(before.outcome).toEqual({ ok: true });
    expect(wins(before)[0]!.cashout).toBe(299);

    const at = manual(300);
    at.do({ type: "cashOut", userId: 1, betId: "m" }, crashTime);
    expect(at.outcome).toEqual({ ok: false, key: "crash_api.game_over" });
    expect(at.settlements().map((s) => s.kind)).toEqual(["loss", "bonusShare"]);
  });

  it("a take is priced at its arrival: one that reached the room before the crash wins though its step runs after", () => {
    const late = manual(300);
    const crashTime = late.state.round.startedAt! + elapsedFor(300);
    late.do({ type: "cashOut", userId: 1, betId: "m", at: crashTime - 1 }, crashTime + 400);
    expect(late.outcome).toEqual({ ok: true });
    expect(wins(late)[0]!.cashout).toBe(299);
    // the clock then catches up: the round crashed in the same step, after the take
    expect(late.state.round.phase).toBe("crashed");

    const after = manual(300);
    after.do({ type: "cashOut", userId: 1, betId: "m", at: crashTime }, crashTime + 400);
    expect(after.outcome).toEqual({ ok: false, key: "crash_api.game_over" });
  });

  it("an arrival time is never in the future nor before the start", () => {
    const future = manual(900);
    const start = future.state.round.startedAt!;
    future.do({ type: "cashOut", userId: 1, betId: "m", at: start + 9_999_999 }, start + 3000);
    expect(wins(future)[0]!.cashout).toBe(multiplierAt(3000));
    const early = manual(900);
    early.do({ type: "cashOut", userId: 1, betId: "m", at: 0 }, start + 3000);
    expect(wins(early)[0]!.cashout).toBe(100);
  });

  it("the client's idea of the multiplier plays no part: only `now` does", () => {
    const a = manual(900);
    const b = manual(900);
    a.do({ type: "cashOut", userId: 1, betId: "m" }, a.state.round.startedAt! + 3000);
    b.do({ type: "cashOut", userId: 1, betId: "m" }, b.state.round.startedAt! + 3001);
    expect(wins(a)[0]!.cashout).toBe(multiplierAt(3000));
    expect(wins(b)[0]!.cashout).toBe(multiplierAt(3001));
  });
});

describe("max payout per round (forced cash-out)", () => {
  it("cashes every open bet out at the largest point that keeps the total ≤ the maximum", () => {
    // stakes 10.00 + 30.00 = 40.00; max 100.00 → forced at 2.50 exactly (40.00 × 2.50 = 100.00)
    const room = new Room(5000, ctx(10_000))
      .do(bet("a", 1, INFINITE_HUNDREDTHS, [item(1, 1000)]), T0 + 1)
      .do(bet("b", 2, 800, [item(2, 3000)]), T0 + 2)
      .start();
    const s = room.state.round.startedAt!;
    expect(room.timers().auto).toBe(s + elapsedFor(250));
    room.do({ type: "timer", name: "auto" }, s + elapsedFor(250));
    expect(wins(room).map((w) => [w.betId, w.cashout, w.win, w.forced])).toEqual([
      ["a", 250, 2500, true],
      ["b", 250, 7500, true],
    ]);
  });

  it("counts what is already paid: an earlier auto-withdraw lowers the forced point for the rest", () => {
    // a: 10.00 at 2.00 pays 20.00; b: 10.00 manual; max 50.00 → b forced at 3.00 (20 + 30 = 50)
    const room = new Room(5000, ctx(5_000))
      .do(bet("a", 1, 200, [item(1, 1000)]), T0 + 1)
      .do(bet("b", 2, INFINITE_HUNDREDTHS, [item(2, 1000)]), T0 + 2)
      .start();
    room.do({ type: "timer", name: "auto" }, room.state.round.startedAt! + elapsedFor(900));
    expect(wins(room).map((w) => [w.betId, w.cashout, w.win, w.forced])).toEqual([
      ["a", 200, 2000, false],
      ["b", 300, 3000, true],
    ]);
  });

  it("the forced point is exact in hundredths when the stakes do not divide evenly", () => {
    // stake 3.33, max 10.00: floor(333·m/100) ≤ 1000 ⇔ m ≤ 300 (m = 301 pays 10.02)
    const room = new Room(5000, ctx(1_000)).do(bet("a", 1, INFINITE_HUNDREDTHS, [item(1, 333)]), T0 + 1).start();
    room.do({ type: "timer", name: "auto" }, room.state.round.startedAt! + elapsedFor(400));
    expect(wins(room).map((w) => [w.cashout, w.win])).toEqual([[300, 999]]);
  });

  it("no forcing when the crash comes first", () => {
    const room = new Room(200, ctx(10_000)).do(bet("a", 1, INFINITE_HUNDREDTHS, [item(1, 1000)]), T0 + 1).start();
    expect(room.timers().auto).toBeUndefined(); // the forced point 10.00 is past the crash (2.00)
    room.do({ type: "timer", name: "crash" }, room.state.round.startedAt! + elapsedFor(200));
    expect(room.settlements().map((s) => s.kind)).toEqual(["loss", "bonusShare"]);
  });

  it("a manual take raises nothing above the maximum: the total stays ≤ max", () => {
    const room = new Room(5000, ctx(6_000))
      .do(bet("a", 1, INFINITE_HUNDREDTHS, [item(1, 1000)]), T0 + 1)
      .do(bet("b", 2, INFINITE_HUNDREDTHS, [item(2, 1000)]), T0 + 2)
      .start();
    const s = room.state.round.startedAt!;
    room.do({ type: "cashOut", userId: 1, betId: "a" }, s + elapsedFor(200));
    room.do({ type: "timer", name: "auto" }, s + elapsedFor(9999));
    const total = room.state.bets.reduce((sum, b) => sum + b.win, 0);
    expect(total).toBeLessThanOrEqual(6_000);
    expect(room.betOf("b").cashout).toBe(400); // 20.00 + 10.00 × 4.00 = 60.00
  });
});

describe('balance stakes (docs/money.md "Money rules")', () => {
  it("a bet of balance only is paid all in cash; with items the win item and the rest; no loader item without items", () => {
    const room = new Room(1000)
      .do(bet("cash", 1, 200, [], 250), T0 + 1)
      .do(bet("both", 2, 200, [item(2, 400)], 100), T0 + 2)
      .start();
    expect(room.state.bets.map((b) => [b.id, b.stake, b.value])).toEqual([
      ["cash", 250, 250],
      ["both", 500, 100],
    ]);
    const s = room.state.round.startedAt!;
    room.do({ type: "timer", name: "tick" }, s + 1_000);
    expect(room.frames("send", "crashLoaderItem").map((e) => e.type === "send" && e.userId)).toEqual([2]);
    room.do({ type: "timer", name: "auto" }, s + elapsedFor(200));
    expect(wins(room).map((w) => [w.betId, w.win, w.winItem === null, w.remainder])).toEqual([
      ["cash", 500, true, 500],
      ["both", 1000, false, 1000 - winItemPrice(room, "both")],
    ]);
  });
});

/** The price of the win item a bet was paid with (cents). */
function winItemPrice(room: Room, betId: string): number {
  return wins(room).find((w) => w.betId === betId)?.winItem?.price ?? 0;
}
