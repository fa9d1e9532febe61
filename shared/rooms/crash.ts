// The crash room's socket protocol (/ws/crash). Shapes of rounds, bets and items live in
// shared/api/crash.ts (the API answers the same rows). Deadlines travel with `serverTime` so a
// client corrects its clock offset; the client draws the curve itself between ticks.
import { z } from "zod";
import { CRASH } from "../constants";
import { dollarsJson } from "../money";
import { autoWithdrawJson, betPublic, historyEntry, itemJson, multiplierJson, roundPublic, targetJson } from "../api/crash";
import { idNumberSchema } from "../api/common";
import { errorFrame, frame, identityFrame, noData, pingFrame, pongFrame, type RoomProtocol } from "./frame";

const epochMs = z.number().int().nonnegative();
const roundId = idNumberSchema;
const betId = z.string().min(1).max(64);
/** A message key of the catalogue (crash_api.*, app_api.*). */
const messageKey = z.string().min(1).max(200);

// ── client → server ──────────────────────────────────────────────────────────

/**
 * Place a bet: inventory item ids (unique, at most CRASH.maxItemsPerBet; an empty list is
 * answered `errorBet crash_api.no_items`), the auto-withdraw target (9999.99 = manual stop).
 * `token` is the spec's field and is ignored: the socket's identity decides who bets.
 */
export const newBetFrame = frame(
  "newBet",
  z.strictObject({
    items: z
      .array(idNumberSchema)
      .max(CRASH.maxItemsPerBet)
      .refine((ids) => new Set(ids).size === ids.length, "items must be unique"),
    autoWithdraw: autoWithdrawJson,
    /** the part staked from the balance, dollars (§3 "Own bet payload: items, value, …") */
    value: dollarsJson.max(CRASH.maxValueCents / 100).optional(),
    token: z.string().max(256).optional(),
  }),
);
/** Cash out a manual bet now (priced by the server's clock). */
export const takeFrame = frame("take", z.strictObject({ betId }));
/** Admin + dev flag: without nextCrash crash now, else schedule the next round's point (≥ 1.00). */
export const twistCrashFrame = frame("twistCrash", z.strictObject({ nextCrash: targetJson.optional() }));
export const getGameFrame = frame("getGame", z.strictObject({ id: roundId }));

export const crashClientFrame = z.discriminatedUnion("event", [identityFrame, pingFrame, newBetFrame, takeFrame, twistCrashFrame, getGameFrame]);
export type CrashClientFrame = z.infer<typeof crashClientFrame>;

// ── server → client ──────────────────────────────────────────────────────────
export const crashInitFrame = frame(
  "crashInit",
  z.strictObject({
    round: roundPublic,
    /** the board's biggest bets, biggest first (the full list: /api/crash/getGame) */
    bets: z.array(betPublic).max(CRASH.boardTop),
    history: z.array(historyEntry).max(CRASH.historySize),
    serverTime: epochMs,
    /** this socket's user's bets of the round (empty for a visitor) */
    selfBets: z.array(betPublic),
    maintenance: z.boolean(),
  }),
);
/** A new round is waiting for bets. */
export const crashStartTimerFrame = frame(
  "crashStartTimer",
  z.strictObject({ roundId, publicHash: z.string(), countdownEndsAt: epochMs, serverTime: epochMs }),
);
/** A new round clears bets, multiplier and loader item (§4). */
export const clearBetsFrame = frame("clearBets", noData);

export const crashRevealJson = z.strictObject({
  point: multiplierJson,
  secretHash: z.string(),
  publicHash: z.string(),
  provablyFair: z.boolean(),
});

/** 'running': a tick (every CRASH.tickMs); 'crashed': exactly once per round, with `crash`. */
export const crashMultiplierFrame = frame(
  "crashMultiplier",
  z.strictObject({
    roundId,
    phase: z.enum(["running", "crashed"]),
    /** ms since the round started */
    elapsed: z.number().int().nonnegative(),
    multiplier: multiplierJson,
    serverTime: epochMs,
    crash: crashRevealJson.optional(),
  }),
);
/** The player's own rows, new or changed (placed, cashed out, lost): to that player's sockets only. */
export const newBetsFrame = frame("newBets", z.strictObject({ bets: z.array(betPublic) }));
/**
 * What every socket sees of the round's bets (at most once per CRASH.boardWindowMs): the totals and
 * the biggest bets — `top` their ids, biggest first; `rows` those of them new or changed since the
 * previous board (a client keeps the others from crashInit and earlier boards).
 */
export const crashBoardFrame = frame(
  "crashBoard",
  z.strictObject({
    roundId,
    bank: dollarsJson,
    playersCount: z.number().int().nonnegative(),
    itemsCount: z.number().int().nonnegative(),
    betsCount: z.number().int().nonnegative(),
    top: z.array(betId).max(CRASH.boardTop),
    rows: z.array(betPublic).max(CRASH.boardTop),
  }),
);
export const successBetFrame = frame("successBet", z.strictObject({ bet: betPublic }));
export const errorBetFrame = frame("errorBet", z.strictObject({ message: messageKey }));
export const successTakeFrame = frame(
  "successTake",
  z.strictObject({
    betId,
    multiplier: multiplierJson,
    win: dollarsJson,
    winItem: itemJson.nullable(),
    remainder: dollarsJson,
  }),
);
export const errorTakeFrame = frame("errorTake", z.strictObject({ message: messageKey }));
/** To the bettor only, when the item he would get now changes (throttled). */
export const crashLoaderItemFrame = frame("crashLoaderItem", z.strictObject({ betId, item: itemJson.nullable(), multiplier: multiplierJson }));

export const crashServerFrame = z.discriminatedUnion("event", [
  crashInitFrame,
  crashStartTimerFrame,
  clearBetsFrame,
  crashMultiplierFrame,
  newBetsFrame,
  crashBoardFrame,
  successBetFrame,
  errorBetFrame,
  successTakeFrame,
  errorTakeFrame,
  crashLoaderItemFrame,
  pongFrame,
  errorFrame,
]);
export type CrashServerFrame = z.infer<typeof crashServerFrame>;

export const crashProtocol: RoomProtocol<CrashClientFrame, CrashServerFrame> = {
  client: crashClientFrame,
  server: crashServerFrame,
  error: (message) => ({ event: "error", data: { message } }),
  keepalive: { ping: { event: "ping", data: {} }, pong: { event: "pong", data: {} } },
};
