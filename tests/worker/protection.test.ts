// Player protection inside workerd (docs/protection.md): limits set, tightened at once and loosened
// only after the cooling-off; a deposit over a limit refused with its reset time, racing orders
// landing at most the limit; a break refusing bets and deposits while tickets still work, and never
// shortened; the stake limit and a new agreement version refusing a wheel bet.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { withdrawHistoryPage } from "../../shared/api/history";
import { protectionAnswer } from "../../shared/api/protection";
import { PROTECTION, TERMS } from "../../shared/constants";
import { periodReset } from "../../shared/protection";
import { failedGuard } from "../../worker/db/guards";
import { batch, sql } from "../../worker/db/sql";
import { depositWithin } from "../../worker/protection/guards";
import { setLimit } from "../../worker/protection/queries";
import { createOk, withdrawer } from "./money-withdraw-fixtures";
import { createSum, payer } from "./payments-fixtures";
import { deposit, makeUser, post } from "./user-fixtures";
import { joinGiveaway } from "../../worker/giveaways/batches";
import { joinTournament } from "../../worker/tournaments/batches";
import { bonus, qualify } from "./bonus-fixtures";
import { makeCase } from "./cases-fixtures";
import { houseItem } from "./chat-client";
import { startGiveaway } from "./giveaway-fixtures";
import { botDecide, createDeposit, depositor, heldItems, pass } from "./skins-deposit-fixtures";
import { botOffers } from "./withdraw-fixtures";
import { bettingWheel, setBet } from "./wheel-fixtures";

afterAll(() => vi.useRealTimers());

async function call(token: string, path: string, body: unknown = {}) {
  const res = await post(`/api/user/protection/${path}`, body, token);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message?: string; protection?: unknown } };
}
const limitOf = (p: unknown, kind: string) => protectionAnswer.parse(p).limits.find((l) => l.kind === kind)!;
/** The guard code a deposit of `cents` at `now` fails on (undefined: it passes). */
async function depositJudged(userId: number, cents: number, now: number): Promise<string | undefined> {
  try {
    await batch(env.DB, [...depositWithin(userId, cents, now), sql`SELECT 1`]);
    return undefined;
  } catch (err) {
    const code = failedGuard(err);
    if (code === undefined) throw err;
    return code;
  }
}
const paymentsOf = async (userId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS s FROM payments WHERE user_id = ?1")
    .bind(userId)
    .first<{ n: number; s: number }>())!;

describe("limits", () => {
  it("a first or lower limit applies at once; a higher one or a removal waits the cooling-off; lowering again drops the wait", async () => {
    const { token } = await makeUser();
    const start = await call(token, "get");
    expect(start.status).toBe(200);
    expect(limitOf(start.body, "deposit_day")).toMatchObject({ amount: null, pending: null, used: 0 });
    expect(protectionAnswer.parse(start.body).terms).toMatchObject({ current: TERMS.version });

    const set = await call(token, "setLimit", { kind: "deposit_day", amount: 50 });
    expect(set).toMatchObject({ status: 200, body: { success: true, message: "user_api.limit_saved" } });
    expect(limitOf(set.body.protection, "deposit_day")).toMatchObject({ amount: 50, pending: null });

    const before = Date.now();
    const raised = await call(token, "setLimit", { kind: "deposit_day", amount: 80 });
    const pending = limitOf(raised.body.protection, "deposit_day");
    expect(pending.amount).toBe(50);
    expect(pending.pending?.amount).toBe(80);
    expect(pending.pending!.at).toBeGreaterThanOrEqual(before + PROTECTION.coolingOffMs);
    // asking the same again does not restart the wait
    const again = await call(token, "setLimit", { kind: "deposit_day", amount: 80 });
    expect(limitOf(again.body.protection, "deposit_day").pending!.at).toBe(pending.pending!.at);

    const lowered = await call(token, "setLimit", { kind: "deposit_day", amount: 20 });
    expect(limitOf(lowered.body.protection, "deposit_day")).toMatchObject({ amount: 20, pending: null });

    const removed = await call(token, "setLimit", { kind: "deposit_day", amount: null });
    expect(limitOf(removed.body.protection, "deposit_day")).toMatchObject({ amount: 20, pending: { amount: null } });
  });

  it("a limit that another change beat on every try is left as it is and answers false", async () => {
    const { user } = await makeUser();
    await setLimit(env, user.id, "stake", 500);
    // a D1 where each write of the limit finds the row changed since it was read (a racing change)
    const beaten = {
      prepare(query: string) {
        const statement = env.DB.prepare(query);
        if (!/^\s*(UPDATE|INSERT INTO) player_limits/.test(query)) return statement;
        return { bind: () => ({ run: async () => ({ success: true, meta: { changes: 0 }, results: [] }) }) };
      },
    } as unknown as D1Database;
    expect(await setLimit({ DB: beaten }, user.id, "stake", 100)).toBe(false);
    expect(await setLimit(env, user.id, "stake", 100)).toBe(true);
  });

  it("the pending value is in force from its time on", async () => {
    const { user, token } = await makeUser();
    await call(token, "setLimit", { kind: "stake", amount: 5 });
    await call(token, "setLimit", { kind: "stake", amount: 9 });
    await env.DB.prepare("UPDATE player_limits SET pending_at = ?1 WHERE user_id = ?2")
      .bind(Date.now() - 1, user.id)
      .run();
    expect(limitOf((await call(token, "get")).body, "stake")).toMatchObject({ amount: 9, pending: null });
  });

  it("refuses a bad limit with app_api.invalid_request and changes nothing", async () => {
    const { user, token } = await makeUser();
    for (const body of [
      { kind: "deposit_day", amount: 0 },
      { kind: "deposit_day", amount: -5 },
      { kind: "deposit_day", amount: "50" },
      { kind: "deposit_day", amount: 1.001 },
      { kind: "deposit_day", amount: 2_000_000 },
      { kind: "loss_year", amount: 10 },
      { kind: "deposit_year", amount: 10 },
      { kind: "deposit_day" },
      { kind: "deposit_day", amount: 10, extra: 1 },
    ]) {
      expect(await call(token, "setLimit", body), JSON.stringify(body)).toMatchObject({ status: 400, body: { message: "app_api.invalid_request" } });
    }
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM player_limits WHERE user_id = ?1").bind(user.id).first<{ n: number }>())!.n).toBe(0);
  });
});

describe("deposit limits", () => {
  it("a deposit over the day's limit is refused with the period and its reset; what counts is shown", async () => {
    const { user, token } = await payer();
    await call(token, "setLimit", { kind: "deposit_day", amount: 50 });
    expect((await createSum(token, { sum: 30, depositMethod: "card" })).status).toBe(200);
    const over = await createSum(token, { sum: 30, depositMethod: "card" });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ message: "deposit_api.deposit_limit", period: "day" });
    const resetsAt = (over.body as unknown as { resets_at: number }).resets_at;
    expect(resetsAt).toBe(periodReset("day", Date.now()));
    expect(resetsAt - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(await paymentsOf(user.id)).toEqual({ n: 1, s: 3_000 });
    // up to the limit exactly still lands
    expect((await createSum(token, { sum: 20, depositMethod: "card" })).status).toBe(200);
    expect(limitOf((await call(token, "get")).body, "deposit_day")).toMatchObject({ amount: 50, used: 50 });
  });

  for (const period of ["day", "week", "month"] as const) {
    it(`deposit_${period}: an order counts up to the period's last instant and no longer from its reset`, async () => {
      const { user, token } = await payer();
      const reset = periodReset(period, Date.now());
      const last = reset - 1;
      await setLimit(env, user.id, `deposit_${period}`, 5_000, last - 60_000);
      expect((await createSum(token, { sum: 30, depositMethod: "card" })).status).toBe(200);
      // the order made at the period's last instant
      await env.DB.prepare("UPDATE payments SET created_at = ?2 WHERE user_id = ?1").bind(user.id, last).run();
      expect(await depositJudged(user.id, 2_000, last)).toBeUndefined();
      expect(await depositJudged(user.id, 2_001, last)).toBe(`limit.deposit_${period}`);
      expect(await depositJudged(user.id, 5_000, reset)).toBeUndefined();
      expect(await depositJudged(user.id, 5_001, reset)).toBe(`limit.deposit_${period}`);
      // made at the reset instant itself, it is the new period's
      await env.DB.prepare("UPDATE payments SET created_at = ?2 WHERE user_id = ?1").bind(user.id, reset).run();
      expect(await depositJudged(user.id, 2_001, reset)).toBe(`limit.deposit_${period}`);
    });
  }

  it("racing orders land at most the limit (the week's here)", async () => {
    const { user, token } = await payer();
    await call(token, "setLimit", { kind: "deposit_week", amount: 50 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => createSum(token, { sum: 20, depositMethod: "card" })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409).every((a) => (a.body as { message: string }).message === "deposit_api.deposit_limit")).toBe(true);
    expect(await paymentsOf(user.id)).toEqual({ n: 2, s: 4_000 });
  });
});

describe("breaks", () => {
  it("a time-out refuses bets and deposits while a ticket still works; it cannot be shortened, only made longer", { timeout: 30_000 }, async () => {
    await bettingWheel();
    const { user, token } = await payer();
    await deposit(user.id, 1_000);
    // an order made before the break: asked again during it, it gets no payment page
    const before = await post("/api/payment/sum/create", { sum: 10, depositMethod: "card", request_id: "order-before-break" }, token);
    expect(before.status).toBe(200);
    const res = await call(token, "exclude", { kind: "timeout", period: "7d" });
    expect(res).toMatchObject({ status: 200, body: { message: "user_api.break_started" } });
    const exclusion = protectionAnswer.parse(res.body.protection).exclusion!;
    expect(exclusion).toMatchObject({ kind: "timeout", active: true });
    expect(exclusion.ends_at! - exclusion.started_at).toBe(PROTECTION.timeoutMs["7d"]);

    const bet = await setBet(token, { colour: "red", value: 1 });
    expect(bet.status).toBe(403);
    expect(await bet.json()).toMatchObject({ message: "user_api.excluded" });
    expect(await createSum(token, { sum: 10, depositMethod: "card" })).toMatchObject({ status: 403, body: { message: "user_api.excluded" } });
    const again = await post("/api/payment/sum/create", { sum: 10, depositMethod: "card", request_id: "order-before-break" }, token);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ message: "user_api.excluded" });
    expect(await paymentsOf(user.id)).toEqual({ n: 1, s: 1_000 });
    expect((await env.DB.prepare("SELECT balance FROM users WHERE id = ?1").bind(user.id).first<{ balance: number }>())!.balance).toBe(1_000);
    expect(
      (await post("/api/tickets/create", { ticket: { subject: "About my break", message: "A question about my account during the break." } }, token)).status,
    ).toBe(200);

    expect(await call(token, "exclude", { kind: "timeout", period: "24h" })).toMatchObject({ status: 409, body: { message: "user_api.break_not_shorter" } });
    expect((await call(token, "exclude", { kind: "timeout", period: "30d" })).status).toBe(200);
    // a time-out's own periods only
    expect((await call(token, "exclude", { kind: "timeout", period: "permanent" })).status).toBe(400);
  });

  it("a self-excluded player can still withdraw money and see his history, while a bet stays refused", { timeout: 30_000 }, async () => {
    await bettingWheel();
    const p = await withdrawer([3_000]);
    expect((await call(p.token, "exclude", { kind: "self_exclusion", period: "6m" })).status).toBe(200);
    expect((await setBet(p.token, { colour: "red", value: 1 })).status).toBe(403);
    const w = await createOk(p.token, [p.items[0]!], 30);
    const history = await post("/api/user/history/withdraws", {}, p.token);
    expect(history.status).toBe(200);
    const rows = withdrawHistoryPage.parse(await history.json()).rows;
    expect(rows.some((r) => "id" in r && r.id === w.id)).toBe(true);
  });

  it("staff see a player's break and limits on his user page, and have no call that lifts or loosens them", async () => {
    const { user, token } = await makeUser();
    await call(token, "setLimit", { kind: "stake", amount: 7 });
    await call(token, "exclude", { kind: "self_exclusion", period: "1y" });
    const admin = await makeUser({ isAdmin: true });
    const res = await post("/api/admin/users/get", { user_id: user.id }, admin.token);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { protection: { exclusion: { kind: string; active: boolean }; limits: { kind: string; amount: number | null }[] } };
    expect(page.protection.exclusion).toMatchObject({ kind: "self_exclusion", active: true });
    expect(page.protection.limits.find((l) => l.kind === "stake")?.amount).toBe(7);
    // the player's calls act on the caller only: an admin's own exclude or lift changes nothing of his
    expect((await call(admin.token, "requestLift")).status).toBe(409);
    expect(protectionAnswer.parse((await call(token, "get")).body).exclusion).toMatchObject({ active: true });
    for (const path of ["/api/admin/users/protection", "/api/admin/users/lift", "/api/admin/protection/lift"]) {
      expect((await post(path, { user_id: user.id }, admin.token)).status, path).toBe(404);
    }
  });

  it("a self-exclusion is never replaced by a time-out; it ends only a day after the player asks past its end", async () => {
    const { user, token } = await makeUser();
    expect((await call(token, "exclude", { kind: "self_exclusion", period: "6m" })).status).toBe(200);
    expect((await call(token, "exclude", { kind: "timeout", period: "30d" })).status).toBe(409);
    expect(await call(token, "requestLift")).toMatchObject({ status: 409, body: { message: "user_api.lift_not_due" } });
    // its six months are over: still excluded until the player asks and a day passes
    await env.DB.prepare("UPDATE player_exclusions SET ends_at = ?1 WHERE user_id = ?2")
      .bind(Date.now() - 1_000, user.id)
      .run();
    expect(protectionAnswer.parse((await call(token, "get")).body).exclusion).toMatchObject({ active: true, lifts_at: null });
    const asked = await call(token, "requestLift");
    expect(asked).toMatchObject({ status: 200, body: { message: "user_api.lift_requested" } });
    const lifting = protectionAnswer.parse(asked.body.protection).exclusion!;
    expect(lifting.active).toBe(true);
    expect(lifting.lifts_at! - Date.now()).toBeGreaterThan(PROTECTION.liftWaitMs - 60_000);
    expect((await call(token, "requestLift")).status).toBe(409);
    await env.DB.prepare("UPDATE player_exclusions SET lift_requested_at = ?1 WHERE user_id = ?2")
      .bind(Date.now() - PROTECTION.liftWaitMs - 1, user.id)
      .run();
    expect(protectionAnswer.parse((await call(token, "get")).body).exclusion).toMatchObject({ active: false });
    // a permanent one has no end to ask past
    const other = await makeUser();
    expect((await call(other.token, "exclude", { kind: "self_exclusion", period: "permanent" })).status).toBe(200);
    expect((await call(other.token, "requestLift")).status).toBe(409);
    expect((await call(other.token, "exclude", { kind: "self_exclusion", period: "5y" })).status).toBe(409);
  });
});

describe("a break closes every way to play", () => {
  it("chat, a case, the giveaway, the bonus and a skins deposit are refused during a self-exclusion, with nothing written", { timeout: 30_000 }, async () => {
    const me = await depositor();
    await deposit(me.user.id, 5_000);
    await qualify(me.user.id);
    expect((await call(me.token, "exclude", { kind: "self_exclusion", period: "1y" })).status).toBe(200);
    const refused = async (path: string, body: unknown) => {
      const res = await post(path, body, me.token);
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toMatchObject({ message: "user_api.excluded" });
    };
    await refused("/api/chat/sendMessage", { message: "hello from a break" });
    await refused("/api/cases/open", { id: (await makeCase(150)).id });
    const admin = await makeUser({ isAdmin: true });
    const giveaway = await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000 });
    await refused("/api/giveaways/setMyActive", { id: giveaway });
    await refused("/api/jackpot-bonus/join", {});
    const skins = await createDeposit(me.token, { items: [me.known[0]] });
    expect(skins.status).toBe(403);
    expect(await skins.json()).toMatchObject({ message: "user_api.excluded" });
    const count = async (table: string) =>
      (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?1`).bind(me.user.id).first<{ n: number }>())!.n;
    expect([await count("case_opens"), await count("giveaway_participants"), await count("skin_deposits")]).toEqual([0, 0, 0]);
    expect((await env.DB.prepare("SELECT balance FROM users WHERE id = ?1").bind(me.user.id).first<{ balance: number }>())!.balance).toBe(5_000);
  });

  it("each join batch judges the break itself, so a join that read no break before it started does not land", { timeout: 30_000 }, async () => {
    const { user, token } = await makeUser();
    const admin = await makeUser({ isAdmin: true });
    const giveaway = await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000 });
    await env.DB.prepare("UPDATE tournaments SET status = 'finished', finished_at = 0, winners = '[]' WHERE status = 'open'").run();
    const template = { enabled: true, name_ru: "Турнир", name_en: "Tournament", description_ru: "Ставьте", description_en: "Bet" };
    const saved = await post(
      "/api/admin/tournaments/save-template",
      { ...template, duration_ms: 60_000, prizes: [10, 5, 3, 2, 1], min_payment: 5, start_now: true },
      admin.token,
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    const tournament = (await env.DB.prepare("SELECT id FROM tournaments WHERE status = 'open'").first<{ id: number }>())!.id;
    expect((await call(token, "exclude", { kind: "timeout", period: "24h" })).status).toBe(200);
    // the route's read of the break came before it started: the batch is what stops the join
    const now = Date.now();
    expect(await joinGiveaway(env, giveaway, user.id, now)).toEqual({ ok: false, key: "user_api.excluded" });
    expect(await joinTournament(env, tournament, user.id, now)).toEqual({ ok: false, key: "user_api.excluded" });
    expect(await bonus().join(user.id)).toEqual({ ok: false, key: "user_api.excluded" });
    const count = async (table: string) =>
      (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?1`).bind(user.id).first<{ n: number }>())!.n;
    expect([await count("giveaway_participants"), await count("tournament_participants"), await count("bonus_participants")]).toEqual([0, 0, 0]);
  });

  it("a break cancels the skins offers made before it; one the player accepted first is credited all the same", { timeout: 30_000 }, async () => {
    const offered = async (me: Awaited<ReturnType<typeof depositor>>) => {
      const res = await createDeposit(me.token, { items: [me.known[0]!] });
      expect(res.status).toBe(200);
      return ((await res.json()) as { deposit: { id: string; offer_id: string } }).deposit;
    };
    const open = await depositor();
    const openOffer = await offered(open);
    const taken = await depositor();
    const takenOffer = await offered(taken);
    await botDecide(takenOffer.offer_id, "accepted");
    for (const me of [open, taken]) {
      expect((await call(me.token, "exclude", { kind: "timeout", period: "24h" })).status).toBe(200);
      // the break's start made his open offer due at once (not at its next poll), or the pass it
      // kicked has settled it already
      const row = await env.DB.prepare("SELECT next_attempt_at AS at, state FROM skin_deposits WHERE user_id = ?1")
        .bind(me.user.id)
        .first<{ at: number; state: string }>();
      expect(row!.state !== "active" || row!.at <= Date.now(), JSON.stringify(row)).toBe(true);
    }
    // the break's start made them due; a pass (the one it kicked, or this one) settles them
    expect(await pass(openOffer.id)).toMatchObject({ state: "expired", credited_at: null });
    expect((await botOffers(open.tradeLink)).offers).toMatchObject([{ offer_id: openOffer.offer_id, state: "expired" }]);
    expect(await heldItems(open.user.id)).toEqual([]);
    expect(await pass(takenOffer.id)).toMatchObject({ state: "accepted", credited_at: expect.any(Number) });
    expect((await heldItems(taken.user.id)).map((i) => i.price)).toEqual([1_250]);
  });

  it("a skins deposit over the deposit limit is refused with its period and reset", async () => {
    const me = await depositor({ prices: [3_000, 2_500] });
    await call(me.token, "setLimit", { kind: "deposit_month", amount: 50 });
    const over = await createDeposit(me.token, { items: me.known });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ message: "deposit_api.deposit_limit", period: "month", resets_at: periodReset("month", Date.now()) });
    expect((await createDeposit(me.token, { items: [me.known[0]] })).status).toBe(200);
  });
});

describe("reality check interval", () => {
  it("is kept on the account: 60 minutes by default, one of the offered intervals or off; anything else is refused and changes nothing", async () => {
    const { token } = await makeUser();
    expect(protectionAnswer.parse((await call(token, "get")).body).reality_check_minutes).toBe(PROTECTION.realityCheckDefaultMinutes);
    const set = await call(token, "setRealityCheck", { minutes: 15 });
    expect(set).toMatchObject({ status: 200, body: { success: true, message: "user_api.reality_check_saved" } });
    expect(protectionAnswer.parse(set.body.protection).reality_check_minutes).toBe(15);
    for (const minutes of [7, -15, 15.5, "15", null, 1_000]) {
      expect(await call(token, "setRealityCheck", { minutes }), String(minutes)).toMatchObject({ status: 400, body: { message: "app_api.invalid_request" } });
    }
    expect((await call(token, "setRealityCheck", { minutes: 15, extra: 1 })).status).toBe(400);
    expect((await call(token, "setRealityCheck", { minutes: 0 })).status).toBe(200);
    expect(protectionAnswer.parse((await call(token, "get")).body).reality_check_minutes).toBe(0);
  });
});

describe("session figures", () => {
  it("counts what was staked and won since the sign-in session began, over the games", { timeout: 30_000 }, async () => {
    await bettingWheel();
    const { user, token } = await makeUser();
    await deposit(user.id, 1_000);
    const start = await call(token, "session");
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ stakes: 0, won: 0, net: 0 });
    expect(start.body.started_at as number).toBeLessThanOrEqual(Date.now());
    // a wheel bet (open: a stake, no win yet) and a case (its price staked, its drop won)
    expect((await setBet(token, { colour: "red", value: 2.5 })).status).toBe(200);
    const opened = await post("/api/cases/open", { id: (await makeCase(300)).id }, token);
    expect(opened.status).toBe(200);
    const drop = (await env.DB.prepare("SELECT item_price FROM case_opens WHERE user_id = ?1").bind(user.id).first<{ item_price: number }>())!.item_price;
    const after = await call(token, "session");
    expect(after.body).toMatchObject({ stakes: 5.5, won: drop / 100, net: (drop - 550) / 100 });
    // play before the session began is not the session's
    await env.DB.prepare("UPDATE sessions SET created_at = ?1 WHERE user_id = ?2")
      .bind(Date.now() + 1, user.id)
      .run();
    expect((await call(token, "session")).body).toMatchObject({ stakes: 0, won: 0, net: 0 });
  });
});

describe("stake limit and agreement version on a bet", () => {
  it("a wheel bet over the stake limit, or on an old agreement, moves nothing; accepting the current version lets it through", {
    timeout: 30_000,
  }, async () => {
    await bettingWheel();
    const { user, token } = await makeUser();
    await deposit(user.id, 1_000);
    await call(token, "setLimit", { kind: "stake", amount: 2 });
    const over = await setBet(token, { colour: "red", value: 2.01 });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ message: "user_api.stake_limit" });

    await env.DB.prepare("UPDATE users SET terms_version = 'an-older-version' WHERE id = ?1").bind(user.id).run();
    const old = await setBet(token, { colour: "red", value: 2 });
    expect(old.status).toBe(403);
    expect(await old.json()).toMatchObject({ message: "user_api.terms_outdated" });
    expect((await env.DB.prepare("SELECT balance FROM users WHERE id = ?1").bind(user.id).first<{ balance: number }>())!.balance).toBe(1_000);

    expect(await call(token, "acceptTerms", { version: "an-older-version", adult: true })).toMatchObject({
      status: 409,
      body: { message: "user_api.terms_outdated" },
    });
    expect((await call(token, "acceptTerms", { version: TERMS.version, adult: false })).status).toBe(400);
    expect(await call(token, "acceptTerms", { version: TERMS.version, adult: true })).toMatchObject({
      status: 200,
      body: { message: "user_api.terms_accepted" },
    });
    expect((await setBet(token, { colour: "red", value: 2 })).status).toBe(200);
  });
});
