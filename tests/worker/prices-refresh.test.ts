// POST /api/admin/prices/refresh: admin only, audited; prices come from PRICE_FEED_URL (the fake).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DevPriceModel, describeFromD1, devPriceCents } from "../../worker/prices/dev-model";
import { refreshPrices } from "../../worker/prices/refresh";
import { auditActions, catalogueMap, entries, loadCatalogue, postJson, userWithToken } from "./prices-fixtures";

const FAKE_PRICED = {
  "AK-47 | Redline (Field-Tested)": 1913,
  "AWP | Asiimov (Field-Tested)": 9550,
  "★ Karambit | Doppler (Factory New)": 123457,
  "Glock-18 | Water Elemental (Minimal Wear)": 399,
  "M4A4 | Howl (Field-Tested)": 450000,
  "P250 | Sand Dune (Battle-Scarred)": 3,
  "★ Sport Gloves | Pandora's Box (Field-Tested)": 210040,
  "★ Karambit": 18500,
};
const UNPRICED = ["USP-S | Kill Confirmed (Minimal Wear)", "AK-47 | Redline (Minimal Wear)"];
const ALL = [...Object.keys(FAKE_PRICED), ...UNPRICED];

beforeAll(async () => {
  await loadCatalogue(entries(ALL));
});

describe("POST /api/admin/prices/refresh", () => {
  it("answers 401 without a token and 403 for a player or a moderator, changing nothing", async () => {
    const before = await catalogueMap();
    expect((await postJson("/api/admin/prices/refresh")).status).toBe(401);
    const { token: player } = await userWithToken();
    const { token: moderator } = await userWithToken({ isModerator: true });
    for (const token of [player, moderator]) {
      const res = await postJson("/api/admin/prices/refresh", {}, token);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ status: "error", message: "user_api.forbidden" });
    }
    expect(await catalogueMap()).toEqual(before);
  });

  it("refuses a body with unknown fields (400, not 500)", async () => {
    const { token } = await userWithToken({ isAdmin: true });
    const res = await postJson("/api/admin/prices/refresh", { price: 1 }, token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "app_api.invalid_request" });
  });

  it("re-prices the catalogue from the feed, keeps what the feed does not price, and audits", async () => {
    const { user: admin, token } = await userWithToken({ isAdmin: true });
    const before = await catalogueMap();
    const res = await postJson("/api/admin/prices/refresh", undefined, token);
    expect(res.status).toBe(200);
    const body = await res.json<Record<string, unknown>>();
    const items = before.size;
    expect(body).toEqual({ success: true, source: "http", items, priced: 8, updated: 8, unpriced: items - 8, cases_repriced: 0 });

    const after = await catalogueMap();
    for (const [name, cents] of Object.entries(FAKE_PRICED)) expect(after.get(name)?.price, name).toBe(cents);
    for (const name of UNPRICED) expect(after.get(name)).toEqual(before.get(name));

    const audit = (await auditActions()).at(-1)!;
    expect(audit).toMatchObject({ actor_id: admin.id, action: "prices.refresh" });
    expect(JSON.parse(audit.details)).toMatchObject({ source: "http", priced: 8, updated: 8 });

    // again: same prices, nothing to write, still audited
    const again = await (await postJson("/api/admin/prices/refresh", {}, token)).json<Record<string, unknown>>();
    expect(again).toMatchObject({ priced: 8, updated: 0 });
    expect((await auditActions()).at(-1)).toMatchObject({ action: "prices.refresh" });
  });

  it("re-prices a case the new prices pushed out of its RTP bounds to CASES_RTP_PERCENT; others keep their price", async () => {
    const id = async (name: string) => (await env.DB.prepare("SELECT id FROM catalogue WHERE market_hash_name = ?1").bind(name).first<{ id: number }>())!.id;
    const redline = await id("AK-47 | Redline (Field-Tested)"); // the feed prices it 1913
    const glock = await id("Glock-18 | Water Elemental (Minimal Wear)"); // 399
    const makeCase = async (price: number, items: [number, number][]) => {
      const row = await env.DB.prepare("INSERT INTO cases (name, image, price, priority, active, updated_at) VALUES ('Drift', '', ?1, 0, 1, 1) RETURNING id")
        .bind(price)
        .first<{ id: number }>();
      for (const [catalogueId, weight] of items)
        await env.DB.prepare("INSERT INTO case_items (case_id, catalogue_id, weight) VALUES (?1, ?2, ?3)").bind(row!.id, catalogueId, weight).run();
      return row!.id;
    };
    // EV = (1913·1 + 399·3) / 4 = 777.5 cents: at $5.00 the RTP is 155.5 % (the house would lose)
    const drifted = await makeCase(500, [
      [redline, 1],
      [glock, 3],
    ]);
    // at $9.00 it is 86.39 %: inside the bounds, the admin's price stands
    const fine = await makeCase(900, [
      [redline, 1],
      [glock, 3],
    ]);
    const { user: admin, token } = await userWithToken({ isAdmin: true });

    const body = await (await postJson("/api/admin/prices/refresh", {}, token)).json<Record<string, unknown>>();
    expect(body).toMatchObject({ success: true, cases_repriced: 1 });
    const price = async (caseId: number) =>
      (await env.DB.prepare("SELECT price, updated_at FROM cases WHERE id = ?1").bind(caseId).first<{ price: number; updated_at: number }>())!;
    // ceil(777.5 · 100 / 90) = 864 cents: EV / price = 89.99 %
    expect(await price(drifted)).toMatchObject({ price: 864, updated_at: expect.any(Number) });
    expect((await price(drifted)).updated_at).toBeGreaterThan(1);
    expect(await price(fine)).toEqual({ price: 900, updated_at: 1 });
    const audit = (await auditActions()).filter((a) => a.action === "cases.reprice").at(-1)!;
    expect(audit).toMatchObject({ actor_id: admin.id });
    expect(JSON.parse(audit.details)).toEqual({ case_id: drifted, from: 500, to: 864, rtp_before: 155.5, rtp: 90 });

    // nothing drifted any more: a second refresh re-prices nothing
    expect(await (await postJson("/api/admin/prices/refresh", {}, token)).json()).toMatchObject({ cases_repriced: 0 });
    await env.DB.prepare("DELETE FROM case_items WHERE case_id IN (?1, ?2)").bind(drifted, fine).run();
    await env.DB.prepare("DELETE FROM cases WHERE id IN (?1, ?2)").bind(drifted, fine).run();
  });

  it("re-books owned items at the new price, with the house's revaluation result in the ledger", async () => {
    const cat = await env.DB.prepare("SELECT id, price FROM catalogue WHERE market_hash_name = 'AK-47 | Redline (Field-Tested)'").first<{
      id: number;
      price: number;
    }>();
    const { user } = await userWithToken();
    await env.DB.prepare("INSERT INTO inventory_items (owner_id, catalogue_id, price) VALUES (?1, ?2, 777)").bind(user.id, cat!.id).run();
    const { token } = await userWithToken({ isAdmin: true });
    expect((await postJson("/api/admin/prices/refresh", {}, token)).status).toBe(200);
    const item = await env.DB.prepare("SELECT price FROM inventory_items WHERE owner_id = ?1").bind(user.id).first<{ price: number }>();
    expect(item?.price).toBe(1913);
    const row = await env.DB.prepare("SELECT user_id, account, delta FROM ledger WHERE kind = 'revaluation' AND reference = ?1 ORDER BY id DESC")
      .bind(`catalogue:${cat!.id}`)
      .first();
    expect(row).toEqual({ user_id: null, account: "revaluation", delta: 777 - 1913 });
  });

  it("answers 502 prices_api.feed_failed when the feed fails", async () => {
    // the worker reads PRICE_FEED_URL per request: run the real app on a copy of the env
    // whose feed answers 503
    const { token } = await userWithToken({ isAdmin: true });
    const { default: app } = await import("../../worker/index");
    const before = await catalogueMap();
    const res = await app.request(
      "/api/admin/prices/refresh",
      { method: "POST", headers: { Authorization: `Bearer ${token}` } },
      { ...env, PRICE_FEED_URL: `${env.PRICE_FEED_URL}/error` },
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ status: "error", message: "prices_api.feed_failed" });
    expect(await catalogueMap()).toEqual(before);
  });

  it("uses the dev model without PRICE_FEED_URL: deterministic prices from the catalogue rows", async () => {
    const { token } = await userWithToken({ isAdmin: true });
    const { default: app } = await import("../../worker/index");
    const res = await app.request(
      "/api/admin/prices/refresh",
      { method: "POST", headers: { Authorization: `Bearer ${token}` } },
      { ...env, PRICE_FEED_URL: "" },
    );
    expect(res.status).toBe(200);
    const body = await res.json<{ source: string; items: number; priced: number; unpriced: number }>();
    expect(body).toMatchObject({ source: "dev", priced: body.items, unpriced: 0 });
    const after = await catalogueMap();
    for (const e of entries(ALL)) expect(after.get(e.market_hash_name)?.price).toBe(devPriceCents(e));
    // small batches write the same result; nothing left to change
    const feed = new DevPriceModel(describeFromD1(env.DB));
    expect(await refreshPrices(env, feed, { batchSize: 3 })).toMatchObject({ source: "dev", updated: 0 });
  });

  it("writes changed prices across several batches", async () => {
    await env.DB.prepare("UPDATE catalogue SET price = price + 1").run();
    const feed = new DevPriceModel(describeFromD1(env.DB));
    const result = await refreshPrices(env, feed, { batchSize: 3 });
    expect(result.updated).toBe(result.items);
    const after = await catalogueMap();
    for (const e of entries(ALL)) expect(after.get(e.market_hash_name)?.price).toBe(devPriceCents(e));
  });
});
