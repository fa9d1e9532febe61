// §5 Crash bet start: every rule as its own case, through betRefusal and through step().
import { describe, expect, it } from "vitest";
import { INFINITE_HUNDREDTHS } from "../../shared/crash-curve";
import { betRefusal, cashOutRefusal } from "../../worker/rooms/crash/rules";
import { bet, COUNTDOWN, item, Room, T0, user } from "./crash-helpers";

const withBets = (...events: ReturnType<typeof bet>[]) => {
  const room = new Room(500);
  for (const e of events) room.do(e, T0 + 10);
  return room;
};
const ask = (room: Room, userId: number | null, autoWithdraw: number, itemIds: number[], maintenance = false, now = T0 + 20) =>
  betRefusal(room.state, { user: userId === null ? null : user(userId), itemIds, value: 0, autoWithdraw }, maintenance, now);

describe("bet rules (§5)", () => {
  it("accepts a plain bet in the waiting phase", () => {
    expect(ask(new Room(500), 1, 200, [1])).toBeNull();
  });
  it("signed in", () => {
    expect(ask(new Room(500), null, 200, [1])).toBe("crash_api.unauthorized");
  });
  it("not in maintenance", () => {
    expect(ask(new Room(500), 1, 200, [1], true)).toBe("crash_api.maintenance");
  });
  it("only in the waiting phase (running → game_started)", () => {
    const room = new Room(500).start();
    expect(ask(room, 1, 200, [1], false, room.now + 1)).toBe("crash_api.game_started");
  });
  it("not once the countdown is over, even before the start timer fired", () => {
    expect(ask(new Room(500), 1, 200, [1], false, T0 + COUNTDOWN)).toBe("crash_api.game_started");
    expect(ask(new Room(500), 1, 200, [1], false, T0 + COUNTDOWN - 1)).toBeNull();
  });
  it("at least one item", () => {
    expect(ask(new Room(500), 1, 200, [])).toBe("crash_api.no_items");
  });
  it("fewer than 3 own bets per round", () => {
    const room = withBets(bet("a", 1, 200, [item(1, 100)]), bet("b", 1, 300, [item(2, 100)]), bet("c", 1, INFINITE_HUNDREDTHS, [item(3, 100)]));
    expect(room.state.bets).toHaveLength(3);
    expect(ask(room, 1, 400, [4])).toBe("crash_api.max_bets");
    expect(ask(room, 2, 400, [4])).toBeNull(); // another player is not limited by them
  });
  it("own bets at different multipliers", () => {
    const room = withBets(bet("a", 1, 200, [item(1, 100)]));
    expect(ask(room, 1, 200, [2])).toBe("crash_api.same_multiplier");
    expect(ask(room, 2, 200, [2])).toBeNull();
  });
  it("at most one own bet without auto-withdraw (9999.99)", () => {
    const room = withBets(bet("a", 1, INFINITE_HUNDREDTHS, [item(1, 100)]));
    expect(ask(room, 1, INFINITE_HUNDREDTHS, [2])).toBe("crash_api.one_manual");
    expect(ask(room, 1, 250, [2])).toBeNull();
  });
  it.each([101, 110, 120])("auto-withdraw %i hundredths is abuse", (m) => {
    expect(ask(new Room(500), 1, m, [1])).toBe("crash_api.abuse_range");
  });
  it("1.21 and above is fine; below 1.01 or above 9999.99 is an invalid request", () => {
    expect(ask(new Room(500), 1, 121, [1])).toBeNull();
    expect(ask(new Room(500), 1, 100, [1])).toBe("app_api.invalid_request");
    expect(ask(new Room(500), 1, INFINITE_HUNDREDTHS + 1, [1])).toBe("app_api.invalid_request");
    expect(ask(new Room(500), 1, 150.5, [1])).toBe("app_api.invalid_request");
  });
  it("items not already staked in another bet of the round (any bettor)", () => {
    const room = withBets(bet("a", 1, 200, [item(7, 100)]));
    expect(ask(room, 1, 300, [8, 7])).toBe("crash_api.items_unavailable");
    expect(ask(room, 2, 300, [7])).toBe("crash_api.items_unavailable");
    expect(ask(room, 1, 300, [8])).toBeNull();
  });
  it("duplicate ids within one bet are invalid", () => {
    expect(ask(new Room(500), 1, 300, [8, 8])).toBe("app_api.invalid_request");
  });
});

describe("placeBet through step()", () => {
  it("accepted: successBet to the bettor, newBets to everyone, stake = Σ prices, round row persisted", () => {
    const room = new Room(500).do(bet("a", 1, 200, [item(1, 150), item(2, 275)]), T0 + 5);
    expect(room.outcome).toEqual({ ok: true });
    expect(room.betOf("a").stake).toBe(425);
    expect(room.frames("reply", "successBet")).toHaveLength(1);
    const nb = room.frames("broadcast", "newBets")[0]!;
    expect(nb.type === "broadcast" && nb.frame.event === "newBets" && nb.frame.data.bets[0]!.bank).toBe(4.25);
    const persist = room.effects.find((e) => e.type === "persist");
    expect(persist?.type === "persist" && persist.round?.pot).toBe(425);
    expect(room.settlements()).toEqual([]);
  });
  it("refused after the items were locked: errorBet with the key and a refund to unlock them", () => {
    const room = new Room(500).do(bet("a", 1, 110, [item(1, 150)]), T0 + 5);
    expect(room.outcome).toEqual({ ok: false, key: "crash_api.abuse_range" });
    expect(room.frames("reply", "errorBet").map((e) => e.frame.data)).toEqual([{ message: "crash_api.abuse_range" }]);
    expect(room.settlements()).toEqual([{ kind: "refund", roundId: 1, betId: "a", userId: 1, value: 0 }]);
    expect(room.state.bets).toHaveLength(0);
  });
  it("refused before any lock: no refund", () => {
    const e = bet("a", 1, 110, [item(1, 150)]);
    if (e.type === "placeBet") e.locked = false;
    expect(new Room(500).do(e, T0 + 5).settlements()).toEqual([]);
  });
});

describe("take rules", () => {
  const running = () => {
    const room = withBets(bet("m", 1, INFINITE_HUNDREDTHS, [item(1, 100)]), bet("a", 1, 300, [item(2, 100)]));
    return room.start();
  };
  it("signed in", () => expect(cashOutRefusal(running().state, null, "m")).toBe("crash_api.unauthorized"));
  it("own bet of this round", () => {
    expect(cashOutRefusal(running().state, 2, "m")).toBe("crash_api.no_bet");
    expect(cashOutRefusal(running().state, 1, "nope")).toBe("crash_api.no_bet");
  });
  it("a bet with auto-withdraw cannot be taken by hand", () => expect(cashOutRefusal(running().state, 1, "a")).toBe("crash_api.auto_withdraw_only"));
  it("only while running", () => {
    const waiting = withBets(bet("m", 1, INFINITE_HUNDREDTHS, [item(1, 100)]));
    expect(cashOutRefusal(waiting.state, 1, "m")).toBe("crash_api.game_over");
    expect(cashOutRefusal(running().state, 1, "m")).toBeNull();
  });
  it("not twice", () => {
    const room = running();
    room.do({ type: "cashOut", userId: 1, betId: "m" }, room.now + 1000);
    expect(room.outcome).toEqual({ ok: true });
    room.do({ type: "cashOut", userId: 1, betId: "m" }, room.now + 10);
    expect(room.outcome).toEqual({ ok: false, key: "crash_api.game_over" });
    expect(room.frames("reply", "errorTake").map((e) => e.frame.data)).toEqual([{ message: "crash_api.game_over" }]);
    expect(room.settlements()).toEqual([]);
  });
});
