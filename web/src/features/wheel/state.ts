// The wheel room as the client knows it (§3 Wheel) and how each /ws/wheel frame changes it.
// Pure: applyFrame(state, frame, now) → the next state and the effects (sounds, notices, the
// mode bar's bank) the connection performs. Times stay on the server's clock (epoch ms) with the
// measured offset, so the spin is drawn from its startedAt whatever the local clock says.
import type { ColourTotals, WheelBetPublic, WheelHistoryEntry, WheelSpin, WheelStats } from "../../../../shared/api/wheel";
import { WHEEL } from "../../../../shared/constants";
import { toCents, toDollars } from "../../../../shared/money";
import type { WheelServerFrame, WheelStoppedData } from "../../../../shared/rooms/wheel";
import type { WheelColour } from "../../../../shared/wheel-layout";
import { type FrameHandlers, mergeById, nextOffset, reduceFrame, unchanged, withHistory } from "../../lib/roomState";

export type WheelPhase = "loading" | "betting" | "spinning" | "result";

export interface LastWin {
  betId: string;
  colour: WheelColour;
  multiplier: number;
  win: number;
  winItem: WheelSpin["winners"][number]["winItem"];
  remainder: number;
}

/** The own bets a stopped spin took when none of them won: how many, their stake (dollars), the landed colour. */
export interface LastLoss {
  roundId: number;
  count: number;
  lost: number;
  colour: WheelColour;
}

export interface WheelData {
  roundId: number | null;
  phase: WheelPhase;
  publicHash: string;
  /** server clock, betting phase */
  countdownEndsAt: number | null;
  /** the spin of this round (ms > 1 turning, ms = 1 stopped), null while betting */
  spin: WheelSpin | null;
  /** rows of every colour, newest first */
  bets: WheelBetPublic[];
  selfBets: WheelBetPublic[];
  totals: ColourTotals;
  stats: WheelStats;
  history: WheelHistoryEntry[];
  maintenance: boolean;
  lastWin: LastWin | null;
  /** set when a spin stops with own bets and none of them won (a lost round is told, as wins are) */
  lastLoss: LastLoss | null;
  /** server clock − local clock, ms */
  clockOffsetMs: number | null;
}

const zeroTotal = { bank: 0, bets: 0, items: 0 };
export const emptyTotals: ColourTotals = { black: zeroTotal, green: zeroTotal, red: zeroTotal, yellow: zeroTotal };
const emptyStats: WheelStats = { total_bank: 0, total_items: 0, total_users: 0 };

export const initialWheelData: WheelData = {
  roundId: null,
  phase: "loading",
  publicHash: "",
  countdownEndsAt: null,
  spin: null,
  bets: [],
  selfBets: [],
  totals: emptyTotals,
  stats: emptyStats,
  history: [],
  maintenance: false,
  lastWin: null,
  lastLoss: null,
  clockOffsetMs: null,
};

export type WheelEffect =
  | { kind: "sound"; name: "bet" | "win" | "error" }
  | { kind: "notify"; type: "success" | "fail" | "error"; message: string }
  | { kind: "bank"; dollars: number };

/** The colours the player already bet on this round (§5: at most WHEEL.maxColours). */
export function ownColours(selfBets: readonly WheelBetPublic[]): WheelColour[] {
  return [...new Set(selfBets.map((b) => b.colour))];
}

/** A stopped spin settles the rows: the landed colour's bets won (amounts from winners), others lost. */
function settledRows(rows: readonly WheelBetPublic[], spin: WheelSpin): WheelBetPublic[] {
  const wins = new Map(spin.winners.map((w) => [w.betId, w]));
  return rows.map((b) => {
    if (b.is_win !== 0) return b;
    if (b.colour !== spin.colour) return { ...b, is_win: 2 as const };
    const w = wins.get(b.id);
    return { ...b, is_win: 1 as const, win: w?.win ?? toDollars(toCents(b.bank) * spin.multiplier), winItem: w?.winItem ?? b.winItem };
  });
}

/** The own win of a stopped spin, if any (only one colour lands, so at most one own bet wins). */
function ownWin(spin: WheelSpin, selfBets: readonly WheelBetPublic[]): LastWin | null {
  const own = new Set(selfBets.map((b) => b.id));
  const w = spin.winners.find((x) => own.has(x.betId));
  if (!w) return null;
  return { betId: w.betId, colour: w.colour, multiplier: spin.multiplier, win: w.win, winItem: w.winItem, remainder: w.remainder };
}

const isStop = (d: WheelSpin | WheelStoppedData): d is WheelStoppedData => d.ms === 1;

const historyWith = (history: readonly WheelHistoryEntry[], entry: WheelHistoryEntry) => withHistory(history, entry, WHEEL.historySize);

/** §4: a new game resets bets and stats. */
function clearRound(s: WheelData): WheelData {
  return { ...s, bets: [], selfBets: [], totals: emptyTotals, stats: emptyStats, spin: null, lastWin: null, lastLoss: null };
}

/** How each /ws/wheel frame changes the state (a new server frame must be handled here to compile). */
const handlers: FrameHandlers<WheelServerFrame, WheelData, WheelEffect> = {
  wheelInit(s, d, now, effects) {
    effects.push({ kind: "bank", dollars: d.stats.total_bank });
    return {
      ...initialWheelData,
      roundId: d.game.id,
      phase: d.game.phase,
      publicHash: d.game.publicHash,
      countdownEndsAt: d.game.countdownEndsAt ?? null,
      spin: d.spin,
      bets: d.spin && d.spin.ms === 1 ? settledRows(d.bets, d.spin) : d.bets,
      selfBets: d.selfBets,
      totals: d.totals,
      stats: d.stats,
      history: d.history,
      maintenance: d.maintenance,
      clockOffsetMs: nextOffset(s.clockOffsetMs, d.serverTime - now),
    };
  },
  wheelTimer: (s, d, now) => ({
    ...(d.roundId === s.roundId ? s : clearRound(s)),
    roundId: d.roundId,
    phase: "betting",
    publicHash: d.publicHash,
    countdownEndsAt: d.countdownEndsAt,
    // §4: a timer event while spinning resets the spin
    spin: null,
    clockOffsetMs: nextOffset(s.clockOffsetMs, d.serverTime - now),
  }),
  wheelNewBet(s, d, _now, effects) {
    if (s.roundId !== null && d.roundId !== s.roundId) return s; // a late frame of an older round
    effects.push({ kind: "bank", dollars: d.stats.total_bank });
    return {
      ...s,
      bets: mergeById(s.bets, d.bets),
      selfBets: s.selfBets.map((b) => d.bets.find((r) => r.id === b.id) ?? b),
      totals: d.totals,
      stats: d.stats,
    };
  },
  startWheel(s, d, now, effects) {
    const clockOffsetMs = nextOffset(s.clockOffsetMs, d.serverTime - now);
    const base = d.roundId === s.roundId ? s : clearRound(s);
    if (!isStop(d)) {
      const { serverTime: _serverTime, ...spin } = d;
      return { ...base, roundId: d.roundId, phase: "spinning", countdownEndsAt: null, spin, publicHash: d.publicHash, clockOffsetMs };
    }
    // ms = 1: stopped on the result
    if (s.phase === "result" && s.roundId === d.roundId) return s; // a repeat after a resync
    const { serverTime: _serverTime, ...stopped } = d;
    // the winner rows came with the spin (or wheelInit); a socket that saw neither shows the totals only
    const spin: WheelSpin = { ...stopped, winners: base.spin?.roundId === d.roundId ? base.spin.winners : [] };
    const lastWin = ownWin(spin, base.selfBets);
    if (lastWin) effects.push({ kind: "sound", name: "win" });
    const lost = lastWin ? [] : base.selfBets.filter((b) => b.is_win === 0 && b.colour !== spin.colour);
    return {
      ...base,
      roundId: d.roundId,
      phase: "result",
      countdownEndsAt: null,
      spin,
      clockOffsetMs,
      bets: settledRows(base.bets, spin),
      selfBets: settledRows(base.selfBets, spin),
      history: historyWith(base.history, { id: d.roundId, segment: d.segment, colour: d.colour, multiplier: d.multiplier }),
      lastWin,
      lastLoss: lost.length
        ? { roundId: d.roundId, count: lost.length, lost: toDollars(lost.reduce((sum, b) => sum + toCents(b.bank), 0)), colour: spin.colour }
        : null,
    };
  },
  newGameWheel(s, d, now, effects) {
    effects.push({ kind: "bank", dollars: 0 });
    return {
      ...clearRound(s),
      roundId: d.game.id,
      phase: d.game.phase,
      publicHash: d.game.publicHash,
      countdownEndsAt: d.game.countdownEndsAt ?? null,
      history: d.last ? historyWith(s.history, d.last) : s.history,
      clockOffsetMs: nextOffset(s.clockOffsetMs, d.serverTime - now),
    };
  },
  error(s, { message }, _now, effects) {
    effects.push({ kind: "notify", type: "error", message });
    return s;
  },
  pong: unchanged,
};

export function applyFrame(s: WheelData, frame: WheelServerFrame, now: number): { state: WheelData; effects: WheelEffect[] } {
  return reduceFrame(handlers, s, frame, now);
}

/** An accepted own bet (the setBet answer): joins the own bets and the rows at once. */
export function withOwnBet(s: WheelData, bet: WheelBetPublic): WheelData {
  if (s.roundId !== null && s.phase !== "betting") return s;
  return { ...s, selfBets: mergeById(s.selfBets, [bet]), bets: mergeById(s.bets, [bet]) };
}
