// POST /api/user/buy and /api/user/sell: happy paths, every refusal (which must move nothing),
// the exchange, request_id replays, the per-user lock, and the books afterwards.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { takeStoreLock } from "../../worker/store/lock";
import { balanceOf, deposit, makeUser, post } from "./user-fixtures";
import { catalogueItem, getList, houseUnits, item, n, snapshot, stakeInCrash, storeLedger, tag, userItem } from "./store-fixtures";

/** An error answer (errorBody: message plus the status/success/type fields of §7). */
const failed = (key: string) => expect.objectContaining({ message: key, success: false });

const buy = (token: string | undefined, body: unknown) => post("/api/user/buy", body, token);
const sell = (token: string | undefined, body: unknown) => post("/api/user/sell", body, token);

async function richUser(cents: number) {
  const u = await makeUser();
  if (cents > 0) await deposit(u.user.id, cents);
  return u;
}

describe("buy", () => {
  it("takes one store unit per catalogue id for the current catalogue price", async () => {
    const t = tag();
    const cat = await catalogueItem(350, `Store ${t} | Buy (Field-Tested)`);
    const units = await houseUnits(cat, 2, 111);
    const me = await richUser(1_000);

    const res = await buy(me.token, { buyIds: [cat] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { myId: number }[] };
    expect(body).toEqual({
      success: true,
      message: "storehouse_api.items_bought",
      balance: 6.5,
      items: [
        {
          myId: units[0],
          id: cat,
          market_hash_name: `Store ${t} | Buy (Field-Tested)`,
          name: `Store ${t} | Buy (Field-Tested)`,
          exterior: "Field-Tested",
          rarity: "Classified",
          rarity_color: "#d32ce6",
          image: `img/Store ${t} | Buy (Field-Tested)`,
          price: 3.5,
          status: "available",
        },
      ],
    });
    // the unit is the buyer's now, booked at the price paid; the other one stays in stock
    expect(await item(units[0]!)).toMatchObject({ owner_id: me.user.id, status: "available", price: 350 });
    expect(await item(units[1]!)).toMatchObject({ owner_id: null, status: "available" });
    expect(await balanceOf(me.user.id)).toBe(650);
    expect((await getList({ market_hash_name: t })).data).toMatchObject([{ id: cat, market_count: 1 }]);
    // ledger: the debit and its house counterpart
    const rows = await storeLedger(me.user.id);
    expect(rows.map((r) => [r.account, r.kind, r.delta])).toEqual([
      ["user", "store_buy", -350],
      ["house", "store_buy", 350],
    ]);
    // the inventory lists it
    const inv = (await (await post("/api/user/getInventory", { appId: 730 }, me.token)).json()) as { items: { myId: number }[] };
    expect(inv.items.map((i) => i.myId)).toContain(units[0]);
  });

  it("works with exactly the price in balance and refuses one cent less, moving nothing", async () => {
    const t = tag();
    const cat = await catalogueItem(1_234, `Store ${t} | Exact`);
    await houseUnits(cat, 2);
    const exact = await richUser(1_234);
    const short = await richUser(1_233);

    const before = await snapshot();
    const refused = await buy(short.token, { buyIds: [cat] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(failed("storehouse_api.insufficient_funds"));
    expect(await snapshot()).toEqual(before);

    const ok = await buy(exact.token, { buyIds: [cat] });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ balance: 0 });
    expect(await balanceOf(exact.user.id)).toBe(0);
  });

  it("answers the selection keys and bad input with 400, never 500", async () => {
    const me = await richUser(100);
    const cases: [unknown, string][] = [
      [{ buyIds: [] }, "storehouse_api.none_selected"],
      [{}, "storehouse_api.none_selected"],
      [{ buyIds: [], sellIds: [1] }, "storehouse_api.none_selected"],
      [{ buyIds: Array.from({ length: 51 }, (_, i) => i + 1) }, "storehouse_api.too_many_items"],
      [{ buyIds: [1], sellIds: Array.from({ length: 51 }, (_, i) => i + 1) }, "storehouse_api.too_many_items"],
      [{ buyIds: [1, 1] }, "app_api.invalid_request"],
      [{ buyIds: [1.5] }, "app_api.invalid_request"],
      [{ buyIds: [-3] }, "app_api.invalid_request"],
      [{ buyIds: "1" }, "app_api.invalid_request"],
      [{ buyIds: [1], request_id: "" }, "app_api.invalid_request"],
      [{ buyIds: [1], request_id: "x".repeat(65) }, "app_api.invalid_request"],
      ["{not json", "app_api.invalid_request"],
    ];
    for (const [body, key] of cases) {
      const res = await buy(me.token, body);
      expect([res.status, await res.json()], JSON.stringify(body)).toEqual([400, failed(key)]);
    }
  });

  it("refuses a catalogue id without stock or unknown: 409 items_unavailable", async () => {
    const t = tag();
    const empty = await catalogueItem(100, `Store ${t} | Empty`);
    const me = await richUser(10_000);
    const before = await snapshot();
    for (const buyIds of [[empty], [999_999_999]]) {
      const res = await buy(me.token, { buyIds });
      expect([res.status, await res.json()]).toEqual([409, failed("storehouse_api.items_unavailable")]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("buys the most a request may take in one go, or nothing when one of them has no stock", async () => {
    const t = tag();
    const cats: number[] = [];
    for (let i = 0; i < 50; i++) {
      const id = await catalogueItem(10 + i, `Store ${t} | Bulk ${i}`);
      await houseUnits(id);
      cats.push(id);
    }
    const poor = await richUser(100_000);
    const gone = await catalogueItem(5, `Store ${t} | Gone`);
    const [goneUnit] = await houseUnits(gone);
    await env.DB.prepare("UPDATE inventory_items SET status = 'quiz' WHERE id = ?1").bind(goneUnit).run();
    const before = await snapshot();
    const refused = await buy(poor.token, { buyIds: [...cats.slice(0, 49), gone] });
    expect([refused.status, await refused.json()]).toEqual([409, failed("storehouse_api.items_unavailable")]);
    expect(await snapshot()).toEqual(before);

    const res = await buy(poor.token, { buyIds: cats });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: number }[]; balance: number };
    expect(body.items.map((i) => i.id).sort((a, b) => a - b)).toEqual([...cats].sort((a, b) => a - b));
    // Σ (10 … 59) = 1725 cents
    expect(body.balance).toBe(982.75);
    expect(await n("SELECT COUNT(*) AS n FROM inventory_items WHERE owner_id = ?1", poor.user.id)).toBe(50);
  });

  it("a visitor gets 401 on buy and sell", async () => {
    for (const call of [buy, sell]) {
      const res = await call(undefined, { buyIds: [1], sellIds: [1] });
      expect([res.status, await res.json()]).toEqual([401, failed("user_api.unauthorized")]);
    }
  });
});

describe("exchange (buy paying with inventory items)", () => {
  it("credits the items given (taxed) and debits the rest; the items join the house stock", async () => {
    const t = tag();
    const want = await catalogueItem(500, `Store ${t} | Want`);
    const [unit] = await houseUnits(want);
    const giveCat = await catalogueItem(500, `Store ${t} | Give`);
    const me = await richUser(50);
    // credited at its booked price (what the inventory shows): 500 − 10 % = 450
    const mine = await userItem(me.user.id, giveCat, 500);

    const res = await buy(me.token, { buyIds: [want], sellIds: [mine] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ balance: 0, items: [{ myId: unit, price: 5 }] });
    expect(await balanceOf(me.user.id)).toBe(0);
    expect(await item(mine)).toMatchObject({ owner_id: null, status: "available", price: 500 });
    expect(await item(unit!)).toMatchObject({ owner_id: me.user.id, price: 500 });
    expect((await storeLedger(me.user.id)).map((r) => [r.account, r.kind, r.delta])).toEqual([
      ["user", "store_sell", 450],
      ["house", "store_sell", -450],
      ["user", "store_buy", -500],
      ["house", "store_buy", 500],
    ]);
    // the given item is on sale now, the bought one is not
    expect((await getList({ market_hash_name: t })).data.map((c) => [c.id, c.market_count])).toEqual([[giveCat, 1]]);
  });

  it("with too little value answers insufficient_funds and moves nothing", async () => {
    const t = tag();
    const want = await catalogueItem(500, `Store ${t} | Want`);
    await houseUnits(want);
    const giveCat = await catalogueItem(500, `Store ${t} | Give`);
    const me = await richUser(49); // 0.49 + 4.50 credit < 5.00
    const mine = await userItem(me.user.id, giveCat, 500);

    const before = await snapshot();
    const res = await buy(me.token, { buyIds: [want], sellIds: [mine] });
    expect([res.status, await res.json()]).toEqual([400, failed("storehouse_api.insufficient_funds")]);
    expect(await snapshot()).toEqual(before);
    expect(await item(mine)).toMatchObject({ owner_id: me.user.id, status: "available" });
  });

  it("refuses an item staked in a crash bet or owned by someone else, moving nothing", async () => {
    const t = tag();
    const want = await catalogueItem(100, `Store ${t} | Want`);
    await houseUnits(want);
    const giveCat = await catalogueItem(700, `Store ${t} | Give`);
    const me = await richUser(1_000);
    const other = await makeUser();
    const staked = await userItem(me.user.id, giveCat, 700);
    await stakeInCrash(me.user.id, [staked]);
    expect((await item(staked))?.status).toBe("in_bet");
    const theirs = await userItem(other.user.id, giveCat, 700);

    const before = await snapshot();
    for (const sellIds of [[staked], [theirs], [987_654_321]]) {
      const res = await buy(me.token, { buyIds: [want], sellIds });
      expect([res.status, await res.json()], JSON.stringify(sellIds)).toEqual([409, failed("storehouse_api.items_unavailable")]);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("sell", () => {
  it("credits the current catalogue price (what the inventory shows), not an older booked price", async () => {
    const t = tag();
    const a = await catalogueItem(2_000, `Store ${t} | Repriced`);
    const me = await richUser(0);
    // booked at 800 when the player got it; the catalogue is at 2000 now (docs/security.md "One valuation rule for items")
    const ia = await userItem(me.user.id, a, 800);
    const res = await sell(me.token, { sellIds: [ia] });
    expect(await res.json()).toEqual({ success: true, message: "storehouse_api.items_sold", balance: 18, sum: 18 });
    expect(await item(ia)).toMatchObject({ owner_id: null, status: "available", price: 2_000 });
  });

  it("credits Σ (booked price − floor(price · 10 %)) and puts the items on sale", async () => {
    const t = tag();
    const a = await catalogueItem(333, `Store ${t} | Alpha`);
    const b = await catalogueItem(1_000, `Store ${t} | Beta`);
    const me = await richUser(5);
    const ia = await userItem(me.user.id, a, 333);
    const ib = await userItem(me.user.id, b, 1_000);

    const res = await sell(me.token, { sellIds: [ia, ib] });
    expect(res.status).toBe(200);
    // 333 − 33 + 1000 − 100 = 1200
    expect(await res.json()).toEqual({ success: true, message: "storehouse_api.items_sold", balance: 12.05, sum: 12 });
    expect(await balanceOf(me.user.id)).toBe(1_205);
    expect(await item(ia)).toMatchObject({ owner_id: null, status: "available", price: 333 });
    expect(await item(ib)).toMatchObject({ owner_id: null, status: "available", price: 1_000 });
    expect((await storeLedger(me.user.id)).map((r) => [r.account, r.kind, r.delta])).toEqual([
      ["user", "store_sell", 1_200],
      ["house", "store_sell", -1_200],
    ]);
    const cards = (await getList({ market_hash_name: t })).data;
    expect(cards.map((c) => [c.id, c.price, c.market_count])).toEqual([
      [b, 10, 1],
      [a, 3.33, 1],
    ]);
    // and someone else can buy it back
    const buyer = await richUser(333);
    const bought = await buy(buyer.token, { buyIds: [a] });
    expect(await bought.json()).toMatchObject({ items: [{ myId: ia }] });
  });

  it("taxes each item on its own, rounded down (two 5-cent items: 0 tax, not floor(10 · 10 %) = 1)", async () => {
    const t = tag();
    const c = await catalogueItem(5, `Store ${t} | Penny`);
    const me = await richUser(0);
    const ids = [await userItem(me.user.id, c, 5), await userItem(me.user.id, c, 5)];

    const res = await sell(me.token, { sellIds: ids });
    expect(await res.json()).toMatchObject({ balance: 0.1, sum: 0.1 });
    expect((await storeLedger(me.user.id)).map((r) => [r.account, r.kind, r.delta])).toEqual([
      ["user", "store_sell", 10],
      ["house", "store_sell", -10],
    ]);
  });

  it("refuses an item staked in a crash bet, another's item, a sold one; nothing moves", async () => {
    const t = tag();
    const cat = await catalogueItem(800, `Store ${t} | Staked`);
    const me = await richUser(0);
    const other = await makeUser();
    const free = await userItem(me.user.id, cat, 800);
    const staked = await userItem(me.user.id, cat, 800);
    await stakeInCrash(me.user.id, [staked]);
    const theirs = await userItem(other.user.id, cat, 800);
    const gone = await userItem(me.user.id, cat, 800, "withdrawn");

    const before = await snapshot();
    for (const sellIds of [[staked], [free, staked], [theirs], [gone]]) {
      const res = await sell(me.token, { sellIds });
      expect([res.status, await res.json()], JSON.stringify(sellIds)).toEqual([409, failed("storehouse_api.items_unavailable")]);
    }
    for (const [body, key] of [
      [{ sellIds: [] }, "storehouse_api.none_selected"],
      [{}, "storehouse_api.none_selected"],
      [{ sellIds: Array.from({ length: 51 }, (_, i) => i + 1) }, "storehouse_api.too_many_items"],
      [{ sellIds: [free, free] }, "app_api.invalid_request"],
    ] as const) {
      const res = await sell(me.token, body);
      expect([res.status, await res.json()], JSON.stringify(body)).toEqual([400, failed(key)]);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("request_id replays", () => {
  it("a repeated buy answers the first answer and pays once", async () => {
    const t = tag();
    const cat = await catalogueItem(250, `Store ${t} | Replay`);
    await houseUnits(cat, 3);
    const me = await richUser(1_000);
    const body = { buyIds: [cat], request_id: `rb-${t}` };

    const first = await (await buy(me.token, body)).json();
    const again = await buy(me.token, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(await balanceOf(me.user.id)).toBe(750);
    expect(await n("SELECT COUNT(*) AS n FROM inventory_items WHERE catalogue_id = ?1 AND owner_id IS NULL", cat)).toBe(2);
    expect(await storeLedger(me.user.id)).toHaveLength(2);
    // two racing retries still pay once
    const key = { buyIds: [cat], request_id: `rb2-${t}` };
    const raced = await Promise.all([buy(me.token, key), buy(me.token, key)]);
    const statuses = raced.map((r) => r.status).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    expect(await balanceOf(me.user.id)).toBe(500);
    expect(await n("SELECT COUNT(*) AS n FROM inventory_items WHERE catalogue_id = ?1 AND owner_id IS NULL", cat)).toBe(1);
  });

  it("a repeated sale answers the first answer and credits once; a sale reusing a buy's id is refused", async () => {
    const t = tag();
    const cat = await catalogueItem(1_000, `Store ${t} | ReSell`);
    const me = await richUser(0);
    const mine = await userItem(me.user.id, cat, 1_000);
    const body = { sellIds: [mine], request_id: `rs-${t}` };
    const first = await (await sell(me.token, body)).json();
    expect(first).toEqual({ success: true, message: "storehouse_api.items_sold", balance: 9, sum: 9 });
    expect(await (await sell(me.token, body)).json()).toEqual(first);
    expect(await balanceOf(me.user.id)).toBe(900);

    const cheap = await catalogueItem(100, `Store ${t} | Cheap`);
    await houseUnits(cheap, 1);
    const bought = await buy(me.token, { buyIds: [cheap], request_id: `rx-${t}` });
    expect(bought.status).toBe(200);
    const mixed = await sell(me.token, { sellIds: [mine], request_id: `rx-${t}` });
    expect([mixed.status, await mixed.json()]).toEqual([400, failed("app_api.invalid_request")]);
  });
});

describe("one store operation per user at a time", () => {
  it("answers buy_running / sale_running while the lock is held, and works once it expires", async () => {
    const t = tag();
    const cat = await catalogueItem(100, `Store ${t} | Lock`);
    await houseUnits(cat, 2);
    const me = await richUser(1_000);
    const mine = await userItem(me.user.id, cat, 100);
    expect(await takeStoreLock(env, me.user.id, "sell")).toEqual(expect.any(String));
    expect(await takeStoreLock(env, me.user.id, "buy")).toBeNull();

    const before = await snapshot();
    const b = await buy(me.token, { buyIds: [cat] });
    expect([b.status, await b.json()]).toEqual([409, failed("storehouse_api.buy_running")]);
    const s = await sell(me.token, { sellIds: [mine] });
    expect([s.status, await s.json()]).toEqual([409, failed("storehouse_api.sale_running")]);
    expect(await snapshot()).toEqual(before);

    // another user is not blocked
    const other = await richUser(100);
    expect((await buy(other.token, { buyIds: [cat] })).status).toBe(200);

    // a lease left by a dead worker expires
    await env.DB.prepare("UPDATE store_locks SET expires_at = ?2 WHERE user_id = ?1")
      .bind(me.user.id, Date.now() - 1)
      .run();
    expect((await buy(me.token, { buyIds: [cat] })).status).toBe(200);
    // released after the operation
    expect(await n("SELECT COUNT(*) AS n FROM store_locks WHERE user_id = ?1", me.user.id)).toBe(0);
  });

  it("two sales of one user at once: each is sold at most once and the books agree", async () => {
    const t = tag();
    const cat = await catalogueItem(200, `Store ${t} | Twice`);
    const me = await richUser(0);
    const a = await userItem(me.user.id, cat, 200);
    const b = await userItem(me.user.id, cat, 200);
    const results = await Promise.all([sell(me.token, { sellIds: [a] }), sell(me.token, { sellIds: [b] })]);
    const answers = await Promise.all(results.map(async (r) => [r.status, await r.json()] as const));
    for (const [status, body] of answers) {
      if (status !== 200) expect([status, body]).toEqual([409, failed("storehouse_api.sale_running")]);
    }
    const sold = answers.filter(([s]) => s === 200).length;
    expect(sold).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(me.user.id)).toBe(sold * 180);
    expect(await n("SELECT COUNT(*) AS n FROM inventory_items WHERE catalogue_id = ?1 AND owner_id IS NULL", cat)).toBe(sold);
  });
});

describe("races between users", () => {
  it("two buyers of the last unit at once: exactly one wins, the other pays nothing", async () => {
    const t = tag();
    const cat = await catalogueItem(700, `Store ${t} | Last`);
    const [unit] = await houseUnits(cat, 1);
    const a = await richUser(1_000);
    const b = await richUser(1_000);
    const ledgerBefore = await n("SELECT COUNT(*) AS n FROM ledger");

    const results = await Promise.all([buy(a.token, { buyIds: [cat] }), buy(b.token, { buyIds: [cat] })]);
    const answers = await Promise.all(results.map(async (r) => [r.status, await r.json()] as const));
    const winners = answers.filter(([s]) => s === 200);
    expect(winners).toHaveLength(1);
    expect(answers.find(([s]) => s !== 200)).toEqual([409, failed("storehouse_api.items_unavailable")]);

    const winner = answers[0]![0] === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(await item(unit!)).toMatchObject({ owner_id: winner.user.id });
    expect(await balanceOf(winner.user.id)).toBe(300);
    expect(await balanceOf(loser.user.id)).toBe(1_000);
    expect(await n("SELECT COUNT(*) AS n FROM ledger")).toBe(ledgerBefore + 2);
    expect(await n("SELECT COUNT(*) AS n FROM store_trades WHERE user_id = ?1", loser.user.id)).toBe(0);
  });

  it("two buyers of an item with two units at once: both get one, different units", async () => {
    const t = tag();
    const cat = await catalogueItem(100, `Store ${t} | Pair`);
    const units = await houseUnits(cat, 2);
    const a = await richUser(100);
    const b = await richUser(100);
    const results = await Promise.all([buy(a.token, { buyIds: [cat] }), buy(b.token, { buyIds: [cat] })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const owners = await Promise.all(units.map(async (id) => (await item(id))?.owner_id));
    expect(owners.sort()).toEqual([a.user.id, b.user.id].sort());
  });
});

describe("the books", () => {
  it("reconcile is ok after everything above, and catches a trade without its ledger", async () => {
    const r = await reconcile(env);
    expect(r).toMatchObject({ ok: true, mismatchedAccounts: 0, storeMismatches: 0 });

    // a trade row whose money never moved
    const me = await makeUser();
    await env.DB.prepare(
      "INSERT INTO store_trades (id, user_id, request_id, kind, bought, sold, tax, delta, created_at) VALUES ('fake-trade', ?1, 'fake', 'buy', 0, 0, 0, -5, 1)",
    )
      .bind(me.user.id)
      .run();
    const broken = await reconcile(env);
    expect(broken.storeMismatches).toBeGreaterThanOrEqual(1);
    expect(broken.ok).toBe(false);
    await env.DB.prepare("DELETE FROM store_trades WHERE id = 'fake-trade'").run();
    expect((await reconcile(env)).ok).toBe(true);
  });
});
