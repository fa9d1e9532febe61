// The jackpot rooms' socket protocol: `/ws/jackpot?level=low|medium|high`, one socket per level
// (one JackpotRoom instance each; a missing or unknown level answers 400). Bets are placed with
// POST /api/jackpot/setBet, so a client only identifies itself and pings. Shapes of bets, chances,
// settings and the draw live in shared/api/jackpot.ts (the API answers the same). Deadlines travel
// with `serverTime` so a client corrects its clock offset.
import { z } from "zod";
import { dollarsJson } from "../money";
import { idNumberSchema } from "../api/common";
import { jackpotBetJson, jackpotDrawJson, jackpotHistoryEntry, jackpotLevel, jackpotStateJson } from "../api/jackpot";
import { JACKPOT } from "../constants";
import { errorFrame, frame, identityFrame, pingFrame, pongFrame, type RoomProtocol } from "./frame";

const epochMs = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

// ── client → server ──────────────────────────────────────────────────────────
export const jackpotClientFrame = z.discriminatedUnion("event", [identityFrame, pingFrame]);
export type JackpotClientFrame = z.infer<typeof jackpotClientFrame>;

// ── server → client ──────────────────────────────────────────────────────────
/** First frame after connect and after identity: the level's whole state and its last rounds. */
export const jackpotInitFrame = frame(
  "jackpotInit",
  z.strictObject({ state: jackpotStateJson, history: z.array(jackpotHistoryEntry).max(JACKPOT.historySize) }),
);

/**
 * §7 jackpotNewBet, coalesced: the bets accepted within one JACKPOT.betsWindowMs window, in bet
 * order, with the round's new totals. Chances change for everyone on every bet, so they do not
 * travel here (N players × N bets would be O(N²) bytes per socket): a client derives each
 * player's chance from the bets it holds, Σ his tickets (to − from + 1) / all tickets, as the
 * state's `chances` (jackpotInit, /api/jackpot/get) computes it.
 */
export const jackpotNewBetFrame = frame(
  "jackpotNewBet",
  z.strictObject({
    roundId: idNumberSchema,
    bets: z.array(jackpotBetJson),
    bank: dollarsJson,
    itemsCount: count,
    playersCount: count,
    /** the round's first bet sets the single-player deadline (status 0), else null */
    soloEndsAt: epochMs.nullable(),
    serverTime: epochMs,
  }),
);

/** §7 jackpotTimer: the second distinct player started the countdown (status 0 → 1). */
export const jackpotTimerFrame = frame("jackpotTimer", z.strictObject({ roundId: idNumberSchema, countdownEndsAt: epochMs, serverTime: epochMs }));

/**
 * §7 startJackpot: bets closed, the winner is drawn (status 1 → 2). The spinner stops on
 * strip[winIndex] at draw.spinEndsAt; the round's secret is revealed so anyone can check the draw.
 */
export const startJackpotFrame = frame("startJackpot", z.strictObject({ draw: jackpotDrawJson, secret: z.string(), serverTime: epochMs }));

/**
 * §7 newGameJackpot: a new round (status 0) with its public hash. `finished` is the round that
 * just ended (for the history strip): drawn, or refunded after the single-player timeout.
 */
export const newGameJackpotFrame = frame(
  "newGameJackpot",
  z.strictObject({ level: jackpotLevel, roundId: idNumberSchema, publicHash: z.string(), finished: jackpotHistoryEntry.nullable(), serverTime: epochMs }),
);

export const jackpotServerFrame = z.discriminatedUnion("event", [
  jackpotInitFrame,
  jackpotNewBetFrame,
  jackpotTimerFrame,
  startJackpotFrame,
  newGameJackpotFrame,
  pongFrame,
  errorFrame,
]);
export type JackpotServerFrame = z.infer<typeof jackpotServerFrame>;

export const jackpotProtocol: RoomProtocol<JackpotClientFrame, JackpotServerFrame> = {
  client: jackpotClientFrame,
  server: jackpotServerFrame,
  error: (message) => ({ event: "error", data: { message } }),
  keepalive: { ping: { event: "ping", data: {} }, pong: { event: "pong", data: {} } },
};
