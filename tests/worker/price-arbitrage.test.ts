// docs/security.md "One valuation rule for items": price-refresh arbitrage. Every path values an item at its CURRENT catalogue price
// (worker/prices/valuation.ts) and a refresh re-books held items with a 'revaluation' ledger row
// (worker/prices/revaluation.ts). Each test tries a loop that paid off when an item kept the price
// it was booked at, and shows no profit beyond what the rule intends (the sell tax is lost).
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { withdrawFee } from "../../shared/fees";
import { reconcile } from "../../worker/books/reconcile";
import worker from "../../worker/index";
import type { PriceFeed } from "../../worker/prices/feed";
import { refreshPrices } from "../../worker/prices/refresh";
import { settleWin } from "../../worker/rooms/crash/settlement";
import { SCHEDULED_REFRESH_KEY, scheduledPriceRefresh } from "../../worker/prices/scheduled";
import { writeSetting } from "../../worker/lib/settings";
import { buy, sell } from "../../worker/store/trade";
import { sendWithdrawal } from "../../worker/withdraws/send";
import { catalogueItem, houseUnits, item, racingDb, stakeInCrash, tag, userItem } from "./store-fixtures";
import { balanceOf, deposit, makeUser, post } from "./user-fixtures";
import { preview, send, withdrawal, withdrawer } from "./withdraw-fixtures";

/** A feed that prices only the names given (cents); every other catalogue entry stays as it is. */
function feedOf(prices: Record<string, number>): PriceFeed {
  return { source: "test", prices: async () => new Map(Object.entries(prices)) };
}

async function nameOf(catalogueId: number): Promise<string> {
  return (await env.DB.prepare("SELECT market_hash_name AS n FROM catalogue WHERE id = ?1").bind(catalogueId).first<{ n: string }>())!.n;
}

/** Refreshes the catalogue entry `catalogueId` to `cents` through the real refresh. */
async function refreshTo(catalogueId: number, cents: number) {
  return refreshPrices(env, feedOf({ [await nameOf(catalogueId)]: cents }));
}

async function revaluationRows(catalogueId: number) {
  const { results } = await env.DB.prepare(
    "SELECT user_id, account, delta, balance_after, kind FROM ledger WHERE kind = 'revaluation' AND reference = ?1 ORDER BY id",
  )
    .bind(`catalogue:${catalogueId}`)
    .all<{ user_id: number | null; account: string; delta: number; balance_after: number; kind: string }>();
  return results;
}

/** A new player's pending crash bet (one $1 item) in a round that is running; ready to settle. */
async function betInRunningRound() {
  const staked = await catalogueItem(100, `Arb ${tag()} | Staked (Field-Tested)`);
  const me = await makeUser();
  const mine = await userItem(me.user.id, staked, 100);
  await stakeInCrash(me.user.id, [mine]);
  const bet = (await env.DB.prepare("SELECT bet_id, (SELECT round_id FROM crash_bets WHERE id = bet_id) AS round_id FROM crash_bet_items WHERE item_id = ?1")
    .bind(mine)
    .first<{ bet_id: string; round_id: number }>())!;
  await env.DB.prepare("UPDATE crash_rounds SET status = 'running' WHERE id = ?1").bind(bet.round_id).run();
  return { me, bet };
}

const inventory = async (token: string) =>
  ((await (await post("/api/user/getInventory", { appId: 730 }, token)).json()) as { items: { myId: number; price: number }[] }).items;

describe("buy, refresh down, sell, buy back", () => {
  it("credits the new price less the tax: the loop loses the tax, it never profits", async () => {
    const t = tag();
    const cat = await catalogueItem(1_000, `Arb ${t} | Down (Field-Tested)`);
    await houseUnits(cat, 2);
    const me = await makeUser();
    await deposit(me.user.id, 5_000);

    const bought = (await (await post("/api/user/buy", { buyIds: [cat] }, me.token)).json()) as { items: { myId: number }[] };
    const mine = bought.items[0]!.myId;
    expect(await balanceOf(me.user.id)).toBe(4_000);
    const start = await balanceOf(me.user.id); // holding one item

    await refreshTo(cat, 600);
    // the held item is re-booked and shown at the new price
    expect(await item(mine)).toMatchObject({ price: 600 });
    expect((await inventory(me.token)).find((i) => i.myId === mine)?.price).toBe(6);

    const sold = await post("/api/user/sell", { sellIds: [mine] }, me.token);
    expect(sold.status).toBe(200);
    expect(await sold.json()).toMatchObject({ sum: 5.4 }); // 600 − 10 % tax (was 900: the booked 1,000 less tax)
    const rebuy = await post("/api/user/buy", { buyIds: [cat] }, me.token);
    expect(rebuy.status).toBe(200);

    const change = (await balanceOf(me.user.id)) - start; // holding one item again
    expect(change).toBe(-60);
    expect(change).toBeLessThanOrEqual(0);
    expect(await reconcile(env)).toMatchObject({ ok: true, revaluationMismatches: 0, staleItems: 0 });
  });

  it("values an item at the catalogue price even when its booked price was left behind", async () => {
    const t = tag();
    const cat = await catalogueItem(1_000, `Arb ${t} | Stale (Field-Tested)`);
    const me = await makeUser();
    const mine = await userItem(me.user.id, cat, 1_000);
    // the catalogue moved without a refresh (an operator's SQL): the sale still takes today's price
    await env.DB.prepare("UPDATE catalogue SET price = 400 WHERE id = ?1").bind(cat).run();
    expect((await reconcile(env)).staleItems).toBeGreaterThanOrEqual(1);
    const sold = await post("/api/user/sell", { sellIds: [mine] }, me.token);
    expect(await sold.json()).toMatchObject({ sum: 3.6 });
    expect(await balanceOf(me.user.id)).toBe(360);
  });
});

describe("buy, refresh up, withdraw", () => {
  it("charges the withdrawal fee on the new price", async () => {
    const me = await withdrawer({ prices: [1_000] });
    const mine = me.itemIds[0]!;
    const cat = (await item(mine))!.catalogue_id;
    await refreshTo(cat, 5_000);
    expect(await item(mine)).toMatchObject({ price: 5_000 });

    const quote = await preview(me.token, { items: [mine] });
    expect(await quote.json()).toMatchObject({ fee: withdrawFee(5_000) / 100 });
    const balance = await balanceOf(me.user.id);
    const res = await send(me.token, { items: [mine] });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(await withdrawal(id)).toMatchObject({ amount: 5_000, fee: withdrawFee(5_000) });
    expect(await balanceOf(me.user.id)).toBe(balance - withdrawFee(5_000));
  });
});

describe("crash stake after a refresh", () => {
  it("counts the new price in the bank", async () => {
    const t = tag();
    const cat = await catalogueItem(500, `Arb ${t} | Stake (Field-Tested)`);
    const me = await makeUser();
    const mine = await userItem(me.user.id, cat, 500);
    await refreshTo(cat, 200);
    await stakeInCrash(me.user.id, [mine]);
    const bet = await env.DB.prepare("SELECT b.bank, x.price FROM crash_bet_items x JOIN crash_bets b ON b.id = x.bet_id WHERE x.item_id = ?1")
      .bind(mine)
      .first<{ bank: number; price: number }>();
    expect(bet).toEqual({ bank: 200, price: 200 });
  });

  it("counts the current catalogue price even for an item booked at another", async () => {
    const t = tag();
    const cat = await catalogueItem(900, `Arb ${t} | StakeStale (Field-Tested)`);
    const me = await makeUser();
    const mine = await userItem(me.user.id, cat, 3_000);
    await stakeInCrash(me.user.id, [mine]);
    const bet = await env.DB.prepare("SELECT b.bank FROM crash_bet_items x JOIN crash_bets b ON b.id = x.bet_id WHERE x.item_id = ?1")
      .bind(mine)
      .first<{ bank: number }>();
    expect(bet?.bank).toBe(900);
  });
});

describe("the books after refreshes", () => {
  it("records the house's revaluation result and balances to the cent after refreshes up and down", async () => {
    const t = tag();
    const cat = await catalogueItem(1_000, `Arb ${t} | Books (Field-Tested)`);
    const a = await makeUser();
    const b = await makeUser();
    const held = [await userItem(a.user.id, cat, 1_000), await userItem(a.user.id, cat, 1_000), await userItem(b.user.id, cat, 1_000)];
    await stakeInCrash(b.user.id, [held[2]!]); // in a bet: still held, revalued too
    const [stock] = await houseUnits(cat, 1, 1_000);
    const gone = await userItem(a.user.id, cat, 1_000, "withdrawn"); // left the site: keeps its price
    await refreshPrices(env, feedOf({})); // other tests' stale items caught up first: the deltas below are this test's
    const before = await reconcile(env);
    expect(before).toMatchObject({ ok: true, staleItems: 0 });

    await refreshTo(cat, 1_250); // +250 on three held items: the house owes 750 more
    await refreshTo(cat, 900); // −350 on three: the house owes 1,050 less
    for (const id of held) expect((await item(id))!.price).toBe(900);
    expect((await item(stock!))!.price).toBe(900); // store stock follows (no ledger row: the house's own)
    expect((await item(gone))!.price).toBe(1_000);

    const rows = await revaluationRows(cat);
    expect(rows.map((r) => [r.user_id, r.account, r.kind, r.delta])).toEqual([
      [null, "revaluation", "revaluation", -750],
      [null, "revaluation", "revaluation", 1_050],
    ]);
    expect(rows[1]!.balance_after - rows[0]!.balance_after).toBe(1_050);

    const after = await reconcile(env);
    expect(after).toMatchObject({ ok: true, revaluationMismatches: 0, staleItems: 0, mismatchedAccounts: 0 });
    expect(after.userItemsValue - before.userItemsValue).toBe(3 * (900 - 1_000));
    expect(after.userItemsCurrentValue).toBe(after.userItemsValue);
    expect(after.revaluationResult - before.revaluationResult).toBe(300);
    // cash did not move: the cash equation holds as before
    expect(after.userBalances + after.houseBalance + after.bonusBalance).toBe(before.userBalances + before.houseBalance + before.bonusBalance);

    // a tampered revaluation row is caught
    await env.DB.prepare("UPDATE ledger SET delta = delta + 1 WHERE kind = 'revaluation' AND reference = ?1 AND delta = 1050").bind(`catalogue:${cat}`).run();
    expect(await reconcile(env)).toMatchObject({ ok: false, revaluationMismatches: 1 });
    await env.DB.prepare("UPDATE ledger SET delta = delta - 1 WHERE kind = 'revaluation' AND reference = ?1 AND delta = 1051").bind(`catalogue:${cat}`).run();
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("a won crash bet whose item a refresh re-booked still reconciles", async () => {
    const prize = await catalogueItem(300, `Arb ${tag()} | Prize (Field-Tested)`);
    const { me, bet } = await betInRunningRound();
    await settleWin(env, {
      betId: bet.bet_id,
      roundId: bet.round_id,
      userId: me.user.id,
      cashout: 350,
      win: 350,
      winItem: { catalogueId: prize, price: 300 },
      now: Date.now(),
    });
    expect((await reconcile(env)).crashMismatches).toBe(0);
    await refreshTo(prize, 777);
    expect(await reconcile(env)).toMatchObject({ ok: true, crashMismatches: 0 });
  });
});

describe("a crash win paid from the room's cached catalogue", () => {
  // The room keeps the catalogue for minutes (rooms/crash/catalogue.ts): a refresh inside that time
  // must not pay a win with an item that is worth more (or less) than the win now.
  async function wonBet(prizeAtCache: number, prizeNow: number, win: number) {
    const prize = await catalogueItem(prizeAtCache, `Arb ${tag()} | CachedPrize (Field-Tested)`);
    const { me, bet } = await betInRunningRound();
    await refreshTo(prize, prizeNow); // after the room cached the catalogue
    await settleWin(env, {
      betId: bet.bet_id,
      roundId: bet.round_id,
      userId: me.user.id,
      cashout: 200,
      win,
      winItem: { catalogueId: prize, price: prizeAtCache },
      now: Date.now(),
    });
    const won = (await env.DB.prepare("SELECT remainder, win_item_id FROM crash_bets WHERE id = ?1")
      .bind(bet.bet_id)
      .first<{ remainder: number; win_item_id: number | null }>())!;
    const minted = won.win_item_id === null ? null : await item(won.win_item_id);
    const value =
      (minted ? (await env.DB.prepare("SELECT price FROM catalogue WHERE id = ?1").bind(minted.catalogue_id).first<{ price: number }>())!.price : 0) +
      (await balanceOf(me.user.id));
    return { won, minted, value };
  }

  it("a price risen above the win pays the win in cash, not an item worth more", async () => {
    const { won, minted, value } = await wonBet(180, 900, 200);
    expect(minted).toBeNull();
    expect(won.remainder).toBe(200);
    expect(value).toBe(200);
    expect(await reconcile(env)).toMatchObject({ ok: true, crashMismatches: 0, staleItems: 0 });
  });

  it("a price fallen since the cache mints the item at today's price and credits the rest", async () => {
    const { won, minted, value } = await wonBet(180, 120, 200);
    expect(minted).toMatchObject({ price: 120, status: "available" });
    expect(won.remainder).toBe(80);
    expect(value).toBe(200);
    expect(await reconcile(env)).toMatchObject({ ok: true, crashMismatches: 0, staleItems: 0 });
  });
});

describe("idempotent refresh", () => {
  it("a retry with the same prices changes nothing and writes no row", async () => {
    const t = tag();
    const cat = await catalogueItem(800, `Arb ${t} | Retry (Field-Tested)`);
    const me = await makeUser();
    const mine = await userItem(me.user.id, cat, 800);
    const feed = feedOf({ [await nameOf(cat)]: 650 });
    const first = await refreshPrices(env, feed, { now: 1_000 });
    expect(first.updated).toBe(1);
    const ledger = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger").first<{ n: number }>())!.n;
    const count = await ledger();
    const itemBefore = await env.DB.prepare("SELECT price, updated_at FROM inventory_items WHERE id = ?1").bind(mine).first();
    const again = await refreshPrices(env, feed, { now: 2_000 });
    expect(again.updated).toBe(0);
    expect(await ledger()).toBe(count);
    expect(await env.DB.prepare("SELECT price, updated_at FROM inventory_items WHERE id = ?1").bind(mine).first()).toEqual(itemBefore);
    expect(await revaluationRows(cat)).toHaveLength(1);
  });

  it("a refresh racing another never re-books items at a price the catalogue no longer has", async () => {
    const t = tag();
    const cat = await catalogueItem(1_000, `Arb ${t} | RaceRefresh (Field-Tested)`);
    const me = await makeUser();
    const mine = await userItem(me.user.id, cat, 950); // left behind: the next refresh catches it up to 1,000
    // this refresh read 1,000 (and the stale item); another one moves the entry to 900 before it writes
    const DB = racingDb(() => refreshTo(cat, 900), 1);
    await refreshPrices({ DB }, feedOf({}));
    expect(await item(mine)).toMatchObject({ price: 900 });
    expect(await reconcile(env)).toMatchObject({ ok: true, staleItems: 0 });
  });

  it("a stale item is caught up by the next refresh, once", async () => {
    const t = tag();
    const cat = await catalogueItem(500, `Arb ${t} | CatchUp (Field-Tested)`);
    const me = await makeUser();
    const mine = await userItem(me.user.id, cat, 480); // booked 20 below the catalogue
    await refreshPrices(env, feedOf({}));
    expect((await item(mine))!.price).toBe(500);
    expect((await revaluationRows(cat)).map((r) => r.delta)).toEqual([-20]);
    await refreshPrices(env, feedOf({}));
    expect(await revaluationRows(cat)).toHaveLength(1);
  });
});

describe("scheduled refresh", () => {
  it("the worker's scheduled handler refreshes prices through the configured feed", async () => {
    await env.DB.prepare("DELETE FROM app_settings WHERE key = ?1").bind(SCHEDULED_REFRESH_KEY).run();
    // the fake feed (tests/fakes) prices this name at 1913 cents; catalogue and a held item are at 100
    const name = "AK-47 | Redline (Field-Tested)";
    const cat =
      (await env.DB.prepare("SELECT id FROM catalogue WHERE market_hash_name = ?1").bind(name).first<{ id: number }>())?.id ?? (await catalogueItem(100, name));
    await env.DB.prepare("UPDATE catalogue SET price = 100 WHERE id = ?1").bind(cat).run();
    const me = await makeUser();
    const mine = await userItem(me.user.id, cat, 100);

    const scheduledTime = Date.UTC(2030, 0, 1, 12, 0);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime, cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const stored = await env.DB.prepare("SELECT value FROM app_settings WHERE key = ?1").bind(SCHEDULED_REFRESH_KEY).first<{ value: string }>();
    expect(stored?.value).toBe(String(scheduledTime));
    expect((await item(mine))!.price).toBe(1913);
    expect((await revaluationRows(cat)).at(-1)).toMatchObject({ account: "revaluation", delta: 100 - 1913 });
  });

  it("runs at most once per PRICE_REFRESH_MINUTES, and not at all when it is 0", async () => {
    const t = tag();
    const cat = await catalogueItem(1_000, `Arb ${t} | Cron (Field-Tested)`);
    const me = await makeUser();
    const mine = await userItem(me.user.id, cat, 1_000);
    const name = await nameOf(cat);
    const at = (minutes: number) => Date.UTC(2031, 0, 1, 0, minutes);
    const cfg = { ...env, PRICE_REFRESH_MINUTES: "30" };
    await writeSetting(env, SCHEDULED_REFRESH_KEY, String(at(0)));

    expect(await scheduledPriceRefresh(cfg, at(25), feedOf({ [name]: 700 }))).toEqual({ ran: false, reason: "not_due" });
    expect((await item(mine))!.price).toBe(1_000);
    expect(await scheduledPriceRefresh(cfg, at(30), feedOf({ [name]: 700 }))).toMatchObject({ ran: true, result: { updated: 1 } });
    expect((await item(mine))!.price).toBe(700);
    expect(await scheduledPriceRefresh(cfg, at(35), feedOf({ [name]: 300 }))).toEqual({ ran: false, reason: "not_due" });
    expect(await scheduledPriceRefresh(cfg, at(60), feedOf({ [name]: 300 }))).toMatchObject({ ran: true });
    expect((await item(mine))!.price).toBe(300);
    expect(await scheduledPriceRefresh({ ...env, PRICE_REFRESH_MINUTES: "0" }, at(600), feedOf({ [name]: 1 }))).toEqual({ ran: false, reason: "off" });
    expect((await item(mine))!.price).toBe(300);
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("a failing feed writes nothing and does not move the clock", async () => {
    const at = Date.UTC(2032, 0, 1);
    await writeSetting(env, SCHEDULED_REFRESH_KEY, String(at - 3_600_000));
    const { PriceFeedError } = await import("../../worker/prices/feed");
    const failing: PriceFeed = {
      source: "test",
      prices: async () => {
        throw new PriceFeedError("down");
      },
    };
    expect(await scheduledPriceRefresh({ ...env, PRICE_REFRESH_MINUTES: "60" }, at, failing)).toEqual({ ran: false, reason: "feed_failed" });
    const stored = await env.DB.prepare("SELECT value FROM app_settings WHERE key = ?1").bind(SCHEDULED_REFRESH_KEY).first<{ value: string }>();
    expect(stored?.value).toBe(String(at - 3_600_000));
  });
});

describe("the store after a refresh", () => {
  it("never sells below what an item sells or withdraws for", async () => {
    const me = await withdrawer({ prices: [1_000] });
    const mine = me.itemIds[0]!;
    const cat = (await item(mine))!.catalogue_id;
    await houseUnits(cat, 1, 1_000);
    const t = await nameOf(cat);
    await refreshTo(cat, 600); // a drop: the store must not sell below what a held one is worth
    const list = (await (await post("/api/all-items/getList", { appId: 730, market_hash_name: t.split(" ")[1]!.slice(0, 8) })).json()) as {
      data: { id: number; price: number }[];
    };
    const storePrice = list.data.find((c) => c.id === cat)!.price;
    const withdrawable = ((await (await preview(me.token, { items: [mine] })).json()) as { amount: number }).amount;
    const shown = (await inventory(me.token)).find((i) => i.myId === mine)!.price;
    expect(storePrice).toBe(6);
    expect(storePrice).toBeGreaterThanOrEqual(withdrawable);
    expect(storePrice).toBeGreaterThanOrEqual(shown);
  });
});

describe("a refresh racing a sale, a purchase or a withdrawal", () => {
  // A trade reads nothing before its one batch (worker/store/trade.ts): there is no quote a refresh
  // could overtake. A refresh landing right before the batch prices the trade at the new price.
  it("a sale right after a refresh down credits the new price, never the old one", async () => {
    const t = tag();
    const cat = await catalogueItem(1_000, `Arb ${t} | RaceSell (Field-Tested)`);
    const me = await makeUser();
    const mine = await userItem(me.user.id, cat, 1_000);
    const DB = racingDb(() => refreshTo(cat, 400), 1);
    const out = await sell({ DB }, { userId: me.user.id, buyIds: [], sellIds: [mine], requestId: crypto.randomUUID(), taxPercent: 10 });
    expect(out).toMatchObject({ ok: true, answer: { sum: 3.6 } });
    expect(await balanceOf(me.user.id)).toBe(360);
    expect(await item(mine)).toMatchObject({ owner_id: null, status: "available", price: 400 });
    expect(await reconcile(env)).toMatchObject({ ok: true, staleItems: 0 });
  });

  it("a purchase right after a refresh up pays the new price: no resale profit", async () => {
    const t = tag();
    const cat = await catalogueItem(1_000, `Arb ${t} | RaceBuy (Field-Tested)`);
    const [unit] = await houseUnits(cat, 1, 1_000);
    const me = await makeUser();
    await deposit(me.user.id, 5_000);
    const DB = racingDb(() => refreshTo(cat, 3_000), 1);
    // bought at 1,000 while the item is already worth 3,000 would be a 2,000 profit on a resale
    const out = await buy({ DB }, { userId: me.user.id, buyIds: [cat], sellIds: [], requestId: crypto.randomUUID(), taxPercent: 10 });
    expect(out).toMatchObject({ ok: true, answer: { balance: 20, items: [{ myId: unit, price: 30 }] } });
    expect(await balanceOf(me.user.id)).toBe(2_000);
    expect(await item(unit!)).toMatchObject({ owner_id: me.user.id, status: "available", price: 3_000 });
    expect(await reconcile(env)).toMatchObject({ ok: true, staleItems: 0 });
  });

  it("refuses the withdrawal whose fee was computed on the old price; nothing moves", async () => {
    const me = await withdrawer({ prices: [1_000] });
    const mine = me.itemIds[0]!;
    const cat = (await item(mine))!.catalogue_id;
    const balance = await balanceOf(me.user.id);
    const DB = racingDb(() => refreshTo(cat, 3_000));
    const out = await sendWithdrawal({ DB }, { userId: me.user.id, ids: [mine], requestId: crypto.randomUUID() });
    expect(out).toMatchObject({ ok: false, key: "inventory_api.item_not_found" });
    expect(await balanceOf(me.user.id)).toBe(balance);
    expect(await item(mine)).toMatchObject({ status: "available", price: 3_000 });
  });
});
