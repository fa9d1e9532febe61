// Skins deposit (spec §4 Deposit, §5 "Skins deposit needs the skins type and no pending
// promocode", a trade link is required): the player picks items from their game-platform (CS2,
// app 730) inventory as the trade bot lists it; the bot sends an offer asking for them; accepted →
// the items join the site inventory at the current catalogue price (one D1 batch with the bell
// row); declined / expired → nothing. Credited items cannot be withdrawn before `tradable_after`
// (the platform's trade-protection window, SKINS_DEPOSIT.protectionMs).
//
// POST /api/payment/skins/inventory {}          → SkinsInventoryAnswer (the bot's listing; items the
//   catalogue does not know come with accepted: false and price null)
// POST /api/payment/skins/create {items, request_id?} → SkinsCreateAnswer (items: asset ids of
//   the listing; the offer as the history shows it)
// POST /api/payment/skins/history {}            → SkinsHistoryAnswer (the last 50, newest first;
//   the SPA polls it while an offer is open)
//
// Refusals (errorBody, key as `message`):
//   409 deposit_api.skins_disabled      no trade bot configured
//   400 deposit_api.trade_link_required no trade link saved
//   503 deposit_api.bot_unavailable     the bot did not answer
//   400 deposit_api.none_selected / too_many_items (> SKINS_DEPOSIT.maxItems)
//   400 deposit_api.items_not_accepted  an id not in the listing, not tradable or unknown to the catalogue
//   409 deposit_api.offer_pending       an offer of this player is still open
//   503 app_api.maintenance             the site is in maintenance
//   401 user_api.unauthorized, 403 user_api.banned, 400 app_api.invalid_request (malformed body)
import { z } from "zod";
import { dollarsJson } from "../money";
import { emptyBody } from "./common";
import { contract } from "./contract";
import { requestIdSchema } from "./store";

/** Parsing cap only (SKINS_DEPOSIT.maxItems answers deposit_api.too_many_items below it). */
const PARSE_CAP = 200;

/** A game-platform asset id: digits (Steam's are decimal, up to 20 digits). */
export const assetIdSchema = z.string().regex(/^[0-9]{1,24}$/);

export const skinsInventoryItem = z.object({
  asset_id: assetIdSchema,
  market_hash_name: z.string(),
  /** the catalogue's data; name is the market name when the catalogue does not know it */
  name: z.string(),
  exterior: z.string().nullable(),
  rarity: z.string().nullable(),
  rarity_color: z.string().nullable(),
  image: z.string().nullable(),
  /** the current catalogue price (dollars); null when not accepted */
  price: dollarsJson.nullable(),
  /** depositable: tradable now and known to the catalogue */
  accepted: z.boolean(),
  /** for an item Steam holds (trade protection, a trade hold): when it becomes tradable (ms since the epoch), when Steam says */
  tradable_after: z.number().int().nullable(),
});
export type SkinsInventoryItem = z.infer<typeof skinsInventoryItem>;

export const skinsInventoryAnswer = z.object({ items: z.array(skinsInventoryItem) });

export const skinsCreateBody = z.object({
  items: z
    .array(assetIdSchema)
    .max(PARSE_CAP)
    .transform((ids) => [...new Set(ids)]),
  /** optional idempotency key: a retry answers the first offer */
  request_id: requestIdSchema.optional(),
});

export const SKIN_DEPOSIT_STATES = ["sending", "active", "accepted", "declined", "expired", "failed"] as const;
export type SkinDepositState = (typeof SKIN_DEPOSIT_STATES)[number];

export const skinDepositJson = z.object({
  id: z.string(),
  /** the bot's offer id (null until the bot made the offer) */
  offer_id: z.string().nullable(),
  /** the code in the offer's message: the player compares it before accepting (null: none given) */
  security_code: z.string().nullable(),
  state: z.enum(SKIN_DEPOSIT_STATES),
  /** Σ catalogue prices of the items (at the offer; at the credit once credited), dollars */
  amount: dollarsJson,
  items: z.array(
    z.object({
      market_hash_name: z.string(),
      name: z.string(),
      image: z.string(),
      rarity_color: z.string(),
      price: dollarsJson,
      /** the site inventory item once credited */
      item_id: z.number().int().nullable(),
    }),
  ),
  created_at: z.number(),
  finished_at: z.number().nullable(),
  credited_at: z.number().nullable(),
  /** epoch ms until which the credited items cannot be withdrawn (null until credited) */
  tradable_after: z.number().nullable(),
});
export type SkinDepositJson = z.infer<typeof skinDepositJson>;

export const skinsCreateAnswer = z.object({
  status: z.literal("success"),
  message: z.literal("deposit_api.offer_sent"),
  deposit: skinDepositJson,
});

export const skinsHistoryAnswer = z.object({ deposits: z.array(skinDepositJson) });

/**
 * The public status line of skin trading (docs/trade-bot.md "Status line"): whether it is on, the
 * bot accounts online of all (as the bot's /health reports them; null when it did not answer),
 * whether the bot — and through it Steam — answers, and the skin requests waiting in the queue.
 */
export const skinsStatusAnswer = z.strictObject({
  enabled: z.boolean(),
  bots_online: z.number().int().nonnegative().nullable(),
  bots_total: z.number().int().nonnegative().nullable(),
  steam: z.enum(["answering", "not_answering"]),
  queue: z.number().int().nonnegative(),
});
export type SkinsStatusAnswer = z.infer<typeof skinsStatusAnswer>;

// ── the calls (shared/api/contract.ts) ───────────────────────────────────────
export const skinsDepositCalls = {
  inventory: contract({
    method: "POST",
    path: "/api/payment/skins/inventory",
    access: "user",
    body: emptyBody,
    answer: skinsInventoryAnswer,
    refusals: { "deposit_api.skins_disabled": 409, "deposit_api.trade_link_required": 400, "deposit_api.bot_unavailable": 503 },
    summary: "The caller's CS2 inventory as the trade bot lists it, with what the site accepts",
  }),
  create: contract({
    method: "POST",
    path: "/api/payment/skins/create",
    access: "user",
    body: skinsCreateBody,
    answer: skinsCreateAnswer,
    refusals: {
      "deposit_api.skins_disabled": 409,
      "app_api.maintenance": 503,
      "deposit_api.none_selected": 400,
      "deposit_api.too_many_items": 400,
      "deposit_api.trade_link_required": 400,
      "deposit_api.offer_pending": 409,
      "deposit_api.bot_unavailable": 503,
      "deposit_api.items_not_accepted": 400,
      // player protection (docs/protection.md): deposit_limit's answer adds `period` and `resets_at`
      "user_api.excluded": 403,
      "user_api.terms_outdated": 403,
      "deposit_api.deposit_limit": 409,
    },
    summary: "Asks the trade bot to send an offer for these items of the caller's inventory",
  }),
  status: contract({
    method: "POST",
    path: "/api/payment/skins/status",
    access: "public",
    body: emptyBody,
    answer: skinsStatusAnswer,
    refusals: {},
    summary: "Skin trading's status line: bots online, whether Steam answers, the queue",
  }),
  history: contract({
    method: "POST",
    path: "/api/payment/skins/history",
    access: "user",
    body: emptyBody,
    answer: skinsHistoryAnswer,
    refusals: {},
    summary: "The caller's skins deposits, newest first (polled while an offer is open)",
  }),
};
