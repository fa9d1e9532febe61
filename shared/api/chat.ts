// The chat group (spec §3 Chat message, §5 Chat, §6 moderation, §7 /api/chat/*): message shapes
// shared by the API answers and the hub's loadChat/newMessage frames, and every request body.
// Money is dollars (≤ 2 decimals); times are epoch ms.
import { z } from "zod";
import { CHAT } from "../constants";
import { dollarsJson, signedDollarsJson } from "../money";
import { itemJson } from "./crash";
import { idSchema } from "./common";
import { userIdSchema } from "./user";

/** Who wrote a message. id 0 is the system (its messages make clients reload the inventory, §3). */
export const chatUserJson = z.strictObject({
  id: z.number().int().nonnegative(),
  username: z.string().max(64),
  avatar: z.string().max(300),
  is_admin: z.boolean(),
  is_moderator: z.boolean(),
  is_youtuber: z.boolean(),
});
export type ChatUserJson = z.infer<typeof chatUserJson>;

/** Defined with the §9 constants (the web chat imports it from there without loading zod). */
export { SYSTEM_USER_ID } from "../constants";

/** !stats card (§3): games played in every mode, win rate in percent (2 decimals), profit. */
export const statsCardJson = z.strictObject({
  total_games: z.number().int().nonnegative(),
  win_rate: z.number().min(0).max(100),
  total_profit: signedDollarsJson,
});
/** !balance card (§3). */
export const balanceCardJson = z.strictObject({
  total_deposit: dollarsJson,
  balance: dollarsJson,
  total_withdraw: dollarsJson,
});
/** !bet <round id> card: that crash round's summary and the asker's own part in it. */
export const betCardJson = z.strictObject({
  round_id: z.number().int().positive(),
  /** ×, null while the round has not crashed */
  crash_point: z.number().nullable(),
  bank: dollarsJson,
  bets: z.number().int().nonnegative(),
  items: z.number().int().nonnegative(),
  my_bank: dollarsJson,
  my_win: dollarsJson,
});

const messageBase = {
  id: z.number().int().positive(),
  user: chatUserJson,
  /** plain text, never HTML; a system message (user.id 0) carries a key of the "chat" namespace */
  message: z.string().min(1).max(CHAT.maxMessageLength),
  time: z.number().int().nonnegative(),
};

export const chatMessageJson = z.discriminatedUnion("type", [
  z.strictObject({
    ...messageBase,
    type: z.literal("MESSAGE"),
    /** interpolation values of a system message's key (e.g. { username, item }) */
    params: z.record(z.string(), z.string().max(200)).optional(),
  }),
  z.strictObject({ ...messageBase, type: z.literal("stats"), stats: statsCardJson }),
  z.strictObject({ ...messageBase, type: z.literal("balance"), stats: balanceCardJson }),
  z.strictObject({ ...messageBase, type: z.literal("bet"), stats: betCardJson }),
]);
export type ChatMessageJson = z.infer<typeof chatMessageJson>;

/** The quiz banner (§3 Chat state quiz): id, isActive, question, item (the prize). */
export const quizJson = z.strictObject({
  id: z.number().int().nonnegative(),
  isActive: z.boolean(),
  question: z.string().max(CHAT.quizQuestionMax),
  item: itemJson.nullable(),
});
export type QuizJson = z.infer<typeof quizJson>;
/** A house item staff may offer as a quiz prize (POST /api/admin/chat/quiz/items). */
export const quizPrizeJson = itemJson.extend({ exterior: z.string().nullable() });
export type QuizPrizeJson = z.infer<typeof quizPrizeJson>;
export const quizItemsAnswer = z.object({ items: z.array(quizPrizeJson) });

// ---- requests ----

/** The raw text; trimming, length, links and commands are the room's rules (one code path). */
export const sendMessageBody = z.object({ message: z.string().max(4 * CHAT.maxMessageLength) });
/** reason_id: optional, an active ban reason recorded in the audit row as the why */
export const deleteMessageBody = z.object({ id: idSchema, reason_id: idSchema.optional() });
/** duration: minutes from CHAT.muteDurationsMinutes, or null = forever. */
export const banBody = z.object({
  user_id: userIdSchema,
  duration: z.union([z.literal(CHAT.muteDurationsMinutes[0]), ...CHAT.muteDurationsMinutes.slice(1).map((m) => z.literal(m))]).nullable(),
  reason_id: idSchema,
});
/** §7 unBan: id = the user's id. */
export const unBanBody = z.object({ id: userIdSchema });
export const quizStartBody = z.object({
  question: z.string().trim().min(1).max(CHAT.quizQuestionMax),
  answer: z.string().trim().min(1).max(CHAT.quizAnswerMax),
  /** a house inventory item (owner none, available) */
  item_id: idSchema,
});
/** Staff quiz prize search: house items whose market_hash_name contains the text. */
export const quizItemsBody = z.object({
  market_hash_name: z.string().trim().max(100).optional(),
});

// ---- answers ----

export const getMessagesAnswer = z.object({ messages: z.array(chatMessageJson) });
/**
 * sendMessage: success → { status: "success", message: "chat_api.message_sent" | "chat_api.command_sent" };
 * a mute → 403 { status: "error", message: "chat_api.banned", duration: minutes left, reason }
 * or { status: "error", message: "chat_api.banned_forever", duration: null, reason };
 * chat_api.min_deposit → 403 { status: "error", message, sum: dollars needed }.
 */
export const sendMessageAnswer = z.object({
  status: z.enum(["success", "error"]),
  message: z.string(),
  duration: z.number().int().positive().nullable().optional(),
  reason: z.string().optional(),
  /** chat_api.min_deposit: the total deposit needed to chat, dollars */
  sum: dollarsJson.optional(),
});
export type SendMessageAnswer = z.infer<typeof sendMessageAnswer>;

/** A staff action done: success and the key of the notice to show. */
const staffActionAnswer = z.object({ success: z.literal(true), message: z.string() });
export type StaffActionAnswer = z.infer<typeof staffActionAnswer>;
const done = <K extends string>(key: K) => staffActionAnswer.extend({ message: z.literal(key) });
/** POST /api/chat/delete, /ban, /unBan, /clear (staff). */
export const deleteAnswer = done("chat_api.deleted");
export const banAnswer = done("chat_api.blocked");
export const unBanAnswer = done("chat_api.unblocked");
export const clearAnswer = done("chat_api.cleared");
/** POST /api/admin/chat/quiz/start and /quiz/stop (staff). */
export const quizStartAnswer = done("chat_api.quiz_started").extend({ quiz: quizJson });
export const quizStopAnswer = done("chat_api.quiz_stopped");

/** POST /api/chat/mutes (staff): the active mutes, newest first. */
export const activeMuteJson = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), username: z.string(), avatar: z.string() }),
  moderator: z.object({ id: z.number().int(), username: z.string() }),
  reason: z.string(),
  /** minutes chosen; null = forever */
  duration: z.number().int().nullable(),
  /** epoch ms the mute ends; null = forever */
  until: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type ActiveMuteJson = z.infer<typeof activeMuteJson>;
export const mutesAnswer = z.object({ mutes: z.array(activeMuteJson) });
