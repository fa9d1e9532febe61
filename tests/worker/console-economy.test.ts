// The console's economy routes: publishing a case (only with its RTP at current catalogue prices
// inside CASES.rtpBounds; taking it off always), the promo list paged by id with its filters, and
// the audit rows of case, promo, giveaway and tournament changes carrying the state before and
// after. Admins only: a moderator and a player get 403 on every route.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminCatalogueAnswer, adminPublishAnswer, adminSaveAnswer } from "../../shared/api/cases";
import { adminPromoListAnswer } from "../../shared/api/promo";
import { rtpPercent } from "../../shared/case-odds";
import { CASES, PROMO } from "../../shared/constants";
import { getCases, makeCase, makeCatalogueItem } from "./cases-fixtures";
import { endRunningGiveaway, startGiveaway } from "./giveaway-fixtures";
import { makeUser, post } from "./user-fixtures";

interface AuditRow {
  id: number;
  actor_id: number;
  action: string;
  details: string;
  before: string | null;
  after: string | null;
}

async function lastAudit(action: string): Promise<{ actor_id: number; details: unknown; before: unknown; after: unknown } | null> {
  const row = await env.DB.prepare("SELECT * FROM audit_log WHERE action = ?1 ORDER BY id DESC LIMIT 1").bind(action).first<AuditRow>();
  if (!row) return null;
  const parse = (v: string | null) => (v === null ? null : (JSON.parse(v) as unknown));
  return { actor_id: row.actor_id, details: JSON.parse(row.details), before: parse(row.before), after: parse(row.after) };
}

const auditCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log").first<{ n: number }>())!.n;
const activeOf = async (id: number) => (await env.DB.prepare("SELECT active FROM cases WHERE id = ?1").bind(id).first<{ active: number }>())!.active;

async function answer(res: Response) {
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

// makeCase's items: EV = (50·80 + 200·15 + 1000·5) / 100 = 120 cents
const EV_CENTS = 120;

describe("case publish", () => {
  it("publishes a case whose RTP lies in the band and answers it as staff see it; the audit row has before and after", async () => {
    const admin = await makeUser({ isAdmin: true });
    const kase = await makeCase(150, undefined, { active: false }); // RTP 80 %
    const res = await answer(await post("/api/admin/cases/publish", { case_id: kase.id, published: true }, admin.token));
    expect(res.status).toBe(200);
    const body = adminPublishAnswer.parse(res.body);
    expect(body).toMatchObject({ success: true, message: "cases_api.published", case: { id: kase.id, active: true, rtp: 80 } });
    expect(body.case.rtp).toBe(rtpPercent(kase.items, kase.price));
    expect(await activeOf(kase.id)).toBe(1);
    expect((await getCases()).cases.map((c) => c.id)).toContain(kase.id);
    const items = kase.items.map((i) => ({ catalogue_id: i.catalogueId, weight: i.weight }));
    expect(await lastAudit("cases.publish")).toEqual({
      actor_id: admin.user.id,
      details: { id: kase.id, rtp: 80 },
      before: { name: expect.any(String), price: 1.5, active: false, items },
      after: { name: expect.any(String), price: 1.5, active: true, items },
    });
  });

  it("refuses to publish a case whose RTP is outside the band (409 cases_api.rtp_out_of_band); nothing is written", async () => {
    const admin = await makeUser({ isAdmin: true });
    const cheap = await makeCase(EV_CENTS - 1, undefined, { active: false }); // RTP > 100 %
    const dear = await makeCase(EV_CENTS * 10, undefined, { active: false }); // RTP 10 %
    const empty = await makeCase(150, [], { active: false });
    const before = await auditCount();
    for (const id of [cheap.id, dear.id]) {
      const res = await answer(await post("/api/admin/cases/publish", { case_id: id, published: true }, admin.token));
      expect(res).toEqual({ status: 409, body: expect.objectContaining({ message: "cases_api.rtp_out_of_band" }) });
      expect(await activeOf(id)).toBe(0);
    }
    const none = await answer(await post("/api/admin/cases/publish", { case_id: empty.id, published: true }, admin.token));
    expect(none).toEqual({ status: 400, body: expect.objectContaining({ message: "cases_api.invalid_items" }) });
    expect(await auditCount()).toBe(before);
    // the band's edges count as inside it: RTP 50 % and 98 %
    for (const price of [240, Math.ceil((EV_CENTS * 100) / 98)]) {
      const edge = await makeCase(price, undefined, { active: false });
      expect((await post("/api/admin/cases/publish", { case_id: edge.id, published: true }, admin.token)).status, String(price)).toBe(200);
    }
  });

  it("takes a case off whatever its RTP; asking for the state it is in changes nothing and writes no row", async () => {
    const admin = await makeUser({ isAdmin: true });
    const drifted = await makeCase(EV_CENTS * 10); // published, RTP 10 %
    const res = await answer(await post("/api/admin/cases/publish", { case_id: drifted.id, published: false }, admin.token));
    expect(res.status).toBe(200);
    expect(adminPublishAnswer.parse(res.body)).toMatchObject({ message: "cases_api.unpublished", case: { active: false, rtp: 10 } });
    expect(await activeOf(drifted.id)).toBe(0);
    expect((await getCases()).cases.map((c) => c.id)).not.toContain(drifted.id);
    expect(await lastAudit("cases.unpublish")).toMatchObject({
      actor_id: admin.user.id,
      before: { active: true, price: 12 },
      after: { active: false, price: 12 },
    });

    const before = await auditCount();
    const again = await answer(await post("/api/admin/cases/publish", { case_id: drifted.id, published: false }, admin.token));
    expect(again.status).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it("missing case 404, bad ids and bodies 400", async () => {
    const admin = await makeUser({ isAdmin: true });
    const missing = await answer(await post("/api/admin/cases/publish", { case_id: 99_999_999, published: true }, admin.token));
    expect(missing).toEqual({ status: 404, body: expect.objectContaining({ message: "cases_api.case_not_found" }) });
    const kase = await makeCase(150);
    for (const body of [
      { case_id: 0, published: true },
      { case_id: "1 OR 1=1", published: true },
      { case_id: kase.id },
      { case_id: kase.id, published: "yes" },
      { case_id: kase.id, published: true, extra: 1 },
    ]) {
      expect((await post("/api/admin/cases/publish", body, admin.token)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("the case editor's catalogue search", () => {
  it("pages catalogue entries priced above 0 by id, searched by a part of the market name", async () => {
    const admin = await makeUser({ isAdmin: true });
    const ids: number[] = [];
    for (let i = 0; i < CASES.adminCataloguePageSize + 2; i++) ids.push(await makeCatalogueItem(100 + i));
    const free = await makeCatalogueItem(0);
    const name = (await env.DB.prepare("SELECT market_hash_name AS n FROM catalogue WHERE id = ?1").bind(ids[0]).first<{ n: string }>())!.n;
    const stem = name.slice(0, name.indexOf("-") + 1).toUpperCase(); // "CASE TEST <tag>-": this file's entries
    const page = async (body: Record<string, unknown>) =>
      adminCatalogueAnswer.parse(await (await post("/api/admin/cases/catalogue", body, admin.token)).json());
    const first = await page({ q: stem });
    expect(first.items).toHaveLength(CASES.adminCataloguePageSize);
    const seen = [...first.items];
    for (let next = first.next; next !== null; ) {
      const more = await page({ q: stem, cursor: next });
      seen.push(...more.items);
      next = more.next;
    }
    expect(seen.find((i) => i.id === ids[0])).toMatchObject({ market_hash_name: name, price: 1 });
    const all = seen.map((i) => i.id);
    expect(all).toEqual(expect.arrayContaining(ids));
    expect(all).not.toContain(free);
    expect([...all].sort((a, b) => a - b)).toEqual(all);
    expect((await page({ q: "no such skin anywhere" })).items).toEqual([]);
    for (const body of [{ cursor: -1 }, { q: 5 }, { extra: 1 }]) {
      expect((await post("/api/admin/cases/catalogue", body, admin.token)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("admins only", () => {
  it("a moderator and a player get 403 user_api.forbidden on every economy route, a visitor 401; nothing changes", async () => {
    const mod = await makeUser({ isModerator: true });
    const player = await makeUser();
    const kase = await makeCase(150, undefined, { active: false });
    const routes: [string, unknown][] = [
      ["/api/admin/cases/list", {}],
      ["/api/admin/cases/create", { name: "Nope", items: [{ catalogue_id: kase.items[0]!.catalogueId, weight: 1 }] }],
      ["/api/admin/cases/update", { id: kase.id, price: 2 }],
      ["/api/admin/cases/publish", { case_id: kase.id, published: true }],
      ["/api/admin/cases/catalogue", {}],
      ["/api/admin/promo/create", { code: "NOPE_MOD", kind: "balance", amount: 1, daily_limit: 1 }],
      ["/api/admin/promo/list", {}],
      ["/api/admin/promo/disable", { id: 1 }],
      ["/api/admin/giveaways/create", { catalogue_id: kase.items[0]!.catalogueId, duration_ms: 60_000 }],
      ["/api/admin/giveaways/cancel", { id: 1 }],
      ["/api/admin/tournaments/template", {}],
      ["/api/admin/tournaments/save-template", {}],
    ];
    const before = await auditCount();
    for (const [path, body] of routes) {
      for (const who of [mod, player]) {
        expect(await answer(await post(path, body, who.token)), `${path} ${who === mod ? "moderator" : "player"}`).toEqual({
          status: 403,
          body: expect.objectContaining({ message: "user_api.forbidden" }),
        });
      }
      expect((await post(path, body)).status, path).toBe(401);
    }
    expect(await activeOf(kase.id)).toBe(0);
    expect(await auditCount()).toBe(before);
  });
});

describe("case saves are audited with before and after", () => {
  it("create: before null, after the case; update: the case before and after", async () => {
    const admin = await makeUser({ isAdmin: true });
    const [a, b] = [await makeCatalogueItem(100), await makeCatalogueItem(1_000)];
    const created = await answer(
      await post(
        "/api/admin/cases/create",
        {
          name: "Audited",
          price: 3,
          active: false,
          items: [
            { catalogue_id: b, weight: 1 },
            { catalogue_id: a, weight: 9 },
          ],
        },
        admin.token,
      ),
    );
    expect(created.status).toBe(200);
    const id = adminSaveAnswer.parse(created.body).case.id;
    const items = [
      { catalogue_id: a, weight: 9 },
      { catalogue_id: b, weight: 1 },
    ];
    expect(await lastAudit("cases.create")).toMatchObject({ before: null, after: { name: "Audited", price: 3, active: false, items } });

    const updated = await post(
      "/api/admin/cases/update",
      {
        id,
        price: 6,
        items: [
          { catalogue_id: a, weight: 1 },
          { catalogue_id: b, weight: 1 },
        ],
      },
      admin.token,
    );
    expect(updated.status).toBe(200);
    expect(await lastAudit("cases.update")).toMatchObject({
      actor_id: admin.user.id,
      before: { name: "Audited", price: 3, active: false, items },
      after: {
        name: "Audited",
        price: 6,
        active: false,
        items: [
          { catalogue_id: a, weight: 1 },
          { catalogue_id: b, weight: 1 },
        ],
      },
    });
  });
});

describe("promo codes", () => {
  const code = (n: number) => `CE_${Date.now().toString(36).toUpperCase()}_${n}`;

  it("the list pages by id (newest first) with filters by state, kind and a part of the code", async () => {
    const admin = await makeUser({ isAdmin: true });
    const made: number[] = [];
    const stem = code(0);
    for (let i = 0; i < PROMO.adminPageSize + 3; i++) {
      const body =
        i % 2 === 0
          ? { code: `${stem}X${i}`, kind: "balance", amount: 1, daily_limit: 5 }
          : { code: `${stem}X${i}`, kind: "deposit", percent: 10, daily_limit: 5 };
      const res = await post("/api/admin/promo/create", body, admin.token);
      expect(res.status).toBe(200);
      made.push(((await res.json()) as { promo: { id: number } }).promo.id);
    }
    const list = async (body: Record<string, unknown>) => adminPromoListAnswer.parse(await (await post("/api/admin/promo/list", body, admin.token)).json());

    const first = await list({ q: stem.toLowerCase() });
    expect(first.promos).toHaveLength(PROMO.adminPageSize);
    expect(first.promos.map((p) => p.id)).toEqual([...made].reverse().slice(0, PROMO.adminPageSize));
    expect(first.next).toBe(`newest:${first.promos.at(-1)!.id}:${first.promos.at(-1)!.id}`);
    const second = await list({ q: stem, cursor: first.next });
    expect(second.promos.map((p) => p.id)).toEqual([...made].reverse().slice(PROMO.adminPageSize));
    expect(second.next).toBeNull();

    const deposits = await list({ q: stem, kind: "deposit" });
    expect(deposits.promos.every((p) => p.kind === "deposit")).toBe(true);
    expect(deposits.promos).toHaveLength(Math.floor((PROMO.adminPageSize + 3) / 2));

    const off = made[0]!;
    expect((await post("/api/admin/promo/disable", { id: off }, admin.token)).status).toBe(200);
    expect((await list({ q: stem, state: "disabled" })).promos.map((p) => p.id)).toEqual([off]);
    expect((await list({ q: stem, state: "active", cursor: `newest:${made[2]}:${made[2]}` })).promos.map((p) => p.id)).toEqual([made[1]]);

    for (const body of [{ cursor: 0 }, { state: "gone" }, { kind: "free" }, { q: "x".repeat(33) }, { extra: 1 }]) {
      expect((await post("/api/admin/promo/list", body, admin.token)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("create and disable are audited with before and after", async () => {
    const admin = await makeUser({ isAdmin: true });
    const c = code(1);
    const res = await post("/api/admin/promo/create", { code: c, kind: "deposit", percent: 15, daily_limit: 3 }, admin.token);
    const id = ((await res.json()) as { promo: { id: number } }).promo.id;
    expect(await lastAudit("promo.create")).toMatchObject({
      actor_id: admin.user.id,
      before: null,
      after: { code: c, kind: "deposit", percent: 15, daily_limit: 3, active: true },
    });
    expect((await post("/api/admin/promo/disable", { id }, admin.token)).status).toBe(200);
    expect(await lastAudit("promo.disable")).toMatchObject({ before: { code: c, active: true }, after: { code: c, active: false } });
    const before = await auditCount();
    expect((await post("/api/admin/promo/disable", { id }, admin.token)).status).toBe(409);
    expect(await auditCount()).toBe(before);
  });
});

describe("giveaways and tournaments", () => {
  it("a giveaway's create and cancel are audited with before and after", async () => {
    const admin = await makeUser({ isAdmin: true });
    const catalogueId = await makeCatalogueItem(700);
    const id = await startGiveaway(admin.token, { catalogue_id: catalogueId, duration_ms: 60_000 });
    expect(await lastAudit("giveaway.create")).toMatchObject({
      actor_id: admin.user.id,
      before: null,
      after: { giveaway_id: id, status: "open", source: { catalogueId }, durationMs: 60_000 },
    });
    expect((await post("/api/admin/giveaways/cancel", { id }, admin.token)).status).toBe(200);
    expect(await lastAudit("giveaway.cancel")).toMatchObject({ before: { giveaway_id: id, status: "open" }, after: { giveaway_id: id, status: "canceled" } });
    await endRunningGiveaway();
  });

  it("saving the tournament template is audited with the template before and after", async () => {
    const admin = await makeUser({ isAdmin: true });
    const template = {
      enabled: false,
      name_ru: "Турнир",
      name_en: "Tournament",
      description_ru: "",
      description_en: "",
      duration_ms: 3_600_000,
      prizes: [10, 5, 3, 2, 1],
      min_payment: 5,
    };
    expect((await post("/api/admin/tournaments/save-template", template, admin.token)).status).toBe(200);
    expect((await post("/api/admin/tournaments/save-template", { ...template, name_en: "Cup", prizes: [20, 5, 3, 2, 1] }, admin.token)).status).toBe(200);
    expect(await lastAudit("tournament.template")).toMatchObject({
      actor_id: admin.user.id,
      before: { name_en: "Tournament", prizes: [10, 5, 3, 2, 1], min_payment: 5, enabled: false },
      after: { name_en: "Cup", prizes: [20, 5, 3, 2, 1], min_payment: 5, enabled: false },
    });
  });
});
