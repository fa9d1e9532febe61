// The bonus pool's socket protocol (/ws/bonus; docs/games.md "Bonus pool"). Joining goes through POST
// /api/jackpot-bonus/join; the socket carries the pool to everyone: jackpot-bonus.init on connect
// and after identity, jackpot-bonus.update-bank when the bank, the timer or the participants move
// (coalesced: at most one per BONUS.bankFrameMs, whatever the bet rate), jackpot-bonus.draw once
// per round (winners, revealed secret), then update-bank of the next round.
import { z } from "zod";
import { bonusRoundLive, bonusWinnerJson } from "../api/bonus";
import { BONUS } from "../constants";
import { dollarsJson } from "../money";
import { errorFrame, frame, identityFrame, pingFrame, pongFrame, type RoomProtocol } from "./frame";

// ── client → server ──────────────────────────────────────────────────────────
export const bonusClientFrame = z.discriminatedUnion("event", [identityFrame, pingFrame]);
export type BonusClientFrame = z.infer<typeof bonusClientFrame>;

// ── server → client ──────────────────────────────────────────────────────────
const lastWinners = z.array(bonusWinnerJson).max(BONUS.winnerShares.length);

/** §7 jackpot-bonus.init: the open round, whether this socket's player joined, the last draw's winners. */
export const bonusInitFrame = frame(
  "jackpot-bonus.init",
  bonusRoundLive.extend({
    joined: z.boolean(),
    /** the previous draw's winners, first place first (empty before the first draw) */
    last_winners: lastWinners,
  }),
);

/** §7 jackpot-bonus.update-bank: the open round as now (a new round_id: a new round, nobody joined yet). */
export const bonusUpdateBankFrame = frame("jackpot-bonus.update-bank", bonusRoundLive);

/** A round was drawn: its winners and the revealed secret (the round API answers the rest). */
export const bonusDrawFrame = frame(
  "jackpot-bonus.draw",
  z.strictObject({
    round_id: z.number().int().positive(),
    secret: z.string(),
    bank: dollarsJson,
    /** what went on to the next round (places nobody took, or the whole bank without participants) */
    carried: dollarsJson,
    winners: lastWinners,
    server_time: z.number().int().nonnegative(),
  }),
);

export const bonusServerFrame = z.discriminatedUnion("event", [bonusInitFrame, bonusUpdateBankFrame, bonusDrawFrame, pongFrame, errorFrame]);
export type BonusServerFrame = z.infer<typeof bonusServerFrame>;

export const bonusProtocol: RoomProtocol<BonusClientFrame, BonusServerFrame> = {
  client: bonusClientFrame,
  server: bonusServerFrame,
  error: (message) => ({ event: "error", data: { message } }),
  keepalive: { ping: { event: "ping", data: {} }, pong: { event: "pong", data: {} } },
};
