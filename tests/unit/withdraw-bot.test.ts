// The trade-bot adapter (worker/withdraws/bot.ts, HttpTradeBot) against the local fake bot
// (tests/fakes/trade-bot.mjs, mounted at /bot by providers.mjs): the protocol both sides speak,
// idempotent sends, every control mode, and how failures are classified.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProviders, type FakeProviders } from "../fakes/providers.mjs";
import { BotRejectedError, BotUnavailableError, HttpTradeBot, tradeBotFromEnv } from "../../worker/withdraws/bot";

/** every answer carries the offer's security code (docs/trade-bot.md "Security code") */
const code = expect.stringMatching(/^[A-HJKMNP-Z2-9]{6}$/);

let fakes: FakeProviders;
let bot: HttpTradeBot;
const items = [{ id: 1, market_hash_name: "AK-47 | Redline (Field-Tested)" }];
let seq = 0;
const link = () => `https://steamcommunity.com/tradeoffer/new/?partner=${++seq}&token=unit`;

async function control(body: Record<string, unknown>) {
  const res = await fetch(`${fakes.baseUrl}/bot/control`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  fakes = await startFakeProviders({ port: 0 });
  bot = new HttpTradeBot(`${fakes.baseUrl}/bot/`, 2_000);
});
afterAll(() => fakes.close());

describe("HttpTradeBot ↔ fake trade bot", () => {
  it("sends an offer that is accepted after acceptAfterMs, idempotently per reference", async () => {
    const tradeLink = link();
    // 1.5 s leaves a loaded CI machine time for the three calls below while it is still active
    await control({ trade_link: tradeLink, mode: "accept", acceptAfterMs: 1_500 });
    const offer = await bot.sendOffer({ tradeLink, items, reference: "w-accept" });
    expect(offer).toEqual({ offerId: expect.any(String), state: "active", securityCode: code });
    // a resend (lost answer, queue restart) gets the same offer, not a second one
    expect(await bot.sendOffer({ tradeLink, items, reference: "w-accept" })).toEqual(offer);
    expect(await bot.getOffer(offer.offerId)).toEqual({ offerId: offer.offerId, state: "active", securityCode: code });
    await new Promise((r) => setTimeout(r, 1_600));
    expect(await bot.getOffer(offer.offerId)).toEqual({ offerId: offer.offerId, state: "accepted", securityCode: code });
    // cancelling an accepted offer changes nothing: the answer says it was accepted
    expect((await bot.cancelOffer(offer.offerId)).state).toBe("accepted");
    const listed = (await (await fetch(`${fakes.baseUrl}/bot/control/offers?trade_link=${encodeURIComponent(tradeLink)}`)).json()) as {
      offers: { reference: string; items: unknown[] }[];
      sendCalls: number;
    };
    expect(listed.offers).toMatchObject([{ reference: "w-accept", items }]);
    expect(listed.sendCalls).toBe(2);
  });

  it("declines, times out (active until cancelled → expired)", async () => {
    const declining = link();
    await control({ trade_link: declining, mode: "decline", acceptAfterMs: 0 });
    const d = await bot.sendOffer({ tradeLink: declining, items, reference: "w-decline" });
    expect((await bot.getOffer(d.offerId)).state).toBe("declined");

    const slow = link();
    await control({ trade_link: slow, mode: "timeout" });
    const t = await bot.sendOffer({ tradeLink: slow, items, reference: "w-timeout" });
    expect((await bot.getOffer(t.offerId)).state).toBe("active");
    expect(await bot.cancelOffer(t.offerId)).toEqual({ offerId: t.offerId, state: "expired", securityCode: code });
    expect((await bot.getOffer(t.offerId)).state).toBe("expired");
  });

  it("classifies an outage as unavailable (retry) and a refusal as rejected (give up)", async () => {
    const down = link();
    await control({ trade_link: down, mode: "unavailable" });
    await expect(bot.sendOffer({ tradeLink: down, items, reference: "w-down" })).rejects.toBeInstanceOf(BotUnavailableError);

    const refused = link();
    await control({ trade_link: refused, mode: "reject" });
    const err = await bot.sendOffer({ tradeLink: refused, items, reference: "w-refused" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BotRejectedError);
    expect((err as BotRejectedError).status).toBe(400);
    await expect(bot.getOffer("no-such-offer")).rejects.toBeInstanceOf(BotRejectedError);

    // nobody listening
    const closed = new HttpTradeBot("http://127.0.0.1:9/bot", 1_000);
    await expect(closed.getOffer("x")).rejects.toBeInstanceOf(BotUnavailableError);
  });

  it("tells the bot's own 'no offer stands' 503 from a gateway's bare 5xx and a lost answer", async () => {
    const answeredBy = (send: () => Promise<unknown>) =>
      send().then(
        () => "ok",
        (err: unknown) => (err as BotUnavailableError).answered,
      );
    // the bot: cannot make the offer and holds none for the reference
    const down = link();
    await control({ trade_link: down, mode: "unavailable" });
    expect(await answeredBy(() => bot.sendOffer({ tradeLink: down, items, reference: "w-503" }))).toBe(true);
    // the bot made the offer, its answer lost: not the bot's word; a later 503 answers the offer instead
    const lost = link();
    await control({ trade_link: lost, mode: "lost" });
    expect(await answeredBy(() => bot.sendOffer({ tradeLink: lost, items, reference: "w-lost" }))).toBe(false);
    await control({ trade_link: lost, mode: "unavailable" });
    expect(await bot.sendOffer({ tradeLink: lost, items, reference: "w-lost" })).toEqual({ offerId: expect.any(String), state: "active", securityCode: code });
    // a gateway or a firewall in front of the bot: a bare 4xx or 5xx is not the bot's word
    const server = http.createServer((req, res) => {
      const status = Number(/status=(\d+)/.exec(req.url ?? "")?.[1] ?? 503);
      res.writeHead(status, { "Content-Type": "text/html" }).end("<h1>Bad Gateway</h1>");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    try {
      for (const status of [403, 408, 429, 502, 503, 504]) {
        const gateway = new HttpTradeBot(`http://127.0.0.1:${port}/?status=${status}&x=`, 1_000);
        expect(await answeredBy(() => gateway.sendOffer({ tradeLink: down, items, reference: "w-gw" }))).toBe(false);
      }
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("gives up after its timeout and on an answer it cannot read", async () => {
    const server = http.createServer((req, res) => {
      if (req.url?.includes("slow")) return; // never answers: only the client's own timeout ends the call
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ offer_id: "1", state: "teleported" }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    try {
      const quick = new HttpTradeBot(`http://127.0.0.1:${port}`, 100);
      await expect(quick.getOffer("slow")).rejects.toBeInstanceOf(BotUnavailableError);
      await expect(quick.getOffer("odd")).rejects.toBeInstanceOf(BotUnavailableError);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("is switched off by an empty TRADE_BOT_URL", () => {
    expect(tradeBotFromEnv({ TRADE_BOT_URL: "" })).toBeNull();
    expect(tradeBotFromEnv({ TRADE_BOT_URL: "  " })).toBeNull();
    expect(tradeBotFromEnv({ TRADE_BOT_URL: `http://x/bot` })).toBeInstanceOf(HttpTradeBot);
  });
});
