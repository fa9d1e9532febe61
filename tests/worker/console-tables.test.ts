// The console's sorted tables (shared/api/keyset.ts, worker/db/keyset.ts): every sort of the users,
// withdrawals, payments, cases and promo tables pages across several pages without skipping or
// repeating a row, ties on the sort value included (the id breaks them), in the sort's order; a
// sort a table does not have, or a cursor that is not one of the body's sort, answers 400 with
// its own key.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CONSOLE } from "../../shared/constants";
import { makeUser, post } from "./user-fixtures";

const ROWS = CONSOLE.pageSize * 2 + 7;
let admin: string;
let tag: string;

async function run(q: string, ...params: unknown[]) {
  await env.DB.prepare(q)
    .bind(...params)
    .run();
}

async function rows<T>(q: string, ...params: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(q)
      .bind(...params)
      .all<T>()
  ).results;
}

/** Every page of a list: the rows in the order shown, and how many pages it took. */
async function allPages<R>(path: string, body: Record<string, unknown>, pick: (a: Record<string, unknown>) => { rows: R[]; next: string | null }) {
  const shown: R[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await post(path, { ...body, ...(cursor === null ? {} : { cursor }) }, admin);
    expect(res.status, `${path} ${JSON.stringify(body)} page ${pages + 1}`).toBe(200);
    const page = pick((await res.json()) as Record<string, unknown>);
    expect(page.rows.length).toBeLessThanOrEqual(CONSOLE.pageSize);
    shown.push(...page.rows);
    cursor = page.next;
    pages += 1;
  } while (cursor !== null && pages < 50);
  return { shown, pages };
}

/** The order a sort promises: by value in its direction, then by id the same way. */
function expected<T extends { id: number | string; key: number; value: number | string }>(all: T[], dir: "asc" | "desc"): (number | string)[] {
  const s = dir === "asc" ? 1 : -1;
  return [...all].sort((a, b) => (a.value < b.value ? -s : a.value > b.value ? s : (a.key - b.key) * s)).map((r) => r.id);
}

/** The rows' sort values take few distinct values: many ties. */
const few = (i: number, n: number) => (i * 7) % n;

async function expectBadKeys(path: string, body: Record<string, unknown>, sorts: string[]) {
  const bad = async (b: Record<string, unknown>, key: string) => {
    const res = await post(path, { ...body, ...b }, admin);
    expect(res.status, JSON.stringify(b)).toBe(400);
    expect(((await res.json()) as { message: string }).message, JSON.stringify(b)).toBe(key);
  };
  await bad({ sort: "bogus" }, "console_api.bad_sort");
  await bad({ sort: "" }, "console_api.bad_sort");
  await bad({ cursor: "garbage" }, "console_api.bad_cursor");
  await bad({ cursor: 12 }, "console_api.bad_cursor");
  const [one, other] = sorts as [string, string | undefined];
  await bad({ sort: one, cursor: `${one}:0:1` }, "console_api.bad_cursor");
  if (other) await bad({ sort: one, cursor: `${other}:1:1` }, "console_api.bad_cursor");
}

beforeAll(async () => {
  admin = (await makeUser({ isAdmin: true })).token;
  tag = `tbl${Date.now().toString(36)}`;
});

describe("console tables: keyset pages per sort", () => {
  it("users: newest, balance, wagered", async () => {
    for (let i = 0; i < ROWS; i++) {
      const { user } = await makeUser({ username: `${tag}-u${i}`, balance: few(i, 5) * 100 });
      if (i % 3 !== 0) await run("INSERT INTO player_totals (user_id, wagered, won) VALUES (?1, ?2, 0)", user.id, few(i, 4) * 1000);
    }
    const db = await rows<{ id: number; balance: number; wagered: number }>(
      "SELECT u.id, u.balance, COALESCE(t.wagered, 0) AS wagered FROM users u LEFT JOIN player_totals t ON t.user_id = u.id WHERE instr(lower(u.username), ?1) > 0",
      `${tag}-u`,
    );
    expect(db.length).toBe(ROWS);
    const orders = {
      newest: db.map((u) => ({ id: u.id, key: u.id, value: u.id })),
      balance: db.map((u) => ({ id: u.id, key: u.id, value: u.balance })),
      wagered: db.map((u) => ({ id: u.id, key: u.id, value: u.wagered })),
    };
    for (const [sort, all] of Object.entries(orders)) {
      const { shown, pages } = await allPages("/api/admin/users/search", { q: `${tag}-u`, sort }, (a) => ({
        rows: a.users as { id: number; wagered: number }[],
        next: a.next_cursor as string | null,
      }));
      expect(pages, sort).toBe(3);
      expect(
        shown.map((u) => u.id),
        sort,
      ).toEqual(expected(all, "desc"));
    }
    await expectBadKeys("/api/admin/users/search", { q: `${tag}-u` }, ["newest", "balance"]);
  });

  it("withdrawals: oldest, newest, amount", async () => {
    const { user } = await makeUser({ username: `${tag}-w` });
    const base = 1_700_000_000_000;
    for (let i = 0; i < ROWS; i++) {
      const amount = 1000 + few(i, 4) * 500;
      await run(
        `INSERT INTO money_withdrawals (user_id, request_id, system, wallet, amount, tax, payout, status, next_attempt_at, created_at)
         VALUES (?1, ?2, 1, 'P1000000', ?3, 0, ?3, 'completed', 0, ?4)`,
        user.id,
        `${tag}-w${i}`,
        amount,
        base + few(i, 6) * 1000,
      );
    }
    const db = await rows<{ id: number; amount: number; created_at: number }>(
      "SELECT id, amount, created_at FROM money_withdrawals WHERE status = 'completed'",
    );
    const cases = [
      ["oldest", db.map((w) => ({ id: w.id, key: w.id, value: w.created_at })), "asc"],
      ["newest", db.map((w) => ({ id: w.id, key: w.id, value: w.created_at })), "desc"],
      ["amount", db.map((w) => ({ id: w.id, key: w.id, value: w.amount })), "desc"],
    ] as const;
    for (const [sort, all, dir] of cases) {
      const { shown, pages } = await allPages("/api/admin/withdraws/list", { status: "completed", sort }, (a) => ({
        rows: a.withdraws as { id: number }[],
        next: a.next_cursor as string | null,
      }));
      expect(pages, sort).toBeGreaterThan(1);
      expect(
        shown.map((w) => w.id),
        sort,
      ).toEqual(expected([...all], dir));
    }
    await expectBadKeys("/api/admin/withdraws/list", { status: "completed" }, ["oldest", "amount"]);
  });

  it("payments in review: oldest, newest, amount (a text id: the rowid breaks ties)", async () => {
    const { user } = await makeUser({ username: `${tag}-p` });
    const base = 1_700_000_000_000;
    for (let i = 0; i < ROWS; i++) {
      // ids in an order unrelated to the insertion order
      const id = `${tag}-${((i * 37) % ROWS).toString().padStart(4, "0")}`;
      await run(
        `INSERT INTO payments (id, user_id, request_id, method, provider, amount, currency, status, created_at, updated_at)
         VALUES (?1, ?2, ?3, 'card', 'freekassa', ?4, 'USD', 'review', ?5, ?5)`,
        id,
        user.id,
        `r${i}`,
        500 + few(i, 3) * 100,
        base + few(i, 5) * 1000,
      );
    }
    const db = await rows<{ id: string; rowid: number; amount: number; created_at: number }>(
      "SELECT id, rowid, amount, created_at FROM payments WHERE status = 'review'",
    );
    expect(db.length).toBeGreaterThanOrEqual(ROWS);
    const cases = [
      ["oldest", db.map((p) => ({ id: p.id, key: p.rowid, value: p.created_at })), "asc"],
      ["newest", db.map((p) => ({ id: p.id, key: p.rowid, value: p.created_at })), "desc"],
      ["amount", db.map((p) => ({ id: p.id, key: p.rowid, value: p.amount })), "desc"],
    ] as const;
    for (const [sort, all, dir] of cases) {
      const { shown, pages } = await allPages("/api/admin/payments/list", { status: "review", sort }, (a) => ({
        rows: a.payments as { id: string; status: string }[],
        next: a.next_cursor as string | null,
      }));
      expect(pages, sort).toBeGreaterThan(1);
      expect(shown.every((p) => p.status === "review")).toBe(true);
      expect(
        shown.map((p) => p.id),
        sort,
      ).toEqual(expected([...all], dir));
    }
    await expectBadKeys("/api/admin/payments/list", { status: "review" }, ["oldest", "newest"]);
  });

  it("cases: name, price, rtp (a case without items last)", async () => {
    const prices = [100, 250, 400];
    const catalogue: number[] = [];
    for (const [i, price] of prices.entries()) {
      const [row] = await rows<{ id: number }>(
        `INSERT INTO catalogue (market_hash_name, name, weapon, category, rarity, rarity_color, image, price)
         VALUES (?1, 'T', 'AK-47', 'rifle', 'Covert', '#eb4b4b', 'i', ?2) RETURNING id`,
        `${tag} item ${i} (FT)`,
        price,
      );
      catalogue.push(row!.id);
    }
    for (let i = 0; i < ROWS; i++) {
      const [kase] = await rows<{ id: number }>(
        "INSERT INTO cases (name, price, active) VALUES (?1, ?2, ?3) RETURNING id",
        `${tag} case ${few(i, 9)}`,
        200 + few(i, 4) * 100,
        i % 2,
      );
      if (i % 11 !== 0) await run("INSERT INTO case_items (case_id, catalogue_id, weight) VALUES (?1, ?2, 1)", kase!.id, catalogue[few(i, 3)]);
    }
    const db = await rows<{ id: number; name: string; price: number; ev: number | null }>(
      `SELECT k.id, k.name, k.price, (SELECT SUM(ci.weight * c.price) * 1.0 / SUM(ci.weight) FROM case_items ci JOIN catalogue c ON c.id = ci.catalogue_id WHERE ci.case_id = k.id) AS ev
         FROM cases k`,
    );
    const rtp = (k: (typeof db)[number]) => (k.ev === null ? -1 : Math.round((k.ev * 10000) / k.price));
    const cases = [
      ["name", db.map((k) => ({ id: k.id, key: k.id, value: k.name })), "asc"],
      ["price", db.map((k) => ({ id: k.id, key: k.id, value: k.price })), "asc"],
      ["rtp", db.map((k) => ({ id: k.id, key: k.id, value: rtp(k) })), "desc"],
    ] as const;
    for (const [sort, all, dir] of cases) {
      const { shown, pages } = await allPages("/api/admin/cases/list", { sort }, (a) => ({
        rows: a.cases as { id: number }[],
        next: a.next_cursor as string | null,
      }));
      expect(pages, sort).toBeGreaterThan(1);
      expect(
        shown.map((k) => k.id),
        sort,
      ).toEqual(expected([...all], dir));
    }
    // the editor reads one case by its id
    const one = db[5]!;
    const got = (await (await post("/api/admin/cases/list", { case_id: one.id }, admin)).json()) as { cases: { id: number }[]; next_cursor: null };
    expect(got).toMatchObject({ cases: [{ id: one.id }], next_cursor: null });
    await expectBadKeys("/api/admin/cases/list", {}, ["price", "name"]);
    // a name cursor for a numeric sort, a number for the name sort is fine as text
    expect((await post("/api/admin/cases/list", { sort: "rtp", cursor: "rtp:1:abc" }, admin)).status).toBe(400);
    expect((await post("/api/admin/cases/list", { sort: "name", cursor: "name:1:123" }, admin)).status).toBe(200);
  });

  it("promo codes: newest, uses", async () => {
    const { user: creator } = await makeUser({ username: `${tag}-pc` });
    const players = await Promise.all([0, 1, 2].map((i) => makeUser({ username: `${tag}-pp${i}` })));
    for (let i = 0; i < ROWS; i++) {
      const [code] = await rows<{ id: number }>(
        "INSERT INTO promo_codes (code, kind, amount, daily_limit, created_by) VALUES (?1, 'balance', 100, 10, ?2) RETURNING id",
        `${tag.toUpperCase()}${i}`,
        creator.id,
      );
      for (let u = 0; u < few(i, 4) && u < players.length; u++)
        await run("INSERT INTO promo_uses (promo_id, user_id, day, amount) VALUES (?1, ?2, 1, 100)", code!.id, players[u]!.user.id);
    }
    const db = await rows<{ id: number; uses: number }>(
      "SELECT p.id, (SELECT COUNT(*) FROM promo_uses u WHERE u.promo_id = p.id) AS uses FROM promo_codes p WHERE instr(p.code, ?1) > 0",
      tag.toUpperCase(),
    );
    expect(db.length).toBe(ROWS);
    const cases = [
      ["newest", db.map((p) => ({ id: p.id, key: p.id, value: p.id }))],
      ["uses", db.map((p) => ({ id: p.id, key: p.id, value: p.uses }))],
    ] as const;
    for (const [sort, all] of cases) {
      const { shown, pages } = await allPages("/api/admin/promo/list", { q: tag, sort }, (a) => ({
        rows: a.promos as { id: number; uses: number }[],
        next: a.next as string | null,
      }));
      expect(pages, sort).toBeGreaterThan(1);
      expect(
        shown.map((p) => p.id),
        sort,
      ).toEqual(expected([...all], "desc"));
    }
    await expectBadKeys("/api/admin/promo/list", { q: tag }, ["newest", "uses"]);
  });

  it("the audit log has one sort, newest; another is refused with the key", async () => {
    expect((await post("/api/admin/audit/list", { sort: "newest" }, admin)).status).toBe(200);
    const res = await post("/api/admin/audit/list", { sort: "oldest" }, admin);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("console_api.bad_sort");
  });
});
