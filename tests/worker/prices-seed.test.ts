// The seed SQL (scripts/seed-sql.mjs --demo) applied inside workerd: consistent books, the
// promised demo content, and a second run that changes nothing.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CHAT_BAN_REASONS, DEMO_USERS, HOUSE_STOCK, depositKey } from "../../scripts/seed/demo";
import { DEMO_PROMO_CODES } from "../../scripts/seed/promo";
import { seedStatements } from "../../scripts/seed/statements";
import { reconcile } from "../../worker/books/reconcile";
import { allEntries, runSql } from "./prices-fixtures";

async function snapshot() {
  const one = async (sql: string) => (await env.DB.prepare(sql).first<{ v: number }>())!.v;
  return {
    catalogue: await one("SELECT COUNT(*) AS v FROM catalogue"),
    users: await one("SELECT COUNT(*) AS v FROM users"),
    ledger: await one("SELECT COUNT(*) AS v FROM ledger"),
    items: await one("SELECT COUNT(*) AS v FROM inventory_items"),
    houseItems: await one("SELECT COUNT(*) AS v FROM inventory_items WHERE owner_id IS NULL"),
    reasons: await one("SELECT COUNT(*) AS v FROM chat_ban_reasons"),
    balances: await one("SELECT COALESCE(SUM(balance), 0) AS v FROM users"),
    house: await one("SELECT COALESCE(SUM(balance), 0) AS v FROM house_accounts"),
    promos: await one("SELECT COUNT(*) AS v FROM promo_codes"),
  };
}

describe("seed SQL in D1", () => {
  it("loads the catalogue and the demo, with every balance equal to its ledger", async () => {
    await runSql(seedStatements({ demo: true }));
    const s = await snapshot();
    expect(s.catalogue).toBe(allEntries.length);
    expect(s.users).toBe(DEMO_USERS.length);
    expect(s.ledger).toBe(DEMO_USERS.length);
    expect(s.houseItems).toBe(HOUSE_STOCK.length);
    expect(s.items).toBe(HOUSE_STOCK.length + DEMO_USERS.reduce((n, u) => n + u.items.length, 0));
    expect(s.reasons).toBe(CHAT_BAN_REASONS.length);
    expect(s.promos).toBe(DEMO_PROMO_CODES.length);
    const welcome = await env.DB.prepare(
      "SELECT p.kind, p.amount, p.active, u.username FROM promo_codes p JOIN users u ON u.id = p.created_by WHERE code = 'WELCOME5'",
    ).first();
    expect(welcome).toEqual({ kind: "balance", amount: 500, active: 1, username: "admin_Ivan" });
    expect(s.house).toBe(0); // deposits are money from outside: no house account moves

    for (const u of DEMO_USERS) {
      const user = await env.DB.prepare("SELECT * FROM users WHERE username = ?1").bind(u.username).first<{
        id: number;
        balance: number;
        is_admin: number;
        is_moderator: number;
        is_youtuber: number;
      }>();
      expect(user, u.username).toMatchObject({
        balance: u.depositCents,
        is_admin: u.role === "admin" ? 1 : 0,
        is_moderator: u.role === "moderator" ? 1 : 0,
        is_youtuber: u.youtuber ? 1 : 0,
      });
      const { results: rows } = await env.DB.prepare("SELECT delta, balance_after, kind, idempotency_key FROM ledger WHERE user_id = ?1 ORDER BY id")
        .bind(user!.id)
        .all<{ delta: number; balance_after: number; kind: string; idempotency_key: string }>();
      expect(rows).toEqual([{ delta: u.depositCents, balance_after: u.depositCents, kind: "deposit", idempotency_key: depositKey(u.username) }]);

      const { results: items } = await env.DB.prepare(
        "SELECT i.price, i.status, c.price AS catalogue_price FROM inventory_items i JOIN catalogue c ON c.id = i.catalogue_id WHERE i.owner_id = ?1",
      )
        .bind(user!.id)
        .all<{ price: number; status: string; catalogue_price: number }>();
      expect(items.length).toBe(u.items.length);
      expect(items.length).toBeGreaterThanOrEqual(5);
      expect(items.length).toBeLessThanOrEqual(12);
      for (const i of items) expect(i).toMatchObject({ status: "available", price: i.catalogue_price });
    }

    const reasons = await env.DB.prepare("SELECT name, is_active FROM chat_ban_reasons ORDER BY id").all<{ name: string; is_active: number }>();
    expect(reasons.results.map((r) => r.name)).toContain("Спам");
    expect(reasons.results.filter((r) => r.is_active === 0)).toHaveLength(1);
    expect(await env.DB.prepare("SELECT value FROM app_settings WHERE key = 'seeded'").first("value")).toBe("true");

    const books = await reconcile(env);
    expect(books).toMatchObject({ ok: true, mismatchedAccounts: 0, deposits: s.balances, withdrawals: 0 });
  });

  it("changes nothing when applied again, and keeps prices the feed has set", async () => {
    await env.DB.prepare("UPDATE catalogue SET price = 4242 WHERE market_hash_name = 'AK-47 | Redline (Field-Tested)'").run();
    const before = await snapshot();
    await runSql(seedStatements({ demo: true }));
    expect(await snapshot()).toEqual(before);
    expect(await env.DB.prepare("SELECT price FROM catalogue WHERE market_hash_name = 'AK-47 | Redline (Field-Tested)'").first("price")).toBe(4242);
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("lets the dev login enter a demo player, who sees the seeded balance and inventory", async () => {
    const login = await exports.default.fetch("http://x/api/auth/test-login?username=ProGamer");
    expect(login.status).toBe(200);
    const { api_token } = await login.json<{ api_token: string }>();
    const auth = { Authorization: `Bearer ${api_token}`, "Content-Type": "application/json" };
    const balance = await exports.default.fetch("http://x/api/user/getBalance", { method: "POST", headers: auth, body: "{}" });
    expect(await balance.json()).toEqual({ balance: 1530 });
    const inv = await exports.default.fetch("http://x/api/user/getInventory", { method: "POST", headers: auth, body: JSON.stringify({ appId: 730 }) });
    const { items } = await inv.json<{ items: { market_hash_name: string; rarity_color: string }[] }>();
    expect(items).toHaveLength(12);
    expect(items.filter((i) => i.market_hash_name.startsWith("★ ")).length).toBe(2); // a knife and gloves
  });
});
