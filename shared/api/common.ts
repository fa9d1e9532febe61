import { z } from "zod";

/** Calls whose §7 payload is "none": any JSON object is accepted and ignored. */
export const emptyBody = z.object({}).passthrough();

export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
