// Skin withdrawals (spec §4 Withdraw flow, §7 POST /api/withdraws/send): request bodies and answers.
// Money in JSON is dollars (≤ 2 decimals); the server works in cents.
//
// POST /api/withdraws/preview {items} → WithdrawPreviewAnswer — what a send of these items would
//   cost (shown before the player confirms: the 20 % site fee of §9). Same rules and refusals as
//   send (below), so the client can show the key a send would get; moves nothing.
// POST /api/withdraws/send {items, request_id?} → WithdrawSendAnswer — the items become 'withdrawing',
//   the fee is debited, and the trade-bot queue sends the offer. A retry with the same request_id
//   answers the first answer again.
//
// `items` is either an object keyed by inventory item ids (myId; the values are ignored, §7
// "items keyed by item id") or an array of those ids. Duplicates count once.
//
// Refusals, in this order (errorBody with the key as `message`):
//   409 inventory_api.withdraw_blocked      no trade bot configured (withdrawals switched off)
//   400 inventory_api.item_not_found        nothing selected
//   400 inventory_api.too_many_items        more than WITHDRAW.maxItems items
//   400 inventory_api.trade_link_required   no trade link saved
//   403 inventory_api.deposit_required      no deposit made yet
//   409 inventory_api.wait_last_withdraw    a withdrawal of this user is still 'sending' / 'moderation'
//   409 inventory_api.item_not_found        an item not owned or not 'available' (e.g. staked 'in_bet')
//   409 inventory_api.items_withdrawing     an item is already being withdrawn
//   409 inventory_api.trade_protected       an item credited by a skins deposit whose trade-protection window is open
//   400 inventory_api.insufficient_funds    balance < fee
//   400 app_api.invalid_request             malformed body; 401 user_api.unauthorized for a visitor
import { z } from "zod";
import { idSchema, idTextSchema } from "./common";
import { dollarsJson } from "../money";
import { contract } from "./contract";
import { requestIdSchema } from "./store";

/** Parsing cap only (the rule WITHDRAW.maxItems answers inventory_api.too_many_items below it). */
const PARSE_CAP = 500;

const idKey = idTextSchema;

/** `items` as sent → distinct inventory item ids, in the order given. */
export const withdrawItemsSchema = z.union([z.array(idSchema).max(PARSE_CAP), z.record(z.string(), z.unknown())]).transform((v, ctx) => {
  const raw = Array.isArray(v) ? v : Object.keys(v);
  if (raw.length > PARSE_CAP) {
    ctx.addIssue({ code: "custom", message: "too many ids" });
    return z.NEVER;
  }
  const ids: number[] = [];
  for (const r of raw) {
    const parsed = typeof r === "number" ? { success: true as const, data: r } : idKey.safeParse(r);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "item ids must be positive integers" });
      return z.NEVER;
    }
    if (!ids.includes(parsed.data)) ids.push(parsed.data);
  }
  return ids;
});

export const withdrawPreviewBody = z.object({ items: withdrawItemsSchema });

export const withdrawSendBody = z.object({
  items: withdrawItemsSchema,
  /** optional idempotency key (letters, digits, _ . : -; ≤ 64) */
  request_id: requestIdSchema.optional(),
});

export const withdrawPreviewAnswer = z.object({
  /** Σ booked prices of the items (dollars) */
  amount: dollarsJson,
  /** ceil(amount · fee_percent / 100) to the cent, debited from the balance on send (dollars) */
  fee: dollarsJson,
  fee_percent: z.number(),
});

export const withdrawSendAnswer = z.object({
  status: z.literal("success"),
  message: z.literal("inventory_api.withdraw_sent"),
  /** the withdrawal (uuid): its row in getProfile `withdraws` */
  id: z.string(),
});

/** Withdrawal statuses (§4): the queue works 'sending'; 'moderation' is held for staff review. */
export const WITHDRAWAL_STATUSES = ["sending", "moderation", "completed", "canceled"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** One skin withdrawal in getProfile `withdraws` (§3 Withdrawal history columns). */
export const skinWithdrawRow = z.object({
  id: z.string(),
  system: z.literal("skins"),
  /** the trade link the offer went to */
  wallet: z.string(),
  /** Σ item prices (dollars); the fee is not included */
  amount: dollarsJson,
  status: z.enum(WITHDRAWAL_STATUSES),
  /** whether the trade bot has made the offer (a 'sending' one without it for OPS.stuckTradeMs waits on the bot) */
  offer: z.boolean(),
  /** the code in the offer's message: the player compares it before accepting (null: no offer, or none given) */
  security_code: z.string().nullable(),
  action: z.null(),
  /** epoch ms */
  date: z.number().int().nonnegative(),
});
export type SkinWithdrawRow = z.infer<typeof skinWithdrawRow>;

/**
 * POST /api/user/cancelWithdraw {id, type} (§7: answers `type`, then profile and balance reload).
 * Served for money withdrawals (worker/api/user/money-withdraw-routes.ts, type "money"); a skin
 * withdrawal cannot be cancelled (profile's canCancelWithdrawal). The SPA's cancel button parses this shape.
 */
export const cancelWithdrawAnswer = z.object({ type: z.enum(["success", "error"]), message: z.string().optional() });

// ── the calls (shared/api/contract.ts) ───────────────────────────────────────

/**
 * The refusals of a send, and of its preview. inventory_api.item_not_found answers 409 (an item
 * not owned or not available) and 400 (nothing selected).
 */
const sendRefusals = {
  "inventory_api.withdraw_blocked": 409,
  "inventory_api.item_not_found": [409, 400],
  "inventory_api.too_many_items": 400,
  "inventory_api.trade_link_required": 400,
  "inventory_api.deposit_required": 403,
  "inventory_api.wait_last_withdraw": 409,
  "inventory_api.items_withdrawing": 409,
  "inventory_api.trade_protected": 409,
  "inventory_api.insufficient_funds": 400,
} as const;

export const withdrawsCalls = {
  preview: contract({
    method: "POST",
    path: "/api/withdraws/preview",
    access: "user",
    body: withdrawPreviewBody,
    answer: withdrawPreviewAnswer,
    refusals: sendRefusals,
    summary: "What a skin withdrawal of these items would cost, or the refusal a send would get (moves nothing)",
  }),
  send: contract({
    method: "POST",
    path: "/api/withdraws/send",
    access: "user",
    body: withdrawSendBody,
    answer: withdrawSendAnswer,
    refusals: sendRefusals,
    summary: "Withdraws items as skins: the fee is debited and the trade bot sends the offer",
  }),
};
