// POST /api/cases/open: paid from the balance in one batch (exact balance, one cent short, a
// race with money for one, request_id replays), the won item in the inventory, the books.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inventoryAnswer } from "../../shared/api/user";
import { openAnswer } from "../../shared/api/cases";
import { casesPick } from "../../shared/fairness";
import { reconcile } from "../../worker/books/reconcile";
import { payOpen, planOpen } from "../../worker/cases/open";
import { writeSetting } from "../../worker/lib/settings";
import { call, ITEM_PICTURE_PATH, ITEM_PICTURE_URL, makeCase, movesOf, openCase } from "./cases-fixtures";
import { deposit, makeUser, post } from "./user-fixtures";

describe("opening a case", () => {
  it("with exactly the price in balance works: balance 0, ledger both sides, the item minted at its catalogue price", async () => {
    const kase = await makeCase(150);
    const { user, token } = await makeUser();
    await deposit(user.id, 150);
    const houseBefore = (await movesOf(user.id)).house;

    const { status, body } = await openCase(token, kase.id);
    expect(status).toBe(200);
    expect(openAnswer.parse(body)).toEqual(body);
    expect(body.balance).toBe(0);
    expect(body.roll.nonce).toBe(0);
    const won = kase.items.find((i) => i.catalogueId === body.winItem.id)!;
    expect(won).toBeDefined();
    expect(body.winItem.price).toBe(won.price / 100);
    expect(body.winItem.status).toBe("available");

    const moves = await movesOf(user.id);
    expect(moves).toMatchObject({ balance: 0, items: 1, opens: 1, nonce: 1 });
    expect(moves.house - houseBefore).toBe(150);
    const item = await env.DB.prepare("SELECT * FROM inventory_items WHERE id = ?1")
      .bind(body.winItem.myId)
      .first<{ owner_id: number; catalogue_id: number; price: number; status: string }>();
    expect(item).toMatchObject({ owner_id: user.id, catalogue_id: won.catalogueId, price: won.price, status: "available" });
    const { results: rows } = await env.DB.prepare(
      "SELECT account, delta, balance_after, kind FROM ledger WHERE kind = 'case_open' AND idempotency_key LIKE ?1 ORDER BY id",
    )
      .bind(`case:open:${user.id}:%`)
      .all();
    expect(rows).toEqual([
      { account: "user", delta: -150, balance_after: 0, kind: "case_open" },
      expect.objectContaining({ account: "house", delta: 150, kind: "case_open" }),
    ]);

    // the roll is what casesPick gives for the player's (still secret) seed pair
    const seed = await env.DB.prepare("SELECT server_seed FROM case_seeds WHERE user_id = ?1").bind(user.id).first<{ server_seed: string }>();
    const index = casesPick(
      seed!.server_seed,
      body.roll.client_seed,
      0,
      kase.items.map((i) => i.weight),
    );
    expect(kase.items[index]!.catalogueId).toBe(body.winItem.id);
  });

  it("one cent short answers cases_api.insufficient_funds and moves nothing", async () => {
    const kase = await makeCase(150);
    const { user, token } = await makeUser();
    await deposit(user.id, 149);
    const before = await movesOf(user.id);
    const { status, body } = await openCase(token, kase.id, "short-1");
    expect(status).toBe(400);
    expect(body.message).toBe("cases_api.insufficient_funds");
    const after = await movesOf(user.id);
    // the seed pair may be created on first use (nonce 0, not advanced); nothing else moved
    expect({ ...after, nonce: null }).toEqual({ ...before, nonce: null });
    expect(after.nonce).toBeLessThanOrEqual(0);
    expect(after).toMatchObject({ balance: 149, items: 0, opens: 0 });
  });

  it("two concurrent opens with money for one: exactly one wins, the other moves nothing", async () => {
    const kase = await makeCase(150);
    const { user, token } = await makeUser();
    await deposit(user.id, 299);
    const results = await Promise.all([openCase(token, kase.id, "race-a"), openCase(token, kase.id, "race-b")]);
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect([
      ["cases_api.busy", 409],
      ["cases_api.insufficient_funds", 400],
    ]).toContainEqual([lost[0]!.body.message, lost[0]!.status]);
    expect(await movesOf(user.id)).toMatchObject({ balance: 149, items: 1, opens: 1, nonce: 1 });
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("a request_id replay answers the first answer and moves nothing more, even when sent at once", async () => {
    const kase = await makeCase(100);
    const { user, token } = await makeUser();
    await deposit(user.id, 1_000);
    const first = await openCase(token, kase.id, "same-key");
    expect(first.status).toBe(200);
    const again = await openCase(token, kase.id, "same-key");
    expect(again).toEqual(first);
    expect(await movesOf(user.id)).toMatchObject({ balance: 900, items: 1, opens: 1 });

    const parallel = await Promise.all([openCase(token, kase.id, "twin"), openCase(token, kase.id, "twin"), openCase(token, kase.id, "twin")]);
    for (const p of parallel.filter((x) => x.status === 200)) expect(p).toEqual(parallel.find((x) => x.status === 200));
    expect(parallel.filter((x) => x.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const p of parallel.filter((x) => x.status !== 200)) expect(p).toMatchObject({ status: 409, body: { message: "cases_api.busy" } });
    expect(await movesOf(user.id)).toMatchObject({ balance: 800, items: 2, opens: 2 });

    // the key belongs to the player: another player's same key is his own open
    const other = await makeUser();
    await deposit(other.user.id, 100);
    expect((await openCase(other.token, kase.id, "same-key")).status).toBe(200);
    expect((await movesOf(other.user.id)).balance).toBe(0);
  });

  it("the won item appears in /api/user/getInventory", async () => {
    const kase = await makeCase(100);
    const { user, token } = await makeUser();
    await deposit(user.id, 100);
    const { body } = await openCase(token, kase.id);
    const inv = inventoryAnswer.parse(await (await post("/api/user/getInventory", { appId: 730 }, token)).json());
    // the open answers the site's picture path; the inventory (like the other modes) the catalogue link
    expect(body.winItem.image).toBe(ITEM_PICTURE_PATH);
    expect(inv.items).toContainEqual({ ...body.winItem, image: ITEM_PICTURE_URL });
  });

  it("refuses unknown, disabled and malformed requests, visitors and maintenance, moving nothing", async () => {
    const kase = await makeCase(100);
    const off = await makeCase(100, undefined, { active: false });
    const { user, token } = await makeUser();
    await deposit(user.id, 1_000);
    const before = await movesOf(user.id);
    expect(await openCase(token, 999_999)).toMatchObject({ status: 404, body: { message: "cases_api.case_not_found" } });
    expect(await openCase(token, off.id)).toMatchObject({ status: 409, body: { message: "cases_api.case_disabled" } });
    for (const bad of [{}, { id: "x" }, { id: -1 }, { id: 1.5 }, { id: kase.id, request_id: "" }, { id: kase.id, request_id: "k".repeat(65) }]) {
      const res = await call("POST", "/api/cases/open", bad, token);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("app_api.invalid_request");
    }
    const visitor = await call("POST", "/api/cases/open", { id: kase.id });
    expect(visitor.status).toBe(401);
    await writeSetting(env, "maintenance", "true");
    try {
      expect(await openCase(token, kase.id)).toMatchObject({ status: 503, body: { message: "app_api.maintenance" } });
    } finally {
      await writeSetting(env, "maintenance", "false");
    }
    const after = await movesOf(user.id);
    expect({ ...after, nonce: null }).toEqual({ ...before, nonce: null });
    expect(after.nonce).toBeLessThanOrEqual(0);
    expect(after).toMatchObject({ balance: 1_000, items: 0, opens: 0 });
  });

  it("a change between the roll and the payment (admin edit, rotation, client seed, another open, a price refresh) refuses it: busy, nothing moved", async () => {
    const kase = await makeCase(100);
    const { user, token } = await makeUser();
    await deposit(user.id, 1_000);
    const changes: (() => Promise<unknown>)[] = [
      () => env.DB.prepare("UPDATE cases SET updated_at = updated_at + 1 WHERE id = ?1").bind(kase.id).run(),
      () => call("POST", "/api/cases/seeds/rotate", {}, token),
      () => call("POST", "/api/cases/seeds/client", { client_seed: `changed-${Math.random()}` }, token),
      () => openCase(token, kase.id),
      // a price refresh of one of the case's items (the drop would be minted at a stale price)
      () => env.DB.prepare("UPDATE catalogue SET price = price + 7 WHERE id = ?1").bind(kase.items[0]!.catalogueId).run(),
    ];
    for (const [i, change] of changes.entries()) {
      const planned = await planOpen(env, { userId: user.id, caseId: kase.id, requestId: `mid-flight-${i}` });
      if (!planned.ok || "open" in planned) throw new Error("no plan");
      await change();
      const before = await movesOf(user.id);
      expect(await payOpen(env, planned.plan), `change ${i}`).toEqual({ ok: false, status: 409, message: "cases_api.busy" });
      expect(await movesOf(user.id)).toEqual(before);
    }
    // and without a change the same plan pays
    const planned = await planOpen(env, { userId: user.id, caseId: kase.id, requestId: "mid-flight-ok" });
    if (!planned.ok || "open" in planned) throw new Error("no plan");
    expect(await payOpen(env, planned.plan)).toMatchObject({ ok: true, replay: false });
  });

  it("keeps the books: reconcile ok, case payments and minted items reported", async () => {
    const start = await reconcile(env);
    expect(start.ok).toBe(true);
    const kase = await makeCase(250);
    const { user, token } = await makeUser();
    await deposit(user.id, 1_000);
    const minted: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { status, body } = await openCase(token, kase.id);
      expect(status).toBe(200);
      minted.push(Math.round(body.winItem.price * 100));
    }
    const end = await reconcile(env);
    expect(end.ok).toBe(true);
    expect(end.casesMismatches).toBe(0);
    expect(end.casesPaid - start.casesPaid).toBe(1_000);
    expect(end.casesItemsMinted - start.casesItemsMinted).toBe(minted.reduce((a, b) => a + b, 0));
    expect(end.houseBalance - start.houseBalance).toBe(1_000);

    // a one-sided tamper is caught: an open whose house credit is missing
    const open = await env.DB.prepare("SELECT user_id, request_id FROM case_opens WHERE user_id = ?1 LIMIT 1")
      .bind(user.id)
      .first<{ user_id: number; request_id: string }>();
    const houseKey = `case:open:${open!.user_id}:${open!.request_id}:house`;
    await env.DB.prepare("UPDATE ledger SET idempotency_key = idempotency_key || ':moved' WHERE idempotency_key = ?1").bind(houseKey).run();
    const broken = await reconcile(env);
    expect(broken.casesMismatches).toBeGreaterThan(0);
    expect(broken.ok).toBe(false);
    await env.DB.prepare("UPDATE ledger SET idempotency_key = ?1 WHERE idempotency_key = ?2").bind(houseKey, `${houseKey}:moved`).run();
    expect((await reconcile(env)).ok).toBe(true);
  });
});
