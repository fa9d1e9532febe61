// Staff routes under /api/admin (admin only, audited): request bodies and answers.
import { z } from "zod";
import { ADMIN, OPS } from "../constants";
import { dollarsSchema } from "../money";
import { USER_NOT_FOUND } from "../errors";
import { contract } from "./contract";
import { userIdSchema } from "./user";

/** POST /api/admin/users/adjust: amount in dollars (≤ 2 decimals, may be negative, never 0). */
export const adjustBody = z.object({
  user_id: userIdSchema,
  amount: dollarsSchema.refine((cents) => cents !== 0 && Math.abs(cents) <= ADMIN.maxAdjustCents, "invalid amount"),
  reason: z.string().trim().min(1).max(ADMIN.adjustReasonMaxLength),
  /** Retrying with the same key answers the first result and moves nothing. Default: a fresh uuid. */
  idempotency_key: z.string().min(ADMIN.idempotencyKeyLength.min).max(ADMIN.idempotencyKeyLength.max).optional(),
});

export const adjustAnswer = z.object({
  success: z.literal(true),
  /** the user's balance in dollars after the adjustment (the current one on a replay) */
  balance: z.number(),
  replay: z.literal(true).optional(),
});

export const banBody = z.object({
  user_id: userIdSchema,
  reason: z.string().trim().max(ADMIN.banReasonMaxLength).optional(),
});

export const unbanBody = z.object({ user_id: userIdSchema });

/** POST /api/admin/users/ban and /unban. */
export const successAnswer = z.object({ success: z.literal(true) });

/**
 * POST /api/admin/maintenance: switches maintenance (§4) on or off, with an optional message
 * players see in the maintenance notice (trimmed; empty = none; dropped when switched off).
 */
export const maintenanceBody = z.strictObject({
  enabled: z.boolean(),
  message: z.string().trim().max(OPS.maintenanceMessageMax).optional(),
});
export const maintenanceAnswer = z.object({ success: z.literal(true), maintenance: z.boolean(), message: z.string().nullable() });

export const adminCalls = {
  maintenance: contract({
    method: "POST",
    path: "/api/admin/maintenance",
    access: "admin",
    body: maintenanceBody,
    answer: maintenanceAnswer,
    refusals: {},
    summary: "Switches maintenance on or off with a message for players, and tells every client",
  }),
  adjust: contract({
    method: "POST",
    path: "/api/admin/users/adjust",
    access: "admin",
    body: adjustBody,
    answer: adjustAnswer,
    refusals: { [USER_NOT_FOUND]: 404, "user_api.insufficient_balance": 409, "user_api.idempotency_conflict": 409 },
    summary: "Adjusts a user's balance with a reason (two-sided with the house, idempotent by key)",
  }),
  ban: contract({
    method: "POST",
    path: "/api/admin/users/ban",
    access: "admin",
    body: banBody,
    answer: successAnswer,
    refusals: { [USER_NOT_FOUND]: 404, "user_api.cannot_ban_self": 409, "user_api.already_banned": 409 },
    summary: "Bans a user: every session and socket ends",
  }),
  unban: contract({
    method: "POST",
    path: "/api/admin/users/unban",
    access: "admin",
    body: unbanBody,
    answer: successAnswer,
    refusals: { [USER_NOT_FOUND]: 404, "user_api.not_banned": 409 },
    summary: "Lifts a user's ban",
  }),
};
