// The JSON API + signed webhook adapter (worker/payments/stripe.ts) against Stripe's scheme as
// documented in "Verify signatures manually" (https://docs.stripe.com/webhooks#verify-manually,
// quoted at https://forum.bubble.io/t/stripe-webhook-security/270405): the Stripe-Signature header
// "t=<timestamp>,v1=<sig>[,v0=…]", only v1 counts, v1 = HMAC-SHA256(secret, t + "." + raw body)
// in hex, several v1 while a secret is rolled, a 300-second default tolerance (stripe-node's
// DEFAULT_TOLERANCE, https://app.unpkg.com/stripe@22.0.0/files/cjs/Webhooks.js).
// Stripe publishes no secret+body+signature triple, so the vector below was computed with
// `openssl dgst -sha256 -hmac` and is re-derived with node:crypto in the test; its timestamp is the
// one of the docs' example header, its secret and body those of stripe-node's own webhook tests.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProviders, type FakeProviders } from "../fakes/providers.mjs";
import { SANDBOX } from "../fakes/payments.mjs";
import { parseSignatureHeader, stripe, webhookSignature } from "../../worker/payments/stripe";
import type { PaymentsEnv } from "../../worker/payments/types";

const T = 1492774577;
const SECRET = "whsec_test_secret";
const BODY = '{"id":"evt_test_webhook","object":"event"}';
const V1 = "88a022085c6bdb887b02cb26ff76dd681234d9675c0f22844059f55552a8883a";

const env: PaymentsEnv = { STRIPE_API_URL: "https://api.example", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: SECRET };
const enc = new TextEncoder();
const sign = (secret: string, t: number, body: string) => createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

function completed(over: Record<string, unknown> = {}, type = "checkout.session.completed") {
  return JSON.stringify({
    id: "evt_1",
    object: "event",
    type,
    data: {
      object: {
        id: "cs_test_1",
        object: "checkout.session",
        client_reference_id: "d-42",
        amount_total: 2500,
        currency: "usd",
        payment_status: "paid",
        status: "complete",
        ...over,
      },
    },
  });
}

function webhook(body: string, header: string): Request {
  return new Request("https://site.example/api/payment/webhook/stripe", {
    method: "POST",
    headers: { "Stripe-Signature": header, "Content-Type": "application/json" },
    body,
  });
}

const nowMs = (t: number) => t * 1000;

describe("Stripe webhook signature (vector)", () => {
  it("is HMAC-SHA256 over t.body in hex", async () => {
    expect(sign(SECRET, T, BODY)).toBe(V1);
    expect(await webhookSignature(SECRET, T, enc.encode(BODY))).toBe(V1);
  });
  it("parses the header: t, every v1, nothing else", () => {
    expect(parseSignatureHeader(`t=${T},v1=${V1},v0=${"6".repeat(64)}`)).toEqual({ t: T, v1: [V1] });
    expect(parseSignatureHeader(`t=${T}, v1=${V1}, v1=${"a".repeat(64)}`)).toEqual({ t: T, v1: [V1, "a".repeat(64)] });
    expect(parseSignatureHeader(`v1=${V1}`)).toBeNull();
    expect(parseSignatureHeader(`t=${T},v0=${V1}`)).toBeNull();
    expect(parseSignatureHeader("")).toBeNull();
  });
});

describe("stripe.verifyCallback", () => {
  const t = 1_800_000_000;
  const body = completed();
  const header = `t=${t},v1=${sign(SECRET, t, body)}`;

  it("accepts a signed checkout.session.completed and reports the session, order, cents and event id", async () => {
    expect(await stripe.verifyCallback(env, webhook(body, header), { now: nowMs(t + 10) })).toEqual({
      ok: true,
      eventId: "evt_1",
      payment: { providerTxId: "cs_test_1", orderId: "d-42", amountCents: 2500, currency: "USD" },
    });
  });

  it("accepts any matching v1 (secret rolling) and ignores v0", async () => {
    const rolled = `t=${t},v1=${sign("whsec_old", t, body)},v1=${sign(SECRET, t, body)}`;
    expect((await stripe.verifyCallback(env, webhook(body, rolled), { now: nowMs(t) })).ok).toBe(true);
    const v0Only = `t=${t},v0=${sign(SECRET, t, body)}`;
    expect(await stripe.verifyCallback(env, webhook(body, v0Only), { now: nowMs(t) })).toEqual({ ok: false, reason: "malformed" });
  });

  it("refuses forged signatures, changed bytes and a moved timestamp", async () => {
    const forged = `t=${t},v1=${sign("whsec_wrong", t, body)}`;
    expect(await stripe.verifyCallback(env, webhook(body, forged), { now: nowMs(t) })).toEqual({ ok: false, reason: "bad_signature" });
    // one byte of whitespace changes the signed bytes (the raw body is signed, not the JSON)
    expect(await stripe.verifyCallback(env, webhook(`${body} `, header), { now: nowMs(t) })).toEqual({ ok: false, reason: "bad_signature" });
    const richer = completed({ amount_total: 250000 });
    expect(await stripe.verifyCallback(env, webhook(richer, header), { now: nowMs(t) })).toEqual({ ok: false, reason: "bad_signature" });
    const moved = header.replace(`t=${t}`, `t=${t + 1}`);
    expect(await stripe.verifyCallback(env, webhook(body, moved), { now: nowMs(t) })).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses a timestamp more than 5 minutes old or ahead (replays)", async () => {
    expect((await stripe.verifyCallback(env, webhook(body, header), { now: nowMs(t + 300) })).ok).toBe(true);
    expect(await stripe.verifyCallback(env, webhook(body, header), { now: nowMs(t + 301) })).toEqual({ ok: false, reason: "stale" });
    expect(await stripe.verifyCallback(env, webhook(body, header), { now: nowMs(t - 301) })).toEqual({ ok: false, reason: "stale" });
  });

  it("answers ignored_event for authentic events that credit nothing", async () => {
    for (const b of [completed({}, "checkout.session.expired"), completed({ payment_status: "unpaid" }), completed({}, "payment_intent.created")]) {
      const h = `t=${t},v1=${sign(SECRET, t, b)}`;
      expect(await stripe.verifyCallback(env, webhook(b, h), { now: nowMs(t) })).toEqual({ ok: false, reason: "ignored_event" });
    }
    const async = completed({}, "checkout.session.async_payment_succeeded");
    expect((await stripe.verifyCallback(env, webhook(async, `t=${t},v1=${sign(SECRET, t, async)}`), { now: nowMs(t) })).ok).toBe(true);
  });

  it("refuses signed but malformed bodies, GET, and everything when not configured", async () => {
    for (const b of ["not json", "{}", completed({ amount_total: 12.5 }), completed({ client_reference_id: null })]) {
      const h = `t=${t},v1=${sign(SECRET, t, b)}`;
      expect(await stripe.verifyCallback(env, webhook(b, h), { now: nowMs(t) })).toEqual({ ok: false, reason: "malformed" });
    }
    expect(await stripe.verifyCallback(env, new Request("https://site.example/x"), { now: nowMs(t) })).toEqual({ ok: false, reason: "malformed" });
    expect(await stripe.verifyCallback({ ...env, STRIPE_WEBHOOK_SECRET: "" }, webhook(body, header), { now: nowMs(t) })).toEqual({
      ok: false,
      reason: "not_configured",
    });
  });
});

describe("stripe create and lookup against the sandbox (tests/fakes/payments.mjs)", () => {
  let fakes: FakeProviders;
  let fakeEnv: PaymentsEnv;
  beforeAll(async () => {
    fakes = await startFakeProviders({ port: 0 });
    fakeEnv = {
      STRIPE_API_URL: `${fakes.baseUrl}/pay/stripe`,
      STRIPE_SECRET_KEY: SANDBOX.stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: SANDBOX.stripe.webhookSecret,
    };
  });
  afterAll(() => fakes.close());

  const order = {
    orderId: "d-100",
    amountCents: 2550,
    currency: "USD",
    successUrl: "https://site.example/ok?s={CHECKOUT_SESSION_ID}",
    cancelUrl: "https://site.example/no",
  };

  it("creates a Checkout Session (idempotent per order) and looks it up", async () => {
    const made = await stripe.create(fakeEnv, order);
    expect(made).toEqual({
      kind: "redirect",
      url: expect.stringContaining(`${fakes.baseUrl}/pay/stripe/checkout/cs_test_`),
      providerRef: expect.stringMatching(/^cs_test_/),
    });
    if (made.kind !== "redirect" || !made.providerRef) throw new Error("no session");
    expect(await stripe.create(fakeEnv, order)).toEqual(made);
    expect(await stripe.lookup(fakeEnv, made.providerRef)).toEqual({
      ok: true,
      status: "pending",
      payment: { providerTxId: made.providerRef, orderId: "d-100", amountCents: 2550, currency: "USD" },
    });
    expect(await stripe.lookup(fakeEnv, "cs_test_missing")).toEqual({ ok: false, reason: "not_found" });
    expect(await stripe.lookup(fakeEnv, "../x")).toEqual({ ok: false, reason: "malformed" });
  });

  it("fails loudly on a wrong key and reports an unreachable API as unavailable", async () => {
    await expect(stripe.create({ ...fakeEnv, STRIPE_SECRET_KEY: "sk_wrong" }, { ...order, orderId: "d-101" })).rejects.toThrow(/401/);
    expect(await stripe.lookup({ ...fakeEnv, STRIPE_API_URL: "http://127.0.0.1:9" }, "cs_test_x")).toEqual({ ok: false, reason: "unavailable" });
  });
});
