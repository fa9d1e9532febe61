// POST /api/admin/prices/refresh: admin only, audited. Re-prices the catalogue from the
// configured feed (PRICE_FEED_URL, else the dev model). A failing or malformed feed answers
// 502 prices_api.feed_failed and writes nothing. Held items are re-booked at the new prices with
// a 'revaluation' ledger row (worker/prices/revaluation.ts); cases pushed out of their RTP bounds
// by the new prices are re-priced (worker/cases/reprice.ts), cases pausing meanwhile (prices/cycle.ts). The same refresh also runs on the
// Cron Trigger (worker/prices/scheduled.ts, PRICE_REFRESH_MINUTES).
import { Hono } from "hono";
import { refreshPricesAnswer, refreshPricesBody } from "../../../shared/api/prices";
import { requireAdmin } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { PriceFeedError } from "../../prices/feed";
import { feedFromEnv } from "../../prices/from-env";
import { refreshAndReprice } from "../../prices/cycle";
import { casesRtpPercent } from "../../cases/config";
import { answer } from "../answer";

export const adminPriceRoutes = new Hono<AppEnv>().post("/refresh", requireAdmin, jsonBody(refreshPricesBody), async (c) => {
  const admin = c.get("user");
  try {
    // new item prices can push a case's RTP out of bounds (above 98 % the house loses): those are re-priced
    const { result, repriced } = await refreshAndReprice(c.env, feedFromEnv(c.env), { rtp: casesRtpPercent(c.env), actorId: admin.id });
    return answer(c, refreshPricesAnswer, { success: true, ...result, cases_repriced: repriced.length });
  } catch (err) {
    if (!(err instanceof PriceFeedError)) throw err;
    console.warn("price refresh failed:", err.message);
    return fail(c, 502, "prices_api.feed_failed");
  }
});
