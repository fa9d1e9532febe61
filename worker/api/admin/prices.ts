// POST /api/admin/prices/refresh: admin only, audited. Re-prices the catalogue from the
// configured feed (PRICE_FEED_URL, else the dev model). A failing or malformed feed answers
// 502 prices_api.feed_failed and writes nothing. Held items are re-booked at the new prices with
// a 'revaluation' ledger row (worker/prices/revaluation.ts); cases pushed out of their RTP bounds
// by the new prices are re-priced (worker/cases/reprice.ts), cases pausing meanwhile (prices/cycle.ts). The same refresh also runs on the
// Cron Trigger (worker/prices/scheduled.ts, PRICE_REFRESH_MINUTES).
import { pricesCalls } from "../../../shared/api/prices";
import { PriceFeedError } from "../../prices/feed";
import { feedFromEnv } from "../../prices/from-env";
import { refreshAndReprice } from "../../prices/cycle";
import { casesRtpPercent } from "../../cases/config";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const adminPriceRoutes = contractRoutes();

serve(adminPriceRoutes, pricesCalls.refresh, async (c) => {
  const admin = c.get("user");
  try {
    // new item prices can push a case's RTP out of bounds (above 98 % the house loses): those are re-priced
    const { result, repriced } = await refreshAndReprice(c.env, feedFromEnv(c.env), { rtp: casesRtpPercent(c.env), actorId: admin.id });
    return c.json({ success: true as const, ...result, cases_repriced: repriced.length }, 200);
  } catch (err) {
    if (!(err instanceof PriceFeedError)) throw err;
    console.warn("price refresh failed:", err.message);
    return refuse(c, pricesCalls.refresh, "prices_api.feed_failed");
  }
});
