// POST /api/admin/prices/refresh (admin only, audited): body and answer.
import { z } from "zod";
import { contract } from "./contract";

/** No options: the refresh prices the whole catalogue from the configured feed. */
export const refreshPricesBody = z.strictObject({});

export const refreshPricesAnswer = z.object({
  success: z.literal(true),
  /** "http" (PRICE_FEED_URL) or "dev" (the deterministic dev model) */
  source: z.string(),
  /** catalogue entries */
  items: z.number().int().nonnegative(),
  /** entries the feed priced */
  priced: z.number().int().nonnegative(),
  /** entries whose price changed */
  updated: z.number().int().nonnegative(),
  /** entries the feed did not price (kept their price) */
  unpriced: z.number().int().nonnegative(),
  /** cases whose RTP left the bounds at the new prices and were re-priced to CASES_RTP_PERCENT */
  cases_repriced: z.number().int().nonnegative(),
});

export const pricesCalls = {
  refresh: contract({
    method: "POST",
    path: "/api/admin/prices/refresh",
    access: "admin",
    body: refreshPricesBody,
    answer: refreshPricesAnswer,
    refusals: { "prices_api.feed_failed": 502 },
    summary: "Re-prices the catalogue from the configured feed and re-prices cases out of their RTP bounds",
  }),
};
