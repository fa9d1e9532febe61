// The jackpot rooms' socket protocol: `/ws/jackpot?level=low|medium|high`, one socket per level
// (one JackpotRoom instance each; a missing or unknown level answers 400). Bets are placed with
// POST /api/jackpot/setBet, so a client only identifies itself and pings. Shapes of bets, chances,
// settings and the draw live in shared/api/jackpot.ts (the API answers the same). Deadlines travel
// with `serverTime` so a client corrects its clock offset.
import { z } from "zod";
import { dollarsJson } from "../money";
import { idNumberSchema } from "../api/common";
import { JACKPOT_LEADERS_MAX, jackpotBetJson, jackpotDrawJson, jackpotHistoryEntry, jackpotLeaderJson, jackpotLevel, jackpotStateJson } from "../api/jackpot";
import { JACKPOT } from "../constants";
import { errorFrame, frame, identityFrame, pingFrame, pongFrame, type RoomProtocol } from "./frame";

const epochMs = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

// ── client → server ──────────────────────────────────────────────────────────
export const jackpotClientFrame = z.discriminatedUnion("event", [identityFrame, pingFrame]);
export type JackpotClientFrame = z.infer<typeof jackpotClientFrame>;

// ── server → client ──────────────────────────────────────────────────────────
/**
 * First frame after connect and after identity: the level's state as the board shows it (the
 * totals, the biggest bets, the leaders), its last rounds, and this socket's user's own bets of
 * the round (empty for a visitor).
 */
export const jackpotInitFrame = frame(
  "jackpotInit",
  z.strictObject({ state: jackpotStateJson, history: z.array(jackpotHistoryEntry).max(JACKPOT.historySize), selfBets: z.array(jackpotBetJson) }),
);

/**
 * §7 jackpotNewBet: the player's OWN bets D1 took, at once, to that player's sockets only, with
 * the round's totals then. Everyone else sees the bet through the board (jackpotBoard).
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

/**
 * What every socket sees of the round's bets, at most once per JACKPOT.boardWindowMs after a
 * change: the totals; the biggest bets — `top` their ids, biggest first, `rows` those of them new
 * or changed since the previous board; the leaders — `leaders` their user ids, most tickets first,
 * `leaderRows` those new or changed. A client keeps the others from jackpotInit and the boards
 * before, and derives each leader's chance: tickets / totalTickets (the chances move with every
 * bet; sending them would resend every leader every time).
 */
export const jackpotBoardFrame = frame(
  "jackpotBoard",
  z.strictObject({
    roundId: idNumberSchema,
    bank: dollarsJson,
    itemsCount: count,
    playersCount: count,
    betsCount: count,
    totalTickets: count,
    /** the round's first bet sets the single-player deadline (status 0), else null */
    soloEndsAt: epochMs.nullable(),
    top: z.array(z.string()).max(JACKPOT.boardTop),
    rows: z.array(jackpotBetJson).max(JACKPOT.boardTop),
    leaders: z.array(idNumberSchema).max(JACKPOT_LEADERS_MAX),
    leaderRows: z.array(jackpotLeaderJson).max(JACKPOT_LEADERS_MAX),
    serverTime: epochMs,
  }),
);

/** §7 jackpotTimer: the second distinct player started the countdown (status 0 → 1). */
export const jackpotTimerFrame = frame("jackpotTimer", z.strictObject({ roundId: idNumberSchema, countdownEndsAt: epochMs, serverTime: epochMs }));

/**
 * §7 startJackpot: bets closed, the winner is drawn (status 1 → 2). The spinner stops on
 * strip[winIndex] at draw.spinEndsAt (draw.players: the strip's avatars); the round's secret is
 * revealed so anyone can check the draw.
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
  jackpotBoardFrame,
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
