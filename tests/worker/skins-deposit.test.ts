// Skins deposit against the fake trade bot: the listing through the bot (catalogue
// knows it → accepted at the current price; unknown or not tradable → not accepted); an offer
// accepted → the items credited once (repeated and racing passes included) with a bell row;
// declined / expired → nothing; the trade link required; one open offer at a time; the
// trade-protection window blocks the skin withdrawal and the sale to the store until it passes;
// a send whose answer was lost never fails the deposit (the offer may stand); the books stay ok.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dashboardAnswer } from "../../shared/api/admin-ops";
import { type SkinDepositJson, skinsStatusAnswer } from "../../shared/api/skins-deposit";
import { SKINS_DEPOSIT } from "../../shared/constants";
import { SECURITY_CODE_PATTERN } from "../../shared/trade-bot-signature";
import { writeSetting } from "../../worker/lib/settings";
import { reconcile } from "../../worker/books/reconcile";
import { creditDeposit } from "../../worker/skins-deposit/credit";
import { sendOffer } from "../../worker/skins-deposit/create";
import { BotUnavailableError, type DepositBot } from "../../worker/withdraws/bot";
import { forgetTradeBotStatus, tradeBotStatus } from "../../worker/withdraws/status";
import {
  botDecide,
  createDeposit,
  depositHistory,
  depositor,
  depositRow,
  heldItems,
  LOCKED_UNTIL,
  type ListedJson,
  listInventory,
  pass,
} from "./skins-deposit-fixtures";
import { deposit, makeUser, post } from "./user-fixtures";
import { botControl, botOffers, notificationsOf } from "./withdraw-fixtures";

async function created(token: string, items: string[]) {
  const res = await createDeposit(token, { items });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { status: string; message: string; deposit: SkinDepositJson };
  expect(body).toMatchObject({ status: "success", message: "deposit_api.offer_sent" });
  return body.deposit;
}

async function expectBooksOk() {
  expect(await reconcile(env)).toMatchObject({ ok: true, skinDepositMismatches: 0, mismatchedAccounts: 0 });
}

describe("skins deposit", () => {
  it("lists the bot's inventory: catalogue items accepted at their current price, the rest not", async () => {
    const me = await depositor({ prices: [1_250, 300] });
    const res = await listInventory(me.token);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: ListedJson[] };
    const by = new Map(items.map((i) => [i.asset_id, i]));
    expect(by.get(me.known[0]!)).toMatchObject({ accepted: true, price: 12.5 });
    expect(by.get(me.known[1]!)).toMatchObject({ accepted: true, price: 3 });
    expect(by.get(me.unknown)).toMatchObject({ accepted: false, price: null });
    // held by Steam: the date it becomes tradable comes through from the bot
    expect(by.get(me.locked)).toMatchObject({ accepted: false, price: null, tradable_after: LOCKED_UNTIL });
    expect(by.get(me.unknown)).toMatchObject({ tradable_after: null });
    for (const id of me.known) expect(by.get(id)).toMatchObject({ accepted: true, tradable_after: null });
    expect(items.slice(0, 2).every((i) => i.accepted)).toBe(true);
  });

  it("needs a trade link and a signed-in player", async () => {
    const me = await depositor({ tradeLink: null });
    expect((await (await listInventory(me.token)).json()) as object).toMatchObject({ message: "deposit_api.trade_link_required" });
    const res = await createDeposit(me.token, { items: me.known });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "deposit_api.trade_link_required" });
    expect((await listInventory(undefined)).status).toBe(401);
    expect((await createDeposit(undefined, { items: me.known })).status).toBe(401);
  });

  it("refuses items the catalogue does not know, not tradable or not listed, and bad counts, creating nothing", async () => {
    const me = await depositor();
    for (const items of [[me.known[0]!, me.unknown], [me.locked], ["999999999999"]]) {
      const res = await createDeposit(me.token, { items });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: "deposit_api.items_not_accepted" });
    }
    expect(await (await createDeposit(me.token, { items: [] })).json()).toMatchObject({ message: "deposit_api.none_selected" });
    const many = Array.from({ length: SKINS_DEPOSIT.maxItems + 1 }, (_, i) => String(i + 1));
    expect(await (await createDeposit(me.token, { items: many })).json()).toMatchObject({ message: "deposit_api.too_many_items" });
    expect((await createDeposit(me.token, { items: ["abc"] })).status).toBe(400);
    const { deposits } = (await (await depositHistory(me.token)).json()) as { deposits: unknown[] };
    expect(deposits).toEqual([]);
  });

  it("accepted → the items credited once at the catalogue price with a notification; repeated passes move nothing", async () => {
    const me = await depositor({ prices: [1_250, 300] });
    const dep = await created(me.token, me.known);
    expect(dep).toMatchObject({ state: "active", amount: 15.5, credited_at: null });
    expect(dep.offer_id).toBeTruthy();
    // the code in the bot's offer message, which the player compares before accepting
    expect(dep.security_code).toMatch(SECURITY_CODE_PATTERN);
    const listed = (await (await depositHistory(me.token)).json()) as { deposits: SkinDepositJson[] };
    expect(listed.deposits[0]).toMatchObject({ id: dep.id, security_code: dep.security_code });
    // a second offer while this one is open is refused
    expect(await (await createDeposit(me.token, { items: [me.known[0]!] })).json()).toMatchObject({ message: "deposit_api.offer_pending" });

    expect((await pass(dep.id)).state).toBe("active");
    await botDecide(dep.offer_id!, "accepted");
    const before = Date.now();
    const row = await pass(dep.id);
    expect(row).toMatchObject({ state: "accepted", amount: 1_550 });
    expect(row.credited_at).not.toBeNull();
    expect(row.tradable_after).toBe(row.credited_at! + SKINS_DEPOSIT.protectionMs);
    expect(row.tradable_after!).toBeGreaterThanOrEqual(before + SKINS_DEPOSIT.protectionMs);

    const held = await heldItems(me.user.id);
    expect(held.map((i) => [i.price, i.status])).toEqual([
      [1_250, "available"],
      [300, "available"],
    ]);
    expect(await notificationsOf(me.user.id)).toEqual([{ name: "skins_deposit", content: "$15.50" }]);

    // another pass, a direct second credit: nothing more
    await pass(dep.id);
    expect(await creditDeposit(env, { id: dep.id, userId: me.user.id })).toBe(false);
    expect(await heldItems(me.user.id)).toHaveLength(2);
    expect(await notificationsOf(me.user.id)).toHaveLength(1);

    const { deposits } = (await (await depositHistory(me.token)).json()) as { deposits: SkinDepositJson[] };
    expect(deposits[0]).toMatchObject({ id: dep.id, state: "accepted", amount: 15.5 });
    expect(deposits[0]!.items.every((i) => i.item_id !== null)).toBe(true);
    await expectBooksOk();
  });

  it("two racing credits of one accepted offer credit once", async () => {
    const me = await depositor({ prices: [700, 800, 900] });
    const dep = await created(me.token, me.known);
    await env.DB.prepare("UPDATE skin_deposits SET state = 'accepted' WHERE id = ?1").bind(dep.id).run();
    const results = await Promise.all([
      creditDeposit(env, { id: dep.id, userId: me.user.id }),
      creditDeposit(env, { id: dep.id, userId: me.user.id }),
      creditDeposit(env, { id: dep.id, userId: me.user.id }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await heldItems(me.user.id)).toHaveLength(3);
    expect(await notificationsOf(me.user.id)).toHaveLength(1);
    await expectBooksOk();
  });

  it("declined or expired → nothing credited, and a new offer may be made", async () => {
    const me = await depositor();
    const declined = await created(me.token, me.known);
    await botDecide(declined.offer_id!, "declined");
    expect((await pass(declined.id)).state).toBe("declined");

    const stale = await created(me.token, me.known);
    // still active past the offer lifetime: cancelled at the bot → expired
    const row = await pass(stale.id, SKINS_DEPOSIT.offerTtlMs + 1_000);
    expect(row).toMatchObject({ state: "expired", credited_at: null });

    expect(await heldItems(me.user.id)).toEqual([]);
    expect(await notificationsOf(me.user.id)).toEqual([]);
    await expectBooksOk();
  });

  it("a deposit whose offer's answer was lost is not failed while the offer may stand: the player who accepts it is credited", async () => {
    const me = await depositor({ mode: "lost" });
    // the bot made the offer and its answer was lost: the deposit waits for it
    const dep = await created(me.token, me.known);
    expect(dep.state).toBe("sending");
    // past its time, still without an answer: asked again, not failed
    expect((await pass(dep.id, SKINS_DEPOSIT.offerTtlMs + 1_000)).state).toBe("sending");
    const atBot = await botOffers(me.tradeLink);
    expect(atBot.offers).toHaveLength(1);
    // staff see it waiting on the bot (the dashboard's stuck requests), oldest first
    const boss = await makeUser({ isAdmin: true });
    const stuck = async () => dashboardAnswer.parse(await (await post("/api/admin/dashboard", {}, boss.token)).json()).stuck_trades;
    expect((await stuck()).oldest).toContainEqual(
      expect.objectContaining({ kind: "deposit", id: dep.id, user: { id: me.user.id, username: me.user.username }, amount: 15.5, attempts: null }),
    );
    // the player accepted that offer in Steam; the bot answers again: the same reference, the same offer
    await botDecide(atBot.offers[0]!.offer_id, "accepted");
    await botControl(me.tradeLink, "timeout");
    expect(await pass(dep.id)).toMatchObject({ state: "accepted", offer_id: atBot.offers[0]!.offer_id, credited_at: expect.any(Number) });
    expect((await stuck()).oldest.map((t) => t.id)).not.toContain(dep.id);
    expect((await heldItems(me.user.id)).map((i) => i.price)).toEqual([1_250, 300]);
    expect((await botOffers(me.tradeLink)).offers).toHaveLength(1);
    await expectBooksOk();
  });

  it("a deposit whose sends never reached the bot, asked again past its time, has its fresh offer cancelled at once: nothing credited", async () => {
    const me = await depositor({ mode: "dropped" });
    const dep = await created(me.token, me.known);
    expect(dep.state).toBe("sending");
    expect((await botOffers(me.tradeLink)).offers).toHaveLength(0);
    // past its time the bot is back (its offers stay open until cancelled): the same reference
    // makes the offer now, and the same pass cancels it at once — too late to be accepted
    await botControl(me.tradeLink, "timeout");
    const row = await pass(dep.id, SKINS_DEPOSIT.offerTtlMs + 1_000);
    expect(row).toMatchObject({ state: "expired", offer_id: expect.any(String), credited_at: null });
    expect((await botOffers(me.tradeLink)).offers).toMatchObject([{ offer_id: row.offer_id, state: "expired" }]);
    expect(await heldItems(me.user.id)).toEqual([]);
    await expectBooksOk();
  });

  it("a deposit past its time fails on the bot's own 503 or a refusal, never on a send without an answer", async () => {
    const me = await depositor({ mode: "lost" });
    const dep = await created(me.token, me.known);
    const items = me.known.map((asset_id) => ({ asset_id, market_hash_name: "-" }));
    const failing = (err: Error): DepositBot => ({
      listInventory: () => Promise.reject(err),
      requestItems: () => Promise.reject(err),
      getOffer: () => Promise.reject(err),
      cancelOffer: () => Promise.reject(err),
    });
    const d = { id: dep.id, tradeLink: me.tradeLink, items };
    expect(await sendOffer(env, failing(new BotUnavailableError("dropped")), d, Date.now(), true)).toBe("sending");
    expect(await sendOffer(env, failing(new BotUnavailableError("HTTP 502", false)), d, Date.now(), true)).toBe("sending");
    // in time, even the bot's 503 only reschedules
    expect(await sendOffer(env, failing(new BotUnavailableError("HTTP 503", true)), d, Date.now(), false)).toBe("sending");
    expect((await depositRow(dep.id)).state).toBe("sending");
    expect(await sendOffer(env, failing(new BotUnavailableError("HTTP 503", true)), d, Date.now(), true)).toBe("failed");
    expect((await depositRow(dep.id)).state).toBe("failed");
  });

  it("the trade-protection window blocks the skin withdrawal of credited items until it passes", async () => {
    const me = await depositor({ prices: [2_000] });
    await deposit(me.user.id, 10_000);
    const dep = await created(me.token, me.known);
    await botDecide(dep.offer_id!, "accepted");
    await pass(dep.id);
    const [item] = await heldItems(me.user.id);
    for (const path of ["/api/withdraws/preview", "/api/withdraws/send"]) {
      const res = await post(path, { items: [item!.id] }, me.token);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ message: "inventory_api.trade_protected" });
    }
    await env.DB.prepare("UPDATE skin_deposits SET tradable_after = ?2 WHERE id = ?1")
      .bind(dep.id, Date.now() - 1)
      .run();
    const res = await post("/api/withdraws/preview", { items: [item!.id] }, me.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ amount: 20 });
    await expectBooksOk();
  });

  it("credited items cannot be sold to the store inside the window (the depositor could still reverse the trade)", async () => {
    const me = await depositor({ prices: [900] });
    const dep = await created(me.token, me.known);
    await botDecide(dep.offer_id!, "accepted");
    await pass(dep.id);
    const [item] = await heldItems(me.user.id);
    const refused = await post("/api/user/sell", { sellIds: [item!.id] }, me.token);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: "storehouse_api.items_unavailable" });
    expect((await heldItems(me.user.id))[0]).toMatchObject({ id: item!.id, status: "available" });
    await env.DB.prepare("UPDATE skin_deposits SET tradable_after = ?2 WHERE id = ?1")
      .bind(dep.id, Date.now() - 1)
      .run();
    const sold = await post("/api/user/sell", { sellIds: [item!.id] }, me.token);
    expect(sold.status).toBe(200);
    expect(await heldItems(me.user.id)).toEqual([]);
    await expectBooksOk();
  });

  it("no new offer during maintenance", async () => {
    const me = await depositor();
    await writeSetting(env, "maintenance", "true");
    try {
      const res = await createDeposit(me.token, { items: me.known });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ message: "app_api.maintenance" });
    } finally {
      await writeSetting(env, "maintenance", "false");
    }
  });
});

describe("the status line", () => {
  it("answers anyone: the bot's accounts online, Steam answering, the skin requests waiting; off without a bot", async () => {
    forgetTradeBotStatus();
    const res = await post("/api/payment/skins/status", {});
    expect(res.status).toBe(200);
    const status = skinsStatusAnswer.parse(await res.json());
    expect(status).toMatchObject({ enabled: true, steam: "answering" });
    expect(status.bots_online).toBeGreaterThanOrEqual(1);
    expect(status.bots_total).toBeGreaterThanOrEqual(status.bots_online!);
    // the queue counts what D1 holds open: a deposit waiting for the player's acceptance adds one
    const me = await depositor();
    await created(me.token, me.known);
    expect((await tradeBotStatus(env)).queue).toBe(status.queue + 1);
    // a bot that does not answer: not answering, its counts unknown
    forgetTradeBotStatus();
    expect(await tradeBotStatus({ ...env, TRADE_BOT_URL: "http://127.0.0.1:9/bot" })).toMatchObject({
      enabled: true,
      steam: "not_answering",
      bots_online: null,
    });
    forgetTradeBotStatus();
    expect(await tradeBotStatus({ ...env, TRADE_BOT_URL: "" })).toEqual({
      enabled: false,
      bots_online: null,
      bots_total: null,
      steam: "not_answering",
      queue: 0,
    });
    forgetTradeBotStatus();
  });
});
