// What step() asks the round-room driver to do, and the events it understands. Types only.
import type { BetPublic, RoundStatus } from "../../../shared/api/crash";
import type { Hundredths } from "../../../shared/crash-curve";
import type { CrashClientFrame, CrashServerFrame } from "../../../shared/rooms/crash";
import type { RoomEffect, StepResult as RoundStepResult, RoundTypes } from "../base/round-game";
import type { CrashKey } from "./rules";
import type { BetUser, CatalogueItem, CrashState, RoundSeed, StakedItem } from "./state";

export type TimerName = "start" | "tick" | "auto" | "crash" | "next";

export type CrashEvent =
  /**
   * A bet, after the shell loaded its items (prices in cents) — and, when `locked`, after it
   * locked them in D1: a refusal then also yields a refund settlement to unlock them.
   */
  | {
      type: "placeBet";
      /** value: the part staked from the balance, cents */
      bet: { id: string; user: BetUser | null; items: StakedItem[]; value: number; autoWithdraw: Hundredths };
      maintenance: boolean;
      locked: boolean;
    }
  /**
   * a manual cash-out (the `take` frame), priced at `at`: when the frame reached the room (epoch
   * ms; absent = the step's clock), not when its session read came back
   */
  | { type: "cashOut"; userId: number | null; betId: string; at?: number }
  | { type: "timer"; name: Exclude<TimerName, "next"> }
  /** The pause after a crash is over: the shell gives the chain's next round. */
  | { type: "timer"; name: "next"; nextRound: RoundSeed }
  /** dev: crash now, not provably fair; production: emergency stop = void + refund. */
  | { type: "forceCrash"; mode: "dev" | "production" }
  /** dev (admin): the next round crashes at `nextCrash` (≥ 100 hundredths), not provably fair. */
  | { type: "twist"; nextCrash: Hundredths }
  /** After an eviction / restart: catch up with the clock, reschedule. */
  | { type: "restore" };

/** The crash_rounds row as it should now be (written when `persist.round` is present). */
export interface RoundRow {
  id: number;
  status: RoundStatus;
  publicHash: string;
  dayOfMonth: number;
  provablyFair: boolean;
  /** the round's pot, cents (the row's `bank` column) */
  pot: number;
  betsCount: number;
  itemsCount: number;
  createdAt: number;
  startedAt: number | null;
  crashedAt: number | null;
  /** hundredths; null until crashed (and for a voided round) */
  crashPoint: Hundredths | null;
  /** null until crashed (and for a voided round) */
  secret: string | null;
}

export type Settlement =
  | {
      kind: "win";
      roundId: number;
      betId: string;
      userId: number;
      cashout: Hundredths;
      /** cents */
      win: number;
      /** the catalogue item to mint for the winner (catalogue id, price in cents), or null */
      winItem: { id: number; price: number } | null;
      /** cents to the balance (= win when winItem is null) */
      remainder: number;
      /** cashed out by the max-payout rule, below its own target */
      forced: boolean;
    }
  | { kind: "loss"; roundId: number; betId: string; userId: number }
  /** floor(1 % of the round's pot) to the bonus pool */
  | { kind: "bonusShare"; roundId: number; amount: number }
  /** give the bet's items back (voided round, or a bet refused after its items were locked) */
  | { kind: "refund"; roundId: number; betId: string; userId: number; value?: number };

export type Effect = RoomEffect<CrashServerFrame, RoundRow, Settlement, TimerName>;

export type StepResult<S> = RoundStepResult<S, Effect, CrashKey>;

export interface StepContext {
  /** catalogue items a win may be paid with, sorted by price (cents) ascending */
  catalogue: readonly CatalogueItem[];
  /** the most one round may pay out in total, cents (CRASH_MAX_PAYOUT_CENTS) */
  maxPayoutCents: number;
}

/** The crash room's types, as the round-room driver takes them (base/round-game.ts). */
export interface CrashTypes extends RoundTypes {
  state: CrashState;
  event: CrashEvent;
  context: StepContext;
  row: RoundRow;
  settlement: Settlement;
  timer: TimerName;
  key: CrashKey;
  client: CrashClientFrame;
  server: CrashServerFrame;
  betRow: BetPublic;
  custom: never;
}
