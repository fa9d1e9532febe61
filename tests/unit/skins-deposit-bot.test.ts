// The skins-deposit side of the trade-bot adapter (worker/withdraws/bot.ts: listInventory,
// requestItems) against the local fake bot (tests/fakes/trade-bot.mjs): the seeded inventory,
// an offer asking for items (idempotent per reference, refused for items not held or not
// tradable), decided through the control route, the accepted items leaving the inventory;
// and how malformed or failing answers are classified.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProviders, type FakeProviders } from "../fakes/providers.mjs";
import { BotRejectedError, BotUnavailableError, HttpTradeBot } from "../../worker/withdraws/bot";

/** every answer carries the offer's security code (docs/trade-bot.md "Security code") */
const code = expect.stringMatching(/^[A-HJKMNP-Z2-9]{6}$/);

let fakes: FakeProviders;
let bot: HttpTradeBot;
let seq = 0;
const link = () => `https://steamcommunity.com/tradeoffer/new/?partner=${++seq}&token=skins`;

async function post(path: string, body: Record<string, unknown>) {
  return fetch(`${fakes.baseUrl}/bot${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

beforeAll(async () => {
  fakes = await startFakeProviders({ port: 0 });
  bot = new HttpTradeBot(`${fakes.baseUrl}/bot`, 2_000);
});
afterAll(() => fakes.close());

describe("HttpTradeBot deposits ↔ fake trade bot", () => {
  it("lists the seeded inventory, asks for items once per reference, and an accepted offer takes them", async () => {
    const tradeLink = link();
    await post("/control", { trade_link: tradeLink, mode: "timeout" });
    const inventory = await bot.listInventory(tradeLink);
    expect(inventory.length).toBeGreaterThan(3);
    expect(inventory[0]).toEqual({
      assetId: expect.stringMatching(/^[0-9]+$/),
      marketHashName: "AK-47 | Redline (Field-Tested)",
      tradable: true,
      tradableAfter: null,
    });
    expect(inventory.some((i) => !i.tradable)).toBe(true);
    // the held one says when Steam lets it go (the fake's: 5 days on)
    expect(inventory.find((i) => !i.tradable)?.tradableAfter).toBeGreaterThan(Date.now());

    const asked = inventory.slice(0, 2).map((i) => ({ asset_id: i.assetId, market_hash_name: i.marketHashName }));
    const offer = await bot.requestItems({ tradeLink, items: asked, reference: "d-1" });
    expect(offer).toEqual({ offerId: expect.any(String), state: "active", securityCode: code });
    expect(await bot.requestItems({ tradeLink, items: asked, reference: "d-1" })).toEqual(offer);

    expect((await post(`/control/offers/${offer.offerId}`, { state: "accepted" })).status).toBe(200);
    expect(await bot.getOffer(offer.offerId)).toEqual({ offerId: offer.offerId, state: "accepted", securityCode: code });
    const after = await bot.listInventory(tradeLink);
    expect(after.map((i) => i.assetId)).toEqual(inventory.slice(2).map((i) => i.assetId));
  });

  it("refuses items not held or not tradable (4xx, for good) and a bot that is down is unavailable", async () => {
    const tradeLink = link();
    const inventory = await bot.listInventory(tradeLink);
    const locked = inventory.find((i) => !i.tradable)!;
    await expect(
      bot.requestItems({ tradeLink, items: [{ asset_id: locked.assetId, market_hash_name: locked.marketHashName }], reference: "d-locked" }),
    ).rejects.toBeInstanceOf(BotRejectedError);
    await expect(bot.requestItems({ tradeLink, items: [{ asset_id: "1", market_hash_name: "x" }], reference: "d-none" })).rejects.toBeInstanceOf(
      BotRejectedError,
    );
    await post("/control", { trade_link: tradeLink, mode: "unavailable" });
    await expect(bot.listInventory(tradeLink)).rejects.toBeInstanceOf(BotUnavailableError);
  });

  it("reads a malformed listing as unavailable and numeric asset ids as text", async () => {
    const answers: unknown[] = [
      { items: [{ asset_id: 42, market_hash_name: "A | B (Field-Tested)", tradable: true }] },
      // a hold date on a tradable item means nothing; a bad one is a malformed listing
      { items: [{ asset_id: "43", market_hash_name: "A | B (Field-Tested)", tradable: true, tradable_after: 1_900_000_000_000 }] },
      { items: [{ asset_id: "44", market_hash_name: "A | B (Field-Tested)", tradable: false, tradable_after: 1_900_000_000_000 }] },
      { items: [{ asset_id: "45", market_hash_name: "A | B (Field-Tested)", tradable: false, tradable_after: "soon" }] },
      { items: [{ asset_id: "x" }] },
    ];
    const fake = new HttpTradeBot("http://bot.invalid", 1_000, async () => Response.json(answers.shift()));
    expect(await fake.listInventory("link")).toEqual([{ assetId: "42", marketHashName: "A | B (Field-Tested)", tradable: true, tradableAfter: null }]);
    expect(await fake.listInventory("link")).toEqual([{ assetId: "43", marketHashName: "A | B (Field-Tested)", tradable: true, tradableAfter: null }]);
    expect(await fake.listInventory("link")).toEqual([
      { assetId: "44", marketHashName: "A | B (Field-Tested)", tradable: false, tradableAfter: 1_900_000_000_000 },
    ]);
    await expect(fake.listInventory("link")).rejects.toBeInstanceOf(BotUnavailableError);
    await expect(fake.listInventory("link")).rejects.toBeInstanceOf(BotUnavailableError);
  });
});
