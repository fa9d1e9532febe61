// The bot protocol's signature (shared/trade-bot-signature.ts; docs/trade-bot.md "Trust"): what the
// worker signs, what a bot accepts, and the local fake bot (tests/fakes/trade-bot.mjs, which checks
// it again with node:crypto) agreeing with the worker's signer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProviders, type FakeProviders } from "../fakes/providers.mjs";
import { DEV_TRADE_BOT_SECRET } from "../fakes/trade-bot.mjs";
import { checkSignature, SIGNATURE_HEADERS, SIGNATURE_WINDOW_MS, signatureHeaders } from "../../shared/trade-bot-signature";
import { BotUnavailableError, HttpTradeBot } from "../../worker/withdraws/bot";

const SECRET = "unit-secret";
const call = async (over: Partial<{ method: string; pathAndQuery: string; body: string }> = {}, at = 1_800_000_000_000) => {
  const base = { method: "POST", pathAndQuery: "/offers", body: '{"reference":"w-1"}', ...over };
  const h = await signatureHeaders(SECRET, base.method, base.pathAndQuery, base.body, at);
  return {
    ...base,
    timestamp: h[SIGNATURE_HEADERS.timestamp] ?? "",
    nonce: h[SIGNATURE_HEADERS.nonce] ?? "",
    signature: h[SIGNATURE_HEADERS.signature] ?? "",
  };
};

describe("checkSignature", () => {
  it("accepts the call as signed, within the window either way", async () => {
    const c = await call();
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
    for (const now of [1_800_000_000_000, 1_800_000_000_000 + SIGNATURE_WINDOW_MS, 1_800_000_000_000 - SIGNATURE_WINDOW_MS]) {
      expect(await checkSignature(SECRET, c, now)).toEqual({ ok: true, nonce: c.nonce, at: 1_800_000_000_000 });
    }
  });

  it("refuses a stale or future timestamp, another secret, and any changed field", async () => {
    const c = await call();
    expect(await checkSignature(SECRET, c, 1_800_000_000_000 + SIGNATURE_WINDOW_MS + 1)).toEqual({ ok: false, reason: "stale" });
    expect(await checkSignature(SECRET, c, 1_800_000_000_000 - SIGNATURE_WINDOW_MS - 1)).toEqual({ ok: false, reason: "stale" });
    expect(await checkSignature("other", c, 1_800_000_000_000)).toEqual({ ok: false, reason: "mismatch" });
    for (const changed of [
      { ...c, method: "GET" },
      { ...c, pathAndQuery: "/deposits" },
      { ...c, pathAndQuery: "/offers?x=1" },
      { ...c, body: '{"reference":"w-2"}' },
      { ...c, timestamp: String(1_800_000_000_001) },
      { ...c, nonce: "0".repeat(32) },
    ]) {
      expect(await checkSignature(SECRET, changed, 1_800_000_000_000)).toEqual({ ok: false, reason: "mismatch" });
    }
  });

  it("refuses a call without the headers or with malformed ones", async () => {
    const c = await call();
    for (const bad of [
      { ...c, timestamp: undefined },
      { ...c, signature: null },
      { ...c, timestamp: "1e12" },
      { ...c, timestamp: "-5" },
      { ...c, nonce: undefined },
      { ...c, nonce: c.nonce.slice(1) },
      { ...c, nonce: c.nonce.toUpperCase() },
      { ...c, signature: c.signature.toUpperCase() },
      { ...c, signature: c.signature.slice(1) },
    ]) {
      expect(await checkSignature(SECRET, bad, 1_800_000_000_000)).toEqual({ ok: false, reason: "missing" });
    }
  });
});

describe("HttpTradeBot signs; the fake bot with a secret checks", () => {
  let fakes: FakeProviders;
  const items = [{ id: 1, market_hash_name: "AK-47 | Redline (Field-Tested)" }];
  const tradeLink = "https://steamcommunity.com/tradeoffer/new/?partner=77&token=sig";
  beforeAll(async () => {
    fakes = await startFakeProviders({ port: 0, botSecret: DEV_TRADE_BOT_SECRET });
  });
  afterAll(() => fakes.close());

  it("a signed call is answered; a query is part of what is signed", async () => {
    const bot = new HttpTradeBot(`${fakes.baseUrl}/bot`, 2_000, undefined, DEV_TRADE_BOT_SECRET);
    const offer = await bot.sendOffer({ tradeLink, items, reference: "sig-1" });
    expect(await bot.getOffer(offer.offerId)).toEqual(offer);
    expect((await bot.listInventory(tradeLink)).length).toBeGreaterThan(0);
  });

  it("an unsigned call or one signed with another secret is refused, and it is not the bot's word on the reference", async () => {
    for (const bot of [new HttpTradeBot(`${fakes.baseUrl}/bot`, 2_000), new HttpTradeBot(`${fakes.baseUrl}/bot`, 2_000, undefined, "wrong")]) {
      const err = await bot.sendOffer({ tradeLink, items, reference: "sig-2" }).catch((e: unknown) => e);
      // retried with the same reference, never final: a misconfigured secret must not cancel a withdrawal
      expect(err).toBeInstanceOf(BotUnavailableError);
      expect((err as BotUnavailableError).answered).toBe(false);
    }
    const listed = (await (await fetch(`${fakes.baseUrl}/bot/control/offers?trade_link=${encodeURIComponent(tradeLink)}`)).json()) as {
      offers: { reference: string }[];
    };
    expect(listed.offers.map((o) => o.reference)).not.toContain("sig-2");
  });

  it("a call replayed with the same signature is refused; each of the worker's calls has its own nonce", async () => {
    const a = await signatureHeaders(DEV_TRADE_BOT_SECRET, "GET", "/bot/offers/1", "");
    const b = await signatureHeaders(DEV_TRADE_BOT_SECRET, "GET", "/bot/offers/1", "");
    expect(a[SIGNATURE_HEADERS.nonce]).not.toBe(b[SIGNATURE_HEADERS.nonce]);
    const path = `${fakes.baseUrl}/bot/offers/1`;
    const first = await fetch(path, { headers: a });
    expect(first.status).not.toBe(401);
    expect((await fetch(path, { headers: a })).status).toBe(401);
  });
});
