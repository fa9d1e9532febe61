// What step() asks the round-room driver to do, and the events it understands. Types only.
import type { WheelBetPublic } from "../../../shared/api/wheel";
import type { WheelClientFrame, WheelServerFrame } from "../../../shared/rooms/wheel";
import type { RoomEffect, RoundTypes, StepResult as RoundStepResult } from "../base/round-game";
import type { WheelRoundStatus } from "../../db/schema/wheel";
import type { WheelKey } from "./rules";
import type { BetUser, RoundSeed, StakedItem, WheelState } from "./state";
import type { WheelColour } from "../../../shared/wheel-layout";

export type TimerName = "spin" | "stop" | "next";

export type WheelEvent =
  /**
   * A bet, after the shell read its items (values in cents) — and, when `locked`, after it
   * locked them in D1: a refusal then also yields a refund settlement to unlock them.
   */
  | {
      type: "placeBet";
      /** value: the part staked from the balance, cents */
      bet: { id: string; user: BetUser; colour: WheelColour; items: StakedItem[]; value: number };
      maintenance: boolean;
      locked: boolean;
    }
  | { type: "timer"; name: "spin" | "stop" }
  /** The result pause is over: the shell gives the chain's next round. */
  | { type: "timer"; name: "next"; nextRound: RoundSeed }
  /** After an eviction / restart: catch up with the clock, reschedule. */
  | { type: "restore" };

/** The wheel_rounds row as it should now be. */
export interface RoundRow {
  id: number;
  status: WheelRoundStatus;
  publicHash: string;
  dayOfMonth: number;
  /** JSON of the layout */
  layout: string;
  /** the round's pot, cents (the row's `bank` column) */
  pot: number;
  betsCount: number;
  itemsCount: number;
  createdAt: number;
  spinAt: number | null;
  finishedAt: number | null;
  /** revealed from the spin on (null while betting) */
  secret: string | null;
  segment: number | null;
  colour: WheelColour | null;
  multiplier: number | null;
  /** thousandths of a degree */
  rotate: number | null;
}

export type Settlement =
  | {
      kind: "win";
      roundId: number;
      betId: string;
      userId: number;
      multiplier: number;
      /** cents */
      win: number;
      /** the catalogue item to mint for the winner (catalogue id, price in cents), or null */
      winItem: { id: number; price: number } | null;
      /** cents to the balance (= win when winItem is null) */
      remainder: number;
    }
  | { kind: "loss"; roundId: number; betId: string; userId: number }
  /** floor(1 % of the round's pot) to the bonus pool */
  | { kind: "bonusShare"; roundId: number; amount: number }
  /** give the bet's items back (a bet refused after its items were locked) */
  | { kind: "refund"; roundId: number; betId: string; userId: number; value?: number };

/** The wheel's effects: frames to everyone (bet rows coalesced), storage, D1, timers. */
export type Effect = Extract<RoomEffect<WheelServerFrame, RoundRow, Settlement, TimerName>, { type: "broadcast" | "persist" | "settle" | "schedule" }>;

export type StepResult<S> = RoundStepResult<S, Effect, WheelKey>;

export interface StepContext {
  /** catalogue items a win may be paid with, sorted by price (cents) ascending */
  catalogue: readonly { id: number; price: number; market_hash_name: string; name: string; image: string; rarity: string; rarity_color: string }[];
  /** the most one colour may owe in a round, cents (WHEEL_MAX_PAYOUT_CENTS) */
  maxPayoutCents: number;
}

/** The wheel room's types, as the round-room driver takes them (base/round-game.ts). */
export interface WheelTypes extends RoundTypes {
  state: WheelState;
  event: WheelEvent;
  context: StepContext;
  row: RoundRow;
  settlement: Settlement;
  timer: TimerName;
  key: WheelKey;
  client: WheelClientFrame;
  server: WheelServerFrame;
  betRow: WheelBetPublic;
  custom: never;
}
