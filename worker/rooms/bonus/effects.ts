// What step() asks the round-room driver to do, and the events it understands. Types only.
import type { BonusClientFrame, BonusServerFrame } from "../../../shared/rooms/bonus";
import type { RoomEffect, RoundTypes, StepResult as RoundStepResult } from "../base/round-game";
import type { BonusState, BonusUser, RoundSeed } from "./state";

export type TimerName = "draw";

/** D1's numbers of a round: its bank (cents) and its participants count. */
export interface RoundNumbers {
  roundId: number;
  bank: number;
  participants: number;
}

export type BonusEvent =
  /** the bank or the participants moved (a share landed, a player joined): D1's numbers */
  | ({ type: "numbers" } & RoundNumbers)
  /**
   * The draw timer, after the game closed the round in D1 (open → drawn) and read it: its bank,
   * its participants in join order, the next round's seed and the bank D1 already gave it.
   */
  | { type: "timer"; name: "draw"; drawn: { roundId: number; bank: number; participants: BonusUser[] }; next: RoundSeed; nextBank: number }
  /** after an eviction / restart: reschedule */
  | { type: "restore" };

/** The bonus_rounds row as the room writes it (D1 owns the bank, the status and the participants). */
export interface RoundRow {
  id: number;
  publicHash: string;
  dayOfMonth: number;
  createdAt: number;
  endsAt: number | null;
}

/**
 * A drawn round's payout: the winners paid from the bonus account, the round finished with its
 * secret, the unpaid rest carried to the next round — one batch, once (rooms/bonus/settlement.ts).
 */
export interface DrawSettlement {
  kind: "draw";
  roundId: number;
  nextRoundId: number;
  bank: number;
  secret: string;
  participants: number;
  winners: { userId: number; place: number; amount: number }[];
  carried: number;
  drawnAt: number;
}

export type Effect = Extract<RoomEffect<BonusServerFrame, RoundRow, DrawSettlement, TimerName>, { type: "broadcast" | "persist" | "settle" | "schedule" }>;

export type StepResult = RoundStepResult<BonusState, Effect, never>;

export interface StepContext {
  /** the bonus chain's salt (BONUS_SALT) */
  salt: string;
}

/** The bonus room's types, as the round-room driver takes them (base/round-game.ts). */
export interface BonusTypes extends RoundTypes {
  state: BonusState;
  event: BonusEvent;
  context: StepContext;
  row: RoundRow;
  settlement: DrawSettlement;
  timer: TimerName;
  key: never;
  client: BonusClientFrame;
  server: BonusServerFrame;
  /** the update-bank frame is coalesced through the driver's row throttle, with no rows */
  betRow: { id: string };
  custom: never;
}
