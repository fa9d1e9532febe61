// What the jackpot's step() understands and asks the round-room driver to do. Types only.
import type { JackpotBetJson } from "../../../shared/api/jackpot";
import type { JackpotLevel, JackpotLevelSettings, JackpotTimers } from "../../../shared/constants";
import type { JackpotClientFrame, JackpotServerFrame } from "../../../shared/rooms/jackpot";
import type { JackpotBet } from "../../jackpot/types";
import type { RoomEffect, RoundTypes, StepResult as RoundStepResult } from "../base/round-game";
import type { JackpotKey } from "./logic";
import type { SettleRound } from "./settlement";
import type { JackpotState, RoundSeed } from "./state";

/** One timer per status: the single-player timeout, the draw, the spinner's stop, the round's end. */
export type TimerName = "solo" | "draw" | "reveal" | "end";

export type JackpotEvent =
  /** after an eviction / restart, or a timer that needs nothing from outside: catch up with the clock */
  | { type: "restore" }
  | { type: "tick" }
  /** a bet D1 numbered (its seq, its tickets): applied in seq order */
  | { type: "bet"; roundId: number; bet: JackpotBet }
  /** the round's bets as D1 holds them (after a bet whose answer was lost) */
  | { type: "bets"; roundId: number; bets: JackpotBet[] }
  /**
   * bets closed in D1: the draw on exactly them, read back, or `held`: the room's own, which
   * D1's count and sums of the closed round matched (game.ts dueEvent)
   */
  | { type: "draw"; roundId: number; bets: JackpotBet[] | "held" }
  /** the round is over (drawn and shown, or a single player timed out): the chain's next round */
  | { type: "newRound"; seed: RoundSeed };

/** The jackpot_rounds row a new round writes (open) before it takes bets. */
export interface RoundRow {
  id: number;
  level: JackpotLevel;
  chainIndex: number;
  publicHash: string;
  dayOfMonth: number;
  createdAt: number;
}

export type Settlement = ({ kind: "draw" } & SettleRound) | { kind: "refund"; roundId: number };

/** The spinner stopped: the winner's bell (written with the settlement, dated then) goes live. */
export type Ring = { type: "ring"; userId: number; at: number };

export type Effect = Extract<RoomEffect<JackpotServerFrame, RoundRow, Settlement, TimerName>, { type: "broadcast" | "persist" | "settle" | "schedule" }> | Ring;

export type StepResult = RoundStepResult<JackpotState, Effect, JackpotKey>;

/** The level's rules and timers, the salt of its draws. */
export interface StepContext {
  settings: JackpotLevelSettings;
  timers: JackpotTimers;
  salt: string;
}

/** The jackpot room's types, as the round-room driver takes them (base/round-game.ts). */
export interface JackpotTypes extends RoundTypes {
  state: JackpotState;
  event: JackpotEvent;
  context: StepContext;
  row: RoundRow;
  settlement: Settlement;
  timer: TimerName;
  key: JackpotKey;
  client: JackpotClientFrame;
  server: JackpotServerFrame;
  betRow: JackpotBetJson;
  custom: Ring;
}
