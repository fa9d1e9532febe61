// Card via the second provider (Stripe Checkout + signed webhook) inside workerd: sum/create
// creates the Checkout Session at the sandbox API (Idempotency-Key = order id) and answers its
// page; the webhook credits once per session — a replay, a stale or forged signature, an event
// the site does not act on, a wrong currency credit nothing — and the books balance.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { callbacksOf, order, payer, paymentRow, stripeCall } from "./payments-fixtures";
import { balanceOf } from "./user-fixtures";

async function session(id: string) {
  const res = await fetch(`${env.STRIPE_API_URL}/v1/checkout/sessions/${id}`, { headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } });
  return (await res.json()) as { id: string; client_reference_id: string; amount_total: number; currency: string; success_url: string; cancel_url: string };
}

describe("card deposit through Stripe Checkout and its webhook", () => {
  it("creates the Checkout Session for the order and answers its page; a repeated request gets the same session", async () => {
    const { token } = await payer();
    const request_id = crypto.randomUUID();
    const a = await order(token, { sum: 25, depositMethod: "card_2", request_id });
    expect(a.url).toMatch(new RegExp(`^${env.STRIPE_API_URL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/checkout/cs_test_`));
    const row = await paymentRow(a.order_id);
    expect(row).toMatchObject({ status: "pending", amount: 2500 });
    const s = await session(row?.provider_ref as string);
    expect(s).toMatchObject({ client_reference_id: a.order_id, amount_total: 2500, currency: "usd" });
    expect(s.success_url).toBe(`${env.APP_ORIGIN}/deposit/success?order=${a.order_id}`);
    expect(s.cancel_url).toBe(`${env.APP_ORIGIN}/deposit/fail?order=${a.order_id}`);
    const again = await order(token, { sum: 25, depositMethod: "card_2", request_id });
    expect([again.order_id, again.url]).toEqual([a.order_id, a.url]);
  });

  it("credits checkout.session.completed once; the replayed event (re-signed, as Stripe retries) moves nothing", async () => {
    const before = await reconcile(env);
    const { user, token } = await payer();
    const a = await order(token, { sum: 25, depositMethod: "card_2" });
    const sessionId = (await paymentRow(a.order_id))?.provider_ref as string;
    const call = stripeCall({ sessionId, orderId: a.order_id, amountCents: 2500 });
    expect(await call.send()).toMatchObject({ status: 200 });
    expect(await balanceOf(user.id)).toBe(2500);
    expect(await paymentRow(a.order_id)).toMatchObject({ status: "credited", provider_tx_id: sessionId });
    expect(await call.send()).toMatchObject({ status: 200 });
    // the same session in another event (async_payment_succeeded after completed) is the same transaction
    expect(await stripeCall({ sessionId, orderId: a.order_id, amountCents: 2500, type: "checkout.session.async_payment_succeeded" }).send()).toMatchObject({
      status: 200,
    });
    expect(await balanceOf(user.id)).toBe(2500);
    expect(await callbacksOf(a.order_id)).toHaveLength(1);
    const after = await reconcile(env);
    expect(after.ok).toBe(true);
    expect(after.paymentsDeposited - before.paymentsDeposited).toBe(2500);
  });

  it("refuses a stale timestamp (older than 5 minutes) and a wrong secret; records nothing", async () => {
    const { user, token } = await payer();
    const a = await order(token, { sum: 25, depositMethod: "card_2" });
    expect((await stripeCall({ orderId: a.order_id, amountCents: 2500, ageSeconds: 301 }).send()).status).toBe(400);
    expect((await stripeCall({ orderId: a.order_id, amountCents: 2500, secret: "whsec_wrong" }).send()).status).toBe(400);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await callbacksOf(a.order_id)).toEqual([]);
  });

  it("acknowledges an event it does not act on (unpaid, expired) and moves nothing", async () => {
    const { user, token } = await payer();
    const a = await order(token, { sum: 25, depositMethod: "card_2" });
    expect((await stripeCall({ orderId: a.order_id, amountCents: 2500, paymentStatus: "unpaid" }).send()).status).toBe(200);
    expect((await stripeCall({ orderId: a.order_id, amountCents: 2500, type: "checkout.session.expired" }).send()).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await paymentRow(a.order_id)).toMatchObject({ status: "pending" });
  });

  it("another currency or a FreeKassa order is recorded for support, not credited", async () => {
    const { user, token } = await payer();
    const a = await order(token, { sum: 25, depositMethod: "card_2" });
    expect((await stripeCall({ orderId: a.order_id, amountCents: 2500, currency: "eur" }).send()).status).toBe(200);
    const b = await order(token, { sum: 25, depositMethod: "card" });
    expect((await stripeCall({ orderId: b.order_id, amountCents: 2500 }).send()).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(0);
    expect((await callbacksOf(a.order_id)).map((c) => c.outcome)).toEqual(["currency_mismatch"]);
    expect((await callbacksOf(b.order_id)).map((c) => c.outcome)).toEqual(["wrong_provider"]);
    expect(await paymentRow(b.order_id)).toMatchObject({ status: "pending" });
    expect((await reconcile(env)).ok).toBe(true);
  });
});
