// The operator console's operations calls: the dashboard, maintenance with a message, the
// fairness chains' status and the decision on a payment in review (credit or refuse, once).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dashboardAnswer, fairnessChainsAnswer, paymentDecideAnswer } from "../../shared/api/admin-ops";
import { maintenanceAnswer } from "../../shared/api/admin";
import { OPS } from "../../shared/constants";
import { reconcile } from "../../worker/books/reconcile";
import { writeSetting } from "../../worker/lib/settings";
import { callbacksOf, freekassaCall, notificationsOf, order, payer, paymentRow } from "./payments-fixtures";
import { makeCase, openCase } from "./cases-fixtures";
import { balanceOf, deposit, ledgerRows, makeUser, post } from "./user-fixtures";

interface AuditRow {
  actor_id: number;
  action: string;
  target_user_id: number | null;
  details: string;
  before: string | null;
  after: string | null;
}

async function auditOf(actorId: number): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM audit_log WHERE actor_id = ?1 ORDER BY id").bind(actorId).all<AuditRow>();
  return results;
}

const admin = () => makeUser({ isAdmin: true });

/** A player's $25 card payment the provider underpaid: in review. */
async function inReview() {
  const { user, token } = await payer();
  const a = await order(token, { sum: 25, depositMethod: "card" });
  expect(await freekassaCall({ orderId: a.order_id, amount: "24.99" }).send()).toEqual({ status: 200, text: "YES" });
  expect(await paymentRow(a.order_id)).toMatchObject({ status: "review" });
  return { user, id: a.order_id };
}

const ROUTES: [string, unknown][] = [
  ["/api/admin/dashboard", {}],
  ["/api/admin/fairness/chains", {}],
  ["/api/admin/payments/decide", { payment_id: "dep_nobody000", decision: "refuse", reason: "x" }],
  ["/api/admin/maintenance", { enabled: false }],
];

describe("console operations: who may call them", () => {
  it.each(ROUTES)("%s answers 401 to a visitor, 403 to a player and a moderator", async (path, body) => {
    expect((await post(path, body)).status).toBe(401);
    for (const caller of [await makeUser(), await makeUser({ isModerator: true })]) {
      const res = await post(path, body, caller.token);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: "user_api.forbidden" });
      expect(await auditOf(caller.user.id)).toEqual([]);
    }
  });
});

describe("POST /api/admin/dashboard", () => {
  it("answers the figures: activity per hour and results per day per game, queues, the books, the price feed", async () => {
    const boss = await admin();
    const review = await inReview();
    const res = await post("/api/admin/dashboard", {}, boss.token);
    expect(res.status).toBe(200);
    const d = dashboardAnswer.parse(await res.json());
    for (const mode of ["crash", "jackpot", "wheel", "cases"] as const) {
      expect(d.activity[mode]).toHaveLength(OPS.activityHours);
      expect(d.results[mode]).toHaveLength(OPS.resultDays);
      // oldest first, one hour (one day) apart, the last one now
      expect(d.activity[mode][1]!.hour - d.activity[mode][0]!.hour).toBe(3_600_000);
      expect(d.results[mode][1]!.day - d.results[mode][0]!.day).toBe(86_400_000);
      expect(d.activity[mode].at(-1)!.hour).toBeLessThanOrEqual(d.at);
      expect(d.at - d.activity[mode].at(-1)!.hour).toBeLessThan(3_600_000);
    }
    expect(d.review.count).toBeGreaterThanOrEqual(1);
    expect(d.review.sum).toBeGreaterThanOrEqual(25);
    expect(d.online.total).toBe(d.online.users + d.online.visitors);
    const books = await reconcile(env);
    expect(d.books.ok).toBe(books.ok);
    expect(d.books.failing.map((f) => f.check)).toEqual(books.failing);
    expect(await paymentRow(review.id)).toMatchObject({ status: "review" });
  });

  it("counts a case opened now in the last hour's bucket and in today's result", async () => {
    const boss = await admin();
    const kase = await makeCase(150);
    const { user, token } = await makeUser();
    await deposit(user.id, 1_000);
    const before = dashboardAnswer.parse(await (await post("/api/admin/dashboard", {}, boss.token)).json());
    const opened = await openCase(token, kase.id);
    expect(opened.status).toBe(200);
    const after = dashboardAnswer.parse(await (await post("/api/admin/dashboard", {}, boss.token)).json());
    expect(after.activity.cases.at(-1)!.bets - before.activity.cases.at(-1)!.bets).toBe(1);
    expect(after.activity.cases.at(-1)!.wagered - before.activity.cases.at(-1)!.wagered).toBeCloseTo(1.5, 2);
    const row = await env.DB.prepare("SELECT price - item_price AS house FROM case_opens WHERE user_id = ?1").bind(user.id).first<{ house: number }>();
    expect(after.results.cases.at(-1)!.result - before.results.cases.at(-1)!.result).toBeCloseTo(row!.house / 100, 2);
  });
});

describe("POST /api/admin/maintenance with a message", () => {
  it("stores the trimmed message while on, publishes it in getConfig, drops it when off; audits before and after", async () => {
    await writeSetting(env, "maintenance", "false");
    const boss = await admin();
    const on = await post("/api/admin/maintenance", { enabled: true, message: "  Back at 16:00 UTC  " }, boss.token);
    expect(on.status).toBe(200);
    expect(maintenanceAnswer.parse(await on.json())).toEqual({ success: true, maintenance: true, message: "Back at 16:00 UTC" });
    expect(await (await post("/api/getConfig", {})).json()).toMatchObject({ maintenance: true, maintenance_message: "Back at 16:00 UTC" });

    const off = await post("/api/admin/maintenance", { enabled: false, message: "ignored when off" }, boss.token);
    expect(await off.json()).toEqual({ success: true, maintenance: false, message: null });
    expect(await (await post("/api/getConfig", {})).json()).toMatchObject({ maintenance: false, maintenance_message: null });

    const rows = (await auditOf(boss.user.id)).filter((a) => a.action === "maintenance");
    expect(rows.map((r) => [JSON.parse(r.before ?? "null"), JSON.parse(r.after ?? "null")])).toEqual([
      [
        { maintenance: false, message: null },
        { maintenance: true, message: "Back at 16:00 UTC" },
      ],
      [
        { maintenance: true, message: "Back at 16:00 UTC" },
        { maintenance: false, message: null },
      ],
    ]);
  });

  it("refuses a message over the bound and a body with other fields, changing nothing", async () => {
    const boss = await admin();
    for (const body of [{ enabled: true, message: "x".repeat(OPS.maintenanceMessageMax + 1) }, { enabled: true, note: "x" }, { enabled: "yes" }]) {
      const res = await post("/api/admin/maintenance", body, boss.token);
      expect(res.status).toBe(400);
    }
    expect(await auditOf(boss.user.id)).toEqual([]);
    expect(await (await post("/api/getConfig", {})).json()).toMatchObject({ maintenance: false });
  });
});

describe("POST /api/admin/fairness/chains", () => {
  it("answers every chain with its published terminal, length, rounds used and left; never a seed", async () => {
    const boss = await admin();
    const res = await post("/api/admin/fairness/chains", {}, boss.token);
    expect(res.status).toBe(200);
    const text = await res.text();
    const { chains } = fairnessChainsAnswer.parse(JSON.parse(text));
    expect(chains.map((c) => c.chain)).toEqual(["crash", "jackpot_low", "jackpot_medium", "jackpot_high", "wheel", "bonus", "giveaway"]);
    const crash = chains[0]!;
    expect(crash).toMatchObject({ terminal: env.CRASH_CHAIN_TERMINAL, length: Number(env.CRASH_CHAIN_LENGTH), seed_var: "CRASH_CHAIN_SEED" });
    for (const c of chains) {
      expect(c.left).toBe(c.length === null ? null : c.length - c.used);
    }
    const seeds = [env.CRASH_CHAIN_SEED, (env as unknown as Record<string, string | undefined>).WHEEL_CHAIN_SEED].filter(Boolean) as string[];
    for (const seed of seeds) expect(text).not.toContain(seed);
  });
});

describe("POST /api/admin/payments/decide", () => {
  it("credits a payment in review once: ledger row, balance, bell, a crediting report, audit before/after; the books balance", async () => {
    const boss = await admin();
    const { user, id } = await inReview();
    const res = await post("/api/admin/payments/decide", { payment_id: id, decision: "credit", reason: "  bank statement shows $25  " }, boss.token);
    expect(res.status).toBe(200);
    const answer = paymentDecideAnswer.parse(await res.json());
    expect(answer.payment).toMatchObject({ id, status: "credited", sum: 25, user_id: user.id });
    expect(await balanceOf(user.id)).toBe(2500);
    expect((await ledgerRows()).filter((r) => r.reference === `payment:${id}`).map((r) => [r.kind, r.delta])).toEqual([["deposit", 2500]]);
    expect(await notificationsOf(user.id, "deposit")).toEqual(["$25.00"]);
    expect((await callbacksOf(id)).map((c) => [c.provider, c.outcome])).toEqual([
      ["freekassa", "underpaid"],
      ["staff", "credited"],
    ]);
    const [audit] = await auditOf(boss.user.id);
    expect(audit).toMatchObject({ action: "payment.credit", target_user_id: user.id });
    expect(JSON.parse(audit!.details)).toEqual({ payment_id: id, amount: 2500, reason: "bank statement shows $25" });
    expect(JSON.parse(audit!.before!)).toEqual({ status: "review", amount: 2500, bonus: 0 });
    expect(JSON.parse(audit!.after!)).toEqual({ status: "credited", amount: 2500, bonus: 0 });
    const books = await reconcile(env);
    expect(books.paymentMismatches).toBe(0);
    expect(books.failing).not.toContain("payments");

    // the second decision, either way, is refused and moves nothing
    for (const decision of ["credit", "refuse"]) {
      const again = await post("/api/admin/payments/decide", { payment_id: id, decision, reason: "again" }, boss.token);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ message: "deposit_api.already_decided" });
    }
    expect(await balanceOf(user.id)).toBe(2500);
    expect(await auditOf(boss.user.id)).toHaveLength(1);
  });

  it("two racing credits credit once", async () => {
    const boss = await admin();
    const other = await admin();
    const { user, id } = await inReview();
    const [a, b] = await Promise.all([
      post("/api/admin/payments/decide", { payment_id: id, decision: "credit", reason: "race a" }, boss.token),
      post("/api/admin/payments/decide", { payment_id: id, decision: "credit", reason: "race b" }, other.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await balanceOf(user.id)).toBe(2500);
    expect((await ledgerRows()).filter((r) => r.reference === `payment:${id}`)).toHaveLength(1);
    expect((await auditOf(boss.user.id)).length + (await auditOf(other.user.id)).length).toBe(1);
    expect((await callbacksOf(id)).filter((c) => c.outcome === "credited")).toHaveLength(1);
  });

  it("refuses a payment in review: status refused, nothing credited, the player's bell and history, audit before/after", async () => {
    const boss = await admin();
    const { user, token } = await payer();
    const a = await order(token, { sum: 25, depositMethod: "card" });
    await freekassaCall({ orderId: a.order_id, amount: "24.99" }).send();
    const id = a.order_id;
    const res = await post("/api/admin/payments/decide", { payment_id: id, decision: "refuse", reason: "chargeback" }, boss.token);
    expect(res.status).toBe(200);
    expect(paymentDecideAnswer.parse(await res.json()).payment).toMatchObject({ id, status: "refused" });
    expect(await paymentRow(id)).toMatchObject({ status: "refused", bonus: 0 });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await notificationsOf(user.id, "deposit_refused")).toEqual(["$25.00 · chargeback"]);
    const [audit] = await auditOf(boss.user.id);
    expect(audit).toMatchObject({ action: "payment.refuse", target_user_id: user.id });
    expect(JSON.parse(audit!.before!)).toMatchObject({ status: "review" });
    expect(JSON.parse(audit!.after!)).toMatchObject({ status: "refused" });
    const again = await post("/api/admin/payments/decide", { payment_id: id, decision: "credit", reason: "changed my mind" }, boss.token);
    expect(again.status).toBe(409);
    expect(await balanceOf(user.id)).toBe(0);
    expect((await reconcile(env)).failing).not.toContain("payments");
    const history = (await (await post("/api/payment/sum/history", {}, token)).json()) as { payments: { id: string; status: string }[] };
    expect(history.payments.find((p) => p.id === id)).toMatchObject({ status: "refused" });
  });

  it("refuses a pending payment (never reviewed) 409, an unknown one 404, a bad body 400; no audit row", async () => {
    const boss = await admin();
    const { token } = await payer();
    const pending = await order(token, { sum: 10, depositMethod: "card" });
    const cases: [unknown, number, string | null][] = [
      [{ payment_id: pending.order_id, decision: "credit", reason: "x" }, 409, "deposit_api.already_decided"],
      [{ payment_id: "dep_nosuchpayment", decision: "credit", reason: "x" }, 404, "deposit_api.payment_not_found"],
      [{ payment_id: pending.order_id, decision: "credit", reason: "   " }, 400, null],
      [{ payment_id: pending.order_id, decision: "approve", reason: "x" }, 400, null],
      [{ payment_id: "../etc", decision: "credit", reason: "x" }, 400, null],
      [{ payment_id: pending.order_id, decision: "credit", reason: "x", extra: 1 }, 400, null],
    ];
    for (const [body, status, key] of cases) {
      const res = await post("/api/admin/payments/decide", body, boss.token);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (key) expect(await res.json()).toMatchObject({ message: key });
    }
    expect(await paymentRow(pending.order_id)).toMatchObject({ status: "pending" });
    expect(await auditOf(boss.user.id)).toEqual([]);
  });
});
