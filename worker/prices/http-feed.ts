// HttpPriceFeed: a real price source, spoken the way the public skin-price aggregators speak.
//
// Protocol
//   GET <PRICE_FEED_URL>?app_id=730&currency=USD
//   Accept: application/json
//   Authorization: Bearer <PRICE_FEED_KEY>          (only when the secret is set)
//   → 200, a JSON array with one object per market item:
//     { "market_hash_name": "AK-47 | Redline (Field-Tested)",
//       "currency": "USD",                           (optional; anything else is refused)
//       "suggested_price": 19.125 | "19.125" | null, (dollars)
//       "min_price": 17.5 | "17.5" | null,           (dollars, used when suggested is absent)
//       ...other fields are ignored }
//   The item's price is suggested_price when it is positive, else min_price when positive,
//   rounded half-up to the cent; items with neither are unpriced. The first row of a name wins.
// Anything else (network error, timeout, non-2xx, not JSON, any row off this shape, a price above
// PRICES.maxItemCents) throws PriceFeedError: the whole answer is rejected and nothing is written.
import { z } from "zod";
import { PRICES, STEAM_APP_ID } from "../../shared/constants";
import { feedDollarsToCents } from "./dollars";
import { PriceFeedError, type PriceFeed } from "./feed";

const dollars = z.union([z.number().nonnegative(), z.string().regex(/^\s*\d+(\.\d*)?\s*$/)]).nullish();

export const feedAnswerSchema = z.array(
  z.looseObject({
    market_hash_name: z.string().min(1).max(200),
    currency: z.literal(PRICES.currency).optional(),
    suggested_price: dollars,
    min_price: dollars,
  }),
);

export interface HttpPriceFeedOptions {
  url: string;
  key?: string;
  timeoutMs?: number;
  fetcher?: typeof fetch;
}

export class HttpPriceFeed implements PriceFeed {
  readonly source = "http";
  readonly #opts: HttpPriceFeedOptions;

  constructor(opts: HttpPriceFeedOptions) {
    this.#opts = opts;
  }

  /** Everything the source prices, in cents by market_hash_name. */
  async quotes(): Promise<Map<string, number>> {
    const rows = feedAnswerSchema.safeParse(await this.#fetchJson());
    if (!rows.success) throw new PriceFeedError(`price feed answer has the wrong shape: ${rows.error.issues[0]?.message}`);
    const out = new Map<string, number>();
    for (const row of rows.data) {
      if (out.has(row.market_hash_name)) continue;
      const cents = firstPositive(row.suggested_price, row.min_price);
      if (cents !== undefined) out.set(row.market_hash_name, cents);
    }
    return out;
  }

  async prices(marketHashNames: string[]): Promise<Map<string, number>> {
    const all = await this.quotes();
    const out = new Map<string, number>();
    for (const name of marketHashNames) {
      const cents = all.get(name);
      if (cents !== undefined) out.set(name, cents);
    }
    return out;
  }

  async #fetchJson(): Promise<unknown> {
    const { url, key, timeoutMs = PRICES.feedTimeoutMs, fetcher = fetch } = this.#opts;
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new PriceFeedError(`PRICE_FEED_URL is not a URL: ${url}`);
    }
    target.searchParams.set("app_id", String(STEAM_APP_ID));
    target.searchParams.set("currency", PRICES.currency);
    const headers: Record<string, string> = { Accept: "application/json" };
    if (key) headers.Authorization = `Bearer ${key}`;
    let res: Response;
    try {
      res = await fetcher(target.toString(), { headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new PriceFeedError(`price feed unreachable: ${String(err)}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new PriceFeedError(`price feed answered ${res.status}`);
    }
    try {
      return await res.json();
    } catch {
      throw new PriceFeedError("price feed answer is not JSON");
    }
  }
}

function firstPositive(...candidates: (number | string | null | undefined)[]): number | undefined {
  for (const c of candidates) {
    if (c === null || c === undefined) continue;
    let cents: number;
    try {
      cents = feedDollarsToCents(c);
    } catch {
      throw new PriceFeedError(`price feed sent an impossible price: ${c}`);
    }
    if (cents > PRICES.maxItemCents) throw new PriceFeedError(`price feed sent an implausible price: ${c}`);
    if (cents > 0) return cents;
  }
  return undefined;
}
