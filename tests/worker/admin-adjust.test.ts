import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adjustAnswer } from "../../shared/api/admin";
import { reconcile } from "../../worker/books/reconcile";
import { makeCase, openCase } from "./cases-fixtures";
import { auditRows, balanceOf, deposit, ledgerRows, makeUser, post } from "./user-fixtures";

const ADMIN_ROUTES = ["/api/admin/users/adjust", "/api/admin/users/ban", "/api/admin/users/unban"];

async function admin() {
  return makeUser({ isAdmin: true, username: "admin" });
}

function rowsFor(rows: Awaited<ReturnType<typeof ledgerRows>>, key: string) {
  return rows.filter((r) => r.idempotency_key === `adjust:${key}` || r.idempotency_key === `adjust:${key}:house`);
}

async function houseBalance(): Promise<number> {
  const row = await env.DB.prepare("SELECT balance FROM house_accounts WHERE name = 'house'").first<{ balance: number }>();
  return row?.balance ?? 0;
}

describe("admin routes: who may call them", () => {
  it.each(ADMIN_ROUTES)("%s answers 401 without a token", async (path) => {
    const { user } = await makeUser();
    const res = await post(path, { user_id: user.id, amount: 1, reason: "x" });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "user_api.unauthorized" });
  });

  it.each(ADMIN_ROUTES)("%s answers 403 user_api.forbidden to a player and to a moderator, changing nothing", async (path) => {
    const target = await makeUser();
    const before = await ledgerRows();
    for (const caller of [await makeUser(), await makeUser({ isModerator: true })]) {
      const res = await post(path, { user_id: target.user.id, amount: 5, reason: "gift" }, caller.token);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ status: "error", message: "user_api.forbidden" });
    }
    expect(await ledgerRows()).toEqual(before);
    expect(await balanceOf(target.user.id)).toBe(0);
    const banned = await env.DB.prepare("SELECT banned FROM users WHERE id = ?1").bind(target.user.id).first<{ banned: number }>();
    expect(banned?.banned).toBe(0);
  });

  it.each(ADMIN_ROUTES)("%s answers 403 user_api.banned to a banned admin", async (path) => {
    const { token } = await makeUser({ isAdmin: true, banned: true });
    const res = await post(path, { user_id: 1, amount: 1, reason: "x" }, token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "user_api.banned" });
  });
});

describe("POST /api/admin/users/adjust", () => {
  it("credits the user and debits the house in one ledger pair with balance_after, audited and notified", async () => {
    const boss = await admin();
    const { user } = await makeUser();
    await deposit(user.id, 1000);
    const houseBefore = await houseBalance();

    const res = await post(
      "/api/admin/users/adjust",
      { user_id: user.id, amount: 12.5, reason: "tournament prize", idempotency_key: "prize-0001" },
      boss.token,
    );
    expect(res.status).toBe(200);
    expect(adjustAnswer.parse(await res.json())).toEqual({ success: true, balance: 22.5 });
    expect(await balanceOf(user.id)).toBe(2250);
    expect(await houseBalance()).toBe(houseBefore - 1250);

    const pair = rowsFor(await ledgerRows(), "prize-0001");
    expect(pair).toHaveLength(2);
    expect(pair).toContainEqual(
      expect.objectContaining({ user_id: user.id, account: "user", delta: 1250, balance_after: 2250, kind: "adjustment", reference: "tournament prize" }),
    );
    expect(pair).toContainEqual(
      expect.objectContaining({
        user_id: null,
        account: "house",
        delta: -1250,
        balance_after: houseBefore - 1250,
        kind: "adjustment",
        reference: "tournament prize",
      }),
    );

    const audit = (await auditRows()).filter((a) => a.target_user_id === user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: boss.user.id, action: "user.adjust" });
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ amount: "12.50", reason: "tournament prize" });

    const note = await env.DB.prepare("SELECT name, content, is_read FROM notifications WHERE user_id = ?1").bind(user.id).all();
    expect(note.results).toEqual([{ name: "balance_adjusted", content: "+12.50", is_read: 0 }]);
  });

  it("debits with a negative amount (as a numeric string) and generates a key when none is given", async () => {
    const boss = await admin();
    const { user } = await makeUser();
    await deposit(user.id, 1000);
    const before = (await ledgerRows()).length;
    const res = await post("/api/admin/users/adjust", { user_id: user.id, amount: "-2.99", reason: "chargeback" }, boss.token);
    expect(await res.json()).toEqual({ success: true, balance: 7.01 });
    const added = (await ledgerRows()).slice(before);
    expect(added.map((r) => [r.account, r.delta])).toEqual([
      ["user", -299],
      ["house", 299],
    ]);
    expect(added[1]!.idempotency_key).toBe(`${added[0]!.idempotency_key}:house`);
    // two calls without a key are two adjustments
    await post("/api/admin/users/adjust", { user_id: user.id, amount: -1, reason: "chargeback" }, boss.token);
    expect(await balanceOf(user.id)).toBe(601);
  });

  it("refuses an overdraft with 409 and leaves balance, house, ledger and audit unchanged", async () => {
    const boss = await admin();
    const { user } = await makeUser();
    await deposit(user.id, 500);
    const [ledger0, audit0, house0] = [await ledgerRows(), await auditRows(), await houseBalance()];
    const res = await post("/api/admin/users/adjust", { user_id: user.id, amount: -5.01, reason: "too much", idempotency_key: "overdraft-1" }, boss.token);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "user_api.insufficient_balance" });
    expect(await balanceOf(user.id)).toBe(500);
    expect(await houseBalance()).toBe(house0);
    expect(await ledgerRows()).toEqual(ledger0);
    expect(await auditRows()).toEqual(audit0);
    // exactly the whole balance is fine
    const ok = await post("/api/admin/users/adjust", { user_id: user.id, amount: -5, reason: "all of it", idempotency_key: "overdraft-1" }, boss.token);
    expect(await ok.json()).toEqual({ success: true, balance: 0 });
  });

  it("answers a replayed key with the first result and moves nothing", async () => {
    const boss = await admin();
    const { user } = await makeUser();
    const body = { user_id: user.id, amount: 3, reason: "retry me", idempotency_key: "replay-key-1" };
    expect(await (await post("/api/admin/users/adjust", body, boss.token)).json()).toEqual({ success: true, balance: 3 });
    const [ledger1, audit1] = [await ledgerRows(), await auditRows()];
    const again = await post("/api/admin/users/adjust", body, boss.token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, balance: 3, replay: true });
    expect(await ledgerRows()).toEqual(ledger1);
    expect(await auditRows()).toEqual(audit1);
    expect(await balanceOf(user.id)).toBe(300);
  });

  it("refuses the same key for another user or amount with 409 user_api.idempotency_conflict", async () => {
    const boss = await admin();
    const a = await makeUser();
    const b = await makeUser();
    await post("/api/admin/users/adjust", { user_id: a.user.id, amount: 1, reason: "r", idempotency_key: "shared-key" }, boss.token);
    for (const body of [
      { user_id: b.user.id, amount: 1, reason: "r", idempotency_key: "shared-key" },
      { user_id: a.user.id, amount: 2, reason: "r", idempotency_key: "shared-key" },
    ]) {
      const res = await post("/api/admin/users/adjust", body, boss.token);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ message: "user_api.idempotency_conflict" });
    }
    expect(await balanceOf(a.user.id)).toBe(100);
    expect(await balanceOf(b.user.id)).toBe(0);
  });

  it("writes exactly one ledger pair for two concurrent calls with the same key", async () => {
    const boss = await admin();
    const { user } = await makeUser();
    const body = { user_id: user.id, amount: 7.77, reason: "double click", idempotency_key: "concurrent-1" };
    const answers = await Promise.all([post("/api/admin/users/adjust", body, boss.token), post("/api/admin/users/adjust", body, boss.token)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const bodies = await Promise.all(answers.map((r) => r.json<{ replay?: boolean; balance: number }>()));
    expect(bodies.filter((b) => b.replay)).toHaveLength(1);
    expect(bodies.map((b) => b.balance)).toEqual([7.77, 7.77]);
    expect(rowsFor(await ledgerRows(), "concurrent-1")).toHaveLength(2);
    expect(await balanceOf(user.id)).toBe(777);
    expect((await auditRows()).filter((a) => a.target_user_id === user.id)).toHaveLength(1);
  });

  it("never answers 5xx while 50 bets and credits move the balance; each audit row's after − before is its amount and its ledger row's; the books reconcile", async () => {
    const boss = await admin();
    const { user, token } = await makeUser();
    const kase = await makeCase(100);
    await deposit(user.id, 10_000);
    const amounts = [2.5, -1.25, 3, -0.5, 1.01, -2, 0.99, 4];
    const adjusts = amounts.map((amount, i) =>
      post("/api/admin/users/adjust", { user_id: user.id, amount, reason: "race", idempotency_key: `race-adjust-${user.id}-${i}` }, boss.token),
    );
    const movers = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? openCase(token, kase.id, `race-open-${i}`) : deposit(user.id, 37 + i)));
    const [answers] = await Promise.all([Promise.all(adjusts), Promise.all(movers)]);
    expect(answers.map((r) => r.status)).toEqual(amounts.map(() => 200));

    const ledger = (await ledgerRows()).filter((r) => r.user_id === user.id && r.kind === "adjustment");
    expect(ledger).toHaveLength(amounts.length);
    const audits = (await auditRows()).filter((a) => a.target_user_id === user.id && a.action === "user.adjust");
    expect(audits).toHaveLength(amounts.length);
    for (const a of audits) {
      const key = (JSON.parse(a.details) as { idempotency_key: string }).idempotency_key;
      const row = ledger.find((r) => r.idempotency_key === key)!;
      const cents = (v: string) => Math.round(Number(v) * 100);
      const before = cents((JSON.parse(a.before!) as { balance: string }).balance);
      const after = cents((JSON.parse(a.after!) as { balance: string }).balance);
      expect(after - before, key).toBe(row.delta);
      expect(after, key).toBe(row.balance_after);
    }
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("answers 404 User not found for an unknown user", async () => {
    const boss = await admin();
    const before = await ledgerRows();
    const res = await post("/api/admin/users/adjust", { user_id: 987_654, amount: 1, reason: "ghost" }, boss.token);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "User not found" });
    expect(await ledgerRows()).toEqual(before);
  });

  it.each([
    ["malformed JSON", "{"],
    ["an empty body", undefined],
    ["a missing amount", { reason: "x" }],
    ["a zero amount", { amount: 0, reason: "x" }],
    ["three decimals", { amount: 1.005, reason: "x" }],
    ["three decimals as text", { amount: "1.005", reason: "x" }],
    ["a huge amount", { amount: 1e21, reason: "x" }],
    ["an amount over the cap", { amount: 1_000_000.01, reason: "x" }],
    ["a boolean amount", { amount: true, reason: "x" }],
    ["a word amount", { amount: "ten", reason: "x" }],
    ["a missing reason", { amount: 1 }],
    ["an empty reason", { amount: 1, reason: "   " }],
    ["a reason of 201 chars", { amount: 1, reason: "r".repeat(201) }],
    ["a numeric reason", { amount: 1, reason: 5 }],
    ["a short key", { amount: 1, reason: "x", idempotency_key: "short" }],
    ["a long key", { amount: 1, reason: "x", idempotency_key: "k".repeat(101) }],
    ["a numeric key", { amount: 1, reason: "x", idempotency_key: 123456789 }],
    ["a boolean user id", { amount: 1, reason: "x", user_id: true }],
  ])("answers 400 for %s and writes nothing", async (_, extra) => {
    const boss = await admin();
    const { user } = await makeUser();
    const before = await ledgerRows();
    const body = typeof extra === "object" ? { user_id: user.id, ...extra } : extra;
    const res = await post("/api/admin/users/adjust", body, boss.token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: "error", message: "app_api.invalid_request" });
    expect(await ledgerRows()).toEqual(before);
    expect(await balanceOf(user.id)).toBe(0);
  });
});
