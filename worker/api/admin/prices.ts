// POST /api/admin/prices/refresh: admin only, audited. Re-prices the catalogue from the
// configured feed (PRICE_FEED_URL, else the dev model). A failing or malformed feed answers
// 502 prices_api.feed_failed and writes nothing.
import { Hono } from "hono";
import { refreshPricesBody, type RefreshPricesAnswer } from "../../../shared/api/prices";
import { requireAdmin } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { PriceFeedError } from "../../prices/feed";
import { feedFromEnv } from "../../prices/from-env";
import { refreshPrices } from "../../prices/refresh";

export const adminPriceRoutes = new Hono<AppEnv>().post("/refresh", requireAdmin, jsonBody(refreshPricesBody), async (c) => {
  const admin = c.get("user")!;
  try {
    const result = await refreshPrices(c.env, feedFromEnv(c.env), { actorId: admin.id });
    const answer: RefreshPricesAnswer = { success: true, ...result };
    return c.json(answer);
  } catch (err) {
    if (!(err instanceof PriceFeedError)) throw err;
    console.warn("price refresh failed:", err.message);
    return fail(c, 502, "prices_api.feed_failed");
  }
});
