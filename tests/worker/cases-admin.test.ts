// /api/admin/cases/*: admins only — cases and their odds are the economy, which moderators do not
// change (403 user_api.forbidden to a player or a moderator, 401 for visitors), create and update
// validated (weights positive integers, items in the catalogue, RTP within CASES.rtpBounds),
// audited, and what players see follows.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminListAnswer, adminSaveAnswer } from "../../shared/api/cases";
import { CASES } from "../../shared/constants";
import { call, getCases, makeCase, makeCatalogueItem, openCase } from "./cases-fixtures";
import { auditRows, deposit, makeUser } from "./user-fixtures";

type Answer = { message?: string };

async function admin(path: string, body: unknown, token?: string) {
  const res = await call("POST", `/api/admin/cases/${path}`, body, token);
  return { status: res.status, body: (await res.json()) as Answer & Record<string, unknown> };
}

async function catalogue(prices: number[]): Promise<number[]> {
  const ids = [];
  for (const p of prices) ids.push(await makeCatalogueItem(p));
  return ids;
}

describe("admin cases", () => {
  it("is for admins only: a player or a moderator gets 403 user_api.forbidden, a visitor 401, on every route; nothing is created", async () => {
    const player = await makeUser();
    const mod = await makeUser({ isModerator: true });
    const [id] = await catalogue([100]);
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS v FROM cases").first<{ v: number }>())!.v;
    const before = await count();
    const body = { name: "Nope", items: [{ catalogue_id: id, weight: 1 }] };
    for (const path of ["list", "create", "update"]) {
      for (const who of [player, mod]) {
        expect(await admin(path, path === "update" ? { id: 1, ...body } : body, who.token)).toEqual({
          status: 403,
          body: expect.objectContaining({ message: "user_api.forbidden" }),
        });
      }
      expect((await admin(path, body)).status).toBe(401);
    }
    expect(await count()).toBe(before);
  });

  it("creates a case priced at the default RTP when no price is given, or at the given price", async () => {
    const boss = await makeUser({ isAdmin: true });
    const other = await makeUser({ isAdmin: true });
    const [a, b, c] = await catalogue([100, 1_000, 10_000]);
    const items = [
      { catalogue_id: c!, weight: 1 },
      { catalogue_id: a!, weight: 7 },
      { catalogue_id: b!, weight: 2 },
    ];
    // EV = (700 + 2000 + 10000) / 10 = 1270 cents → price ceil(1270 / 0.9) = 1412
    const auto = await admin("create", { name: "  Auto priced  ", image: "auto.png", items }, boss.token);
    expect(auto.status).toBe(200);
    const saved = adminSaveAnswer.parse(auto.body).case;
    expect(saved).toMatchObject({ name: "Auto priced", image: "auto.png", price: 14.12, rtp: 89.94, ev: 12.7, active: true, priority: 0 });
    expect(saved.rtp).toBeLessThanOrEqual(CASES.defaultRtpPercent);
    expect(saved.items.map((i) => [i.id, i.weight, i.chance])).toEqual([
      [a, 7, 70],
      [b, 2, 20],
      [c, 1, 10],
    ]);

    const priced = await admin("create", { name: "Priced", price: 14, priority: 50, active: false, items }, other.token);
    expect(priced.status).toBe(200);
    expect(adminSaveAnswer.parse(priced.body).case).toMatchObject({ price: 14, rtp: 90.71, priority: 50, active: false });

    const list = adminListAnswer.parse((await admin("list", {}, other.token)).body);
    expect(list.cases.map((x) => x.id)).toEqual(expect.arrayContaining([saved.id, adminSaveAnswer.parse(priced.body).case.id]));
    // the inactive one is not offered to players
    expect((await getCases()).cases.map((x) => x.id)).toContain(saved.id);
    expect((await getCases()).cases.map((x) => x.id)).not.toContain(adminSaveAnswer.parse(priced.body).case.id);

    const audit = (await auditRows()).filter((r) => r.action === "cases.create");
    expect(audit.map((r) => r.actor_id)).toEqual(expect.arrayContaining([boss.user.id, other.user.id]));
  });

  it("refuses weights 0, unknown or repeated items, no items, and RTP out of bounds, creating nothing", async () => {
    const boss = await makeUser({ isAdmin: true });
    const [a, b] = await catalogue([100, 1_000]);
    const count = async () => (await env.DB.prepare("SELECT (SELECT COUNT(*) FROM cases) + (SELECT COUNT(*) FROM case_items) AS v").first<{ v: number }>())!.v;
    const before = await count();
    const invalidItems = [
      [{ catalogue_id: a, weight: 0 }],
      [{ catalogue_id: a, weight: -1 }],
      [{ catalogue_id: a, weight: 2.5 }],
      [{ catalogue_id: 9_999_999, weight: 1 }],
      [
        { catalogue_id: a, weight: 1 },
        { catalogue_id: a, weight: 2 },
      ],
      [],
    ];
    for (const items of invalidItems) {
      expect(await admin("create", { name: "Bad", items }, boss.token), JSON.stringify(items)).toMatchObject({
        status: 400,
        body: { message: "cases_api.invalid_items" },
      });
      expect(await admin("create", { name: "Bad", price: 5, items }, boss.token)).toMatchObject({ status: 400, body: { message: "cases_api.invalid_items" } });
    }
    // EV = (100 + 1000) / 2 = 550 cents: RTP bounds 50..98 % allow 5.62 .. 11.00 dollars
    const items = [
      { catalogue_id: a, weight: 1 },
      { catalogue_id: b, weight: 1 },
    ];
    for (const price of [5.5, 5.61, 11.01, 100, 0]) {
      expect(await admin("create", { name: "Bad price", price, items }, boss.token), String(price)).toMatchObject({
        status: 400,
        body: { message: "cases_api.invalid_price" },
      });
    }
    // an unpublished draft may sit outside the band while it is worked on; it cannot go live so
    const draft = await admin("create", { name: "Draft", price: 100, items, active: false }, boss.token);
    expect(draft.status).toBe(200);
    const draftId = (draft.body as { case: { id: number; active: boolean } }).case.id;
    expect(await admin("publish", { case_id: draftId, published: true }, boss.token)).toMatchObject({
      status: 409,
      body: { message: "cases_api.rtp_out_of_band" },
    });
    expect(await admin("update", { id: draftId, active: true }, boss.token)).toMatchObject({ status: 400, body: { message: "cases_api.invalid_price" } });
    expect(await admin("create", { name: "Bad draft", price: 0, items, active: false }, boss.token)).toMatchObject({
      status: 400,
      body: { message: "cases_api.invalid_price" },
    });
    for (const bad of [{ items }, { name: "", items }, { name: "x", items, price: 1.234 }, { name: "x", items, price: -1 }, { name: "x", items: "no" }]) {
      expect((await admin("create", bad, boss.token)).status, JSON.stringify(bad)).toBe(400);
    }
    // nothing but the draft above: one case and its two items
    expect(await count()).toBe(before + 3);
    expect((await admin("create", { name: "Edge low", price: 5.62, items }, boss.token)).status).toBe(200);
    expect((await admin("create", { name: "Edge high", price: 11, items }, boss.token)).status).toBe(200);
  });

  it("updates fields and items with the same checks; opens follow the change", async () => {
    const boss = await makeUser({ isAdmin: true });
    const kase = await makeCase(133);
    const [x] = await catalogue([500]);
    const up = (body: object) => admin("update", { id: kase.id, ...body }, boss.token);

    expect(await up({ price: 1 })).toMatchObject({ status: 400, body: { message: "cases_api.invalid_price" } });
    expect(await up({ items: [{ catalogue_id: x, weight: 0 }] })).toMatchObject({ status: 400, body: { message: "cases_api.invalid_items" } });
    expect(await up({ items: [{ catalogue_id: 9_999_999, weight: 1 }] })).toMatchObject({ status: 400, body: { message: "cases_api.invalid_items" } });
    // new items make the old price's RTP too high: refused unless the price moves with them
    expect(await up({ items: [{ catalogue_id: x, weight: 1 }] })).toMatchObject({ status: 400, body: { message: "cases_api.invalid_price" } });
    expect(await admin("update", { id: 9_999_999, name: "x" }, boss.token)).toMatchObject({ status: 404, body: { message: "cases_api.case_not_found" } });

    const changed = await up({ name: "Renamed", priority: 7, price: 5.5, items: [{ catalogue_id: x, weight: 3 }] });
    expect(changed.status).toBe(200);
    expect(adminSaveAnswer.parse(changed.body).case).toMatchObject({ name: "Renamed", priority: 7, price: 5.5, rtp: 90.91 });
    expect(adminSaveAnswer.parse(changed.body).case.items.map((i) => [i.id, i.weight])).toEqual([[x, 3]]);

    const { user, token } = await makeUser();
    await deposit(user.id, 550);
    const opened = await openCase(token, kase.id);
    expect(opened.status).toBe(200);
    expect(opened.body.winItem.id).toBe(x);
    expect(opened.body.balance).toBe(0);

    // switching it off hides it and refuses opens; a rename alone is never refused for its RTP
    expect((await up({ active: false })).status).toBe(200);
    expect((await getCases()).cases.map((c) => c.id)).not.toContain(kase.id);
    await deposit(user.id, 550);
    expect(await openCase(token, kase.id)).toMatchObject({ status: 409, body: { message: "cases_api.case_disabled" } });
    await env.DB.prepare("UPDATE catalogue SET price = 100000 WHERE id = ?1").bind(x).run();
    expect((await up({ name: "Drifted" })).status).toBe(200);
    expect(await up({ active: true })).toMatchObject({ status: 400, body: { message: "cases_api.invalid_price" } });
    expect((await auditRows()).filter((r) => r.action === "cases.update").length).toBeGreaterThanOrEqual(3);
  });

  it('update takes the id as a JSON number only: true, [id] and "1e2" rename nothing (docs/security.md "Strict ids and pages")', async () => {
    const boss = await makeUser({ isAdmin: true });
    // cases 1 and 100 exist, so a coercing schema (true → 1, "1e2" → 100) would rename them
    await env.DB.prepare(
      "INSERT OR IGNORE INTO cases (id, name, image, price, priority, active) VALUES (1, 'One', 'case.png', 100, 0, 1), (100, 'Hundred', 'case.png', 100, 0, 1)",
    ).run();
    const kase = await makeCase(133);
    const names = async () => (await env.DB.prepare("SELECT id, name, active FROM cases ORDER BY id").all()).results;
    const before = await names();
    const audits = (await auditRows()).filter((r) => r.action === "cases.update").length;
    for (const id of [true, [kase.id], "1e2", ` ${kase.id}`, `0${kase.id}`, `${kase.id}e0`, kase.id + 0.5, 2 ** 53, null, [1]]) {
      expect(await admin("update", { id, name: "Fuzzed", active: false }, boss.token), JSON.stringify(id)).toMatchObject({
        status: 400,
        body: { message: "app_api.invalid_request" },
      });
    }
    expect(await names()).toEqual(before);
    expect((await auditRows()).filter((r) => r.action === "cases.update").length).toBe(audits);
  });
});
