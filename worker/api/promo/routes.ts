// Promo codes (docs/money.md "Promo codes"): POST /api/user/usePromo (a balance code credits the
// balance), POST /api/payment/check-promocode (a deposit code is checked; nothing moves), and
// the admin routes /api/admin/promo/{create,list,disable} (admin only, audited).
import { promoCalls } from "../../../shared/api/promo";
import type { RefusalOf } from "../../../shared/api/contract";
import { createPromo, disablePromo, listPromos } from "../../promo/admin";
import { checkDepositPromo } from "../../promo/deposit";
import { redeemBalancePromo } from "../../promo/redeem";
import type { PromoRefusal } from "../../promo/rules";
import { contractRoutes, refuse, serve } from "../contract-routes";

/** usePromo's refusals (§8 User: promo not found, ended, already used, daily limit); the statuses are the contract's. */
const USE_REFUSALS: Record<PromoRefusal, RefusalOf<typeof promoCalls.usePromo>> = {
  not_found: "user_api.promo_not_found",
  ended: "user_api.promo_ended",
  already_used: "user_api.promo_already_used",
  daily_limit: "user_api.promo_daily_limit",
};

/** check-promocode's refusals (§8 Deposit: invalid or expired promo, daily limit); the statuses are the contract's. */
const DEPOSIT_REFUSALS: Record<PromoRefusal, RefusalOf<typeof promoCalls.checkPromocode>> = {
  not_found: "deposit_api.promo_invalid",
  ended: "deposit_api.promo_invalid",
  already_used: "deposit_api.promo_already_used",
  daily_limit: "deposit_api.promo_daily_limit",
};

export const usePromoRoutes = contractRoutes();

serve(usePromoRoutes, promoCalls.usePromo, async (c) => {
  const done = await redeemBalancePromo(c.env, c.get("user").id, c.req.valid("json").promocode);
  if (!done.ok) return refuse(c, promoCalls.usePromo, USE_REFUSALS[done.refusal]);
  return c.json({ status: "success" as const, message: "user_api.promo_used" as const }, 200);
});

/** Guarded per route (the contract's access), as the providers' callbacks share /api/payment without a session. */
export const checkPromocodeRoutes = contractRoutes();

serve(checkPromocodeRoutes, promoCalls.checkPromocode, async (c) => {
  const done = await checkDepositPromo(c.env, c.get("user").id, c.req.valid("json").promocode);
  if (!done.ok) return refuse(c, promoCalls.checkPromocode, DEPOSIT_REFUSALS[done.refusal]);
  return c.json({ status: "success" as const, message: "deposit_api.promo_activated" as const, percent: done.percent }, 200);
});

export const adminPromoRoutes = contractRoutes();

serve(adminPromoRoutes, promoCalls.create, async (c) => {
  const b = c.req.valid("json");
  const done = await createPromo(c.env, c.get("user").id, {
    code: b.code,
    kind: b.kind,
    amount: b.amount,
    percent: b.percent,
    dailyLimit: b.daily_limit,
    expiresAt: b.expires_at,
  });
  if (!done.ok) return refuse(c, promoCalls.create, done.key);
  return c.json({ success: true as const, promo: done.promo }, 200);
});

serve(adminPromoRoutes, promoCalls.list, async (c) => c.json(await listPromos(c.env, c.req.valid("json")), 200));

serve(adminPromoRoutes, promoCalls.disable, async (c) => {
  const done = await disablePromo(c.env, c.get("user").id, c.req.valid("json").id);
  if (!done.ok) return refuse(c, promoCalls.disable, done.key);
  return c.json({ success: true as const, promo: done.promo }, 200);
});
