import { describe, expect, it } from "vitest";
import type { BetPublic } from "../../shared/api/crash";
import { CRASH } from "../../shared/constants";
import { multiplierAt } from "../../shared/crash-curve";
import { crashServerFrame, type CrashServerFrame } from "../../shared/rooms/crash";
import { countdownAt, displayedMultiplier, elapsedAt } from "../../web/src/features/crash/clock";
import { applyFrame, canCashOut, initialCrashData, type CrashData } from "../../web/src/features/crash/state";
import { mergeById, nextOffset } from "../../web/src/lib/roomState";

const T0 = 1_800_000_000_000;

function bet(id: string, patch: Partial<BetPublic> = {}): BetPublic {
  return {
    id,
    user: { id: 7, username: "ann", avatar: "default" },
    items: [{ id: 1, market_hash_name: "AK-47 | Redline (Field-Tested)", name: "Redline", image: "", rarity: "Classified", rarity_color: "#d32ce6", price: 5 }],
    itemsMore: 0,
    bank: 5,
    value: 0,
    autoWithdraw: 2,
    is_win: 0,
    win: 0,
    winItem: null,
    result: null,
    ...patch,
  };
}

/** Every frame the tests feed is checked against the shared schema first. */
function frame(f: CrashServerFrame): CrashServerFrame {
  return crashServerFrame.parse(f);
}

function run(frames: CrashServerFrame[], start: CrashData = initialCrashData, now = T0) {
  let state = start;
  const effects = [];
  for (const f of frames) {
    const r = applyFrame(state, frame(f), now);
    state = r.state;
    effects.push(...r.effects);
  }
  return { state, effects };
}

const init = (patch: Partial<Extract<CrashServerFrame, { event: "crashInit" }>["data"]> = {}): CrashServerFrame => ({
  event: "crashInit",
  data: {
    round: { id: 10, phase: "waiting", publicHash: "ab".repeat(32), countdownEndsAt: T0 + 9_000, bank: 5, playersCount: 1, itemsCount: 1, betsCount: 1 },
    bets: [bet("b1")],
    history: [{ id: 9, value: 1.5, colourClass: "x-mid" }],
    serverTime: T0 + 250,
    selfBets: [],
    maintenance: false,
    ...patch,
  },
});

describe("crashInit resynchronises everything", () => {
  it("takes the round, bets, history, maintenance and the clock offset", () => {
    const { state, effects } = run([init()]);
    expect(state.phase).toBe("waiting");
    expect(state.roundId).toBe(10);
    expect(state.bets).toHaveLength(1);
    expect(state.history[0]!.id).toBe(9);
    expect(state.clockOffsetMs).toBe(250);
    expect(state.betStatus).toBe("waiting");
    expect(effects).toContainEqual({ kind: "bank", dollars: 5 });
  });
  it("an own pending bet makes the status active; a fresh init forgets stale rows", () => {
    const stale = run([init({ bets: [bet("old"), bet("b1")] })]).state;
    const { state } = run([init({ selfBets: [bet("b1")] })], stale);
    expect(state.bets.map((b) => b.id)).toEqual(["b1"]);
    expect(state.betStatus).toBe("active");
  });
});

describe("round flow", () => {
  it("running ticks set the start time; the local curve follows the shared m(t) with the offset", () => {
    const waiting = run([init()]).state;
    // the tick arrives when the local clock reads T0 + 3750 (the same 250 ms offset)
    const { state } = run(
      [{ event: "crashMultiplier", data: { roundId: 10, phase: "running", elapsed: 4_000, multiplier: 1.27, serverTime: T0 + 4_000 } }],
      waiting,
      T0 + 3_750,
    );
    expect(state.clockOffsetMs).toBe(250);
    expect(state.phase).toBe("running");
    expect(state.startedAt).toBe(T0);
    // offset 250 ms: the local clock reads T0 + 5750 when the server's reads T0 + 6000
    expect(elapsedAt(state, T0 + 5_750)).toBe(6_000);
    expect(displayedMultiplier(state, T0 + 5_750)).toBe(multiplierAt(6_000));
  });
  it("never draws below the last server tick (a late local clock)", () => {
    const { state } = run([{ event: "crashMultiplier", data: { roundId: 10, phase: "running", elapsed: 20_000, multiplier: 3.32, serverTime: T0 + 20_000 } }]);
    expect(displayedMultiplier({ ...state, clockOffsetMs: -60_000 }, T0)).toBe(332);
  });
  it("crashed: the crash point, red state, history on top, twist reset, crash sound", () => {
    const start = { ...run([init()]).state, twist: 3, loaderItem: { betId: "x", item: null, multiplier: 1.9 } };
    const { state, effects } = run(
      [
        {
          event: "crashMultiplier",
          data: {
            roundId: 10,
            phase: "crashed",
            elapsed: 12_000,
            multiplier: 2.05,
            serverTime: T0 + 12_000,
            crash: { point: 2.05, secretHash: "cd".repeat(32), publicHash: "ab".repeat(32), provablyFair: true },
          },
        },
      ],
      start,
    );
    expect(state.phase).toBe("crashed");
    expect(displayedMultiplier(state, T0 + 99_000)).toBe(205);
    expect(state.history[0]).toEqual({ id: 10, value: 2.05, colourClass: "x-mid" });
    expect(state.history).toHaveLength(2);
    expect(state.twist).toBeNull();
    expect(state.loaderItem).toBeNull();
    expect(state.pastGameInfo).toMatchObject({ id: 10, secret_hash: "cd".repeat(32), multiplier: 2.05 });
    expect(effects).toContainEqual({ kind: "sound", name: "crash" });
  });
  it("a crash with own bets still in the round tells the loss (the won ones are not counted)", () => {
    const placed = run([
      init({ bets: [] }),
      { event: "successBet", data: { bet: bet("a", { bank: 1.5, autoWithdraw: 5 }) } },
      { event: "successBet", data: { bet: bet("b", { bank: 2, autoWithdraw: 3 }) } },
      { event: "successBet", data: { bet: bet("w", { bank: 4, autoWithdraw: 2 }) } },
      { event: "successTake", data: { betId: "w", multiplier: 2, win: 8, winItem: null, remainder: 8 } },
    ]).state;
    expect(placed.lastLoss).toBeNull();
    const crashed = run(
      [{ event: "crashMultiplier", data: { roundId: 10, phase: "crashed", elapsed: 12_000, multiplier: 2.5, serverTime: T0 + 12_000 } }],
      placed,
    ).state;
    expect(crashed.lastLoss).toEqual({ roundId: 10, count: 2, lost: 3.5 });
    // a round without own bets leaves it as it was
    expect(
      run([{ event: "crashMultiplier", data: { roundId: 11, phase: "crashed", elapsed: 1, multiplier: 1, serverTime: T0 } }], initialCrashData).state.lastLoss,
    ).toBeNull();
  });
  it("a crashed round joined late (no tick) draws the curve up to the crash point", () => {
    const { state } = run([
      init({
        round: {
          id: 10,
          phase: "crashed",
          publicHash: "ab".repeat(32),
          startedAt: T0 - 30_000,
          crashPoint: 3.32,
          secretHash: "cd".repeat(32),
          bank: 0,
          playersCount: 0,
          itemsCount: 0,
          betsCount: 0,
        },
      }),
    ]);
    expect(state.lastTick).toBeNull();
    expect(multiplierAt(elapsedAt(state, T0))).toBe(332);
    expect(state.pastGameInfo).toMatchObject({ id: 10, multiplier: 3.32 });
  });
  it("keeps the history to the last 20", () => {
    const history = Array.from({ length: CRASH.historySize }, (_, i) => ({ id: i + 1, value: 1.5, colourClass: "x-mid" as const }));
    const { state } = run([
      init({ history }),
      { event: "crashMultiplier", data: { roundId: 30, phase: "crashed", elapsed: 1, multiplier: 1, serverTime: T0 } },
    ]);
    expect(state.history).toHaveLength(CRASH.historySize);
    expect(state.history[0]!.id).toBe(30);
    expect(state.history[0]!.colourClass).toBe("x-low");
  });
  it("a new round (clearBets / crashStartTimer) clears bets, multiplier and loader item", () => {
    const busy = run([init({ selfBets: [bet("b1")] }), { event: "crashLoaderItem", data: { betId: "b1", item: null, multiplier: 1.5 } }]).state;
    expect(busy.loaderItem).not.toBeNull();
    const { state } = run(
      [
        { event: "clearBets", data: {} },
        { event: "crashStartTimer", data: { roundId: 11, publicHash: "ef".repeat(32), countdownEndsAt: T0 + 15_250, serverTime: T0 + 250 } },
      ],
      busy,
    );
    expect(state).toMatchObject({ bets: [], selfBets: [], loaderItem: null, multiplier: 100, phase: "waiting", roundId: 11, betStatus: "waiting", bank: 0 });
    expect(countdownAt(state, T0 + 7_500, CRASH.countdownMs)).toEqual({ leftMs: 7_500, fill: 0.5 });
  });
});

describe("bets", () => {
  it("successBet: own bet, active status, bet sound and the success notice", () => {
    const { state, effects } = run([init({ bets: [] }), { event: "successBet", data: { bet: bet("mine", { autoWithdraw: CRASH.infiniteMultiplier }) } }], {
      ...initialCrashData,
      sending: true,
    });
    expect(state.selfBets.map((b) => b.id)).toEqual(["mine"]);
    // the board (totals, the biggest bets) is the room's to send: the own bet is in the own list
    expect(state.bets).toEqual([]);
    expect(state).toMatchObject({ betStatus: "active", sending: false, bank: 5, playersCount: 1, itemsCount: 1 });
    expect(effects).toContainEqual({ kind: "sound", name: "bet" });
    expect(effects).toContainEqual({ kind: "notify", type: "success", message: "crash_api.bet_success" });
    // the stop button only while running
    expect(canCashOut(state)).toBe(false);
    expect(canCashOut({ ...state, phase: "running" })).toBe(true);
  });
  it("an auto-withdraw bet never gets the stop button", () => {
    const { state } = run([init({ bets: [] }), { event: "successBet", data: { bet: bet("auto", { autoWithdraw: 2 }) } }]);
    expect(canCashOut({ ...state, phase: "running" })).toBe(false);
  });
  it("errorBet: error status and the server's message key", () => {
    const { state, effects } = run([{ event: "errorBet", data: { message: "crash_api.same_multiplier" } }], { ...initialCrashData, sending: true });
    expect(state).toMatchObject({ betStatus: "error", sending: false });
    expect(effects).toContainEqual({ kind: "notify", type: "error", message: "crash_api.same_multiplier" });
  });
  it("successTake: won status, the row turns into a win, win sound", () => {
    const placed = run([init({ bets: [] }), { event: "successBet", data: { bet: bet("m", { autoWithdraw: CRASH.infiniteMultiplier }) } }]).state;
    const { state, effects } = run([{ event: "successTake", data: { betId: "m", multiplier: 1.8, win: 9, winItem: null, remainder: 9 } }], {
      ...placed,
      phase: "running",
    });
    expect(state.betStatus).toBe("won");
    expect(state.selfBets[0]).toMatchObject({ is_win: 1, win: 9, result: 1.8 });
    expect(canCashOut(state)).toBe(false);
    expect(effects).toContainEqual({ kind: "sound", name: "win" });
  });
  it("newBets (the player's own rows) updates the own list and the board's copy of a shown row, never the totals", () => {
    const me = { id: 8, username: "bo", avatar: "x" };
    const placed = run([init({ bets: [bet("m", { user: me }), bet("b1")] }), { event: "successBet", data: { bet: bet("m", { user: me }) } }]).state;
    const { state, effects } = run([{ event: "newBets", data: { bets: [bet("m", { user: me, is_win: 1, win: 10, result: 2 })] } }], placed);
    expect(state.bets.map((b) => [b.id, b.is_win])).toEqual([
      ["m", 1],
      ["b1", 0],
    ]);
    expect(state.selfBets[0]).toMatchObject({ is_win: 1, win: 10 });
    expect(state.betStatus).toBe("won");
    expect(state).toMatchObject({ bank: 5, playersCount: 1, itemsCount: 1, betsCount: 1 });
    expect(effects).toContainEqual({ kind: "sound", name: "win" });
    expect(effects.some((e) => e.kind === "bank")).toBe(false);
  });
  it("crashBoard: the totals, the biggest bets in its order from its rows and the ones the client had; another round's board is ignored", () => {
    const start = run([init({ bets: [bet("b1", { bank: 5 })] })]).state;
    const board = (roundId: number, top: string[], rows: BetPublic[]): CrashServerFrame => ({
      event: "crashBoard",
      data: { roundId, bank: 120.5, playersCount: 40, itemsCount: 90, betsCount: 41, top, rows },
    });
    const { state, effects } = run([board(10, ["b9", "b1"], [bet("b9", { bank: 100 })])], start);
    expect(state.bets.map((b) => [b.id, b.bank])).toEqual([
      ["b9", 100],
      ["b1", 5],
    ]);
    expect(state).toMatchObject({ bank: 120.5, playersCount: 40, itemsCount: 90, betsCount: 41 });
    expect(effects).toContainEqual({ kind: "bank", dollars: 120.5 });
    // a changed row replaces the kept one; a row that left the top is dropped
    const next = run([board(10, ["b9"], [bet("b9", { bank: 100, is_win: 2 })])], state).state;
    expect(next.bets.map((b) => [b.id, b.is_win])).toEqual([["b9", 2]]);
    expect(run([board(11, ["x"], [bet("x")])], next).state).toBe(next);
  });
});

describe("auto-withdraw win", () => {
  it("an own row turning into a win sets the win notice data (item + remainder) once", () => {
    const placed = run([init({ bets: [] }), { event: "successBet", data: { bet: bet("a", { autoWithdraw: 2 }) } }]).state;
    const winItem = {
      id: 99,
      market_hash_name: "M4A1-S | Hyper Beast (Field-Tested)",
      name: "Hyper Beast",
      image: "",
      rarity: "Covert",
      rarity_color: "#eb4b4b",
      price: 9.9,
    };
    const won = bet("a", { autoWithdraw: 2, is_win: 1, win: 10, winItem, result: 2 });
    const first = run([{ event: "newBets", data: { bets: [won] } }], placed);
    expect(first.state.lastWin).toEqual({ betId: "a", multiplier: 2, win: 10, winItem, remainder: 0.1, gain: true });
    expect(first.effects.filter((e) => e.kind === "sound")).toEqual([{ kind: "sound", name: "win" }]);
    const again = run([{ event: "newBets", data: { bets: [won] } }], first.state);
    expect(again.effects.filter((e) => e.kind === "sound")).toEqual([]);
  });
  it("a cash-out that only pays the stake back ($0.05 at ×1.10) is no gain: no win sound, the notice is told so", () => {
    const placed = run([init({ bets: [] }), { event: "successBet", data: { bet: bet("e", { bank: 0.05, autoWithdraw: 1.1 }) } }]).state;
    const winItem = {
      id: 5,
      market_hash_name: "P250 | Sand Dune (Field-Tested)",
      name: "Sand Dune",
      image: "",
      rarity: "Consumer Grade",
      rarity_color: "#b0c3d9",
      price: 0.05,
    };
    const auto = run([{ event: "newBets", data: { bets: [bet("e", { bank: 0.05, autoWithdraw: 1.1, is_win: 1, win: 0.05, winItem, result: 1.1 })] } }], placed);
    expect(auto.state.lastWin).toMatchObject({ betId: "e", win: 0.05, gain: false });
    expect(auto.effects.filter((e) => e.kind === "sound")).toEqual([]);
    const manual = run([{ event: "successTake", data: { betId: "e", multiplier: 1.1, win: 0.05, winItem, remainder: 0 } }], { ...placed, phase: "running" });
    expect(manual.state.lastWin).toMatchObject({ gain: false });
    expect(manual.effects.filter((e) => e.kind === "sound")).toEqual([]);
    // one cent above the stake is a gain
    const up = run([{ event: "successTake", data: { betId: "e", multiplier: 1.2, win: 0.06, winItem, remainder: 0.01 } }], { ...placed, phase: "running" });
    expect(up.state.lastWin).toMatchObject({ gain: true });
    expect(up.effects).toContainEqual({ kind: "sound", name: "win" });
  });
  it("an own row turning into a loss is no win", () => {
    const placed = run([init({ bets: [] }), { event: "successBet", data: { bet: bet("a") } }]).state;
    const { state, effects } = run([{ event: "newBets", data: { bets: [bet("a", { is_win: 2 })] } }], placed);
    expect(state.lastWin).toBeNull();
    expect(state.betStatus).toBe("waiting");
    expect(effects.filter((e) => e.kind === "sound")).toEqual([]);
  });
});

describe("helpers", () => {
  it("mergeById replaces in place and puts unknown rows first", () => {
    expect(mergeById([bet("a"), bet("b")], [bet("c"), bet("b", { bank: 1 })]).map((b) => [b.id, b.bank])).toEqual([
      ["c", 5],
      ["a", 5],
      ["b", 1],
    ]);
  });
  it("the clock offset jumps to a larger sample and creeps towards a smaller one", () => {
    expect(nextOffset(null, -40)).toBe(-40);
    expect(nextOffset(100, 300)).toBe(300);
    expect(nextOffset(300, 100)).toBe(280);
  });
});
