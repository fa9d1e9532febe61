// A price refresh writes new catalogue prices, then re-prices the cases those prices pushed out
// of their RTP bounds, in separate batches (worker/prices/cycle.ts). In between a case must not
// open at its old price: above 98 % RTP every open is the house's loss.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PRICES } from "../../shared/constants";
import { writeSetting, readSetting } from "../../worker/lib/settings";
import type { PriceFeed } from "../../worker/prices/feed";
import { CASES_PAUSED_KEY, refreshAndReprice } from "../../worker/prices/cycle";
import { makeCase, movesOf, openCase } from "./cases-fixtures";
import { racingDb } from "./store-fixtures";
import { deposit, makeUser } from "./user-fixtures";

function feedOf(prices: Record<string, number>): PriceFeed {
  return { source: "test", prices: async () => new Map(Object.entries(prices)) };
}

async function nameOf(catalogueId: number): Promise<string> {
  return (await env.DB.prepare("SELECT market_hash_name AS n FROM catalogue WHERE id = ?1").bind(catalogueId).first<{ n: string }>())!.n;
}

const casePrice = async (id: number) => (await env.DB.prepare("SELECT price FROM cases WHERE id = ?1").bind(id).first<{ price: number }>())!.price;

describe("case opens during a price refresh", () => {
  it("a case the new prices pushed above its RTP bounds does not open before it is re-priced; then it opens at the new price", async () => {
    // default items: EV $1.20 on a $1.50 case (80 %); the $10 item rising to $50 makes it 213 %
    const kase = await makeCase(150);
    const dear = kase.items.find((i) => i.price === 1_000)!;
    const { user, token } = await makeUser();
    await deposit(user.id, 10_000);
    let during: Awaited<ReturnType<typeof openCase>> | undefined;
    let before: Awaited<ReturnType<typeof movesOf>> | undefined;
    const DB = racingDb(async () => {
      before = await movesOf(user.id);
      during = await openCase(token, kase.id, "while-refreshing");
    });
    const { repriced } = await refreshAndReprice({ DB }, feedOf({ [await nameOf(dear.catalogueId)]: 5_000 }), { rtp: 90 });

    expect(during).toMatchObject({ status: 409, body: { message: "cases_api.busy" } });
    expect(await movesOf(user.id)).toEqual(before);
    expect(repriced.map((r) => r.id)).toContain(kase.id);
    expect(await casePrice(kase.id)).toBeGreaterThan(150);
    expect(await readSetting(env, CASES_PAUSED_KEY)).toBeUndefined();

    const after = await openCase(token, kase.id, "after-refresh");
    expect(after.status).toBe(200);
    expect(after.body.balance).toBe((10_000 - (await casePrice(kase.id))) / 100);
  });

  it("a pause left by a worker that died mid-way ends after casesPauseMaxMs; a refresh that changes nothing never pauses", async () => {
    const kase = await makeCase(150);
    const { user, token } = await makeUser();
    await deposit(user.id, 1_000);
    await writeSetting(env, CASES_PAUSED_KEY, String(Date.now()));
    expect(await openCase(token, kase.id, "paused")).toMatchObject({ status: 409, body: { message: "cases_api.busy" } });
    await writeSetting(env, CASES_PAUSED_KEY, String(Date.now() - PRICES.casesPauseMaxMs - 1));
    expect((await openCase(token, kase.id, "stale-pause")).status).toBe(200);

    await env.DB.prepare("DELETE FROM app_settings WHERE key = ?1").bind(CASES_PAUSED_KEY).run();
    let seen: string | undefined = "unset";
    const DB = racingDb(async () => {
      seen = await readSetting(env, CASES_PAUSED_KEY);
    });
    await refreshAndReprice({ DB }, feedOf({}), { rtp: 90 });
    expect(seen).toBe("unset"); // no second batch: nothing was written
    expect(await readSetting(env, CASES_PAUSED_KEY)).toBeUndefined();
  });
});
