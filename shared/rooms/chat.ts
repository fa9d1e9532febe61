// The chat room's socket protocol (/ws/chat, docs/api.md "Sockets"): the history, new messages and the
// quiz banner, public to every socket. Presence and per-user frames travel on the hub's socket
// (shared/rooms/hub.ts).
import { z } from "zod";
import { chatMessageJson, quizJson, sendMessageAnswer } from "../api/chat";
import { errorFrame, frame, identityFrame, pingFrame, pongFrame, type RoomProtocol } from "./frame";

// ── client → server ──────────────────────────────────────────────────────────
/** The socket twin of POST /api/chat/sendMessage (one code path in the room); answered by chatAnswer. Needs an identified socket. */
export const sendMessageFrame = frame("sendMessage", z.strictObject({ message: z.string().max(1020) }));

export const chatClientFrame = z.discriminatedUnion("event", [identityFrame, pingFrame, sendMessageFrame]);
export type ChatClientFrame = z.infer<typeof chatClientFrame>;

// ── server → client ──────────────────────────────────────────────────────────
/** On connect and after a delete or a clear: the kept history, oldest first. */
export const loadChatFrame = frame("loadChat", z.strictObject({ messages: z.array(chatMessageJson) }));
export const newMessageFrame = frame("newMessage", chatMessageJson);
/** The quiz banner: sent on connect, on start and when it ends (isActive false). */
export const quizInitFrame = frame("quizInit", quizJson);
/** The answer to a sendMessage frame, the same body as the HTTP answer. */
export const chatAnswerFrame = frame("chatAnswer", sendMessageAnswer);

export const chatServerFrame = z.discriminatedUnion("event", [loadChatFrame, newMessageFrame, quizInitFrame, chatAnswerFrame, pongFrame, errorFrame]);
export type ChatServerFrame = z.infer<typeof chatServerFrame>;

export const chatProtocol: RoomProtocol<ChatClientFrame, ChatServerFrame> = {
  client: chatClientFrame,
  server: chatServerFrame,
  error: (message) => ({ event: "error", data: { message } }),
  keepalive: { ping: { event: "ping", data: {} }, pong: { event: "pong", data: {} } },
};
