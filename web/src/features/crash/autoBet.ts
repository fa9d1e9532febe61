// Crash auto-bet (docs/games.md "Crash auto-bet"): the player's tab repeats one balance bet for N rounds
// with an auto cash-out, and stops on a profit or a loss the player set, when the balance is short,
// when the room refuses a bet, or when the player stops it. Each bet is an ordinary newBet to the
// server; nothing here is trusted by it. Pure: the hook (useAutoBet.ts) feeds it the room's state.
import { CRASH } from "../../../../shared/constants";

export interface AutoBetConfig {
  /** rounds to play, 1…AUTO_BET.maxRounds */
  rounds: number;
  /** the balance stake of every bet, cents */
  stakeCents: number;
  /** the auto cash-out multiplier of every bet (never the manual ∞) */
  target: number;
  /** stop once the run's net result reaches +this (cents); null: no profit stop */
  stopProfitCents: number | null;
  /** stop once the run's net loss reaches this (cents); null: no loss stop */
  stopLossCents: number | null;
}

export type AutoStopReason = "rounds" | "profit" | "loss" | "balance" | "refused" | "user";

export interface AutoBetRun {
  config: AutoBetConfig;
  /** rounds whose bet is settled */
  played: number;
  /** wins − stakes of the settled bets, cents */
  netCents: number;
  /** the round the current bet was sent in (null before the first) */
  roundId: number | null;
  /** sent, its successBet not seen yet */
  awaiting: boolean;
  /** the current bet once acknowledged, until it settles */
  betId: string | null;
  stopped: AutoStopReason | null;
}

export const AUTO_BET = {
  maxRounds: 1000,
  defaultRounds: 10,
} as const;

/** Why a form cannot start a run (null: it can). */
export type AutoConfigIssue = "no_amount" | "manual_target" | "abuse_target" | "rounds" | null;

export function autoConfigIssue(c: Pick<AutoBetConfig, "rounds" | "stakeCents" | "target">): AutoConfigIssue {
  if (c.stakeCents <= 0) return "no_amount";
  if (c.target >= CRASH.infiniteMultiplier) return "manual_target";
  if (c.target >= CRASH.abuseRange.min && c.target <= CRASH.abuseRange.max) return "abuse_target";
  if (!Number.isSafeInteger(c.rounds) || c.rounds < 1 || c.rounds > AUTO_BET.maxRounds) return "rounds";
  return null;
}

export function startRun(config: AutoBetConfig): AutoBetRun {
  return { config, played: 0, netCents: 0, roundId: null, awaiting: false, betId: null, stopped: null };
}

export const isRunning = (run: AutoBetRun | null): run is AutoBetRun => run !== null && run.stopped === null;

export interface RoomView {
  phase: "loading" | "waiting" | "running" | "crashed";
  roundId: number | null;
  connected: boolean;
  /** a bet of this tab is on its way (the board's own or ours) */
  sending: boolean;
  ownBets: number;
  balanceCents: number;
}

/** What to do now: send the round's bet, stop (balance short), or nothing. */
export function nextAction(run: AutoBetRun, room: RoomView): { kind: "bet" } | { kind: "stop"; reason: AutoStopReason } | null {
  if (!isRunning(run) || run.awaiting || run.betId !== null) return null;
  if (room.phase !== "waiting" || room.roundId === null || room.roundId === run.roundId) return null;
  if (!room.connected || room.sending || room.ownBets >= CRASH.maxOwnBets) return null;
  if (room.balanceCents < run.config.stakeCents) return { kind: "stop", reason: "balance" };
  return { kind: "bet" };
}

export const sent = (run: AutoBetRun, roundId: number): AutoBetRun => ({ ...run, roundId, awaiting: true });

export const acknowledged = (run: AutoBetRun, betId: string): AutoBetRun => ({ ...run, awaiting: false, betId });

/** The room refused the bet (errorBet): the run ends, the notice says why. */
export const refused = (run: AutoBetRun): AutoBetRun => ({ ...run, awaiting: false, stopped: "refused" });

export const stop = (run: AutoBetRun, reason: AutoStopReason): AutoBetRun => (run.stopped ? run : { ...run, stopped: reason });

/** The current bet settled: paid `winCents` (0 when the crash took it). Then the stop rules. */
export function settled(run: AutoBetRun, winCents: number): AutoBetRun {
  const played = run.played + 1;
  const netCents = run.netCents + winCents - run.config.stakeCents;
  const next: AutoBetRun = { ...run, played, netCents, betId: null };
  if (run.stopped) return next;
  const { rounds, stopProfitCents, stopLossCents } = run.config;
  if (stopLossCents !== null && -netCents >= stopLossCents) return { ...next, stopped: "loss" };
  if (stopProfitCents !== null && netCents >= stopProfitCents) return { ...next, stopped: "profit" };
  if (played >= rounds) return { ...next, stopped: "rounds" };
  return next;
}

/** A stopped run keeps following its last bet until it settles (the net stays true). */
export const pendingBet = (run: AutoBetRun | null): boolean => run !== null && (run.awaiting || run.betId !== null);
