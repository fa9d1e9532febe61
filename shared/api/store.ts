// The storehouse (spec §3 Store item / Item card, §5, §7 /api/all-items/getList, /api/user/buy,
// /api/user/sell): request bodies and answers. Money in JSON is dollars (≤ 2 decimals).
// Selection limits carry their storehouse message key as the zod message, so the server answers
// storehouse_api.none_selected / too_many_items (see storeKeyOf) and app_api.invalid_request for
// anything else that is malformed.
import { z } from "zod";
import { STORE } from "../constants";
import { dollarsJson, toCents } from "../money";
import { appIdSchema, catalogueDisplayFields, idSchema, pageSchema } from "./common";
import { contract } from "./contract";
import { inventoryItemSchema } from "./inventory";

// ── building blocks ──────────────────────────────────────────────────────────

/** A price bound in a request: dollars ≥ 0 with ≤ 2 decimals, as a number or numeric string → cents. */
const priceBound = z.union([z.number(), z.string().trim().min(1)]).transform((v, ctx) => {
  try {
    const cents = toCents(v);
    if (cents >= 0) return cents;
  } catch {
    // falls through to the issue below
  }
  ctx.addIssue({ code: "custom", message: "dollars ≥ 0 with at most two decimals" });
  return z.NEVER;
});

/** A client-made idempotency key: a retry with the same key answers the first answer, moving nothing. */
export const requestIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);

const NONE_SELECTED = "storehouse_api.none_selected";
const TOO_MANY = "storehouse_api.too_many_items";

/** 1 … STORE.maxItemsPerOperation distinct ids. */
const selection = z
  .array(idSchema)
  .min(1, NONE_SELECTED)
  .max(STORE.maxItemsPerOperation, TOO_MANY)
  .refine((ids) => new Set(ids).size === ids.length, "ids must be unique");

/** 0 … STORE.maxItemsPerOperation distinct ids (the exchange part of a buy). */
const optionalSelection = z
  .array(idSchema)
  .max(STORE.maxItemsPerOperation, TOO_MANY)
  .refine((ids) => new Set(ids).size === ids.length, "ids must be unique");

/**
 * The storehouse key a failed parse should answer (none_selected before too_many_items), or
 * undefined when the failure is plain bad input (→ app_api.invalid_request).
 */
export function storeKeyOf(error: z.ZodError): "storehouse_api.none_selected" | "storehouse_api.too_many_items" | undefined {
  const messages = error.issues.map((i) => i.message);
  if (messages.includes(NONE_SELECTED)) return NONE_SELECTED;
  if (messages.includes(TOO_MANY)) return TOO_MANY;
  return undefined;
}

// ── requests ─────────────────────────────────────────────────────────────────

/**
 * POST /api/all-items/getList. Prices are parsed into cents (minPrice default 0; maxPrice default:
 * the signed-in user's balance, no bound for a visitor). An empty search is no search.
 */
export const getListBody = z.object({
  appId: appIdSchema,
  page: pageSchema.default(1),
  market_hash_name: z
    .string()
    .trim()
    .max(STORE.searchMaxLength)
    .nullish()
    .transform((s) => (s ? s : undefined)),
  minPrice: priceBound.nullish().transform((v) => v ?? undefined),
  maxPrice: priceBound.nullish().transform((v) => v ?? undefined),
});
/** What a client sends (dollars). */
/** What the server works with (cents). */

/** POST /api/user/buy: buyIds are catalogue ids (one unit each), sellIds inventory item ids (myId). */
export const buyBody = z.object({
  // a missing list is "nothing selected" too (prefault runs [] through the checks)
  buyIds: selection.prefault([]),
  sellIds: optionalSelection.optional().default([]),
  request_id: requestIdSchema.optional(),
});
export type BuyRequest = z.input<typeof buyBody>;

/** POST /api/user/sell: sellIds are inventory item ids (myId). */
export const sellBody = z.object({
  sellIds: selection.prefault([]),
  request_id: requestIdSchema.optional(),
});

// ── answers ──────────────────────────────────────────────────────────────────

/** One card per catalogue item in stock (§3 Item card). */
export const storeItemSchema = z.object({
  /** the catalogue id (what buyIds carry) */
  id: z.number().int().positive(),
  ...catalogueDisplayFields,
  /** the current catalogue price */
  price: dollarsJson,
  /** units in stock (the card caps the shown count, §9) */
  market_count: z.number().int().positive(),
});
export type StoreItemJson = z.infer<typeof storeItemSchema>;

/** Sorted by price desc (then id); `hasMore` = a next page exists. */
export const getListAnswer = z.object({
  data: z.array(storeItemSchema).max(STORE.pageSize),
  page: z.number().int().positive(),
  hasMore: z.boolean(),
});

export const buyAnswer = z.object({
  success: z.literal(true),
  message: z.literal("storehouse_api.items_bought"),
  /** the balance after the purchase */
  balance: dollarsJson,
  /** the bought units, now in the buyer's inventory */
  items: z.array(inventoryItemSchema),
});
export type BuyAnswer = z.infer<typeof buyAnswer>;

export const sellAnswer = z.object({
  success: z.literal(true),
  message: z.literal("storehouse_api.items_sold"),
  /** the balance after the sale */
  balance: dollarsJson,
  /** dollars credited (Σ price − tax) */
  sum: dollarsJson,
});
export type SellAnswer = z.infer<typeof sellAnswer>;

// ── the calls (shared/api/contract.ts) ───────────────────────────────────────
export const storeCalls = {
  getList: contract({
    method: "POST",
    path: "/api/all-items/getList",
    access: "public",
    body: getListBody,
    answer: getListAnswer,
    refusals: {},
    summary: "The store cards in stock, priced up to the caller's balance by default",
  }),
  buy: contract({
    method: "POST",
    path: "/api/user/buy",
    access: "user",
    body: buyBody,
    answer: buyAnswer,
    refusals: {
      "storehouse_api.none_selected": 400,
      "storehouse_api.too_many_items": 400,
      "storehouse_api.buy_running": 409,
      "storehouse_api.items_unavailable": 409,
      "storehouse_api.insufficient_funds": 400,
    },
    invalid: storeKeyOf,
    summary: "Buys store units, optionally paying partly with inventory items given to the house",
  }),
  sell: contract({
    method: "POST",
    path: "/api/user/sell",
    access: "user",
    body: sellBody,
    answer: sellAnswer,
    refusals: {
      "storehouse_api.none_selected": 400,
      "storehouse_api.too_many_items": 400,
      "storehouse_api.sale_running": 409,
      "storehouse_api.items_unavailable": 409,
      "storehouse_api.insufficient_funds": 400,
    },
    invalid: storeKeyOf,
    summary: "Sells inventory items to the house at their catalogue price less the sell tax",
  }),
};
