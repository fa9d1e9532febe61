// The operator console's logs: the audit log (admins; docs/security.md "Audit log") and the chat
// log (moderators and admins): request bodies and answers.
import { z } from "zod";
import { CONSOLE } from "../constants";
import { idNumberSchema } from "./common";
import { contract } from "./contract";
import { sortedListInvalid, sortedListRefusals } from "./keyset";
import { userIdSchema } from "./user";

const epochMs = z.number().int().nonnegative();
/** an action name ("user.ban") or, ending in a dot, every action under it ("user.") */
const actionFilter = z
  .string()
  .regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]*)*$/)
  .max(64);

/** POST /api/admin/audit/list: newest first, the only sort (a log); the cursor is the last shown row's id. */
export const auditListBody = z.strictObject({
  sort: z.enum(["newest"]).default("newest"),
  actor_id: userIdSchema.optional(),
  action: actionFilter.optional(),
  target_user_id: userIdSchema.optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
  cursor: idNumberSchema.optional(),
});

const personJson = z.strictObject({ id: z.number().int(), username: z.string() });

export const auditRowJson = z.strictObject({
  id: z.number().int().positive(),
  actor: personJson,
  action: z.string(),
  target: personJson.nullable(),
  details: z.record(z.string(), z.unknown()),
  /** the state the action changed, before and after it (null when the row does not record one) */
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.number().int(),
});
export type AuditRowJson = z.infer<typeof auditRowJson>;

export const auditListAnswer = z.object({
  rows: z.array(auditRowJson).max(CONSOLE.pageSize),
  next_cursor: z.number().int().nullable(),
  /** every action the log holds, for the filter's select */
  actions: z.array(z.string()),
});

/** POST /api/admin/chat/log: the chat's messages newest first, deleted ones with who deleted them. */
export const chatLogBody = z.strictObject({
  user_id: userIdSchema.optional(),
  text: z.string().trim().max(100).optional(),
  cursor: idNumberSchema.optional(),
});

/**
 * A chat message in the log. The room keeps only its latest messages (CHAT.historySize); a deleted
 * one is read back from its audit row (chat.delete), which has its text but not when it was sent.
 */
export const chatLogRowJson = z.strictObject({
  /** the room's message id */
  id: z.number().int().positive(),
  /** id 0 is the system (its text is a key of the "chat" namespace) */
  user: z.strictObject({ id: z.number().int().nonnegative(), username: z.string(), avatar: z.string() }),
  type: z.string(),
  text: z.string(),
  params: z.record(z.string(), z.string()).optional(),
  /** when it was sent; null for a deleted message (not recorded) */
  time: z.number().int().nullable(),
  /** null while the message is in the chat */
  deleted: z.strictObject({ by: personJson, at: z.number().int(), reason: z.string().nullable() }).nullable(),
});
export type ChatLogRowJson = z.infer<typeof chatLogRowJson>;

export const chatLogAnswer = z.object({
  rows: z.array(chatLogRowJson).max(CONSOLE.chatPageSize),
  next_cursor: z.number().int().nullable(),
});

export const consoleLogCalls = {
  auditList: contract({
    method: "POST",
    path: "/api/admin/audit/list",
    access: "admin",
    body: auditListBody,
    answer: auditListAnswer,
    refusals: sortedListRefusals,
    invalid: sortedListInvalid,
    summary: "Console: the audit log by actor, action (or prefix), target and time (keyset by id, newest first)",
  }),
  chatLog: contract({
    method: "POST",
    path: "/api/admin/chat/log",
    access: "staff",
    forbidden: "chat_api.forbidden",
    body: chatLogBody,
    answer: chatLogAnswer,
    refusals: {},
    summary: "Console: the chat's kept messages and every deleted one with who deleted it, newest first",
  }),
};
