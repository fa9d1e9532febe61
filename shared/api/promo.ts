// Promo codes and referrals (spec §7 /api/user/usePromo, /api/payment/check-promocode, the
// admin promo routes; docs/money.md "Promo codes" / "Referrals"): request bodies and answers.
import { z } from "zod";
import { PROMO } from "../constants";
import { dollarsJson, dollarsSchema } from "../money";
import { idSchema } from "./common";
import { contract } from "./contract";
import { nextCursorJson, sortedListBody, sortedListInvalid, sortedListRefusals } from "./keyset";

/** The stored form of a code: trimmed, upper case (so codes compare case-insensitively). */
export function normalisePromoCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/**
 * A promo code as a player types it. Anything that cannot be a code (wrong characters, too
 * long, not a string) parses to null, so the route answers "not found" rather than a bare 400.
 */
export const promocodeField = z
  .unknown()
  .optional()
  .transform((v) => {
    if (typeof v !== "string") return null;
    const code = normalisePromoCode(v);
    return PROMO.codePattern.test(code) ? code : null;
  });

/** POST /api/user/usePromo and /api/payment/check-promocode. */
export const promocodeBody = z.object({ promocode: promocodeField });

/** POST /api/user/usePromo: a balance code credited. */
export const usePromoAnswer = z.object({ status: z.literal("success"), message: z.literal("user_api.promo_used") });

/** POST /api/payment/check-promocode: a deposit code the next deposit may carry (nothing moves). */
export const checkPromocodeAnswer = z.object({
  status: z.literal("success"),
  message: z.literal("deposit_api.promo_activated"),
  /** the bonus percent the deposit will get */
  percent: z.number().int().positive(),
});

// ---- admin ----

const strictCode = z
  .string()
  .transform(normalisePromoCode)
  .refine((c) => PROMO.codePattern.test(c), "invalid code");

/** POST /api/admin/promo/create: a balance code needs `amount` (dollars), a deposit code `percent`. */
export const createPromoBody = z
  .strictObject({
    code: strictCode,
    kind: z.enum(["balance", "deposit"]),
    amount: dollarsSchema.optional(),
    percent: z.number().int().min(1).max(PROMO.maxPercent).optional(),
    daily_limit: z.number().int().min(1).max(PROMO.maxDailyLimit),
    /** epoch ms; omitted = never expires */
    expires_at: z.number().int().positive().optional(),
  })
  .refine(
    (b) =>
      b.kind === "balance"
        ? b.amount !== undefined && b.amount > 0 && b.amount <= PROMO.maxAmountCents && b.percent === undefined
        : b.percent !== undefined && b.amount === undefined,
    "a balance code takes amount, a deposit code percent",
  );

export const disablePromoBody = z.strictObject({ id: idSchema });

export const promoCodeJson = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(["balance", "deposit"]),
  /** dollars credited by a balance code (0 for a deposit code) */
  amount: dollarsJson,
  /** bonus percent of a deposit code (0 for a balance code) */
  percent: z.number().int().nonnegative(),
  daily_limit: z.number().int().positive(),
  expires_at: z.number().int().nullable(),
  active: z.boolean(),
  /** uses today (UTC) and in all */
  uses_today: z.number().int().nonnegative(),
  uses: z.number().int().nonnegative(),
  created_by: z.number().int(),
  created_at: z.number().int(),
});
export type PromoCodeJson = z.infer<typeof promoCodeJson>;

export const adminPromoAnswer = z.object({ success: z.literal(true), promo: promoCodeJson });

/**
 * POST /api/admin/promo/list: a page of codes (PROMO.adminPageSize), newest first or the most used
 * first (keyset, shared/api/keyset.ts); `cursor` is the answer's `next`. Filters: state (active = not disabled; an expired
 * code still counts as active), kind, and `q`, a part of the code (compared upper-cased).
 */
export const PROMO_SORTS = { newest: "int", uses: "int" } as const;
export type PromoSort = keyof typeof PROMO_SORTS;
export const promoListBody = sortedListBody(
  {
    state: z.enum(["all", "active", "disabled"]).default("all"),
    kind: z.enum(["balance", "deposit"]).optional(),
    q: z.string().trim().max(32).optional(),
  },
  PROMO_SORTS,
  "newest",
);
export type PromoListBody = z.infer<typeof promoListBody>;
export const adminPromoListAnswer = z.object({
  promos: z.array(promoCodeJson).max(PROMO.adminPageSize),
  /** the cursor of the next page, null on the last page */
  next: nextCursorJson,
});

// ---- referrals (getProfile) ----

export const referralRowJson = z.strictObject({
  user: z.strictObject({ id: z.number().int(), username: z.string(), avatar: z.string() }),
  /** when the referee signed up through the link (epoch ms) */
  created_at: z.number().int(),
  /** dollars this referee's deposits earned the referrer */
  earned: dollarsJson,
});
export type ReferralRowJson = z.infer<typeof referralRowJson>;

export const referralInfoJson = z.strictObject({
  /** the player's own code; the link is <origin>/?ref=<code> */
  code: z.string(),
  /** percent of each referee deposit credited to the referrer */
  share_percent: z.number().nonnegative(),
  /** dollars earned from every referee together */
  earned: dollarsJson,
  /** how many players the code brought (the list shows the newest PROMO.referralsShown) */
  count: z.number().int().nonnegative(),
});
export type ReferralInfoJson = z.infer<typeof referralInfoJson>;

export const promoCalls = {
  usePromo: contract({
    method: "POST",
    path: "/api/user/usePromo",
    access: "user",
    body: promocodeBody,
    answer: usePromoAnswer,
    refusals: {
      "user_api.promo_not_found": 404,
      "user_api.promo_ended": 409,
      "user_api.promo_already_used": 409,
      "user_api.promo_daily_limit": 409,
    },
    summary: "Redeems a balance code: its amount is credited",
  }),
  checkPromocode: contract({
    method: "POST",
    path: "/api/payment/check-promocode",
    access: "user",
    body: promocodeBody,
    answer: checkPromocodeAnswer,
    refusals: {
      "deposit_api.promo_invalid": 400,
      "deposit_api.promo_already_used": 409,
      "deposit_api.promo_daily_limit": 409,
    },
    summary: "Checks a deposit code the next deposit may carry (nothing moves)",
  }),
  create: contract({
    method: "POST",
    path: "/api/admin/promo/create",
    access: "admin",
    body: createPromoBody,
    answer: adminPromoAnswer,
    refusals: { "promo_api.code_taken": 409 },
    summary: "Creates a balance code (amount) or a deposit code (percent)",
  }),
  list: contract({
    method: "POST",
    path: "/api/admin/promo/list",
    access: "admin",
    body: promoListBody,
    answer: adminPromoListAnswer,
    refusals: sortedListRefusals,
    invalid: sortedListInvalid,
    summary: "A page of promo codes with their uses, newest or most used first (keyset); filtered by state, kind and a part of the code",
  }),
  disable: contract({
    method: "POST",
    path: "/api/admin/promo/disable",
    access: "admin",
    body: disablePromoBody,
    answer: adminPromoAnswer,
    refusals: { "promo_api.not_found": 404, "promo_api.already_disabled": 409 },
    summary: "Disables a promo code",
  }),
};
