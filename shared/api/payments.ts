// Money deposits (spec §3 Deposit request, §4/§5 Deposit, §7 /api/payment/*;
// docs/payments.md "Payments"). The player names an amount and a method; the server keeps a pending
// payment and answers where to pay: a provider's page (url) or, for the peer-to-peer wallet, the
// details for the second modal. The money is credited only when the provider vouches for it (a
// signed callback, or the wallet's history looked up with the receipt number the player types).
//
// POST /api/payment/methods {}                          → MethodsAnswer
// POST /api/payment/sum/create {sum, depositMethod, promocode?, request_id?} → SumCreateAnswer
// POST /api/payment/sum/history {}                      → SumHistoryAnswer (newest first)
// POST /api/payment/qiwi/check-transaction {transactionId} → CheckTransactionAnswer
//
// Refusals (errorBody, key as `message`):
//   400 deposit_api.min_payment / max_payment         the sum is outside DEPOSIT.minSumCents … maxSumCents
//   400 deposit_api.trade_link_required               no trade link saved (§5)
//   409 deposit_api.method_unavailable                the method is a placeholder or has no credentials
//   400 deposit_api.promo_invalid, 409 promo_already_used / promo_daily_limit (as check-promocode)
//   503 deposit_api.provider_unavailable              the provider did not answer
//   400 deposit_api.receipt_invalid                   a receipt number of ≤ 10 characters (§9)
//   404 deposit_api.transaction_not_found             the wallet has no such incoming payment
//   409 deposit_api.transaction_pending               the wallet has it, not completed yet
//   409 deposit_api.transaction_already_completed     this receipt was credited already
//   404 deposit_api.payment_not_found                 it names no open wallet payment of this player
//   409 deposit_api.contact_support                   amount / currency differ, or the order was paid already
//   503 app_api.maintenance, 401 user_api.unauthorized, 403 user_api.banned, 400 app_api.invalid_request
import { z } from "zod";
import { CONSOLE, DEPOSIT, PROMO } from "../constants";
import { dollarsJson, dollarsSchema } from "../money";
import { emptyBody } from "./common";
import { contract } from "./contract";
import { nextCursorJson, sortedListBody, sortedListInvalid, sortedListRefusals } from "./keyset";
import { normalisePromoCode } from "./promo";
import { requestIdSchema } from "./store";

export const depositMethodId = z.enum(DEPOSIT.methods.map((m) => m.id) as [DepositMethodId, ...DepositMethodId[]]);
export type DepositMethodId = (typeof DEPOSIT.methods)[number]["id"];

/** Methods that take money (sum/create); skins go through /api/payment/skins/*. */
export const MONEY_METHODS = ["card", "wallet_a", "wallet_b", "card_2"] as const;
export type MoneyMethodId = (typeof MONEY_METHODS)[number];

export const depositMethodJson = z.object({
  id: depositMethodId,
  type: z.enum(["money", "skins"]),
  /** what the client does after sum/create: follow url, open the wallet modal, pick skins */
  flow: z.enum(["redirect", "wallet", "skins", "none"]),
  /** shown greyed out, never selectable */
  placeholder: z.boolean(),
  /** false when the provider has no credentials here (shown greyed out too) */
  available: z.boolean(),
});
export type DepositMethodJson = z.infer<typeof depositMethodJson>;

export const methodsAnswer = z.object({
  methods: z.array(depositMethodJson),
  currency: z.string().length(3),
  default_sum: dollarsJson,
  min_sum: dollarsJson,
  max_sum: dollarsJson,
  /** §9: the bonus for carrying `nickname_tag` in the nickname, and whether this player's does */
  nickname_bonus_percent: z.number().int().nonnegative(),
  nickname_tag: z.string(),
  has_nickname_bonus: z.boolean(),
});
export type MethodsAnswer = z.infer<typeof methodsAnswer>;

export const sumCreateBody = z.object({
  /** dollars, at most two decimals */
  sum: dollarsSchema,
  depositMethod: z.enum(MONEY_METHODS),
  /** a deposit bonus code (checked again here); empty / absent = none (undefined), a bad one = null (not found) */
  promocode: z
    .unknown()
    .optional()
    .transform((v) => {
      if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return undefined;
      if (typeof v !== "string") return null;
      const code = normalisePromoCode(v);
      return PROMO.codePattern.test(code) ? code : null;
    }),
  /** the same id twice (a double click, a retry) answers the first request's payment */
  request_id: requestIdSchema.optional(),
});
export type SumCreateRequest = z.input<typeof sumCreateBody>;

/** The wallet method's second modal: pay `amount` to `account` with `comment`, then type the receipt number. */
export const walletDetailsJson = z.object({
  account: z.string(),
  amount: dollarsJson,
  currency: z.string().length(3),
  comment: z.string(),
  /** the wallet's own prefilled payment page, when configured (WALLET_A_PAY_URL) */
  pay_url: z.string().nullable(),
});

export const sumCreateAnswer = z.object({
  status: z.literal("success"),
  message: z.enum(["deposit_api.redirect", "deposit_api.wallet_details"]),
  /** the provider's page to send the player to (null for the wallet method) */
  url: z.string().nullable(),
  /** the amount asked, dollars */
  sum: dollarsJson,
  order_id: z.string(),
  /** promo + nickname bonus percent the credit will add */
  bonus_percent: z.number().int().nonnegative(),
  wallet: walletDetailsJson.nullable(),
});
export type SumCreateAnswer = z.infer<typeof sumCreateAnswer>;

/** A payment id as the site makes them (paymentJson.id). */
export const paymentIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);

export const paymentStatus = z.enum(["pending", "credited", "review", "refused"]);

export const paymentJson = z.object({
  id: z.string(),
  method: z.enum(MONEY_METHODS),
  sum: dollarsJson,
  /** credited on top (promo code, nickname), dollars; 0 until credited */
  bonus: dollarsJson,
  /** pending: waiting for the provider; credited; review: the provider reported something else (support looks); refused: an admin refused it after review */
  status: paymentStatus,
  created_at: z.number().int(),
  credited_at: z.number().int().nullable(),
});
export type PaymentJson = z.infer<typeof paymentJson>;

export const sumHistoryAnswer = z.object({ payments: z.array(paymentJson).max(DEPOSIT.historySize) });

export const checkTransactionBody = z.object({ transactionId: z.string().trim().max(64) });

export const checkTransactionAnswer = z.object({
  status: z.literal("success"),
  message: z.literal("deposit_api.success"),
  /** credited, dollars (the bonus comes on top) */
  sum: dollarsJson,
  bonus: dollarsJson,
});

// ---- admin (support): payments and what the providers reported ----

/** The payments table's sorts: the oldest first (the default: the review queue), the newest, the largest amount. */
export const PAYMENT_SORTS = { oldest: "int", newest: "int", amount: "int" } as const;
export type PaymentSort = keyof typeof PAYMENT_SORTS;
export const adminPaymentsBody = sortedListBody(
  {
    /** only this status; absent = every status */
    status: paymentStatus.optional(),
  },
  PAYMENT_SORTS,
  "oldest",
);

export const providerReportJson = z.object({
  provider: z.string(),
  provider_tx_id: z.string(),
  outcome: z.string(),
  amount: dollarsJson,
  currency: z.string(),
  created_at: z.number().int(),
});

export const adminPaymentJson = paymentJson.extend({
  user_id: z.number().int(),
  username: z.string(),
  provider: z.string(),
  provider_tx_id: z.string().nullable(),
  reports: z.array(providerReportJson),
});

export const adminPaymentsAnswer = z.object({
  payments: z.array(adminPaymentJson).max(CONSOLE.pageSize),
  /** the cursor of the next page of payments; null on the last one */
  next_cursor: nextCursorJson,
  /** authentic reports naming no payment of the site (unknown orders), newest first */
  unmatched: z.array(providerReportJson.extend({ order_id: z.string() })).max(DEPOSIT.adminListSize),
});

// ── the calls (shared/api/contract.ts) ───────────────────────────────────────
export const paymentsCalls = {
  methods: contract({
    method: "POST",
    path: "/api/payment/methods",
    access: "user",
    body: emptyBody,
    answer: methodsAnswer,
    refusals: {},
    summary: "The deposit methods with their availability, the sum limits and the nickname bonus",
  }),
  sumCreate: contract({
    method: "POST",
    path: "/api/payment/sum/create",
    access: "user",
    body: sumCreateBody,
    answer: sumCreateAnswer,
    refusals: {
      "app_api.maintenance": 503,
      "deposit_api.method_unavailable": 409,
      "deposit_api.min_payment": 400,
      "deposit_api.max_payment": 400,
      "deposit_api.trade_link_required": 400,
      "deposit_api.promo_invalid": 400,
      "deposit_api.promo_already_used": 409,
      "deposit_api.promo_daily_limit": 409,
      "deposit_api.provider_unavailable": 503,
      // player protection (docs/protection.md): deposit_limit's answer adds `period` and `resets_at` (epoch ms)
      "user_api.excluded": 403,
      "user_api.terms_outdated": 403,
      "deposit_api.deposit_limit": 409,
    },
    summary: "A pending money deposit: the provider's page to pay on, or the wallet's details",
  }),
  sumHistory: contract({
    method: "POST",
    path: "/api/payment/sum/history",
    access: "user",
    body: emptyBody,
    answer: sumHistoryAnswer,
    refusals: {},
    summary: "The caller's money deposits, newest first",
  }),
  checkTransaction: contract({
    method: "POST",
    path: "/api/payment/qiwi/check-transaction",
    access: "user",
    body: checkTransactionBody,
    answer: checkTransactionAnswer,
    refusals: {
      "app_api.maintenance": 503,
      "deposit_api.method_unavailable": 409,
      "deposit_api.receipt_invalid": 400,
      "deposit_api.transaction_already_completed": 409,
      "deposit_api.contact_support": 409,
      "deposit_api.transaction_not_found": 404,
      "deposit_api.transaction_pending": 409,
      "deposit_api.payment_not_found": 404,
      "deposit_api.provider_unavailable": 503,
    },
    summary: "Credits a wallet payment by its receipt number",
  }),
  adminList: contract({
    method: "POST",
    path: "/api/admin/payments/list",
    access: "admin",
    body: adminPaymentsBody,
    answer: adminPaymentsAnswer,
    refusals: sortedListRefusals,
    invalid: sortedListInvalid,
    summary: "Admin: a page of payments (oldest, newest or largest first; keyset) with what the providers reported, and unmatched reports",
  }),
};
