import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { houseBalanceStatements, userBalanceStatements } from "../../worker/db/ledger";
import { BOOK_CHECKS } from "../../worker/books/checks";
import { reconcile } from "../../worker/books/reconcile";
import { deposit, makeUser, post } from "./user-fixtures";
import { batch } from "../../worker/db/sql";

// Each test sees the rows earlier tests left, so figures are compared as differences.
describe("reconcile(env): the books balance to the cent", () => {
  it("holds after deposits, adjustments both ways, a failed overdraft, a replay and a withdrawal", async () => {
    const start = await reconcile(env);
    expect(start.ok).toBe(true);

    const boss = await makeUser({ isAdmin: true });
    const a = await makeUser();
    const b = await makeUser();
    await deposit(a.user.id, 10_000);
    await deposit(b.user.id, 2_550);

    const adjust = (body: object) => post("/api/admin/users/adjust", body, boss.token);
    expect((await adjust({ user_id: a.user.id, amount: 12.34, reason: "bonus", idempotency_key: "rec-plus-1" })).status).toBe(200);
    expect((await adjust({ user_id: b.user.id, amount: -0.55, reason: "fix", idempotency_key: "rec-minus-1" })).status).toBe(200);
    expect((await adjust({ user_id: b.user.id, amount: -1000, reason: "overdraft", idempotency_key: "rec-over-1" })).status).toBe(409);
    expect((await adjust({ user_id: a.user.id, amount: 12.34, reason: "bonus", idempotency_key: "rec-plus-1" })).status).toBe(200);
    // money leaves: a withdrawal of $20 from a
    await batch(env.DB, userBalanceStatements({ userId: a.user.id, delta: -2_000, kind: "withdrawal", idempotencyKey: "rec-wd-1" }));
    // a bonus-pool share is two-sided too
    await batch(env.DB, [
      ...userBalanceStatements({ userId: b.user.id, delta: -100, kind: "bet", reference: "crash:9", idempotencyKey: "rec-bet-1" }),
      ...houseBalanceStatements({ account: "bonus", delta: 100, kind: "bonus_share", idempotencyKey: "rec-bet-1:bonus" }),
    ]);

    const end = await reconcile(env);
    expect(end.ok).toBe(true);
    expect(end.mismatchedAccounts).toBe(0);
    expect(end.deposits - start.deposits).toBe(12_550);
    expect(end.withdrawals - start.withdrawals).toBe(2_000);
    expect(end.userBalances - start.userBalances).toBe(12_550 + 1_234 - 55 - 2_000 - 100);
    expect(end.houseBalance - start.houseBalance).toBe(-1_234 + 55);
    expect(end.bonusBalance - start.bonusBalance).toBe(100);
  });

  it("is not ok when a balance moves without its ledger row, nor when money appears from nowhere", async () => {
    const { user } = await makeUser();
    await deposit(user.id, 500);
    expect((await reconcile(env)).ok).toBe(true);

    await env.DB.prepare("UPDATE users SET balance = balance + 1 WHERE id = ?1").bind(user.id).run();
    const broken = await reconcile(env);
    expect(broken.ok).toBe(false);
    expect(broken.mismatchedAccounts).toBe(1);
    await env.DB.prepare("UPDATE users SET balance = balance - 1 WHERE id = ?1").bind(user.id).run();
    expect((await reconcile(env)).ok).toBe(true);

    // a one-sided win (no house counterpart): every account matches its ledger, but the books do not
    await batch(env.DB, userBalanceStatements({ userId: user.id, delta: 1, kind: "win", reference: "x", idempotencyKey: "rec-onesided" }));
    const onesided = await reconcile(env);
    expect(onesided.mismatchedAccounts).toBe(0);
    expect(onesided.ok).toBe(false);
  });

  it("reports items held by users at their booked price", async () => {
    const { user } = await makeUser();
    const before = (await reconcile(env)).userItemsValue;
    const cat = await env.DB.prepare(
      "INSERT INTO catalogue (market_hash_name, name, weapon, category, rarity, rarity_color, image, price) VALUES ('R (FT)', 'R', 'AK-47', 'rifle', 'Covert', '#eb4b4b', 'i', 100) RETURNING id",
    ).first<{ id: number }>();
    for (const [price, status] of [
      [300, "available"],
      [200, "in_bet"],
      [5000, "sold"],
    ] as const) {
      await env.DB.prepare("INSERT INTO inventory_items (owner_id, catalogue_id, price, status) VALUES (?1, ?2, ?3, ?4)")
        .bind(user.id, cat!.id, price, status)
        .run();
    }
    expect((await reconcile(env)).userItemsValue - before).toBe(500);
  });

  it("every check of the registry answers each figure it names, and no two checks name the same figure", async () => {
    const seen = new Set<string>();
    for (const check of BOOK_CHECKS) {
      const row = await env.DB.prepare(check.sql).first<Record<string, unknown>>();
      for (const [figure, column] of Object.entries(check.figures)) {
        expect(row, `${check.name}: ${column}`).toHaveProperty(column);
        expect(Number.isInteger(row![column]), `${check.name}: ${column} is an integer`).toBe(true);
        expect(seen.has(figure), `${figure} named twice`).toBe(false);
        seen.add(figure);
      }
    }
  });

  it("names the failing check: an unbooked balance change breaks the ledger's", async () => {
    const { user } = await makeUser();
    const before = await reconcile(env);
    await env.DB.prepare("UPDATE users SET balance = balance + 7 WHERE id = ?1").bind(user.id).run();
    const after = await reconcile(env);
    expect(after).toMatchObject({ ok: false, mismatchedAccounts: before.mismatchedAccounts + 1, cashDifference: before.cashDifference + 7 });
    expect(after.failing).toContain("ledger");
    await env.DB.prepare("UPDATE users SET balance = balance - 7 WHERE id = ?1").bind(user.id).run();
    expect(await reconcile(env)).toEqual(before);
  });
});
