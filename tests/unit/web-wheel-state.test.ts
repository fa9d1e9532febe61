import { describe, expect, it } from "vitest";
import type { WheelBetPublic, WheelSpin } from "../../shared/api/wheel";
import { WHEEL } from "../../shared/constants";
import { publicHash, roundHash, wheelSegment } from "../../shared/fairness";
import { wheelServerFrame, type WheelServerFrame } from "../../shared/rooms/wheel";
import { DEFAULT_WHEEL_LAYOUT, wheelRotate } from "../../shared/wheel-layout";
import { betBlock, type BetContext } from "../../web/src/features/wheel/betRules";
import { verifyWheelRound } from "../../web/src/features/wheel/roundCheck";
import { toggled, useWheelSelection } from "../../web/src/features/wheel/selection";
import { applyFrame, emptyTotals, initialWheelData, ownColours, withOwnBet, type WheelData } from "../../web/src/features/wheel/state";

const T0 = 1_800_000_000_000;
const HASH = "ab".repeat(32);

function bet(id: string, patch: Partial<WheelBetPublic> = {}): WheelBetPublic {
  return {
    id,
    user: { id: 7, username: "ann", avatar: "default" },
    colour: "red",
    items: [{ id: 1, market_hash_name: "AK-47 | Redline (Field-Tested)", name: "Redline", image: "", rarity: "Classified", rarity_color: "#d32ce6", price: 5 }],
    itemsMore: 0,
    bank: 5,
    value: 0,
    is_win: 0,
    win: 0,
    winItem: null,
    ...patch,
  };
}

function spin(patch: Partial<WheelSpin> = {}): WheelSpin {
  return {
    roundId: 10,
    rotate: 1200.5,
    ms: 10_000,
    startedAt: T0,
    segment: 1,
    colour: "red",
    multiplier: 3,
    winners: [],
    winnersCount: 0,
    winTotal: 0,
    secretHash: HASH,
    publicHash: "cd".repeat(32),
    ...patch,
  };
}

/** The stop frame: the spin without its winner rows (they came with the spin). */
function stop(patch: Partial<WheelSpin> = {}, serverTime = T0 + 10_000): WheelServerFrame {
  const { winners: _winners, ...rest } = spin(patch);
  return { event: "startWheel", data: { ...rest, ms: 1, serverTime } };
}

const totals = { ...emptyTotals, red: { bank: 5, bets: 1, items: 1 } };
const stats = { total_bank: 5, total_items: 1, total_users: 1 };

/** Every frame the tests feed is checked against the shared schema first. */
function run(frames: WheelServerFrame[], start: WheelData = initialWheelData, now = T0) {
  let state = start;
  const effects = [];
  for (const f of frames) {
    const r = applyFrame(state, wheelServerFrame.parse(f), now);
    state = r.state;
    effects.push(...r.effects);
  }
  return { state, effects };
}

const init = (patch: Partial<Extract<WheelServerFrame, { event: "wheelInit" }>["data"]> = {}): WheelServerFrame => ({
  event: "wheelInit",
  data: {
    game: { id: 10, phase: "betting", bank: 5, publicHash: "cd".repeat(32), countdownEndsAt: T0 + 9_000 },
    bets: [bet("b1")],
    totals,
    stats,
    history: [{ id: 9, segment: 0, colour: "yellow", multiplier: 50 }],
    spin: null,
    selfBets: [],
    maintenance: false,
    serverTime: T0 + 250,
    ...patch,
  },
});

describe("wheel frames", () => {
  it("wheelInit takes the round, bets, totals, history and the clock offset", () => {
    const { state, effects } = run([init()]);
    expect(state).toMatchObject({ phase: "betting", roundId: 10, countdownEndsAt: T0 + 9_000, clockOffsetMs: 250, spin: null });
    expect(state.bets.map((b) => b.id)).toEqual(["b1"]);
    expect(state.history).toHaveLength(1);
    expect(effects).toContainEqual({ kind: "bank", dollars: 5 });
  });

  it("wheelInit mid-spin keeps the spin with its start time (the disc draws the elapsed angle)", () => {
    const { state } = run([init({ game: { id: 10, phase: "spinning", bank: 5, publicHash: "cd".repeat(32) }, spin: spin({ startedAt: T0 - 4_000 }) })]);
    expect(state.phase).toBe("spinning");
    expect(state.spin?.startedAt).toBe(T0 - 4_000);
    expect(state.lastWin).toBeNull();
  });

  it("wheelNewBet merges rows (new on top), takes totals and stats; a late frame of an older round is ignored", () => {
    const { state, effects } = run([
      init(),
      { event: "wheelNewBet", data: { roundId: 10, bets: [bet("b2", { colour: "black" })], totals, stats: { ...stats, total_bank: 10 } } },
      { event: "wheelNewBet", data: { roundId: 9, bets: [bet("old")], totals, stats } },
    ]);
    expect(state.bets.map((b) => b.id)).toEqual(["b2", "b1"]);
    expect(state.stats.total_bank).toBe(10);
    expect(effects).toContainEqual({ kind: "bank", dollars: 10 });
  });

  it("startWheel ms > 1 spins without revealing a win; ms = 1 stops, settles rows, adds history and the own win", () => {
    const own = bet("mine", { colour: "red" });
    const lost = bet("other", { colour: "black", user: { id: 8, username: "bob", avatar: "default" } });
    const winner = { betId: "mine", user: own.user, colour: "red" as const, bank: 5, win: 15, winItem: null, remainder: 15 };
    const start = run([init({ bets: [own, lost], selfBets: [own] })]).state;
    const spinning = run([{ event: "startWheel", data: { ...spin({ winners: [winner], winnersCount: 1, winTotal: 15 }), serverTime: T0 } }], start);
    expect(spinning.state.phase).toBe("spinning");
    expect(spinning.state.lastWin).toBeNull();
    expect(spinning.effects.filter((e) => e.kind === "sound")).toEqual([]);

    // the stop carries the result only; the winner rows are the spin's
    const stopped = run([stop({ winnersCount: 1, winTotal: 15 })], spinning.state);
    expect(stopped.state.phase).toBe("result");
    expect(stopped.state.history[0]).toEqual({ id: 10, segment: 1, colour: "red", multiplier: 3 });
    expect(stopped.state.bets.find((b) => b.id === "mine")).toMatchObject({ is_win: 1, win: 15 });
    expect(stopped.state.bets.find((b) => b.id === "other")).toMatchObject({ is_win: 2 });
    expect(stopped.state.lastWin).toMatchObject({ betId: "mine", win: 15, remainder: 15, multiplier: 3, colour: "red" });
    expect(stopped.effects).toContainEqual({ kind: "sound", name: "win" });
    // the same stop again (a resync) changes nothing
    expect(run([stop({}, T0 + 10_001)], stopped.state).state).toBe(stopped.state);
  });

  it("a stop on another colour tells the own loss (count and stake); a win tells no loss", () => {
    const black = bet("mine-black", { colour: "black", bank: 2 });
    const green = bet("mine-green", { colour: "green", bank: 1.5 });
    const start = run([init({ bets: [black, green], selfBets: [black, green] })]).state;
    const stopped = run([stop()], start).state;
    expect(stopped.lastWin).toBeNull();
    expect(stopped.lastLoss).toEqual({ roundId: 10, count: 2, lost: 3.5, colour: "red" });

    const own = bet("mine", { colour: "red" });
    const winner = { betId: "mine", user: own.user, colour: "red" as const, bank: 5, win: 15, winItem: null, remainder: 15 };
    const mixed = run([init({ bets: [own, black], selfBets: [own, black] })]).state;
    const won = run(
      [
        { event: "startWheel", data: { ...spin({ winners: [winner], winnersCount: 1, winTotal: 15 }), serverTime: T0 } },
        stop({ winnersCount: 1, winTotal: 15 }),
      ],
      mixed,
    ).state;
    expect(won.lastWin).not.toBeNull();
    expect(won.lastLoss).toBeNull();
  });

  it("a stop without the spin before it (joined between them) settles by the multiplier; a stop with winner rows or ms = 1 and a spin's shape is refused", () => {
    const own = bet("mine", { colour: "red", bank: 5 });
    const start = run([init({ bets: [own], selfBets: [own] })]).state;
    const stopped = run([stop({ winnersCount: 1, winTotal: 15 })], start).state;
    expect(stopped.phase).toBe("result");
    expect(stopped.spin).toMatchObject({ roundId: 10, ms: 1, winners: [], winnersCount: 1, winTotal: 15 });
    expect(stopped.bets[0]).toMatchObject({ is_win: 1, win: 15 });
    // the shared schema keeps the two shapes apart
    const winner = { betId: "mine", user: own.user, colour: "red" as const, bank: 5, win: 15, winItem: null, remainder: 15 };
    expect(wheelServerFrame.safeParse({ event: "startWheel", data: { ...spin({ ms: 1, winners: [winner] }), serverTime: T0 } }).success).toBe(false);
    const { winners: _w, ...noRows } = spin();
    expect(wheelServerFrame.safeParse({ event: "startWheel", data: { ...noRows, serverTime: T0 } }).success).toBe(false);
  });

  it("newGameWheel resets bets and stats (§4), joins the last result to the history once", () => {
    const withBets = run([init({ selfBets: [bet("b1")] })]).state;
    const { state, effects } = run(
      [
        {
          event: "newGameWheel",
          data: {
            game: { id: 11, phase: "betting", bank: 0, publicHash: "ef".repeat(32), countdownEndsAt: T0 + 20_000 },
            last: { id: 10, segment: 3, colour: "black", multiplier: 2 },
            serverTime: T0,
          },
        },
      ],
      withBets,
    );
    expect(state).toMatchObject({ roundId: 11, phase: "betting", bets: [], selfBets: [], totals: emptyTotals, spin: null, lastWin: null });
    expect(state.stats.total_bank).toBe(0);
    expect(state.history.map((h) => h.id)).toEqual([10, 9]);
    expect(effects).toContainEqual({ kind: "bank", dollars: 0 });
  });

  it("a timer event while spinning resets the spin (§4); a new round's timer clears the old bets", () => {
    const spinning = run([init({ game: { id: 10, phase: "spinning", bank: 5, publicHash: "cd".repeat(32) }, spin: spin() })]).state;
    const { state } = run([{ event: "wheelTimer", data: { roundId: 11, publicHash: "ef".repeat(32), countdownEndsAt: T0 + 5_000, serverTime: T0 } }], spinning);
    expect(state).toMatchObject({ phase: "betting", spin: null, roundId: 11, bets: [], countdownEndsAt: T0 + 5_000 });
  });

  it("history keeps at most WHEEL.historySize entries", () => {
    const history = Array.from({ length: WHEEL.historySize }, (_, i) => ({ id: 100 - i, segment: 0, colour: "black" as const, multiplier: 2 }));
    const { state } = run([init({ history, game: { id: 101, phase: "spinning", bank: 0, publicHash: "cd".repeat(32) }, spin: spin({ roundId: 101 }) })]);
    const stopped = run([stop({ roundId: 101 }, T0)], state).state;
    expect(stopped.history).toHaveLength(WHEEL.historySize);
    expect(stopped.history[0]!.id).toBe(101);
  });

  it("an error frame becomes an error notice", () => {
    expect(run([{ event: "error", data: { message: "app_api.too_many_requests" } }]).effects).toEqual([
      { kind: "notify", type: "error", message: "app_api.too_many_requests" },
    ]);
  });

  it("an accepted own bet joins the rows and the own colours at once (betting only)", () => {
    const s = run([init()]).state;
    const next = withOwnBet(s, bet("new", { colour: "green" }));
    expect(next.bets[0]!.id).toBe("new");
    expect(ownColours(next.selfBets)).toEqual(["green"]);
    expect(withOwnBet({ ...s, phase: "spinning" }, bet("late"))).toEqual({ ...s, phase: "spinning" });
  });
});

describe("bet button rules (§5 Wheel)", () => {
  const ctx: BetContext = {
    signedIn: true,
    maintenance: false,
    connected: true,
    phase: "betting",
    ownColours: [],
    maxColours: 2,
    selectedCount: 2,
    value: 5,
    minBet: 0.1,
    maxBet: 1000,
    maxItems: 20,
    sending: false,
  };
  it.each([
    [{}, null],
    [{ signedIn: false }, "login"],
    [{ maintenance: true }, "maintenance"],
    [{ connected: false }, "offline"],
    [{ phase: "spinning" }, "not_betting"],
    [{ ownColours: ["black", "green"] }, "colours"],
    [{ ownColours: ["black", "red"] }, null],
    [{ selectedCount: 0, value: 0 }, "no_items"],
    [{ selectedCount: 0, value: 1.5 }, null],
    [{ amountIssue: "above_balance" }, "bad_amount"],
    [{ selectedCount: 21 }, "max_items"],
    [{ value: 0.09 }, "min_bet"],
    [{ value: 1000.01 }, "max_bet"],
    [{ sending: true }, "sending"],
  ] as const)("%o → %s", (patch, expected) => {
    expect(betBlock("red", { ...ctx, ...patch })).toBe(expected);
  });

  it("the picker stops at max items and never picks an item not available", () => {
    expect(toggled([1, 2], { myId: 3, status: "available" }, 2)).toEqual([1, 2]);
    expect(toggled([1], { myId: 3, status: "in_bet" }, 20)).toEqual([1]);
    expect(toggled([1, 3], { myId: 3, status: "available" }, 20)).toEqual([1]);
  });

  it("an accepted bet drops only its own items from the picks (items picked meanwhile stay)", () => {
    const sel = useWheelSelection.getState();
    sel.clear();
    for (const myId of [1, 2, 3]) useWheelSelection.getState().toggle({ myId, status: "available" }, 20);
    useWheelSelection.getState().drop([1, 2]);
    expect(useWheelSelection.getState().selected).toEqual([3]);
  });
});

describe("the round page's check", () => {
  const secret = "0f".repeat(32);
  const salt = "wheel-salt";
  const segments = DEFAULT_WHEEL_LAYOUT.segments;
  const segment = wheelSegment(secret, salt, segments.length);
  const round = {
    id: 42,
    day_of_month: 7,
    public_hash: publicHash(secret, 42, 7),
    salt,
    segment,
    colour: segments[segment]!,
    rotate: wheelRotate(segment, roundHash(secret, salt), segments.length),
    layout: DEFAULT_WHEEL_LAYOUT,
  };

  it("an honest round passes every check; the chain check waits for the previous secret", () => {
    const v = verifyWheelRound(round, secret, null);
    expect(v).toMatchObject({ segment, publicHashMatches: true, segmentMatches: true, rotateMatches: true, chainLinkHolds: null });
  });

  it("a wrong segment, rotate, public hash or chain link is caught", () => {
    const other = (segment + 1) % segments.length;
    expect(verifyWheelRound({ ...round, segment: other }, secret, null).segmentMatches).toBe(false);
    expect(verifyWheelRound({ ...round, rotate: round.rotate + 360 / segments.length }, secret, null).rotateMatches).toBe(false);
    expect(verifyWheelRound({ ...round, public_hash: "00".repeat(32) }, secret, null).publicHashMatches).toBe(false);
    expect(verifyWheelRound(round, secret, "11".repeat(32)).chainLinkHolds).toBe(false);
  });
});
