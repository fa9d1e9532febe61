// Promo codes (README "Promo codes"): POST /api/user/usePromo (a balance code credits the
// balance), POST /api/payment/check-promocode (a deposit code is checked; nothing moves), and
// the admin routes /api/admin/promo/{create,list,disable} (admin only, audited).
import { Hono } from "hono";
import { emptyBody } from "../../../shared/api/common";
import {
  adminPromoAnswer,
  adminPromoListAnswer,
  checkPromocodeAnswer,
  createPromoBody,
  disablePromoBody,
  promocodeBody,
  usePromoAnswer,
} from "../../../shared/api/promo";
import type { ServerKey } from "../../../shared/errors";
import { requireAdmin, requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { createPromo, disablePromo, listPromos } from "../../promo/admin";
import { checkDepositPromo } from "../../promo/deposit";
import { redeemBalancePromo } from "../../promo/redeem";
import type { PromoRefusal } from "../../promo/rules";
import { answer } from "../answer";

/** usePromo's refusals (§8 User: promo not found, ended, already used, daily limit). */
const USE_REFUSALS: Record<PromoRefusal, { status: 404 | 409; key: ServerKey }> = {
  not_found: { status: 404, key: "user_api.promo_not_found" },
  ended: { status: 409, key: "user_api.promo_ended" },
  already_used: { status: 409, key: "user_api.promo_already_used" },
  daily_limit: { status: 409, key: "user_api.promo_daily_limit" },
};

/** check-promocode's refusals (§8 Deposit: invalid or expired promo, daily limit). */
const DEPOSIT_REFUSALS: Record<PromoRefusal, { status: 400 | 409; key: ServerKey }> = {
  not_found: { status: 400, key: "deposit_api.promo_invalid" },
  ended: { status: 400, key: "deposit_api.promo_invalid" },
  already_used: { status: 409, key: "deposit_api.promo_already_used" },
  daily_limit: { status: 409, key: "deposit_api.promo_daily_limit" },
};

/** Mounted at /api/user. */
export const usePromoRoutes = new Hono<AppEnv>().use(requireUser).post("/usePromo", jsonBody(promocodeBody), async (c) => {
  const done = await redeemBalancePromo(c.env, c.get("user").id, c.req.valid("json").promocode);
  if (!done.ok) return fail(c, USE_REFUSALS[done.refusal].status, USE_REFUSALS[done.refusal].key);
  return answer(c, usePromoAnswer, { status: "success", message: "user_api.promo_used" });
});

/** Mounted at /api/payment; guarded per route, as the providers' callbacks share the prefix without a session. */
export const checkPromocodeRoutes = new Hono<AppEnv>().post("/check-promocode", requireUser, jsonBody(promocodeBody), async (c) => {
  const done = await checkDepositPromo(c.env, c.get("user").id, c.req.valid("json").promocode);
  if (!done.ok) return fail(c, DEPOSIT_REFUSALS[done.refusal].status, DEPOSIT_REFUSALS[done.refusal].key);
  return answer(c, checkPromocodeAnswer, { status: "success", message: "deposit_api.promo_activated", percent: done.percent });
});

/** Mounted at /api/admin/promo. */
export const adminPromoRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .post("/create", jsonBody(createPromoBody), async (c) => {
    const b = c.req.valid("json");
    const done = await createPromo(c.env, c.get("user").id, {
      code: b.code,
      kind: b.kind,
      amount: b.amount,
      percent: b.percent,
      dailyLimit: b.daily_limit,
      expiresAt: b.expires_at,
    });
    if (!done.ok) return fail(c, done.status, done.key);
    return answer(c, adminPromoAnswer, { success: true, promo: done.promo });
  })
  .post("/list", jsonBody(emptyBody), async (c) => answer(c, adminPromoListAnswer, { promos: await listPromos(c.env) }))
  .post("/disable", jsonBody(disablePromoBody), async (c) => {
    const done = await disablePromo(c.env, c.get("user").id, c.req.valid("json").id);
    if (!done.ok) return fail(c, done.status, done.key);
    return answer(c, adminPromoAnswer, { success: true, promo: done.promo });
  });
