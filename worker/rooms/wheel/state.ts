// The wheel room's state: plain JSON (the DO keeps it in storage as is), no I/O here. Money in
// integer cents, times in epoch ms, the result decided by the seed (seeds.ts) before betting opens.
import type { WheelColour, WheelLayout } from "../../../shared/wheel-layout";
import type { CrashItemRow } from "../../crash/items";

/** Who bets, as the bet row shows him. */
export interface BetUser {
  id: number;
  username: string;
  avatar: string;
}

/** A staked inventory item with its display fields; `price` in cents (its value at bet time). */
export type StakedItem = CrashItemRow;

/** A catalogue item a win may be paid with; `id` is the catalogue id, `price` in cents. */
export type CatalogueItem = CrashItemRow;

export type BetStatus = "pending" | "won" | "lost" | "refunded";

export interface WheelBet {
  /** uuid made by the shell */
  id: string;
  user: BetUser;
  colour: WheelColour;
  items: StakedItem[];
  /** the part staked from the balance, cents (0: items only) */
  value: number;
  /** Σ item values + value, cents */
  stake: number;
  status: BetStatus;
  /** cents: stake × multiplier when the colour landed (set at the spin, paid at the stop) */
  win: number;
  winItem: CatalogueItem | null;
  /** cents to the balance beside the win item */
  remainder: number;
  createdAt: number;
}

/** What the fairness module (via the shell) gives for a new round: the result is fixed here. */
export interface RoundSeed {
  id: number;
  publicHash: string;
  /** revealed at the spin */
  secret: string;
  dayOfMonth: number;
  layout: WheelLayout;
  /** wheelSegment(secret, salt, segments) */
  segment: number;
  /** degrees, wheelRotate(segment, roundHash, segments) */
  rotate: number;
}

export type Phase = "betting" | "spinning" | "result";

/** The phase lengths (configuration, kept with the state so deadlines never move mid-round). */
export interface Timing {
  countdownMs: number;
  spinMs: number;
  resultMs: number;
}

export interface RoundState extends RoundSeed {
  phase: Phase;
  createdAt: number;
  countdownEndsAt: number;
  spinStartedAt: number | null;
  spinEndsAt: number | null;
  /** when the result pause ends and the next round may start */
  resultEndsAt: number | null;
}

export interface HistoryItem {
  id: number;
  segment: number;
  colour: WheelColour;
  multiplier: number;
}

export interface WheelState {
  round: RoundState;
  bets: WheelBet[];
  /** last results, newest first (WHEEL.historySize) */
  history: HistoryItem[];
  timing: Timing;
}

export function newRound(seed: RoundSeed, now: number, timing: Timing): RoundState {
  return { ...seed, phase: "betting", createdAt: now, countdownEndsAt: now + timing.countdownMs, spinStartedAt: null, spinEndsAt: null, resultEndsAt: null };
}

export function createState(seed: RoundSeed, now: number, timing: Timing, history: HistoryItem[] = []): WheelState {
  return { round: newRound(seed, now, timing), bets: [], history, timing };
}

export const colourOf = (r: Pick<RoundSeed, "layout" | "segment">): WheelColour => r.layout.segments[r.segment]!;
export const multiplierOf = (r: Pick<RoundSeed, "layout" | "segment">): number => r.layout.multipliers[colourOf(r)];

export const liveBets = (bets: readonly WheelBet[]): WheelBet[] => bets.filter((b) => b.status !== "refunded");
/** The round's pot: Σ the live bets' stakes, cents. */
export const potOf = (bets: readonly WheelBet[]): number => liveBets(bets).reduce((s, b) => s + b.stake, 0);
export const roundItems = (bets: readonly WheelBet[]): number => liveBets(bets).reduce((s, b) => s + b.items.length, 0);
export const roundPlayers = (bets: readonly WheelBet[]): number => new Set(liveBets(bets).map((b) => b.user.id)).size;
