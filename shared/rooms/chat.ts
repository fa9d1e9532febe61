// The chat room's socket protocol. The chat room is also the site hub (README "Where things are"): every
// client keeps /ws/chat open and receives site-wide and per-user events here.
import { z } from "zod";
import { chatMessageJson, quizJson, sendMessageAnswer } from "../api/chat";
import { liveDropJson } from "../api/cases";
import { notificationSchema } from "../api/user";
import { dollarsJson } from "../money";
import { errorFrame, frame, noData, type RoomProtocol } from "./frame";

// ── client → server ──────────────────────────────────────────────────────────
/** First frame on every (re)connect; an empty token stays a visitor. */
export const identityFrame = frame("identity", z.strictObject({ apiToken: z.string().max(256) }));
export const pingFrame = frame("ping", noData);
/** The socket twin of POST /api/chat/sendMessage (one code path in the room); answered by chatAnswer. */
export const sendMessageFrame = frame("sendMessage", z.strictObject({ message: z.string().max(1020) }));

export const chatClientFrame = z.discriminatedUnion("event", [identityFrame, pingFrame, sendMessageFrame]);
export type ChatClientFrame = z.infer<typeof chatClientFrame>;

// ── server → client ──────────────────────────────────────────────────────────
const count = z.number().int().nonnegative();

export const onlineCounts = z
  .strictObject({ users: count, visitors: count, total: count })
  .refine((o) => o.total === o.users + o.visitors, "total = users + visitors");
export type OnlineCounts = z.infer<typeof onlineCounts>;

export const onlineFrame = frame("online", onlineCounts);
export const updateBalanceFrame = frame("updateBalance", z.strictObject({ balance: dollarsJson }));
/** Maintenance switched (spec §4): on → the SPA shows the notice and blocks bets. */
export const refreshPageFrame = frame("refreshPage", z.strictObject({ maintenance: z.boolean() }));
/** A new bell notification, the same shape as /api/user/get lists. */
export const notificationFrame = frame("notification", notificationSchema);
/** The user was banned: the SPA logs out with the banned notice. */
export const userBannedFrame = frame("userBanned", noData);
export const pongFrame = frame("pong", noData);
/** A game's bank changed (the mode bar, §2): pushed by the game rooms, throttled; dollars. */
export const banksFrame = frame("banks", z.strictObject({ crash: dollarsJson.optional(), jackpot: dollarsJson.optional(), wheel: dollarsJson.optional() }));

/** On connect and after a delete or a clear: the kept history, oldest first. */
export const loadChatFrame = frame("loadChat", z.strictObject({ messages: z.array(chatMessageJson) }));
export const newMessageFrame = frame("newMessage", chatMessageJson);
/** The quiz banner: sent on connect, on start and when it ends (isActive false). */
export const quizInitFrame = frame("quizInit", quizJson);
/** The answer to a sendMessage frame, the same body as the HTTP answer. */
export const chatAnswerFrame = frame("chatAnswer", sendMessageAnswer);
/** A case was opened somewhere (§7 casesLiveDrop). */
export const casesLiveDropFrame = frame("casesLiveDrop", liveDropJson);

export const chatServerFrame = z.discriminatedUnion("event", [
  loadChatFrame,
  newMessageFrame,
  quizInitFrame,
  chatAnswerFrame,
  casesLiveDropFrame,
  onlineFrame,
  updateBalanceFrame,
  refreshPageFrame,
  notificationFrame,
  userBannedFrame,
  banksFrame,
  pongFrame,
  errorFrame,
]);
export type ChatServerFrame = z.infer<typeof chatServerFrame>;
export type ChatServerEvent = ChatServerFrame["event"];

export const chatProtocol: RoomProtocol<ChatClientFrame, ChatServerFrame> = {
  client: chatClientFrame,
  server: chatServerFrame,
  error: (message) => ({ event: "error", data: { message } }),
  keepalive: { ping: { event: "ping", data: {} }, pong: { event: "pong", data: {} } },
};
