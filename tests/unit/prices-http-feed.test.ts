// HttpPriceFeed in Node against the local fake price source (real HTTP on a random port).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProviders, type FakeProviders } from "../fakes/providers.mjs";
import { PriceFeedError } from "../../worker/prices/feed";
import { feedFromEnv } from "../../worker/prices/from-env";
import { HttpPriceFeed } from "../../worker/prices/http-feed";

let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders({ port: 0 });
});
afterAll(async () => fakes.close());

describe("HttpPriceFeed (GET <url>?app_id=730&currency=USD → [{market_hash_name, suggested_price, min_price}])", () => {
  it("reads the table in cents, rounding half-up, preferring suggested_price over min_price", async () => {
    const quotes = await new HttpPriceFeed({ url: `${fakes.baseUrl}/prices` }).quotes();
    expect(Object.fromEntries(quotes)).toEqual({
      "AK-47 | Redline (Field-Tested)": 1913,
      "AWP | Asiimov (Field-Tested)": 9550,
      "★ Karambit | Doppler (Factory New)": 123457,
      "Glock-18 | Water Elemental (Minimal Wear)": 399,
      "M4A4 | Howl (Field-Tested)": 450000,
      "P250 | Sand Dune (Battle-Scarred)": 3,
      "★ Sport Gloves | Pandora's Box (Field-Tested)": 210040,
      "★ Karambit": 18500,
      "Sticker | Not In The Catalogue": 150,
    });
  });

  it("answers only the names asked for", async () => {
    const got = await new HttpPriceFeed({ url: `${fakes.baseUrl}/prices` }).prices([
      "AWP | Asiimov (Field-Tested)",
      "USP-S | Kill Confirmed (Minimal Wear)",
      "Nope",
    ]);
    expect([...got]).toEqual([["AWP | Asiimov (Field-Tested)", 9550]]);
  });

  it("sends PRICE_FEED_KEY as a Bearer token", async () => {
    const url = `${fakes.baseUrl}/prices/keyed`;
    await expect(new HttpPriceFeed({ url }).quotes()).rejects.toThrow(PriceFeedError);
    await expect(new HttpPriceFeed({ url, key: "wrong" }).quotes()).rejects.toThrow(/401/);
    expect((await new HttpPriceFeed({ url, key: "fake-price-key" }).quotes()).get("AK-47 | Redline (Field-Tested)")).toBe(1913);
  });

  it.each(["malformed", "not-json", "error", "absurd", "missing"])("rejects a %s answer as a whole", async (path) => {
    await expect(new HttpPriceFeed({ url: `${fakes.baseUrl}/prices/${path}` }).prices(["AK-47 | Redline (Field-Tested)"])).rejects.toThrow(PriceFeedError);
  });

  it("rejects an unreachable source and a bad URL", async () => {
    await expect(new HttpPriceFeed({ url: "http://127.0.0.1:9/prices", timeoutMs: 2_000 }).quotes()).rejects.toThrow(PriceFeedError);
    await expect(new HttpPriceFeed({ url: "not a url" }).quotes()).rejects.toThrow(PriceFeedError);
  });

  it("is what feedFromEnv picks when PRICE_FEED_URL is set; the dev model otherwise", () => {
    const DB = {} as D1Database;
    expect(feedFromEnv({ DB, PRICE_FEED_URL: `${fakes.baseUrl}/prices` }).source).toBe("http");
    expect(feedFromEnv({ DB, PRICE_FEED_URL: "  " }).source).toBe("dev");
    expect(feedFromEnv({ DB }).source).toBe("dev");
  });
});
