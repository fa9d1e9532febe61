import { z } from "zod";
import { API_LIMITS, STEAM_APP_ID } from "../constants";

/** Calls whose §7 payload is "none": any JSON object is accepted and ignored. */
export const emptyBody = z.object({}).passthrough();

// ---- ids and pages (docs/security.md "Strict ids and pages") ----
// A coercing schema (z.coerce.number) once read `true` as 1, `[5]` as 5 and "1e2" as 100, and a
// fuzzer renamed two cases that way. Nothing here calls Number() on text that is not plain digits.

/** An id sent as a JSON number: a positive safe integer (not 1.5, 0, -1, 2^53, NaN). */
export const idNumberSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Digits only: no sign, no leading zero, no exponent, no spaces, at most 16 digits. */
export const ID_DIGITS = /^[1-9][0-9]{0,15}$/;

/** An id sent as text (a query string, a path segment, a JSON object key, a §7 client's "12"). */
export const idTextSchema = z.string().regex(ID_DIGITS).transform(Number).pipe(idNumberSchema);

/** A path segment or other text as an id, or null (the SPA's /cases/:id; never Number("1e2")). */
export function idFromText(text: string | undefined): number | null {
  const parsed = idTextSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

/**
 * The one id schema of every API body: a JSON number or a string of plain digits (§7 clients
 * send "12" as well as 12). Never true, [5], "1e2", " 5", "05", 1.5, 0, -1, 2^53 or null.
 */
export const idSchema = z.union([idNumberSchema, idTextSchema]);

/** A list page: 1 … API_LIMITS.maxPage, as strict as an id. */
export const pageSchema = idSchema.pipe(z.number().max(API_LIMITS.maxPage));

/** appId as §7 sends it: the number 730 or the text "730" (only CS2 has items); nothing coerced. */
export const appIdSchema = z.union([z.literal(STEAM_APP_ID), z.literal(String(STEAM_APP_ID))]).transform((): typeof STEAM_APP_ID => STEAM_APP_ID);

// ---- the one error answer ----

/**
 * Every refusal, whatever the route (worker/lib/http.ts fail(), shared/errors.ts errorBody): the
 * three §7 answer styles all say "error", and `message` is a §8 server key (or an admin route's
 * text with a space). Some refusals add fields (`field` of app_api.invalid_request, a mute's
 * `duration`/`reason`, chat_api.min_deposit's `sum`), so extra keys are allowed here.
 */
export const errorAnswer = z.looseObject({
  status: z.literal("error"),
  type: z.literal("error"),
  success: z.literal(false),
  message: z.string().min(1),
});

/**
 * The display fields of a catalogue item (§3 Item card): the store's cards, inventory rows and a
 * case's contents all show an item with these.
 */
export const catalogueDisplayFields = {
  market_hash_name: z.string(),
  name: z.string(),
  exterior: z.string().nullable(),
  rarity: z.string(),
  rarity_color: z.string(),
  image: z.string(),
};
