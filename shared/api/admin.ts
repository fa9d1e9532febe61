// Staff routes under /api/admin (admin only, audited): request bodies and answers.
import { z } from "zod";
import { ADMIN } from "../constants";
import { dollarsSchema } from "../money";
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

/** POST /api/admin/maintenance: switches maintenance (§4) on or off. */
export const maintenanceBody = z.strictObject({ enabled: z.boolean() });
export const maintenanceAnswer = z.object({ success: z.literal(true), maintenance: z.boolean() });
