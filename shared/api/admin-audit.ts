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

/**
 * POST /api/admin/chat/log: every message the chat posted, newest first by message id (keyset:
 * `cursor` is the previous page's last id). `text` is a case-insensitive substring (folded as the
 * chat's link filter folds text: NFKC, invisible characters dropped, lower case); `from`/`to`
 * bound the send time (epoch ms, inclusive); `deleted` true = deleted ones only, false = none of them.
 */
export const chatLogBody = z.strictObject({
  /** a JSON number (a console route: no §7 client sends "12") */
  user_id: idNumberSchema.optional(),
  text: z.string().trim().max(100).optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
  deleted: z.boolean().optional(),
  cursor: idNumberSchema.optional(),
});

/** A chat message in the log (table chat_messages): with who deleted it, when and why, once deleted. */
export const chatLogRowJson = z.strictObject({
  /** the room's message id (the one players see) */
  id: z.number().int().positive(),
  /** id 0 is the system (its text is a key of the "chat" namespace) */
  user: z.strictObject({ id: z.number().int().nonnegative(), username: z.string(), avatar: z.string() }),
  type: z.string(),
  text: z.string(),
  params: z.record(z.string(), z.string()).optional(),
  /** when it was sent (epoch ms) */
  time: z.number().int(),
  /** null while the message is not deleted */
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
    summary:
      "Console: the chat log — every message the chat posted, deleted ones with who deleted them; by author, text, time, deleted (keyset by id, newest first)",
  }),
};
