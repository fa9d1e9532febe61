// The phase machine: waiting → running → crashed → next round; timers, ticks, loader items,
// late alarms / restore, twist and forceCrash.
import { describe, expect, it } from "vitest";
import { CRASH } from "../../shared/constants";
import { elapsedFor, INFINITE_HUNDREDTHS, multiplierAt } from "../../shared/crash-curve";
import { timersOf } from "../../worker/rooms/crash/logic";
import { bet, COUNTDOWN, ctx, item, Room, seed, T0 } from "./crash-helpers";

const crashAt = (room: Room) => room.state.round.startedAt! + elapsedFor(room.state.round.crashPoint);

describe("phase machine", () => {
  it("waiting: a countdown of CRASH.countdownMs and only the start timer", () => {
    const room = new Room(250).do({ type: "restore" }, T0);
    expect(room.state.round.phase).toBe("waiting");
    expect(room.timers()).toEqual({ start: T0 + COUNTDOWN });
  });

  it("an early start timer changes nothing", () => {
    const room = new Room(250).do({ type: "timer", name: "start" }, T0 + COUNTDOWN - 1);
    expect(room.state.round.phase).toBe("waiting");
    expect(room.timers()).toEqual({ start: T0 + COUNTDOWN });
  });

  it("start → running at the firing time with tick and crash timers", () => {
    const room = new Room(250).start();
    const startedAt = T0 + COUNTDOWN;
    expect(room.state.round).toMatchObject({ phase: "running", startedAt });
    expect(room.timers()).toEqual({ tick: startedAt + CRASH.tickMs, crash: startedAt + elapsedFor(250) });
    expect(room.frames("broadcast", "crashMultiplier").map((e) => e.frame.data)).toEqual([
      { roundId: 1, phase: "running", elapsed: 0, multiplier: 1, serverTime: startedAt },
    ]);
    const persist = room.effects.find((e) => e.type === "persist");
    expect(persist?.type === "persist" && persist.round?.status).toBe("running");
  });

  it("a late start timer starts the curve when it fires (nobody loses curve time)", () => {
    const room = new Room(250).do({ type: "timer", name: "start" }, T0 + COUNTDOWN + 3000);
    expect(room.state.round.startedAt).toBe(T0 + COUNTDOWN + 3000);
  });

  it("ticks broadcast elapsed + multiplier below the crash point and reschedule", () => {
    const room = new Room(250).start();
    const t = room.state.round.startedAt! + 5000;
    room.do({ type: "timer", name: "tick" }, t);
    expect(room.frames("broadcast", "crashMultiplier").map((e) => e.frame.data)).toEqual([
      { roundId: 1, phase: "running", elapsed: 5000, multiplier: multiplierAt(5000) / 100, serverTime: t },
    ]);
    expect(room.timers().tick).toBe(t + CRASH.tickMs);
  });

  it("crash: exactly one crashed frame with the reveal, history, 1 % bonus, then the next timer", () => {
    const room = new Room(250).do(bet("a", 1, 300, [item(1, 1999)]), T0 + 1).start();
    room.do({ type: "timer", name: "crash" }, crashAt(room));
    const crashed = room.frames("broadcast", "crashMultiplier");
    expect(crashed.map((e) => e.frame.data)).toEqual([
      {
        roundId: 1,
        phase: "crashed",
        elapsed: elapsedFor(250),
        multiplier: 2.5,
        serverTime: crashAt(room),
        crash: { point: 2.5, secretHash: "sec1", publicHash: "pub1", provablyFair: true },
      },
    ]);
    expect(room.settlements()).toEqual([
      { kind: "loss", roundId: 1, betId: "a", userId: 1 },
      { kind: "bonusShare", roundId: 1, amount: 19 }, // floor(1999 / 100)
    ]);
    expect(room.state.history).toEqual([{ id: 1, value: 250 }]);
    expect(room.timers()).toEqual({ next: crashAt(room) + CRASH.crashedPauseMs });
    const persist = room.effects.find((e) => e.type === "persist");
    expect(persist?.type === "persist" && persist.round).toMatchObject({ status: "crashed", crashPoint: 250, secret: "sec1", pot: 1999 });
    // a second crash timer does nothing
    room.do({ type: "timer", name: "crash" }, crashAt(room) + 5);
    expect(room.frames("broadcast", "crashMultiplier")).toEqual([]);
  });

  it("no bonus share settlement for an empty round", () => {
    const room = new Room(250).start();
    room.do({ type: "timer", name: "crash" }, crashAt(room));
    expect(room.settlements()).toEqual([]);
  });

  it("an instant crash (1.00) crashes in the start step", () => {
    const room = new Room(100).do(bet("a", 1, 200, [item(1, 100)]), T0 + 1).start();
    expect(room.state.round.phase).toBe("crashed");
    expect(room.settlements()[0]).toEqual({ kind: "loss", roundId: 1, betId: "a", userId: 1 });
  });

  it("next round after the pause: clearBets, crashStartTimer, bets emptied, history kept", () => {
    const room = new Room(250).do(bet("a", 1, 300, [item(1, 100)]), T0 + 1).start();
    room.do({ type: "timer", name: "crash" }, crashAt(room));
    const nextAt = crashAt(room) + CRASH.crashedPauseMs;
    room.do({ type: "timer", name: "next", nextRound: seed(2, 400) }, nextAt - 1);
    expect(room.state.round.id).toBe(1);
    room.do({ type: "timer", name: "next", nextRound: seed(2, 400) }, nextAt);
    expect(room.state.round).toMatchObject({ id: 2, phase: "waiting", countdownEndsAt: nextAt + COUNTDOWN, crashPoint: 400 });
    expect(room.state.bets).toEqual([]);
    expect(room.state.history).toEqual([{ id: 1, value: 250 }]);
    expect(room.effects.filter((e) => e.type === "broadcast").map((e) => e.frame.event)).toEqual(["clearBets", "crashStartTimer"]);
    expect(room.timers()).toEqual({ start: nextAt + COUNTDOWN });
  });

  it("history keeps the last 20, newest first", () => {
    const room = new Room(150);
    for (let id = 1; id <= 22; id++) {
      room.start();
      room.do({ type: "timer", name: "crash" }, crashAt(room));
      room.do({ type: "timer", name: "next", nextRound: seed(id + 1, 150 + id) }, room.state.round.crashedAt! + CRASH.crashedPauseMs);
    }
    expect(room.state.history).toHaveLength(CRASH.historySize);
    expect(room.state.history[0]!.id).toBe(22);
    expect(room.state.history.at(-1)!.id).toBe(3);
  });

  it("restore after an eviction catches up: due auto-withdraws pay, the crash happens, once", () => {
    const room = new Room(300)
      .do(bet("a", 1, 200, [item(1, 100)]), T0 + 1)
      .do(bet("b", 2, 400, [item(2, 100)]), T0 + 2)
      .start();
    const late = crashAt(room) + 60_000;
    room.do({ type: "restore" }, late);
    expect(room.settlements().map((s) => s.kind)).toEqual(["win", "loss", "bonusShare"]);
    expect(room.state.round.crashedAt).toBe(crashAt(room)); // the crash time, not the late clock
    room.do({ type: "restore" }, late + 1);
    expect(room.settlements()).toEqual([]);
    expect(room.timers()).toEqual({ next: crashAt(room) + CRASH.crashedPauseMs });
  });

  it("a step shares the bets it did not change and copies the ones it did (the store writes those)", () => {
    const room = new Room(500).do(bet("a", 1, 200, [item(1, 100)]), T0 + 1).do(bet("b", 2, INFINITE_HUNDREDTHS, [item(2, 100)]), T0 + 2);
    const placed = room.state.bets;
    room.start();
    const started = room.state.bets;
    expect(started).not.toBe(placed);
    expect(started[0]).toBe(placed[0]);
    room.do({ type: "cashOut", userId: 2, betId: "b" }, room.state.round.startedAt! + 100);
    expect(room.state.bets[0]).toBe(started[0]);
    expect(room.state.bets[1]).not.toBe(started[1]);
    expect(room.state.bets[1]).toMatchObject({ id: "b", status: "won" });
    expect(started[1]).toMatchObject({ id: "b", status: "pending" });
  });

  it("step never mutates the state it was given", () => {
    const room = new Room(250).do(bet("a", 1, 200, [item(1, 100)]), T0 + 1);
    const before = structuredClone(room.state);
    const frozen = room.state;
    room.start();
    expect(frozen).toEqual(before);
  });
});

describe("loader item (crashLoaderItem)", () => {
  it("sent on a tick only when the item the bettor would get changes", () => {
    const room = new Room(5000).do(bet("m", 1, INFINITE_HUNDREDTHS, [item(1, 150)]), T0 + 1).start();
    const s = room.state.round.startedAt!;
    const loader = () => room.data("send", "crashLoaderItem");
    room.do({ type: "timer", name: "tick" }, s + 500); // 1.50 → 1.53 → 1.00 item
    expect(loader()).toEqual([{ betId: "m", item: expect.objectContaining({ id: 901, price: 1 }), multiplier: multiplierAt(500) / 100 }]);
    room.do({ type: "timer", name: "tick" }, s + 1000); // still the 1.00 item
    expect(loader()).toEqual([]);
    room.do({ type: "timer", name: "tick" }, s + elapsedFor(Math.ceil((200 * 100) / 150))); // win ≥ 2.00
    expect(loader().map((d) => d.item?.id)).toEqual([902]);
  });
  it("null when nothing fits, sent once", () => {
    const room = new Room(5000).do(bet("m", 1, INFINITE_HUNDREDTHS, [item(1, 20)]), T0 + 1).start();
    room.do({ type: "timer", name: "tick" }, room.now + 500);
    expect(room.data("send", "crashLoaderItem").map((d) => d.item)).toEqual([null]);
    room.do({ type: "timer", name: "tick" }, room.now + 500);
    expect(room.frames("send", "crashLoaderItem")).toEqual([]);
  });
});

describe("admin: twist and force crash", () => {
  it("twist schedules the next round's crash point and marks it not provably fair", () => {
    const room = new Room(250).do({ type: "twist", nextCrash: 300 }, T0 + 1);
    expect(room.outcome).toEqual({ ok: true });
    expect(room.state.round.crashPoint).toBe(250); // this round untouched
    room.start().do({ type: "timer", name: "crash" }, crashAt(room));
    room.do({ type: "timer", name: "next", nextRound: seed(2, 777) }, room.state.round.crashedAt! + CRASH.crashedPauseMs);
    expect(room.state.round).toMatchObject({ id: 2, crashPoint: 300, provablyFair: false });
    expect(room.state.twistNext).toBeNull();
    room.start().do({ type: "timer", name: "crash" }, crashAt(room));
    const crashed = room.frames("broadcast", "crashMultiplier")[0]!;
    expect(crashed.type === "broadcast" && crashed.frame.event === "crashMultiplier" && crashed.frame.data.crash?.provablyFair).toBe(false);
  });
  it("twist below 1.00 is refused", () => {
    expect(new Room(250).do({ type: "twist", nextCrash: 99 }).outcome).toEqual({ ok: false, key: "app_api.invalid_request" });
  });
  it("dev force crash while running: crash now at the current multiplier, undecided bets lose", () => {
    const room = new Room(5000)
      .do(bet("a", 1, 150, [item(1, 100)]), T0 + 1)
      .do(bet("b", 2, 400, [item(2, 100)]), T0 + 2)
      .start();
    const now = room.state.round.startedAt! + 10_000; // ≈ 1.82: a has cashed out at 1.50
    room.do({ type: "forceCrash", mode: "dev" }, now);
    expect(room.outcome).toEqual({ ok: true });
    expect(room.state.round).toMatchObject({ phase: "crashed", crashPoint: multiplierAt(10_000), provablyFair: false, crashedAt: now });
    expect(room.settlements().map((s) => [s.kind, "betId" in s ? s.betId : null])).toEqual([
      ["win", "a"],
      ["loss", "b"],
      ["bonusShare", null],
    ]);
  });
  it("dev force crash while waiting: the round crashes at 1.00 when it starts", () => {
    const room = new Room(5000).do({ type: "forceCrash", mode: "dev" }, T0 + 1);
    expect(room.state.round).toMatchObject({ phase: "waiting", crashPoint: 100, provablyFair: false });
    expect(room.start().state.round.phase).toBe("crashed");
  });
  it("production force crash = emergency stop: void, refund every undecided bet, no reveal", () => {
    const room = new Room(5000)
      .do(bet("a", 1, 150, [item(1, 100)]), T0 + 1)
      .do(bet("b", 2, 400, [item(2, 100)]), T0 + 2)
      .start();
    room.do({ type: "forceCrash", mode: "production" }, room.state.round.startedAt! + 10_000);
    expect(room.settlements().map((s) => [s.kind, "betId" in s ? s.betId : null])).toEqual([
      ["win", "a"], // already cashed out at 1.50 before the stop: kept
      ["refund", "b"],
    ]);
    expect(room.frames("broadcast", "crashMultiplier")).toEqual([]);
    expect(room.frames("broadcast", "clearBets")).toHaveLength(1);
    const persist = room.effects.find((e) => e.type === "persist");
    expect(persist?.type === "persist" && persist.round).toMatchObject({ status: "voided", crashPoint: null, secret: null });
    expect(room.state.history).toEqual([]);
    expect(timersOf(room.state, ctx()).next).toBe(room.now + CRASH.crashedPauseMs);
  });
  it("force crash after the crash is refused", () => {
    const room = new Room(100).start().do({ type: "forceCrash", mode: "production" });
    expect(room.outcome).toEqual({ ok: false, key: "crash_api.game_over" });
  });
});
