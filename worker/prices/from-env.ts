// Picks the price source from the environment (see feed.ts).
import { DevPriceModel, describeFromD1 } from "./dev-model";
import type { PriceFeed, PriceFeedEnv } from "./feed";
import { HttpPriceFeed } from "./http-feed";

/** The HTTP feed when PRICE_FEED_URL is set, else the dev model (priced from the catalogue table). */
export function feedFromEnv(env: PriceFeedEnv): PriceFeed {
  const url = env.PRICE_FEED_URL?.trim();
  if (url) return new HttpPriceFeed({ url, key: env.PRICE_FEED_KEY?.trim() || undefined });
  return new DevPriceModel(describeFromD1(env.DB));
}
