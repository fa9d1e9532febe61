// Where catalogue prices come from. A PriceFeed answers integer cents (USD) for the market
// names it knows; names it does not know are simply absent from the map.
//   - HttpPriceFeed (http-feed.ts): a real price source at PRICE_FEED_URL (+ PRICE_FEED_KEY).
//   - DevPriceModel (dev-model.ts): a deterministic model by rarity, category and wear, for
//     local development and demos (not market prices).
// feedFromEnv (from-env.ts) picks one from the environment.
export interface PriceFeed {
  /** "http" or "dev": reported by the refresh and written to the audit log */
  readonly source: string;
  /** Prices in cents (USD) by market_hash_name. Throws PriceFeedError when the source fails. */
  prices(marketHashNames: string[]): Promise<Map<string, number>>;
}

/** The source failed or answered something we cannot trust; nothing may be written from it. */
export class PriceFeedError extends Error {
  override name = "PriceFeedError";
}

export interface PriceFeedEnv {
  DB: D1Database;
  PRICE_FEED_URL?: string;
  /** secret (wrangler secret put PRICE_FEED_KEY), optional */
  PRICE_FEED_KEY?: string;
}
