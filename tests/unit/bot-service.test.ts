// The trade bot service's logic (bot/src/service.ts; docs/trade-bot.md) against the simulated Steam
// (bot/src/simulated-steam.ts): offers idempotent by reference (also across a restart and a lost
// answer), Steam's states mapped onto the protocol's, the trade-hold refusal, the security code,
// the API-key scam guard, the pool's routing and its backoff on rate limits.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BACKOFF_FIRST_MS, BACKOFF_MAX_MS, Pool } from "../../bot/src/pool";
import { securityCode } from "../../bot/src/security-code";
import { RESEND_QUIET_MS, TradeBotService } from "../../bot/src/service";
import { SimulatedSteam } from "../../bot/src/simulated-steam";
import { OfferStatus } from "../../bot/src/steam";
import { Store } from "../../bot/src/store";

const SECRET = "unit-bot-secret-unit-bot-secret-0000";
const AK = "AK-47 | Redline (Field-Tested)";
const AWP = "AWP | Asiimov (Field-Tested)";
const M4 = "M4A1-S | Hyper Beast (Minimal Wear)";
const STEAM_ID_BASE = 76561197960265728n;

let dir: string;
let clock: number;
let steam: SimulatedSteam;
let partner = 1000;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "bot-unit-"));
  clock = 1_800_000_000_000;
  steam = new SimulatedSteam({ now: () => clock });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A player with a trade link and these items. */
function player(items: Array<string | { name: string; tradable: boolean }> = [], o: { escrowDays?: number } = {}) {
  partner += 1;
  const token = `tok${String(partner).padStart(5, "0")}`;
  const steamId = String(STEAM_ID_BASE + BigInt(partner));
  const assets = steam.player(steamId, token, items, o);
  return { steamId, assets, tradeLink: `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=${token}` };
}

/** The service over the accounts, on the store file `db` (a second call with the same file = a restart). */
function service(accounts = [steam.account("bot-1", [AK, AWP])], db = path.join(dir, "bot.sqlite")) {
  const store = new Store(db);
  const pool = new Pool(accounts, () => clock);
  return { svc: new TradeBotService({ store, pool, secret: SECRET, site: "SkinRush", now: () => clock }), store, pool };
}

const offered = (body: Record<string, unknown>) => body as { offer_id: string; state: string; security_code: string };

describe("withdrawals: POST /offers", () => {
  it("sends the house's items with the security code in the message, confirms it, and answers the same offer to the same reference", async () => {
    const { svc, store } = service();
    const p = player();
    const first = await svc.sendWithdrawal({ trade_link: p.tradeLink, items: [{ id: 7, market_hash_name: AK }], reference: "w-1" });
    expect(first.status).toBe(200);
    const o = offered(first.body);
    expect(o).toEqual({ offer_id: expect.any(String), state: "active", security_code: securityCode(SECRET, "w-1") });
    expect(o.security_code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    // Steam made it waiting for the mobile confirmation; the service confirmed it
    const [atSteam] = steam.offersOf("bot-1");
    expect(atSteam).toMatchObject({ offerId: o.offer_id, status: OfferStatus.Active, receive: [] });
    expect(atSteam!.message).toContain(`security code ${o.security_code}`);
    expect(atSteam!.give).toHaveLength(1);
    // the same reference again: the same offer, no second send
    expect(await svc.sendWithdrawal({ trade_link: p.tradeLink, items: [{ id: 7, market_hash_name: AK }], reference: "w-1" })).toEqual(first);
    expect(steam.calls.get("bot-1:sendOffer")).toBe(1);
    // accepted by the player: the item is his, the reservation gone
    steam.decide(o.offer_id, OfferStatus.Accepted);
    expect((await svc.readOffer(o.offer_id)).body).toMatchObject({ offer_id: o.offer_id, state: "accepted" });
    expect(store.reserved("bot-1").size).toBe(0);
    expect(steam.inventoryNow(p.steamId).map((a) => a.marketHashName)).toEqual([AK]);
  });

  it("a restart finds every offer by its reference: no second offer, the same code", async () => {
    const db = path.join(dir, "restart.sqlite");
    const accounts = [steam.account("bot-1", [AK, AWP])];
    const a = service(accounts, db);
    const p = player();
    const req = { trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: AWP }], reference: "w-restart" };
    const first = await a.svc.sendWithdrawal(req);
    a.store.close();
    const b = service(accounts, db);
    const again = await b.svc.sendWithdrawal(req);
    expect(again).toEqual(first);
    expect(steam.offersOf()).toHaveLength(1);
    // its item is still held for that offer after the restart: another withdrawal of it waits
    const other = await b.svc.sendWithdrawal({ ...req, reference: "w-other" });
    expect(other).toEqual({ status: 503, body: { error: "items_busy", offer: null } });
    b.store.close();
  });

  it("a send whose answer was lost is found again by its code, never made twice", async () => {
    const { svc } = service();
    const p = player();
    const req = { trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "w-lost" };
    steam.fail("bot-1", "sendOffer", "lost");
    const lost = await svc.sendWithdrawal(req);
    // the outcome is unknown: a 503 without `offer: null`, so the worker asks again
    expect(lost).toEqual({ status: 503, body: { error: "steam_unanswered" } });
    const again = await svc.sendWithdrawal(req);
    expect(again.status).toBe(200);
    expect(steam.offersOf()).toHaveLength(1);
    expect(offered(again.body).offer_id).toBe(steam.offersOf()[0]!.offerId);
    expect(steam.calls.get("bot-1:sendOffer")).toBe(1);
  });

  it("a send that never reached Steam is made on the next call, once", async () => {
    const { svc } = service();
    const p = player();
    const req = { trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "w-timeout" };
    steam.fail("bot-1", "sendOffer", "unanswered");
    expect((await svc.sendWithdrawal(req)).status).toBe(503);
    expect(steam.offersOf()).toHaveLength(0);
    // asked again at once: Steam's list of sent offers lags and a timed-out send may still land, so
    // nothing is sent before the quiet period — and the answer is still "unknown", never offer: null
    expect(await svc.sendWithdrawal(req)).toEqual({ status: 503, body: { error: "steam_unanswered" } });
    expect(steam.calls.get("bot-1:sendOffer")).toBe(1);
    clock += RESEND_QUIET_MS;
    // the resend is refused or rate-limited: still no proof the first made nothing
    steam.fail("bot-1", "sendOffer", "refused");
    expect(await svc.sendWithdrawal(req)).toEqual({ status: 503, body: { error: "steam_refused" } });
    clock += RESEND_QUIET_MS;
    const again = await svc.sendWithdrawal(req);
    expect(again.status).toBe(200);
    expect(steam.offersOf()).toHaveLength(1);
  });

  it("two racing calls with one reference make one offer", async () => {
    const { svc } = service();
    const p = player();
    const req = { trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "w-race" };
    const [a, b] = await Promise.all([svc.sendWithdrawal(req), svc.sendWithdrawal(req)]);
    expect(a).toEqual(b);
    expect(steam.offersOf()).toHaveLength(1);
  });

  it("refuses a trade hold before sending (400, offer: null, the days), and the same reference is refused again", async () => {
    const { svc } = service();
    const p = player([], { escrowDays: 3 });
    const req = { trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "w-hold" };
    expect(await svc.sendWithdrawal(req)).toEqual({ status: 400, body: { error: "trade_hold", escrow_days: 3, offer: null } });
    // kept by its reference: refused again even once the hold is gone (the worker has ended it)
    steam.setEscrow(p.steamId, 0);
    expect(await svc.sendWithdrawal(req)).toEqual({ status: 400, body: { error: "trade_hold", offer: null } });
    expect(steam.offersOf()).toHaveLength(0);
  });

  it("refuses a bad trade link, items no bot holds, and a body that is not the protocol's", async () => {
    const { svc } = service();
    const p = player();
    expect((await svc.sendWithdrawal({ trade_link: "https://evil.example/", items: [{ id: 1, market_hash_name: AK }], reference: "w-x" })).body).toEqual({
      error: "bad_trade_link",
      offer: null,
    });
    expect((await svc.sendWithdrawal({ trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: M4 }], reference: "w-y" })).body).toEqual({
      error: "items_unavailable",
      offer: null,
    });
    for (const bad of [
      null,
      {},
      { trade_link: p.tradeLink, items: [], reference: "w" },
      { trade_link: p.tradeLink, items: [{ id: "1", market_hash_name: AK }], reference: "w" },
    ]) {
      expect((await svc.sendWithdrawal(bad)).status).toBe(400);
    }
    expect(steam.offersOf()).toHaveLength(0);
  });

  it("looks the reference up before reading the rest: a known one is answered whatever the body says now", async () => {
    const { svc } = service();
    const p = player();
    const first = await svc.sendWithdrawal({ trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "w-ref" });
    expect(await svc.sendWithdrawal({ reference: "w-ref" })).toEqual(first);
    expect(await svc.sendWithdrawal({ reference: "w-ref", trade_link: "nonsense", items: "nope" })).toEqual(first);
    // no readable reference: refused, but as no reference's answer (no offer: null)
    for (const bad of [null, {}, { reference: 5 }, { reference: "" }])
      expect(await svc.sendWithdrawal(bad)).toEqual({ status: 400, body: { error: "reference is required" } });
  });

  it("two offers made for one reference (a lost send that landed late): one is kept, the other cancelled", async () => {
    const account = steam.account("bot-1", [AK, AK]);
    const { svc } = service([account]);
    const p = player();
    const req = { trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "w-twice" };
    steam.fail("bot-1", "sendOffer", "lost");
    expect((await svc.sendWithdrawal(req)).status).toBe(503);
    // the same send lands a second time at Steam (a retried request whose answer never came)
    const [first] = steam.offersOf("bot-1");
    const twin = await account.sendOffer({
      partner: { steamId: p.steamId, token: p.tradeLink.slice(-8) },
      give: first!.give,
      receive: [],
      message: first!.message,
    });
    const answer = await svc.sendWithdrawal(req);
    expect(offered(answer.body).offer_id).toBe(first!.offerId);
    expect(steam.offersOf("bot-1").find((o) => o.offerId === twin.offerId)?.status).toBe(OfferStatus.Canceled);
  });

  it("an offer id this bot does not know is not its word that none stands (404 without offer: null)", async () => {
    const { svc } = service();
    expect(await svc.readOffer("424242")).toEqual({ status: 404, body: { error: "no such offer" } });
    expect(await svc.cancelOffer("424242")).toEqual({ status: 404, body: { error: "no such offer" } });
  });

  it("Steam's refusal is final and answered again to the same reference; its items are free again", async () => {
    const { svc, store } = service();
    const p = player();
    const req = { trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "w-refused" };
    steam.fail("bot-1", "sendOffer", "refused");
    expect(await svc.sendWithdrawal(req)).toEqual({ status: 400, body: { error: "steam_refused", offer: null } });
    expect(await svc.sendWithdrawal(req)).toEqual({ status: 400, body: { error: "steam_refused", offer: null } });
    expect(store.reserved("bot-1").size).toBe(0);
  });

  it("cancels an open offer (expired); a decided one answers its decision", async () => {
    const { svc } = service();
    const p = player();
    const a = offered((await svc.sendWithdrawal({ trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: "w-c1" })).body);
    expect((await svc.cancelOffer(a.offer_id)).body).toMatchObject({ state: "expired" });
    const b = offered((await svc.sendWithdrawal({ trade_link: p.tradeLink, items: [{ id: 2, market_hash_name: AWP }], reference: "w-c2" })).body);
    steam.decide(b.offer_id, OfferStatus.Accepted);
    expect((await svc.cancelOffer(b.offer_id)).body).toMatchObject({ state: "accepted" });
    expect((await svc.readOffer("123")).status).toBe(404);
  });
});

describe("Steam's offer states onto the protocol's", () => {
  const cases: Array<[string, (id: string) => void, string]> = [
    ["declined", (id) => steam.decide(id, OfferStatus.Declined), "declined"],
    ["countered (a withdrawal)", (id) => steam.decide(id, OfferStatus.Countered), "declined"],
    ["in escrow (accepted, delivered when the hold ends)", (id) => steam.decide(id, OfferStatus.InEscrow), "active"],
    ["still active", () => undefined, "active"],
    ["cancelled by someone else (a withdrawal)", (id) => steam.cancelByOther(id), "expired"],
  ];
  for (const [what, act, state] of cases) {
    it(`${what} → ${state}`, async () => {
      const { svc } = service();
      const p = player();
      const o = offered((await svc.sendWithdrawal({ trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: AK }], reference: `w-${what}` })).body);
      act(o.offer_id);
      expect((await svc.readOffer(o.offer_id)).body).toMatchObject({ offer_id: o.offer_id, state });
    });
  }
});

describe("deposits: POST /deposits", () => {
  it("asks the player for tradable items of his inventory, to the emptiest bot; accepted, they are the bot's", async () => {
    const { svc } = service([steam.account("full", [AK, AWP, M4]), steam.account("empty", [M4])]);
    const p = player([AK, { name: AWP, tradable: false }]);
    const [ak, awp] = p.assets;
    const ok = await svc.requestDeposit({ trade_link: p.tradeLink, items: [{ asset_id: ak!.assetId, market_hash_name: AK }], reference: "d-1" });
    expect(ok.status).toBe(200);
    const o = offered(ok.body);
    expect(steam.offersOf("empty").map((x) => x.offerId)).toEqual([o.offer_id]);
    expect(steam.offersOf("empty")[0]).toMatchObject({ give: [], receive: [ak!.assetId], status: OfferStatus.Active });
    // a not-tradable one, or one he does not have, is refused before anything is sent
    for (const items of [
      [{ asset_id: awp!.assetId, market_hash_name: AWP }],
      [{ asset_id: "999", market_hash_name: AK }],
      [{ asset_id: ak!.assetId, market_hash_name: M4 }],
    ]) {
      expect(
        (await svc.requestDeposit({ trade_link: p.tradeLink, items, reference: `d-bad-${items[0]!.asset_id}-${items[0]!.market_hash_name}` })).body,
      ).toEqual({
        error: "items_unavailable",
        offer: null,
      });
    }
    steam.decide(o.offer_id, OfferStatus.Accepted);
    expect((await svc.readOffer(o.offer_id)).body).toMatchObject({ state: "accepted" });
    expect(steam.botItems("empty").map((a) => a.marketHashName)).toEqual([M4, AK]);
    // what the bot received is under Steam's 7-day Trade Protection, and says until when
    expect(steam.botItems("empty")[1]).toMatchObject({ tradable: false, tradableAfter: clock + 7 * 86_400_000 });
  });

  it("lists a held item of the player's inventory with the date Steam gives it, a tradable one without", async () => {
    const { svc } = service();
    const p = player([AK]);
    const until = clock + 3 * 86_400_000;
    steam.setInventory(p.steamId, p.tradeLink.split("token=")[1]!, [
      { name: AK, tradable: true },
      { name: AWP, tradable: false, tradableAfter: until },
    ]);
    const read = await svc.inventory(p.tradeLink);
    expect((read.body as { items: unknown[] }).items).toEqual([
      { asset_id: expect.any(String), market_hash_name: AK, tradable: true, tradable_after: null },
      { asset_id: expect.any(String), market_hash_name: AWP, tradable: false, tradable_after: until },
    ]);
  });

  it("the API-key scam: a deposit offer cancelled by someone else, or changed, is declined (and a changed one cancelled)", async () => {
    const { svc } = service();
    const p = player([AK, AWP]);
    const [ak, awp] = p.assets;
    const a = offered(
      (await svc.requestDeposit({ trade_link: p.tradeLink, items: [{ asset_id: ak!.assetId, market_hash_name: AK }], reference: "d-scam-1" })).body,
    );
    steam.cancelByOther(a.offer_id);
    expect((await svc.readOffer(a.offer_id)).body).toMatchObject({ state: "declined" });
    const b = offered(
      (await svc.requestDeposit({ trade_link: p.tradeLink, items: [{ asset_id: awp!.assetId, market_hash_name: AWP }], reference: "d-scam-2" })).body,
    );
    steam.swapItems(b.offer_id, [ak!.assetId]);
    expect((await svc.readOffer(b.offer_id)).body).toMatchObject({ state: "declined" });
    expect(steam.offersOf().find((o) => o.offerId === b.offer_id)?.status).toBe(OfferStatus.Canceled);
    // a changed offer whose cancel does not go through stays unknown until Steam shows it ended
    const d = offered(
      (await svc.requestDeposit({ trade_link: p.tradeLink, items: [{ asset_id: awp!.assetId, market_hash_name: AWP }], reference: "d-scam-4" })).body,
    );
    steam.swapItems(d.offer_id, [ak!.assetId]);
    steam.fail("bot-1", "cancelOffer", "unanswered");
    expect(await svc.readOffer(d.offer_id)).toEqual({ status: 503, body: { error: "steam_unanswered" } });
    expect((await svc.readOffer(d.offer_id)).body).toMatchObject({ state: "declined" });
    // cancelled by the service itself: expired, not a scam
    const c = offered(
      (await svc.requestDeposit({ trade_link: p.tradeLink, items: [{ asset_id: awp!.assetId, market_hash_name: AWP }], reference: "d-scam-3" })).body,
    );
    expect((await svc.cancelOffer(c.offer_id)).body).toMatchObject({ state: "expired" });
  });
});

describe("the pool", () => {
  it("routes a withdrawal to the bot that holds the items; a signed-out bot is skipped, and its items wait", async () => {
    const one = steam.account("one", [AK]);
    const two = steam.account("two", [M4]);
    const { svc, pool } = service([one, two]);
    const p = player();
    const m4 = await svc.sendWithdrawal({ trade_link: p.tradeLink, items: [{ id: 1, market_hash_name: M4 }], reference: "w-m4" });
    expect(steam.offersOf("two").map((o) => o.offerId)).toEqual([offered(m4.body).offer_id]);
    // the AK's bot signs out (its inventory known from before): no offer, ask again later
    await pool.inventoryOf(one, 0);
    steam.setStatus("one", "offline");
    expect(await svc.sendWithdrawal({ trade_link: p.tradeLink, items: [{ id: 2, market_hash_name: AK }], reference: "w-ak" })).toEqual({
      status: 503,
      body: { error: "bot_unavailable", offer: null },
    });
    expect(svc.health().accounts.map((a) => [a.name, a.status])).toEqual([
      ["one", "offline"],
      ["two", "online"],
    ]);
    steam.setStatus("one", "online");
    expect((await svc.sendWithdrawal({ trade_link: p.tradeLink, items: [{ id: 2, market_hash_name: AK }], reference: "w-ak" })).status).toBe(200);
  });

  it("backs an account off on a rate limit (30 s, doubling to 15 min), reads through another meanwhile, and clears on a good answer", async () => {
    const { svc, pool } = service([steam.account("a", []), steam.account("b", [])]);
    const p = player([AK]);
    steam.fail("a", "inventoryOf", "rate_limited");
    const read = await svc.inventory(p.tradeLink);
    expect(read.body).toEqual({ items: [{ asset_id: p.assets[0]!.assetId, market_hash_name: AK, tradable: true, tradable_after: null }] });
    expect(steam.calls.get("b:inventoryOf")).toBe(1);
    expect(pool.report()[0]).toMatchObject({ name: "a", status: "rate_limited", retryAt: clock + BACKOFF_FIRST_MS });
    // backing off: another player's read does not touch "a"
    clock += 10_000;
    const q = player([AWP]);
    expect((await svc.inventory(q.tradeLink)).status).toBe(200);
    expect(steam.calls.get("a:inventoryOf")).toBe(1);
    // past its backoff "a" is asked again; a good answer clears it
    clock += BACKOFF_FIRST_MS;
    const r = player([M4]);
    expect((await svc.inventory(r.tradeLink)).status).toBe(200);
    expect(steam.calls.get("a:inventoryOf")).toBe(2);
    expect(pool.report()[0]).toMatchObject({ status: "online", retryAt: null });
    // limited again: twice as long, and never past the cap
    steam.fail("a", "inventoryOf", ...Array<"rate_limited">(12).fill("rate_limited"));
    steam.fail("b", "inventoryOf", ...Array<"rate_limited">(12).fill("rate_limited"));
    let last = 0;
    for (let i = 0; i < 8; i++) {
      clock += 16 * 60_000;
      expect((await svc.inventory(p.tradeLink)).status).toBe(503);
      last = pool.report()[0]!.retryAt! - clock;
    }
    expect(last).toBe(BACKOFF_MAX_MS);
    expect(svc.health().ok).toBe(false);
  });
});
