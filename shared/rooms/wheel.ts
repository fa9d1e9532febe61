// The wheel room's socket protocol (/ws/wheel). Bets go through POST /api/wheel/setBet;
// the socket carries the round to everyone. Shapes of bets, spins and rounds live in
// shared/api/wheel.ts (the API answers the same rows). Deadlines travel with `serverTime` so a
// client corrects its clock offset.
//
// A round: wheelTimer (betting, countdown) → wheelNewBet frames → startWheel ms > 1 (spin; the
// wheel turns to `rotate` from `startedAt`; the ten biggest wins) → startWheel ms = 1 (stopped: show
// the multiplier; the same spin without its winner rows, which the spin frame carried) →
// newGameWheel (bets and stats reset) → wheelTimer of the next round.
import { z } from "zod";
import { colourTotals, wheelBetPublic, wheelGame, wheelHistoryEntry, wheelSpin, wheelStats } from "../api/wheel";
import { idNumberSchema } from "../api/common";
import { WHEEL } from "../constants";
import { errorFrame, frame, identityFrame, pingFrame, pongFrame, type RoomProtocol } from "./frame";

const epochMs = z.number().int().nonnegative();
const roundId = idNumberSchema;

// ── client → server ──────────────────────────────────────────────────────────
export const wheelClientFrame = z.discriminatedUnion("event", [identityFrame, pingFrame]);
export type WheelClientFrame = z.infer<typeof wheelClientFrame>;

// ── server → client ──────────────────────────────────────────────────────────
/**
 * First frame after identity (and on every reconnect): the round as now. Mid-spin `spin` holds
 * the spin with its `startedAt`, so a late joiner draws the wheel where it is at serverTime −
 * startedAt of `ms` instead of restarting the animation.
 */
export const wheelInitFrame = frame(
  "wheelInit",
  z.strictObject({
    game: wheelGame,
    /** the biggest rows of each colour (WHEEL.betRowsShown), newest first within a size */
    bets: z.array(wheelBetPublic),
    totals: colourTotals,
    stats: wheelStats,
    history: z.array(wheelHistoryEntry).max(WHEEL.historySize),
    spin: wheelSpin.nullable(),
    /** this socket's user's bets of the round (empty for a visitor) */
    selfBets: z.array(wheelBetPublic),
    maintenance: z.boolean(),
    serverTime: epochMs,
  }),
);

/** New bets (coalesced: one frame per WHEEL.betRowsWindowMs) with the totals after them. */
export const wheelNewBetFrame = frame(
  "wheelNewBet",
  z.strictObject({ roundId, bets: z.array(wheelBetPublic).max(WHEEL.betRowsPerFrame), totals: colourTotals, stats: wheelStats }),
);

/** Betting is open until countdownEndsAt (sent once per round; a client counts down itself). */
export const wheelTimerFrame = frame("wheelTimer", z.strictObject({ roundId, publicHash: z.string(), countdownEndsAt: epochMs, serverTime: epochMs }));

/** The spin: animate from startedAt for `ms`; `winners` are the biggest wins, shown at the stop. */
export const wheelSpinningData = wheelSpin.extend({ ms: z.number().int().min(2), serverTime: epochMs });
/**
 * The stop (ms = 1: show the multiplier): the spin without its winner rows. Every socket got them
 * with the spin or in wheelInit, so repeating them cost every socket ~5 KB and the stop's fan-out
 * (docs/benchmarks.md "Where the targets stand").
 */
export const wheelStoppedData = wheelSpin.omit({ winners: true }).extend({ ms: z.literal(1), serverTime: epochMs });
export type WheelStoppedData = z.infer<typeof wheelStoppedData>;
export const startWheelFrame = frame("startWheel", z.union([wheelSpinningData, wheelStoppedData]));

/** The round is over: clear bets and stats; `last` joins the history strip. */
export const newGameWheelFrame = frame("newGameWheel", z.strictObject({ game: wheelGame, last: wheelHistoryEntry.nullable(), serverTime: epochMs }));

export const wheelServerFrame = z.discriminatedUnion("event", [
  wheelInitFrame,
  wheelNewBetFrame,
  wheelTimerFrame,
  startWheelFrame,
  newGameWheelFrame,
  pongFrame,
  errorFrame,
]);
export type WheelServerFrame = z.infer<typeof wheelServerFrame>;

export const wheelProtocol: RoomProtocol<WheelClientFrame, WheelServerFrame> = {
  client: wheelClientFrame,
  server: wheelServerFrame,
  error: (message) => ({ event: "error", data: { message } }),
  keepalive: { ping: { event: "ping", data: {} }, pong: { event: "pong", data: {} } },
};
