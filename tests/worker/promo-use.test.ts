// POST /api/user/usePromo (docs/money.md "Promo codes"): every rule as a case, the credit once with its
// ledger row, races by one player and by many at the daily limit, and the books after it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { utcDay } from "../../worker/promo/rules";
import { makePromo, promoUseCount } from "./promo-fixtures";
import { balanceOf, ledgerRows, makeUser, post } from "./user-fixtures";

const use = (promocode: unknown, token?: string) => post("/api/user/usePromo", { promocode }, token);

async function refusal(res: Response, status: number, key: string) {
  const body = (await res.json()) as { status: string; message: string };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body).toMatchObject({ status: "error", message: key });
}

describe("usePromo: a balance code", () => {
  it("credits its amount once, with a ledger row, the house's counterpart and a bell row", async () => {
    const promo = await makePromo({ amount: 750 });
    const { user, token } = await makeUser();
    const res = await use(` ${promo.code.toLowerCase()} `, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "success", message: "user_api.promo_used" });
    expect(await balanceOf(user.id)).toBe(750);

    const rows = (await ledgerRows()).filter((r) => r.reference === `promo:${promo.id}`);
    expect(rows.map((r) => [r.account, r.delta, r.kind])).toEqual([
      ["user", 750, "promo"],
      ["house", -750, "promo"],
    ]);
    expect(rows[0]).toMatchObject({ user_id: user.id, balance_after: 750, idempotency_key: `promo:${promo.id}:${user.id}` });
    const bell = await env.DB.prepare("SELECT name, content FROM notifications WHERE user_id = ?1").bind(user.id).all();
    expect(bell.results).toEqual([{ name: "promo_used", content: "$7.50" }]);

    // once per player
    await refusal(await use(promo.code, token), 409, "user_api.promo_already_used");
    expect(await balanceOf(user.id)).toBe(750);
    expect(await promoUseCount(promo.id)).toBe(1);
  });

  it("refuses an unknown code, a malformed one, a deposit code and a missing one with promo_not_found (404)", async () => {
    const { user, token } = await makeUser();
    const deposit = await makePromo({ kind: "deposit", amount: 0, percent: 10 });
    for (const code of ["NOPE-NOT-HERE", "<script>", 42, deposit.code]) await refusal(await use(code, token), 404, "user_api.promo_not_found");
    await refusal(await post("/api/user/usePromo", {}, token), 404, "user_api.promo_not_found");
    expect(await balanceOf(user.id)).toBe(0);
    expect(await promoUseCount(deposit.id)).toBe(0);
  });

  it("refuses a disabled code and an expired one with promo_ended (409)", async () => {
    const { user, token } = await makeUser();
    const off = await makePromo({ active: false });
    const old = await makePromo({ expiresAt: Date.now() - 1000 });
    await refusal(await use(off.code, token), 409, "user_api.promo_ended");
    await refusal(await use(old.code, token), 409, "user_api.promo_ended");
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("refuses once today's uses reached the daily limit (409); yesterday's uses do not count", async () => {
    const promo = await makePromo({ dailyLimit: 2, amount: 100 });
    // a use booked yesterday (amount 0: a stand-in row, no money, so the books stay whole)
    const early = await makeUser();
    await env.DB.prepare("INSERT INTO promo_uses (promo_id, user_id, day, amount, created_at) VALUES (?1, ?2, ?3, 0, 0)")
      .bind(promo.id, early.user.id, utcDay(Date.now()) - 1)
      .run();
    const players = await Promise.all([makeUser(), makeUser(), makeUser()]);
    expect((await use(promo.code, players[0]!.token)).status).toBe(200);
    expect((await use(promo.code, players[1]!.token)).status).toBe(200);
    await refusal(await use(promo.code, players[2]!.token), 409, "user_api.promo_daily_limit");
    expect(await balanceOf(players[2]!.user.id)).toBe(0);
  });

  it("a visitor gets 401", async () => {
    const promo = await makePromo();
    await refusal(await use(promo.code), 401, "user_api.unauthorized");
  });

  it("two racing uses by one player credit once", async () => {
    const promo = await makePromo({ amount: 300 });
    const { user, token } = await makeUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => use(promo.code, token)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(await balanceOf(user.id)).toBe(300);
    expect(await promoUseCount(promo.id)).toBe(1);
    expect((await ledgerRows()).filter((r) => r.reference === `promo:${promo.id}`)).toHaveLength(2);
  });

  it("racing players never overrun the daily limit", async () => {
    const promo = await makePromo({ amount: 100, dailyLimit: 3 });
    const players = await Promise.all(Array.from({ length: 8 }, () => makeUser()));
    const answers = await Promise.all(players.map((p) => use(promo.code, p.token)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of answers.filter((a) => a.status !== 200)) await refusal(r, 409, "user_api.promo_daily_limit");
    expect(await promoUseCount(promo.id)).toBe(3);
    const credited = await Promise.all(players.map((p) => balanceOf(p.user.id)));
    expect(credited.reduce((a, b) => a + b, 0)).toBe(300);
  });

  it("keeps the books balanced (reconcile ok, the house paid what players got)", async () => {
    const before = await reconcile(env);
    const promo = await makePromo({ amount: 1234 });
    const { token } = await makeUser();
    expect((await use(promo.code, token)).status).toBe(200);
    const after = await reconcile(env);
    expect(after.ok).toBe(true);
    expect(after.userBalances - before.userBalances).toBe(1234);
    expect(after.houseBalance - before.houseBalance).toBe(-1234);
    expect(after.deposits).toBe(before.deposits);
    expect(after.promoMismatches).toBe(0);
    expect(after.promoPaid - before.promoPaid).toBe(1234);
  });

  it("is not ok when a promo use has no credit, nor when a promo credit has no use", async () => {
    const promo = await makePromo({ amount: 200 });
    const { user } = await makeUser();
    await env.DB.prepare("INSERT INTO promo_uses (promo_id, user_id, day, amount, created_at) VALUES (?1, ?2, 0, 200, 0)").bind(promo.id, user.id).run();
    expect(await reconcile(env)).toMatchObject({ ok: false, promoMismatches: 1 });
    await env.DB.prepare("DELETE FROM promo_uses WHERE promo_id = ?1").bind(promo.id).run();
    expect((await reconcile(env)).ok).toBe(true);

    const second = await makeUser();
    expect((await use(promo.code, second.token)).status).toBe(200);
    expect((await reconcile(env)).ok).toBe(true);
    await env.DB.prepare("DELETE FROM promo_uses WHERE promo_id = ?1").bind(promo.id).run();
    expect(await reconcile(env)).toMatchObject({ ok: false, promoMismatches: 1 });
    // put it back so later files see clean books
    await env.DB.prepare("INSERT INTO promo_uses (promo_id, user_id, day, amount, created_at) VALUES (?1, ?2, 0, 200, 0)").bind(promo.id, second.user.id).run();
    expect((await reconcile(env)).ok).toBe(true);
  });
});
