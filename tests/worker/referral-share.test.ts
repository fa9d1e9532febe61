// The referrer's share of a referee's deposit (worker/referrals/share.ts): computed in integer
// cents, credited once per deposit in the deposit's batch, two-sided with the house; and the
// profile's referral block (getProfile).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { profileAnswer } from "../../shared/api/user";
import { PROMO } from "../../shared/constants";
import { reconcile } from "../../worker/books/reconcile";
import { userBalanceStatements } from "../../worker/db/ledger";
import { batch } from "../../worker/db/sql";
import { referralCode } from "../../worker/referrals/code";
import { referralShareCents, referralSharePercent, referralShareStatements } from "../../worker/referrals/share";
import { balanceOf, ledgerRows, makeUser, post } from "./user-fixtures";

async function bind(refereeId: number, referrerId: number) {
  await env.DB.prepare("INSERT INTO referrals (referee_id, referrer_id, created_at) VALUES (?1, ?2, ?3)").bind(refereeId, referrerId, Date.now()).run();
}

function depositBatch(refereeId: number, depositId: string, amountCents: number, vars: { REFERRAL_SHARE_PERCENT?: string } = env) {
  return batch(env.DB, [
    ...userBalanceStatements({ userId: refereeId, delta: amountCents, kind: "deposit", reference: depositId, idempotencyKey: `deposit:${depositId}` }),
    ...referralShareStatements(vars, { refereeId, depositId, amountCents }),
  ]);
}

describe("the share computation", () => {
  it("reads REFERRAL_SHARE_PERCENT, falling back to the default for anything odd", () => {
    expect(referralSharePercent({ REFERRAL_SHARE_PERCENT: "5" })).toBe(5);
    expect(referralSharePercent({ REFERRAL_SHARE_PERCENT: "2.5" })).toBe(2.5);
    expect(referralSharePercent({ REFERRAL_SHARE_PERCENT: "0" })).toBe(0);
    for (const odd of [undefined, "", "-1", "51", "abc", "5%", "1.234"])
      expect(referralSharePercent({ REFERRAL_SHARE_PERCENT: odd })).toBe(PROMO.defaultReferralSharePercent);
    expect(referralSharePercent(env)).toBe(5);
  });

  it("floors to the cent, exact for fractional percents", () => {
    expect(referralShareCents(2500, 5)).toBe(125);
    expect(referralShareCents(999, 5)).toBe(49);
    expect(referralShareCents(1000, 2.5)).toBe(25);
    expect(referralShareCents(19, 5)).toBe(0);
    expect(referralShareCents(1000, 0)).toBe(0);
    expect(referralShareCents(-100, 5)).toBe(0);
  });
});

describe("referralShareStatements in a deposit batch", () => {
  it("credits the referrer once per deposit, with ledger rows both sides, an earnings row and a bell row; the books hold", async () => {
    const before = await reconcile(env);
    const referrer = await makeUser();
    const referee = await makeUser();
    await bind(referee.user.id, referrer.user.id);
    const dep = `dep-${crypto.randomUUID()}`;
    await depositBatch(referee.user.id, dep, 2500);
    expect(await balanceOf(referee.user.id)).toBe(2500);
    expect(await balanceOf(referrer.user.id)).toBe(125);
    const rows = (await ledgerRows()).filter((r) => r.idempotency_key.startsWith(`referral:${dep}`));
    expect(rows.map((r) => [r.user_id, r.account, r.delta, r.kind])).toEqual([
      [referrer.user.id, "user", 125, "referral_share"],
      [null, "house", -125, "referral_share"],
    ]);
    const bell = await env.DB.prepare("SELECT name, content FROM notifications WHERE user_id = ?1").bind(referrer.user.id).all();
    expect(bell.results).toEqual([{ name: "referral_share", content: "$1.25" }]);

    // the same deposit again: refused whole (the deposit's own key, and the earnings row's)
    await expect(batch(env.DB, referralShareStatements(env, { refereeId: referee.user.id, depositId: dep, amountCents: 2500 }))).rejects.toThrow(/UNIQUE/);
    expect(await balanceOf(referrer.user.id)).toBe(125);

    const after = await reconcile(env);
    expect(after.ok).toBe(true);
    expect(after.deposits - before.deposits).toBe(2500);
    expect(after.houseBalance - before.houseBalance).toBe(-125);
    expect(after.referralShared - before.referralShared).toBe(125);
    expect(after.promoMismatches).toBe(0);
  });

  it("moves nothing for a referee without a referrer (and nothing at 0 %)", async () => {
    const before = await reconcile(env);
    const lone = await makeUser();
    await depositBatch(lone.user.id, `dep-${crypto.randomUUID()}`, 5000);
    expect(await balanceOf(lone.user.id)).toBe(5000);
    const referrer = await makeUser();
    const referee = await makeUser();
    await bind(referee.user.id, referrer.user.id);
    expect(referralShareStatements({ REFERRAL_SHARE_PERCENT: "0" }, { refereeId: referee.user.id, depositId: "x", amountCents: 5000 })).toEqual([]);
    const after = await reconcile(env);
    expect(after.ok).toBe(true);
    expect(after.houseBalance).toBe(before.houseBalance);
  });
});

describe("a banned referrer", () => {
  it("earns nothing while banned (no balance, earnings, ledger or bell row); the share resumes once unbanned; the books hold", async () => {
    const before = await reconcile(env);
    const referrer = await makeUser();
    const referee = await makeUser();
    await bind(referee.user.id, referrer.user.id);
    await env.DB.prepare("UPDATE users SET banned = 1 WHERE id = ?1").bind(referrer.user.id).run();
    const dep = `dep-${crypto.randomUUID()}`;
    await depositBatch(referee.user.id, dep, 4000);
    expect(await balanceOf(referee.user.id)).toBe(4000);
    expect(await balanceOf(referrer.user.id)).toBe(0);
    expect((await ledgerRows()).filter((r) => r.idempotency_key.startsWith(`referral:${dep}`))).toEqual([]);
    const earnings = await env.DB.prepare("SELECT COUNT(*) AS n FROM referral_earnings WHERE referrer_id = ?1").bind(referrer.user.id).first<{ n: number }>();
    expect(earnings?.n).toBe(0);
    const bell = await env.DB.prepare("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?1").bind(referrer.user.id).first<{ n: number }>();
    expect(bell?.n).toBe(0);

    await env.DB.prepare("UPDATE users SET banned = 0 WHERE id = ?1").bind(referrer.user.id).run();
    await depositBatch(referee.user.id, `dep-${crypto.randomUUID()}`, 2000);
    expect(await balanceOf(referrer.user.id)).toBe(100);
    const after = await reconcile(env);
    expect(after.ok).toBe(true);
    expect(after.houseBalance - before.houseBalance).toBe(-100);
    expect(after.referralShared - before.referralShared).toBe(100);
  });
});

describe("getProfile's referral block", () => {
  it("lists the referees newest first with their earnings, the code, share and totals", async () => {
    const referrer = await makeUser();
    const a = await makeUser({ username: "ref_a" });
    const b = await makeUser({ username: "ref_b" });
    await bind(a.user.id, referrer.user.id);
    await bind(b.user.id, referrer.user.id);
    await depositBatch(a.user.id, `dep-${crypto.randomUUID()}`, 2000);
    await depositBatch(a.user.id, `dep-${crypto.randomUUID()}`, 4000);

    const res = await post("/api/user/getProfile", {}, referrer.token);
    expect(res.status).toBe(200);
    const profile = profileAnswer.parse(await res.json());
    expect(profile.referral).toEqual({ code: referralCode(referrer.user.id), share_percent: 5, earned: 3, count: 2 });
    expect(profile.referrals.map((r) => [r.user.username, r.earned])).toEqual([
      ["ref_b", 0],
      ["ref_a", 3],
    ]);

    const lone = profileAnswer.parse(await (await post("/api/user/getProfile", {}, a.token)).json());
    expect(lone.referrals).toEqual([]);
    expect(lone.referral).toMatchObject({ earned: 0, count: 0 });
  });
});
