// What a credited deposit brings besides itself, all in its one batch (payments/settle.ts): the
// deposit code's bonus (once per player; dropped, never the deposit, when the code ran out in
// between), the §9 nickname bonus, the referrer's share (once per deposit), the bell rows.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { hasNicknameBonus } from "../../worker/payments/nickname";
import { createSum, freekassaCall, notificationsOf, order, payer, paymentRow } from "./payments-fixtures";
import { makePromo } from "./promo-fixtures";
import { balanceOf, makeUser, post } from "./user-fixtures";

async function bindReferral(refereeId: number, referrerId: number) {
  await env.DB.prepare("INSERT INTO referrals (referee_id, referrer_id, created_at) VALUES (?1, ?2, ?3)").bind(refereeId, referrerId, Date.now()).run();
}

describe("a deposit's bonuses and the referrer's share", () => {
  it("a deposit code adds its percent to the credit, once per player", async () => {
    const before = await reconcile(env);
    const promo = await makePromo({ kind: "deposit", amount: 0, percent: 10 });
    const { user, token } = await payer();
    const a = await order(token, { sum: 25, depositMethod: "card", promocode: promo.code.toLowerCase() });
    expect(a.bonus_percent).toBe(10);
    expect(await freekassaCall({ orderId: a.order_id, amount: "25" }).send()).toEqual({ status: 200, text: "YES" });
    expect(await balanceOf(user.id)).toBe(2750);
    expect(await paymentRow(a.order_id)).toMatchObject({ status: "credited", bonus: 250 });
    expect(await notificationsOf(user.id, "deposit")).toEqual(["$27.50"]);
    // the code is spent for this player: the next deposit request with it is refused
    expect(await createSum(token, { sum: 25, depositMethod: "card", promocode: promo.code })).toMatchObject({
      status: 409,
      body: { message: "deposit_api.promo_already_used" },
    });
    expect(await createSum(token, { sum: 25, depositMethod: "card", promocode: "NO_SUCH_CODE" })).toMatchObject({
      status: 400,
      body: { message: "deposit_api.promo_invalid" },
    });
    const after = await reconcile(env);
    expect(after.ok).toBe(true);
    expect(after.deposits - before.deposits).toBe(2500);
    expect(after.promoPaid - before.promoPaid).toBe(250);
    expect(after.houseBalance - before.houseBalance).toBe(-250);
  });

  it("a code that ran out between the request and the money drops the bonus, never the deposit", async () => {
    const promo = await makePromo({ kind: "deposit", amount: 0, percent: 20, dailyLimit: 1 });
    const first = await payer();
    const second = await payer();
    const a = await order(first.token, { sum: 10, depositMethod: "card", promocode: promo.code });
    const b = await order(second.token, { sum: 10, depositMethod: "card", promocode: promo.code });
    expect(await freekassaCall({ orderId: a.order_id, amount: "10" }).send()).toEqual({ status: 200, text: "YES" });
    expect(await freekassaCall({ orderId: b.order_id, amount: "10" }).send()).toEqual({ status: 200, text: "YES" });
    expect(await balanceOf(first.user.id)).toBe(1200);
    expect(await balanceOf(second.user.id)).toBe(1000);
    expect(await paymentRow(b.order_id)).toMatchObject({ status: "credited", bonus: 0, promo_percent: 0 });
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("the site name in the nickname adds 10 % (§9), shown by /methods", async () => {
    expect(["SkinRush", "vasya skinrush.com", "ＳｋｉｎＲｕｓｈ fan", "skin-rush"].map(hasNicknameBonus)).toEqual([true, true, true, true]);
    expect(["Skin Rus", "rushskin", "player"].map(hasNicknameBonus)).toEqual([false, false, false]);
    const { user, token } = await payer({ username: "Vasya SkinRush" });
    const methods = (await (await post("/api/payment/methods", {}, token)).json()) as { has_nickname_bonus: boolean; nickname_bonus_percent: number };
    expect(methods).toMatchObject({ has_nickname_bonus: true, nickname_bonus_percent: 10 });
    const a = await order(token, { sum: 9.99, depositMethod: "card" });
    expect(a.bonus_percent).toBe(10);
    expect(await freekassaCall({ orderId: a.order_id, amount: "9.99" }).send()).toEqual({ status: 200, text: "YES" });
    expect(await balanceOf(user.id)).toBe(999 + 99);
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("the referrer gets the configured share of each deposit once, with a bell row", async () => {
    const before = await reconcile(env);
    const { user: referrer } = await makeUser();
    const { user, token } = await payer();
    await bindReferral(user.id, referrer.id);
    const a = await order(token, { sum: 40, depositMethod: "card" });
    const call = freekassaCall({ orderId: a.order_id, amount: "40" });
    expect(await call.send()).toEqual({ status: 200, text: "YES" });
    expect(await call.send()).toEqual({ status: 200, text: "YES" });
    expect(await balanceOf(referrer.id)).toBe(200);
    expect(await notificationsOf(referrer.id, "referral_share")).toEqual(["$2.00"]);
    const b = await order(token, { sum: 10, depositMethod: "card" });
    expect(await freekassaCall({ orderId: b.order_id, amount: "10" }).send()).toEqual({ status: 200, text: "YES" });
    expect(await balanceOf(referrer.id)).toBe(250);
    const after = await reconcile(env);
    expect(after.ok).toBe(true);
    expect(after.referralShared - before.referralShared).toBe(250);
    expect(after.deposits - before.deposits).toBe(5000);
  });

  it("history lists the player's deposits newest first with their status and bonus", async () => {
    const promo = await makePromo({ kind: "deposit", amount: 0, percent: 5 });
    const { token } = await payer();
    const a = await order(token, { sum: 20, depositMethod: "card", promocode: promo.code });
    await freekassaCall({ orderId: a.order_id, amount: "20" }).send();
    const b = await order(token, { sum: 7, depositMethod: "card" });
    await freekassaCall({ orderId: b.order_id, amount: "6" }).send();
    const c = await order(token, { sum: 3, depositMethod: "wallet_a" });
    const res = await post("/api/payment/sum/history", {}, token);
    const { payments } = (await res.json()) as { payments: { id: string; status: string; sum: number; bonus: number; method: string }[] };
    expect(payments.map((p) => [p.id, p.method, p.status, p.sum, p.bonus])).toEqual([
      [c.order_id, "wallet_a", "pending", 3, 0],
      [b.order_id, "card", "review", 7, 0],
      [a.order_id, "card", "credited", 20, 1],
    ]);
  });
});
