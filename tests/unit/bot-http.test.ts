// The trade bot service over HTTP (bot/src/http.ts) with the worker's own client
// (worker/withdraws/bot.ts HttpTradeBot, signing every call): the whole protocol end to end on the
// simulated Steam — the same answers the worker's queue reads from the fake bot.
import { type AddressInfo, connect } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBotServer } from "../../bot/src/http";
import { Pool } from "../../bot/src/pool";
import { TradeBotService } from "../../bot/src/service";
import { SimulatedSteam } from "../../bot/src/simulated-steam";
import { OfferStatus } from "../../bot/src/steam";
import { Store } from "../../bot/src/store";
import { signatureHeaders } from "../../shared/trade-bot-signature";
import { BotRejectedError, BotUnavailableError, HttpTradeBot } from "../../worker/withdraws/bot";

/** every answer carries the offer's security code (docs/trade-bot.md "Security code") */
const code = expect.stringMatching(/^[A-HJKMNP-Z2-9]{6}$/);

const SECRET = "http-unit-secret-http-unit-secret-00";
const AK = "AK-47 | Redline (Field-Tested)";
const tradeLink = "https://steamcommunity.com/tradeoffer/new/?partner=4242&token=httptest";
const steamId = String(76561197960265728n + 4242n);

let server: Server;
let base = "";
let steam: SimulatedSteam;
let store: Store;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  steam = new SimulatedSteam();
  steam.player(steamId, "httptest", [AK, AK]);
  const pool = new Pool([steam.account("bot-1", [AK]), steam.account("bot-2", [])]);
  store = new Store(":memory:");
  const service = new TradeBotService({ store, pool, secret: SECRET, site: "SkinRush" });
  server = createBotServer({ service, secret: SECRET, nonces: store, log: (l) => lines.push(l) });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => new HttpTradeBot(base, 2_000, undefined, SECRET);

describe("the worker's client ↔ the bot service", () => {
  it("a withdrawal: sent, read, accepted — the same offer for the same reference", async () => {
    const bot = client();
    const offer = await bot.sendOffer({ tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "http-w-1" });
    expect(offer).toEqual({ offerId: expect.stringMatching(/^[0-9]+$/), state: "active", securityCode: code });
    expect(await bot.sendOffer({ tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "http-w-1" })).toEqual(offer);
    expect(await bot.getOffer(offer.offerId)).toEqual(offer);
    steam.decide(offer.offerId, OfferStatus.Accepted);
    expect(await bot.getOffer(offer.offerId)).toEqual({ offerId: offer.offerId, state: "accepted", securityCode: code });
    // the answer carries the security code the site will show next to the offer
    const raw = await fetch(`${base}/offers/${offer.offerId}`, { headers: await signatureHeaders(SECRET, "GET", `/offers/${offer.offerId}`, "") });
    expect(await raw.json()).toMatchObject({ offer_id: offer.offerId, security_code: expect.stringMatching(/^[A-Z2-9]{6}$/) });
  });

  it("a deposit: the player's inventory, an offer for one item, cancelled (expired)", async () => {
    const bot = client();
    const items = await bot.listInventory(tradeLink);
    // his two AKs, and the one the withdrawal above gave him — protected for 7 days (Trade Protection)
    expect(items.map((i) => [i.marketHashName, i.tradable])).toEqual([
      [AK, true],
      [AK, true],
      [AK, false],
    ]);
    const offer = await bot.requestItems({ tradeLink, items: [{ asset_id: items[0]!.assetId, market_hash_name: AK }], reference: "http-d-1" });
    expect(offer.state).toBe("active");
    expect(await bot.cancelOffer(offer.offerId)).toEqual({ offerId: offer.offerId, state: "expired", securityCode: code });
  });

  it("the bot's refusals are final for the worker (400 with offer: null); its outage with offer: null is its word too", async () => {
    const bot = client();
    const refused = await bot
      .sendOffer({ tradeLink, items: [{ id: 2, market_hash_name: "Nothing | Anywhere" }], reference: "http-w-2" })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BotRejectedError);
    steam.setStatus("bot-1", "offline");
    steam.setStatus("bot-2", "offline");
    const down = await bot.requestItems({ tradeLink, items: [{ asset_id: "1", market_hash_name: AK }], reference: "http-d-2" }).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(BotUnavailableError);
    expect((down as BotUnavailableError).answered).toBe(true);
    steam.setStatus("bot-1", "online");
    steam.setStatus("bot-2", "online");
  });

  it("refuses an unsigned call, one with another secret, and one signed for another path — none of them the bot's word", async () => {
    for (const bot of [new HttpTradeBot(base, 2_000), new HttpTradeBot(base, 2_000, undefined, "another-secret")]) {
      const err = await bot.sendOffer({ tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "http-w-3" }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BotUnavailableError);
      expect((err as BotUnavailableError).answered).toBe(false);
    }
    const body = JSON.stringify({ trade_link: tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "http-w-3" });
    const moved = await fetch(`${base}/deposits`, { method: "POST", body, headers: await signatureHeaders(SECRET, "POST", "/offers", body) });
    expect(moved.status).toBe(401);
    expect(steam.offersOf().some((o) => o.message.includes("http-w-3"))).toBe(false);
  });

  it("refuses a recorded call replayed within the window, also after the worker gave up on it — no second offer", async () => {
    const [item] = await client().listInventory(tradeLink);
    const body = JSON.stringify({ trade_link: tradeLink, items: [{ asset_id: item!.assetId, market_hash_name: AK }], reference: "http-d-replay" });
    const headers = await signatureHeaders(SECRET, "POST", "/deposits", body);
    steam.setStatus("bot-1", "offline");
    steam.setStatus("bot-2", "offline");
    try {
      // the bots down: a 503 with offer: null, the worker's reference given up
      expect((await fetch(`${base}/deposits`, { method: "POST", body, headers })).status).toBe(503);
    } finally {
      steam.setStatus("bot-1", "online");
      steam.setStatus("bot-2", "online");
    }
    // the same signed bytes sent again (an eavesdropper on the wire) are refused, not sent
    const replayed = await fetch(`${base}/deposits`, { method: "POST", body, headers });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ error: "signature replayed" });
    expect(steam.offersOf().some((o) => o.message.includes("http-d-replay"))).toBe(false);
    // a call signed afresh (a new nonce) is a call of its own
    const fresh = await fetch(`${base}/deposits`, { method: "POST", body, headers: await signatureHeaders(SECRET, "POST", "/deposits", body) });
    expect(fresh.status).toBe(200);
    await client().cancelOffer(((await fresh.json()) as { offer_id: string }).offer_id);
  });

  it("forgets nonces once no timestamp could pass with them, keeps them until then", () => {
    expect(store.claimNonce("a".repeat(32), 1_000, 600_000)).toBe(true);
    expect(store.claimNonce("a".repeat(32), 600_999, 600_000)).toBe(false);
    expect(store.claimNonce("a".repeat(32), 601_001, 600_000)).toBe(true);
  });

  it("answers /health without a signature; refuses a body too large and bad JSON; logs one JSON line per call", async () => {
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      ok: true,
      accounts: [{ name: "bot-1", status: "online" }, { name: "bot-2" }],
      open_offers: expect.any(Number),
    });
    const huge = "x".repeat(300 * 1024);
    expect((await fetch(`${base}/offers`, { method: "POST", body: huge, headers: await signatureHeaders(SECRET, "POST", "/offers", huge) })).status).toBe(413);
    const bad = await fetch(`${base}/offers`, { method: "POST", body: "{", headers: await signatureHeaders(SECRET, "POST", "/offers", "{") });
    // no readable reference: refused, but not as the bot's word on one (no offer: null)
    expect([bad.status, await bad.json()]).toEqual([400, { error: "bad_json" }]);
    expect(lines.some((l) => l.msg === "call" && l.path === "/health" && l.status === 200)).toBe(true);
    // a request line no URL parser reads answers 400; the service lives on
    const { port } = server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.end("GET // HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
      let text = "";
      socket.on("data", (d) => {
        text += d.toString();
      });
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});
