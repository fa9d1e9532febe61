// The crash room as the client knows it (§3 Crash state) and how each /ws/crash frame changes
// it. Pure: applyFrame(state, frame, now) → the next state and the side effects (sounds, notices)
// the connection performs. Times are kept on the server's clock (epoch ms) with the measured
// offset, so the curve is drawn from the round's startedAt whatever the local clock says.
import { colourClass, toHundredths, type Hundredths } from "../../../../shared/crash-curve";
import type { BetPublic, HistoryEntry, ItemJson } from "../../../../shared/api/crash";
import type { CrashServerFrame } from "../../../../shared/rooms/crash";
import { CRASH } from "../../../../shared/constants";
import { toCents, toDollars } from "../../../../shared/money";
import { type FrameHandlers, nextOffset, reduceFrame, unchanged, withHistory } from "../../lib/roomState";
import { INFINITE } from "./multipliers";

export type CrashPhase = "loading" | "waiting" | "running" | "crashed";
/** §4 bet status: the stop button works only while "active". */
type BetStatus = "waiting" | "active" | "won" | "error";

interface PastGameInfo {
  id: number;
  public_hash: string;
  secret_hash: string;
  /** the crash point */
  multiplier: number;
  provably_fair: boolean;
}

interface LoaderItem {
  betId: string;
  item: ItemJson | null;
  multiplier: number;
}

/** The own bets a crash took: the round, how many and their stake (dollars). */
export interface LastLoss {
  roundId: number;
  count: number;
  lost: number;
}

export interface LastWin {
  betId: string;
  multiplier: number;
  win: number;
  winItem: ItemJson | null;
  remainder: number;
  /**
   * A real gain: the payout is more than the stake. A low cash-out can floor to the stake itself
   * ($0.05 at ×1.10 pays $0.05): that is no win to celebrate (no "You won" notice, no win sound).
   */
  gain: boolean;
}

/** Payout above the stake, compared in cents; an unknown stake counts as a gain. */
function isGain(winDollars: number, bankDollars: number | undefined): boolean {
  return bankDollars === undefined || toCents(winDollars) > toCents(bankDollars);
}

export interface CrashData {
  roundId: number | null;
  phase: CrashPhase;
  publicHash: string;
  /** server clock, waiting phase */
  countdownEndsAt: number | null;
  /** server clock, running / crashed */
  startedAt: number | null;
  /** the last multiplier the server reported (hundredths); the crash point once crashed */
  multiplier: Hundredths;
  /** elapsed ms of the last server tick and when it arrived (server clock) */
  lastTick: { elapsed: number; at: number } | null;
  /** the board's biggest bets, biggest first (crashInit, crashBoard); the full list is fetched on demand */
  bets: BetPublic[];
  /** every bet of the round (the board's count) */
  betsCount: number;
  selfBets: BetPublic[];
  betStatus: BetStatus;
  history: HistoryEntry[];
  bank: number;
  playersCount: number;
  itemsCount: number;
  maintenance: boolean;
  loaderItem: LoaderItem | null;
  lastWin: LastWin | null;
  /** set when the round crashed with own bets still in it (a lost round is told, as wins are) */
  lastLoss: LastLoss | null;
  pastGameInfo: PastGameInfo | null;
  /** the admin's scheduled next crash, reset when a round crashes (§4) */
  twist: number | null;
  /** server clock − local clock, ms */
  clockOffsetMs: number | null;
  /** a newBet is on its way */
  sending: boolean;
}

export const initialCrashData: CrashData = {
  roundId: null,
  phase: "loading",
  publicHash: "",
  countdownEndsAt: null,
  startedAt: null,
  multiplier: 100,
  lastTick: null,
  bets: [],
  betsCount: 0,
  selfBets: [],
  betStatus: "waiting",
  history: [],
  bank: 0,
  playersCount: 0,
  itemsCount: 0,
  maintenance: false,
  loaderItem: null,
  lastWin: null,
  lastLoss: null,
  pastGameInfo: null,
  twist: null,
  clockOffsetMs: null,
  sending: false,
};

export type CrashEffect =
  | { kind: "sound"; name: "bet" | "win" | "crash" | "error" }
  | { kind: "notify"; type: "success" | "fail" | "error"; message: string }
  | { kind: "bank"; dollars: number }
  | { kind: "crashed" };

/** Own bets: only rows already known as own (successBet, crashInit.selfBets) are updated. */
function mergeSelf(self: readonly BetPublic[], rows: readonly BetPublic[]): BetPublic[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return self.map((b) => byId.get(b.id) ?? b);
}

function statusFromSelf(self: readonly BetPublic[]): BetStatus {
  if (self.some((b) => b.is_win === 0)) return "active";
  if (self.some((b) => b.is_win === 1)) return "won";
  return "waiting";
}

/** The own manual (∞) bet still undecided: the one the stop button takes. */
export function manualBet(self: readonly BetPublic[]): BetPublic | null {
  return self.find((b) => b.is_win === 0 && b.autoWithdraw >= INFINITE) ?? null;
}

/** The stop button: only while running, with an active own manual bet. */
export function canCashOut(s: Pick<CrashData, "phase" | "selfBets" | "betStatus">): boolean {
  return s.phase === "running" && manualBet(s.selfBets) !== null;
}

/** Own rows changed (newBets, successBet): the own list, and the board's copy of a row it shows. */
function withRows(s: CrashData, rows: readonly BetPublic[]): CrashData {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { ...s, bets: s.bets.map((b) => byId.get(b.id) ?? b), selfBets: mergeSelf(s.selfBets, rows) };
}

/** How each /ws/crash frame changes the state (a new server frame must be handled here to compile). */
const handlers: FrameHandlers<CrashServerFrame, CrashData, CrashEffect> = {
  crashInit(s, { round, bets, history, serverTime, selfBets, maintenance }, now, effects) {
    const crashed = round.phase === "crashed";
    const next: CrashData = {
      ...initialCrashData,
      twist: s.twist,
      pastGameInfo: s.pastGameInfo,
      roundId: round.id,
      phase: round.phase,
      publicHash: round.publicHash,
      countdownEndsAt: round.countdownEndsAt ?? null,
      startedAt: round.startedAt ?? null,
      multiplier: crashed && round.crashPoint !== undefined ? toHundredths(round.crashPoint) : 100,
      bets,
      betsCount: round.betsCount,
      selfBets,
      betStatus: statusFromSelf(selfBets),
      history,
      bank: round.bank,
      playersCount: round.playersCount,
      itemsCount: round.itemsCount,
      maintenance,
      clockOffsetMs: nextOffset(s.clockOffsetMs, serverTime - now),
    };
    if (crashed && round.crashPoint !== undefined && round.secretHash)
      next.pastGameInfo = {
        id: round.id,
        public_hash: round.publicHash,
        secret_hash: round.secretHash,
        multiplier: round.crashPoint,
        provably_fair: round.provablyFair ?? true,
      };
    effects.push({ kind: "bank", dollars: round.bank });
    return next;
  },
  crashStartTimer(s, d, now) {
    const next: CrashData = {
      ...s,
      roundId: d.roundId,
      phase: "waiting",
      publicHash: d.publicHash,
      countdownEndsAt: d.countdownEndsAt,
      startedAt: null,
      lastTick: null,
      multiplier: 100,
      clockOffsetMs: nextOffset(s.clockOffsetMs, d.serverTime - now),
    };
    return d.roundId !== s.roundId ? clearRound(next) : next;
  },
  clearBets(s, _d, _now, effects) {
    effects.push({ kind: "bank", dollars: 0 });
    return clearRound(s);
  },
  crashMultiplier(s, d, now, effects) {
    const clockOffsetMs = nextOffset(s.clockOffsetMs, d.serverTime - now);
    const startedAt = d.serverTime - d.elapsed;
    if (d.phase === "running") {
      return {
        ...s,
        roundId: d.roundId,
        phase: "running",
        countdownEndsAt: null,
        startedAt,
        multiplier: Math.max(toHundredths(d.multiplier), s.roundId === d.roundId ? s.multiplier : 100),
        lastTick: { elapsed: d.elapsed, at: d.serverTime },
        clockOffsetMs,
      };
    }
    if (s.phase === "crashed" && s.roundId === d.roundId) return s; // a repeat after a resync
    const point = d.crash?.point ?? d.multiplier;
    effects.push({ kind: "sound", name: "crash" }, { kind: "crashed" });
    const lost = s.selfBets.filter((b) => b.is_win === 0);
    return {
      ...s,
      lastLoss: lost.length ? { roundId: d.roundId, count: lost.length, lost: toDollars(lost.reduce((sum, b) => sum + toCents(b.bank), 0)) } : s.lastLoss,
      roundId: d.roundId,
      phase: "crashed",
      startedAt,
      multiplier: toHundredths(point),
      lastTick: { elapsed: d.elapsed, at: d.serverTime },
      clockOffsetMs,
      twist: null,
      // what a still-running bet would have got is moot once the round has crashed
      loaderItem: null,
      history: withHistory(s.history, { id: d.roundId, value: point, colourClass: colourClass(toHundredths(point)) }, CRASH.historySize),
      pastGameInfo: d.crash
        ? {
            id: d.roundId,
            public_hash: d.crash.publicHash,
            secret_hash: d.crash.secretHash,
            multiplier: d.crash.point,
            provably_fair: d.crash.provablyFair,
          }
        : s.pastGameInfo,
    };
  },
  newBets(s, { bets }, _now, effects) {
    const next = withRows(s, bets);
    const ownIds = new Set(s.selfBets.map((b) => b.id));
    const won = bets.find((b) => ownIds.has(b.id) && b.is_win === 1 && s.selfBets.find((o) => o.id === b.id)?.is_win === 0);
    // An auto-withdraw win arrives as a changed row (a manual one came as successTake first).
    if (won && s.lastWin?.betId !== won.id) {
      const gain = isGain(won.win, won.bank);
      if (gain) effects.push({ kind: "sound", name: "win" });
      next.lastWin = {
        betId: won.id,
        multiplier: won.result ?? won.autoWithdraw,
        win: won.win,
        winItem: won.winItem,
        remainder: toDollars(Math.max(0, toCents(won.win) - (won.winItem ? toCents(won.winItem.price) : 0))),
        gain,
      };
    }
    if (ownIds.size) next.betStatus = won !== undefined ? "won" : next.betStatus === "error" ? "error" : statusFromSelf(next.selfBets);
    return next;
  },
  crashBoard(s, d, _now, effects) {
    if (d.roundId !== s.roundId) return s; // a board of a round this client has not started (or left)
    const known = new Map([...s.bets, ...d.rows].map((b) => [b.id, b]));
    const bets = d.top.flatMap((id) => known.get(id) ?? []);
    effects.push({ kind: "bank", dollars: d.bank });
    return {
      ...s,
      bets,
      betsCount: d.betsCount,
      bank: d.bank,
      playersCount: d.playersCount,
      itemsCount: d.itemsCount,
      selfBets: mergeSelf(s.selfBets, d.rows),
    };
  },
  successBet(s, { bet }, _now, effects) {
    const selfBets = [...s.selfBets.filter((b) => b.id !== bet.id), bet];
    const next: CrashData = { ...withRows({ ...s, selfBets }, [bet]), sending: false, betStatus: "active" };
    effects.push({ kind: "sound", name: "bet" }, { kind: "notify", type: "success", message: "crash_api.bet_success" });
    return next;
  },
  errorBet(s, { message }, _now, effects) {
    effects.push({ kind: "sound", name: "error" }, { kind: "notify", type: "error", message });
    return { ...s, sending: false, betStatus: "error" };
  },
  successTake(s, d, _now, effects) {
    const selfBets = s.selfBets.map((b) => (b.id === d.betId ? { ...b, is_win: 1 as const, win: d.win, winItem: d.winItem, result: d.multiplier } : b));
    const gain = isGain(d.win, s.selfBets.find((b) => b.id === d.betId)?.bank);
    if (gain) effects.push({ kind: "sound", name: "win" });
    return {
      ...s,
      selfBets,
      bets: s.bets.map((b) => selfBets.find((o) => o.id === b.id) ?? b),
      betStatus: "won",
      lastWin: { ...d, gain },
      loaderItem: s.loaderItem?.betId === d.betId ? null : s.loaderItem,
    };
  },
  errorTake(s, { message }, _now, effects) {
    effects.push({ kind: "sound", name: "error" }, { kind: "notify", type: "error", message });
    return { ...s, betStatus: "error" };
  },
  crashLoaderItem: (s, d) => ({ ...s, loaderItem: { ...d } }),
  error(s, { message }, _now, effects) {
    effects.push({ kind: "notify", type: "error", message });
    return { ...s, sending: false };
  },
  pong: unchanged,
};

export function applyFrame(s: CrashData, frame: CrashServerFrame, now: number): { state: CrashData; effects: CrashEffect[] } {
  return reduceFrame(handlers, s, frame, now);
}

/** §4: a new round clears bets, multiplier and loader item. */
function clearRound(s: CrashData): CrashData {
  return {
    ...s,
    bets: [],
    betsCount: 0,
    selfBets: [],
    betStatus: "waiting",
    multiplier: 100,
    loaderItem: null,
    lastWin: null,
    lastLoss: null,
    bank: 0,
    playersCount: 0,
    itemsCount: 0,
  };
}
