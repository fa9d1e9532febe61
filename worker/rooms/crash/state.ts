// The crash room's state: plain JSON (the DO keeps it in storage as is), no I/O here.
// Multipliers in integer hundredths, money in integer cents, times in epoch ms.
import { CRASH } from "../../../shared/constants";
import { INFINITE_HUNDREDTHS, type Hundredths } from "../../../shared/crash-curve";
import type { CrashItemRow } from "../../crash/items";

/** Who bets, as the bet row shows him. */
export interface BetUser {
  id: number;
  username: string;
  avatar: string;
}

/** A staked inventory item with its display fields; `price` in cents (locked at bet time). */
export type StakedItem = CrashItemRow;

/** A catalogue item a win may be paid with; `id` is the catalogue id, `price` in cents. */
export type CatalogueItem = StakedItem;

export type BetStatus = "pending" | "won" | "lost" | "refunded";

export interface CrashBet {
  /** uuid made by the shell */
  id: string;
  user: BetUser;
  items: StakedItem[];
  /** the part staked from the balance, cents (0: items only) */
  value: number;
  /** Σ item prices + value, cents */
  stake: number;
  /** target in hundredths; INFINITE_HUNDREDTHS = manual stop */
  autoWithdraw: Hundredths;
  status: BetStatus;
  /** the multiplier it was cashed out at (won only) */
  cashout: Hundredths | null;
  /** cents paid (won only) */
  win: number;
  winItem: CatalogueItem | null;
  /** cents to the balance beside the win item */
  remainder: number;
  createdAt: number;
  /** catalogue id of the last crashLoaderItem sent (null: none fits / none sent yet) */
  loaderItemId: number | null;
  /** false until the first crashLoaderItem went out */
  loaderSent: boolean;
}

/** What the fairness module (via the shell) gives for a new round. */
export interface RoundSeed {
  id: number;
  publicHash: string;
  /** revealed only after the crash */
  secret: string;
  crashPoint: Hundredths;
  provablyFair: boolean;
  dayOfMonth: number;
}

export type Phase = "waiting" | "running" | "crashed";

export interface RoundState extends RoundSeed {
  phase: Phase;
  /** an emergency stop voided it: every undecided bet refunded, no crash point shown */
  voided: boolean;
  createdAt: number;
  countdownEndsAt: number;
  startedAt: number | null;
  crashedAt: number | null;
  /** the next running tick */
  nextTickAt: number | null;
}

export interface HistoryItem {
  id: number;
  value: Hundredths;
}

export interface CrashState {
  round: RoundState;
  bets: CrashBet[];
  /** last crashed rounds, newest first (CRASH.historySize) */
  history: HistoryItem[];
  /** admin twist (dev): the next round crashes here, not provably fair */
  twistNext: Hundredths | null;
}

export function newRound(seed: RoundSeed, now: number): RoundState {
  return {
    ...seed,
    phase: "waiting",
    voided: false,
    createdAt: now,
    countdownEndsAt: now + CRASH.countdownMs,
    startedAt: null,
    crashedAt: null,
    nextTickAt: null,
  };
}

/** The room's first state (no history yet unless the shell passes the stored one). */
export function createState(seed: RoundSeed, now: number, history: HistoryItem[] = []): CrashState {
  return { round: newRound(seed, now), bets: [], history: history.slice(0, CRASH.historySize), twistNext: null };
}

/** The round's pot: Σ the bets' stakes, cents. */
export const potOf = (bets: readonly CrashBet[]): number => bets.reduce((s, b) => s + b.stake, 0);
export const roundItems = (bets: readonly CrashBet[]): number => bets.reduce((s, b) => s + b.items.length, 0);
export const roundPlayers = (bets: readonly CrashBet[]): number => new Set(bets.map((b) => b.user.id)).size;
export const pendingBets = (bets: readonly CrashBet[]): CrashBet[] => bets.filter((b) => b.status === "pending");

/**
 * Replaces each of `bets` (objects of `state.bets`) by a copy with `change(bet)` applied and
 * returns the copies in the order of `bets`. Bets are never changed in place: step() shares the
 * unchanged ones with the state it was given, and the shell writes to storage only the bets whose
 * object changed (base/bet-store.ts).
 */
export function replaceBets(state: CrashState, bets: readonly CrashBet[], change: (bet: CrashBet) => Partial<CrashBet>): CrashBet[] {
  if (bets.length === 0) return [];
  const copies = new Map(bets.map((b) => [b, { ...b, ...change(b) }]));
  state.bets = state.bets.map((b) => copies.get(b) ?? b);
  return bets.map((b) => copies.get(b)!);
}

/** A bet without auto-withdraw (manual stop, ∞). */
export function isManual(bet: Pick<CrashBet, "autoWithdraw">): boolean {
  return bet.autoWithdraw >= INFINITE_HUNDREDTHS;
}
