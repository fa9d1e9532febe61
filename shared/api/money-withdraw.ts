// Money withdrawals (spec §3 Withdrawal request, §4 statuses and flow, §5 Withdrawal,
// §7 getAvailableWithdraw / createWithdraw / cancelWithdraw, §9 tax and systems; docs/payments.md "Money
// withdrawals"). The player selects inventory items; their value at the current catalogue price
// (the one valuation rule) minus the 20 % tax is sent to a wallet or card. The items leave the
// inventory when the request is made; a cancel (player, while in moderation), a staff rejection
// or a failed payout gives them back (or their value, when an item left the catalogue).
//
// POST /api/user/getAvailableWithdraw {}                                  → AvailableWithdrawAnswer
// POST /api/user/createWithdraw {sum, wallet, system, items, request_id?}  → CreateWithdrawAnswer
// POST /api/user/cancelWithdraw {id, type: "money"}                        → {type, message}
//   (cancelWithdrawAnswer in shared/api/withdraws.ts; then the profile and balance reload)
// The history rows are the profile's `withdraws` (getProfile): {id, type: "money", system (1–4),
// wallet (masked), amount, status, action ("cancel" | null), date} next to the skin rows.
//
// Statuses (§4): moderation (waiting for staff) → sending (approved or auto-approved: the payout
// is with the provider) → completed; canceled (by the player in moderation, rejected by staff,
// or the payout failed: everything returned).
//
// Refusals (errorBody, key as `message`), in this order:
//   403 withdrawal_api.deposit_required     no deposit yet (§5)
//   409 withdrawal_api.wait_last_withdraw   a money withdrawal is still moderation / sending (§5)
//   403 withdrawal_api.wager_required       bets below deposits (+ `left`: dollars still to bet)
//   409 withdrawal_api.money_limit          the rolling money limit is used up: skins only (§5)
//   400 withdrawal_api.no_items / too_many_items / min_sum
//   409 withdrawal_api.item_not_found       an item not the player's or not available
//   409 withdrawal_api.trade_protected      an item in its trade-protection window
//   409 withdrawal_api.sum_changed          `sum` ≠ the items' value now (+ `sum`: the value now)
//   409 withdrawal_api.max_withdraw         above what getAvailableWithdraw allows (+ `available`)
//   409 withdrawal_api.system_unavailable   no payout provider configured for the system
//   400 withdrawal_api.invalid_wallet       the account does not fit the system (card: Luhn)
//   503 app_api.maintenance, 401 user_api.unauthorized, 403 user_api.banned, 400 app_api.invalid_request
import { z } from "zod";
import { CONSOLE, type MONEY_WITHDRAW } from "../constants";
import { dollarsJson, dollarsSchema } from "../money";
import { emptyBody, idSchema } from "./common";
import { contract } from "./contract";
import { nextCursorJson, sortedListBody, sortedListInvalid, sortedListRefusals } from "./keyset";
import { requestIdSchema } from "./store";
import { cancelWithdrawAnswer } from "./withdraws";

export type WithdrawSystemNumber = keyof typeof MONEY_WITHDRAW.systems;
export type WithdrawSystemId = (typeof MONEY_WITHDRAW.systems)[WithdrawSystemNumber];

/** §3 `system`: 1 wallet A, 2 wallet B, 3 card, 4 prepaid wallet (a number, or its digit as text). */
export const withdrawSystemSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.enum(["1", "2", "3", "4"]).transform(Number),
]) as z.ZodType<WithdrawSystemNumber, unknown>;

export const withdrawStatus = z.enum(["moderation", "sending", "completed", "canceled"]);
export type WithdrawStatus = z.infer<typeof withdrawStatus>;

export const availableWithdrawAnswer = z.object({
  /** dollars the player may withdraw as money now (0 when blocked) */
  available: dollarsJson,
  min_sum: dollarsJson,
  tax_percent: z.number().int().nonnegative(),
  /** the first rule that blocks a money withdrawal now, or null */
  blocked: z
    .enum(["withdrawal_api.deposit_required", "withdrawal_api.wait_last_withdraw", "withdrawal_api.wager_required", "withdrawal_api.money_limit"])
    .nullable(),
  systems: z.array(z.object({ id: z.number().int().min(1).max(4), name: z.enum(["wallet_a", "wallet_b", "card", "prepaid"]), available: z.boolean() })),
  /** the figures behind the rules (dollars), so the client can explain them */
  wager: z.object({
    deposits: dollarsJson,
    bets: dollarsJson,
    /** money withdrawn so far (moderation, sending and completed) */
    withdrawn: dollarsJson,
    factor: z.number().int().positive(),
  }),
  money_limit: z.object({ limit: dollarsJson, used: dollarsJson, window_hours: z.number().int().positive() }),
});
export type AvailableWithdrawAnswer = z.infer<typeof availableWithdrawAnswer>;

export const createWithdrawBody = z.object({
  /** the value the player saw (dollars); the server recomputes it and refuses a different one */
  sum: dollarsSchema,
  /** the account: a card number, a wallet number (validated per system on the server) */
  wallet: z.string().trim().min(1).max(64),
  system: withdrawSystemSchema,
  /** inventory item ids */
  items: z.array(idSchema).min(1).max(200),
  request_id: requestIdSchema.optional(),
});
export type CreateWithdrawRequest = z.input<typeof createWithdrawBody>;

export const moneyWithdrawJson = z.object({
  id: z.number().int(),
  type: z.literal("money"),
  system: z.number().int().min(1).max(4),
  /** masked: the last 4 characters shown */
  wallet: z.string(),
  /** the items' value, dollars */
  amount: dollarsJson,
  tax: dollarsJson,
  /** what arrives: amount − tax */
  payout: dollarsJson,
  status: withdrawStatus,
  action: z.enum(["cancel"]).nullable(),
  date: z.number().int(),
});
export type MoneyWithdrawJson = z.infer<typeof moneyWithdrawJson>;

export const createWithdrawAnswer = z.object({
  status: z.literal("success"),
  message: z.enum(["withdrawal_api.created", "withdrawal_api.sending"]),
  withdraw: moneyWithdrawJson,
});

export const cancelWithdrawBody = z.object({ id: idSchema, type: z.literal("money") });

// ---- staff: the moderation queue (admin only, audited) ----

/** The queue's sorts: the oldest request first (the default: a queue), the newest, the largest amount. */
export const WITHDRAW_SORTS = { oldest: "int", newest: "int", amount: "int" } as const;
export type WithdrawSort = keyof typeof WITHDRAW_SORTS;
export const adminWithdrawListBody = sortedListBody({ status: withdrawStatus.optional() }, WITHDRAW_SORTS, "oldest");

export const adminWithdrawJson = moneyWithdrawJson.extend({
  user: z.object({ id: z.number().int(), username: z.string() }),
  /** the full account (staff see it unmasked) */
  wallet_full: z.string(),
  items: z.array(z.object({ id: z.number().int(), market_hash_name: z.string(), price: dollarsJson })),
  /** the player's record, for the decision */
  player: z.object({ deposits: dollarsJson, bets: dollarsJson, withdrawn: dollarsJson, registered_at: z.number().int() }),
  reason: z.string().nullable(),
});

export const adminWithdrawListAnswer = z.object({
  withdraws: z.array(adminWithdrawJson).max(CONSOLE.pageSize),
  /** the cursor of the next page; null on the last one */
  next_cursor: nextCursorJson,
});

export const adminWithdrawDecideBody = z.strictObject({
  id: idSchema,
  decision: z.enum(["approve", "reject"]),
  /** required for a rejection (shown to the player), optional for an approval */
  reason: z.string().trim().max(300).optional(),
});

export const adminWithdrawDecideAnswer = z.object({ success: z.literal(true), withdraw: adminWithdrawJson });

// ── the calls (shared/api/contract.ts) ───────────────────────────────────────

// an empty `items` list is the rule's own refusal, not a malformed body
const noItems = (e: { issues: { path: PropertyKey[]; code: string }[] }) =>
  e.issues.some((i) => i.path[0] === "items" && i.code === "too_small") ? ("withdrawal_api.no_items" as const) : undefined;

export const moneyWithdrawCalls = {
  getAvailableWithdraw: contract({
    method: "POST",
    path: "/api/user/getAvailableWithdraw",
    access: "user",
    body: emptyBody,
    answer: availableWithdrawAnswer,
    refusals: {},
    summary: "What may leave as money now, the rule that blocks more, and the figures behind it",
  }),
  createWithdraw: contract({
    method: "POST",
    path: "/api/user/createWithdraw",
    access: "user",
    body: createWithdrawBody,
    answer: createWithdrawAnswer,
    refusals: {
      "app_api.maintenance": 503,
      "withdrawal_api.deposit_required": 403,
      "withdrawal_api.wait_last_withdraw": 409,
      "withdrawal_api.wager_required": 403,
      "withdrawal_api.money_limit": 409,
      "withdrawal_api.no_items": 400,
      "withdrawal_api.too_many_items": 400,
      "withdrawal_api.min_sum": 400,
      "withdrawal_api.item_not_found": 409,
      "withdrawal_api.trade_protected": 409,
      "withdrawal_api.sum_changed": 409,
      "withdrawal_api.max_withdraw": 409,
      "withdrawal_api.system_unavailable": 409,
      "withdrawal_api.invalid_wallet": 400,
    },
    invalid: noItems,
    summary: "A money withdrawal of inventory items: into moderation, or straight to the payout",
  }),
  cancelWithdraw: contract({
    method: "POST",
    path: "/api/user/cancelWithdraw",
    access: "user",
    body: cancelWithdrawBody,
    answer: cancelWithdrawAnswer,
    refusals: { "withdrawal_api.not_found": 404, "withdrawal_api.cannot_cancel": 409 },
    summary: "Cancels the caller's money withdrawal while it is in moderation (items given back)",
  }),
  adminList: contract({
    method: "POST",
    path: "/api/admin/withdraws/list",
    access: "admin",
    body: adminWithdrawListBody,
    answer: adminWithdrawListAnswer,
    refusals: sortedListRefusals,
    invalid: sortedListInvalid,
    summary: "Admin: the money-withdrawal queue, by status; oldest, newest or largest first (keyset)",
  }),
  adminDecide: contract({
    method: "POST",
    path: "/api/admin/withdraws/decide",
    access: "admin",
    body: adminWithdrawDecideBody,
    answer: adminWithdrawDecideAnswer,
    refusals: { "withdrawal_api.reason_required": 400, "withdrawal_api.not_found": 404, "withdrawal_api.already_decided": 409 },
    summary: "Admin: approves a money withdrawal (to the payout) or rejects it with a reason (everything given back)",
  }),
};
