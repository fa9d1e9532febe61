// The hub's socket protocol (/ws/hub, docs/api.md "Sockets"): every tab keeps one hub socket, identified
// with the session's token. It carries presence (online counts), per-user frames (balance, bell
// notifications, the ban) and site-wide ones (maintenance, game banks, case drops). The chat has
// its own room and socket (shared/rooms/chat.ts).
import { z } from "zod";
import { liveDropJson } from "../api/cases";
import { activeGiveawayJson, pastGiveawayJson } from "../api/giveaways";
import { rankedJson } from "../api/tournaments";
import { TOURNAMENT } from "../constants";
import { cashbackUnits } from "../api/cashback";
import { notificationSchema } from "../api/user";
import { dollarsJson } from "../money";
import { errorFrame, frame, identityFrame, noData, pingFrame, pongFrame, type RoomProtocol } from "./frame";

// ── client → server ──────────────────────────────────────────────────────────
export const hubClientFrame = z.discriminatedUnion("event", [identityFrame, pingFrame]);
export type HubClientFrame = z.infer<typeof hubClientFrame>;

// ── server → client ──────────────────────────────────────────────────────────
const count = z.number().int().nonnegative();

export const onlineCounts = z
  .strictObject({ users: count, visitors: count, total: count })
  .refine((o) => o.total === o.users + o.visitors, "total = users + visitors");
export type OnlineCounts = z.infer<typeof onlineCounts>;

export const onlineFrame = frame("online", onlineCounts);
export const updateBalanceFrame = frame("updateBalance", z.strictObject({ balance: dollarsJson }));
/** Maintenance switched (spec §4): on → the SPA shows the notice (with the operator's message, if any) and blocks bets. */
export const refreshPageFrame = frame("refreshPage", z.strictObject({ maintenance: z.boolean(), message: z.string().nullable().optional() }));
/** A new bell notification, the same shape as /api/user/get lists. */
export const notificationFrame = frame("notification", notificationSchema);
/** The user was banned: the SPA logs out with the banned notice. */
export const userBannedFrame = frame("userBanned", noData);
/** A game's bank changed (the mode bar, §2): pushed by the game rooms, throttled; dollars. */
export const banksFrame = frame(
  "banks",
  z.strictObject({
    crash: dollarsJson.optional(),
    /** the sum of the three jackpot rooms' banks */
    jackpot: dollarsJson.optional(),
    /** each jackpot room's bank (shared/constants-jackpot.ts levels) */
    jackpotLevels: z.strictObject({ low: dollarsJson, medium: dollarsJson, high: dollarsJson }).partial().optional(),
    wheel: dollarsJson.optional(),
    /** the bonus pool's open round (docs/games.md "Bonus pool") */
    bonus: dollarsJson.optional(),
  }),
);
/** The player's cashback changed (§7 updateCashback): integer hundredths of a cent (shared/cashback.ts). */
export const updateCashbackFrame = frame("updateCashback", z.strictObject({ cashback: cashbackUnits }));
/** A case was opened somewhere (§7 casesLiveDrop). */
export const casesLiveDropFrame = frame("casesLiveDrop", liveDropJson);

/**
 * §7 setRaffle: the giveaway as now — on a new participant (coalesced, at most one per
 * GIVEAWAY.frameMs), at the draw (`drawn`: the winner and the item; the winner's SPA reloads its
 * inventory) and when the next one starts or staff cancel it.
 */
export const setRaffleFrame = frame(
  "setRaffle",
  z.strictObject({ giveaway: activeGiveawayJson.nullable(), drawn: pastGiveawayJson.nullable(), server_time: z.number().int().nonnegative() }),
);

/**
 * The tournament's table moved (docs/games.md "Tournaments"): its first page, at most one frame per
 * TOURNAMENT.frameMs whatever the bet rate; `status` 1 once it finished and paid (the page then
 * refetches it with the winners); a new `tournament_id`: the next one started.
 */
export const tournamentFrame = frame(
  "tournament",
  z.strictObject({
    tournament_id: z.number().int().positive(),
    status: z.union([z.literal(0), z.literal(1)]),
    members: z.number().int().nonnegative(),
    users: z.array(rankedJson).max(TOURNAMENT.pageSize),
    server_time: z.number().int().nonnegative(),
  }),
);

/**
 * One of the player's tickets changed (a staff reply, a close or a reopen; docs/support.md): the
 * SPA refetches it. The bell row of a reply arrives as its own notification frame.
 */
export const ticketFrame = frame(
  "ticket",
  z.strictObject({ id: z.number().int().positive(), status: z.union([z.literal(0), z.literal(1)]), unread: z.boolean() }),
);
/** Staff only: a ticket of the queue changed (a new ticket, a player's message, a close): the queue refetches. */
export const ticketQueueFrame = frame("ticketQueue", z.strictObject({ id: z.number().int().positive(), open: z.number().int().nonnegative() }));

export const hubServerFrame = z.discriminatedUnion("event", [
  onlineFrame,
  updateBalanceFrame,
  updateCashbackFrame,
  refreshPageFrame,
  notificationFrame,
  userBannedFrame,
  banksFrame,
  casesLiveDropFrame,
  setRaffleFrame,
  tournamentFrame,
  ticketFrame,
  ticketQueueFrame,
  pongFrame,
  errorFrame,
]);
export type HubServerFrame = z.infer<typeof hubServerFrame>;
export type HubServerEvent = HubServerFrame["event"];

export const hubProtocol: RoomProtocol<HubClientFrame, HubServerFrame> = {
  client: hubClientFrame,
  server: hubServerFrame,
  error: (message) => ({ event: "error", data: { message } }),
  keepalive: { ping: { event: "ping", data: {} }, pong: { event: "pong", data: {} } },
};
