// The HTTP price feed inside workerd against the local fake (PRICE_FEED_URL = <fake>/prices),
// and a bad feed answer being rejected by the refresh without writing anything.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PriceFeedError } from "../../worker/prices/feed";
import { feedFromEnv } from "../../worker/prices/from-env";
import { HttpPriceFeed } from "../../worker/prices/http-feed";
import { refreshPrices } from "../../worker/prices/refresh";
import { auditActions, catalogueMap, entries, loadCatalogue, userWithToken } from "./prices-fixtures";

const NAMES = ["AK-47 | Redline (Field-Tested)", "AWP | Asiimov (Field-Tested)", "★ Karambit | Doppler (Factory New)", "USP-S | Kill Confirmed (Minimal Wear)"];
const base = () => env.PRICE_FEED_URL.replace(/\/prices$/, "");

describe("HttpPriceFeed in workerd", () => {
  it("is the configured feed and reads the fake's table in cents", async () => {
    const feed = feedFromEnv(env);
    expect(feed.source).toBe("http");
    const got = await feed.prices(NAMES);
    expect(Object.fromEntries(got)).toEqual({
      "AK-47 | Redline (Field-Tested)": 1913,
      "AWP | Asiimov (Field-Tested)": 9550,
      "★ Karambit | Doppler (Factory New)": 123457,
    });
  });

  it("sends PRICE_FEED_KEY when it is set", async () => {
    const keyed = `${base()}/prices/keyed`;
    await expect(feedFromEnv({ DB: env.DB, PRICE_FEED_URL: keyed }).prices(NAMES)).rejects.toThrow(PriceFeedError);
    const got = await feedFromEnv({ DB: env.DB, PRICE_FEED_URL: keyed, PRICE_FEED_KEY: "fake-price-key" }).prices(NAMES);
    expect(got.get("AWP | Asiimov (Field-Tested)")).toBe(9550);
  });

  it.each(["malformed", "not-json", "error", "absurd"])("a %s answer is rejected and the refresh writes nothing", async (variant) => {
    await loadCatalogue(entries(NAMES));
    const { user: admin } = await userWithToken({ isAdmin: true });
    const before = await catalogueMap();
    const auditsBefore = (await auditActions()).length;
    const feed = new HttpPriceFeed({ url: `${base()}/prices/${variant}` });
    await expect(refreshPrices(env, feed, { actorId: admin.id })).rejects.toThrow(PriceFeedError);
    expect(await catalogueMap()).toEqual(before);
    expect((await auditActions()).length).toBe(auditsBefore);
  });
});
