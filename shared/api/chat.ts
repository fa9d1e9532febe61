// The chat group (spec §3 Chat message, §5 Chat, §6 moderation, §7 /api/chat/*): message shapes
// shared by the API answers and the hub's loadChat/newMessage frames, and every request body.
// Money is dollars (≤ 2 decimals); times are epoch ms.
import { z } from "zod";
import { CHAT } from "../constants";
import { dollarsJson, signedDollarsJson } from "../money";
import { itemJson } from "./crash";
import { emptyBody, idSchema } from "./common";
import { contract } from "./contract";
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

// ── the calls (shared/api/contract.ts) ───────────────────────────────────────
/**
 * What a ban or an unban may be refused with (worker/chat/mutes.ts ModerationResult: both share
 * the one union, so both declare every key with the status the domain gives it).
 */
const moderationRefusals = {
  "chat_api.cannot_block_self": 400,
  "chat_api.user_not_found": 404,
  "chat_api.cannot_block_staff": 403,
  "chat_api.invalid_reason": 400,
  "chat_api.already_blocked": 409,
  "chat_api.not_blocked": 409,
} as const;

export const chatCalls = {
  getMessages: contract({
    method: "POST",
    path: "/api/chat/getMessages",
    access: "public",
    body: emptyBody,
    answer: getMessagesAnswer,
    refusals: {},
    summary: "The kept chat history, oldest first",
  }),
  sendMessage: contract({
    method: "POST",
    path: "/api/chat/sendMessage",
    access: "public",
    body: sendMessageBody,
    answer: sendMessageAnswer,
    // the room's one send path (worker/rooms/chat/send.ts) refuses a visitor too
    refusals: {
      "chat_api.unauthorized": 401,
      "chat_api.empty": 400,
      "chat_api.too_long": 400,
      "chat_api.links": 400,
      "chat_api.command_not_found": 400,
      "chat_api.round_not_found": 404,
      "chat_api.too_fast": 429,
      "chat_api.banned": 403,
      "chat_api.banned_forever": 403,
      // a player on a break (docs/protection.md "Breaks")
      "user_api.excluded": 403,
      "chat_api.min_deposit": 403,
    },
    summary: "Posts a message or a command card (a mute answers its minutes left and reason)",
  }),
  delete: contract({
    method: "POST",
    path: "/api/chat/delete",
    access: "staff",
    forbidden: "chat_api.forbidden",
    body: deleteMessageBody,
    answer: deleteAnswer,
    refusals: { "chat_api.invalid_reason": 400, "chat_api.message_not_found": 404 },
    summary: "Staff: removes a kept message (audited, with the reason when given)",
  }),
  ban: contract({
    method: "POST",
    path: "/api/chat/ban",
    access: "staff",
    forbidden: "chat_api.forbidden",
    body: banBody,
    answer: banAnswer,
    refusals: moderationRefusals,
    summary: "Staff: mutes a user for some minutes or forever",
  }),
  mutes: contract({
    method: "POST",
    path: "/api/chat/mutes",
    access: "staff",
    forbidden: "chat_api.forbidden",
    body: emptyBody,
    answer: mutesAnswer,
    refusals: {},
    summary: "Staff: the active mutes, newest first",
  }),
  unBan: contract({
    method: "POST",
    path: "/api/chat/unBan",
    access: "staff",
    forbidden: "chat_api.forbidden",
    body: unBanBody,
    answer: unBanAnswer,
    refusals: moderationRefusals,
    summary: "Staff: lifts a user's active mute",
  }),
  clear: contract({
    method: "POST",
    path: "/api/chat/clear",
    access: "staff",
    forbidden: "chat_api.forbidden",
    body: emptyBody,
    answer: clearAnswer,
    refusals: {},
    summary: 'Staff: clears the history (only the "chat cleared" system message stays)',
  }),
  quizStart: contract({
    method: "POST",
    path: "/api/admin/chat/quiz/start",
    access: "staff",
    forbidden: "chat_api.forbidden",
    body: quizStartBody,
    answer: quizStartAnswer,
    refusals: { "chat_api.quiz_running": 409, "chat_api.quiz_item_unavailable": 409 },
    summary: "Staff: starts a chat quiz with a house item as the prize (reserved while it runs)",
  }),
  quizItems: contract({
    method: "POST",
    path: "/api/admin/chat/quiz/items",
    access: "staff",
    forbidden: "chat_api.forbidden",
    body: quizItemsBody,
    answer: quizItemsAnswer,
    refusals: {},
    summary: "Staff: house items that may be a quiz prize, by market_hash_name",
  }),
  quizStop: contract({
    method: "POST",
    path: "/api/admin/chat/quiz/stop",
    access: "staff",
    forbidden: "chat_api.forbidden",
    body: emptyBody,
    answer: quizStopAnswer,
    refusals: { "chat_api.quiz_not_running": 409 },
    summary: "Staff: ends the running quiz without a winner (the prize returns to the house)",
  }),
};
