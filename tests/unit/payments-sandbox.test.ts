// The sandbox provider (tests/fakes/payments.mjs, /pay/* of providers.mjs) end to end: a local
// HTTP server plays the site's callback routes and verifies what the sandbox posts with the real
// adapters (worker/payments), create → payment page → Pay → signed notification → the site's
// answer; Decline notifies nothing; the control routes send replays, wrong signatures, wrong
// amounts and stale webhooks.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeProviders, type FakeProviders } from "../fakes/providers.mjs";
import { SANDBOX } from "../fakes/payments.mjs";
import { freekassa } from "../../worker/payments/freekassa";
import { stripe } from "../../worker/payments/stripe";
import type { CallbackResult, PaymentsEnv } from "../../worker/payments/types";

let site: http.Server;
let siteUrl: string;
let fakes: FakeProviders;
let env: PaymentsEnv;
const received: { path: string; method: string; result: CallbackResult }[] = [];

/** The site's side: the raw Node request as a fetch Request, verified by the adapter, answered as it says. */
async function siteHandler(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const method = req.method ?? "GET";
  const request = new Request(`${siteUrl}${req.url}`, { method, headers, body: method === "GET" ? undefined : Buffer.concat(chunks) });
  const adapter = req.url?.startsWith("/cb/freekassa") ? freekassa : stripe;
  const result = await adapter.verifyCallback(env, request);
  received.push({ path: req.url ?? "", method, result });
  const answer = adapter.callbackAnswer(result.ok);
  res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
}

async function control(path: string, body: unknown) {
  const res = await fetch(`${fakes.baseUrl}/pay/control/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { sent: { id: string }; answer: { status: number; body: string } };
}

beforeAll(async () => {
  site = http.createServer((req, res) => void siteHandler(req, res));
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // the SCI settings through startFakeProviders' option, the Stripe webhook URL through the control route
  fakes = await startFakeProviders({
    port: 0,
    payments: { sci: { notifyUrl: `${siteUrl}/cb/freekassa`, successUrl: `${siteUrl}/deposit/ok`, failUrl: `${siteUrl}/deposit/fail` } },
  });
  await control("config", { stripe: { webhookUrl: `${siteUrl}/cb/stripe` } });
  env = {
    FREEKASSA_FORM_URL: `${fakes.baseUrl}/pay/sci/`,
    FREEKASSA_MERCHANT_ID: SANDBOX.sci.merchantId,
    FREEKASSA_SECRET_1: SANDBOX.sci.secret1,
    FREEKASSA_SECRET_2: SANDBOX.sci.secret2,
    STRIPE_API_URL: `${fakes.baseUrl}/pay/stripe`,
    STRIPE_SECRET_KEY: SANDBOX.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: SANDBOX.stripe.webhookSecret,
  };
});
afterAll(async () => {
  await fakes.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

const press = (url: string, fields: URLSearchParams) =>
  fetch(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: fields.toString(), redirect: "manual" });

describe("sandbox form redirect + notification", () => {
  it("create → payment page → Pay posts a notification the adapter verifies; YES sends the player back", async () => {
    const made = await freekassa.create(env, { orderId: "dep-1", amountCents: 2500, currency: "USD", successUrl: "", cancelUrl: "" });
    if (made.kind !== "redirect") throw new Error("expected a redirect");
    const pageRes = await fetch(made.url);
    expect(pageRes.status).toBe(200);
    const html = await pageRes.text();
    expect(html).toContain(">Pay</button>");
    expect(html).toContain(">Decline</button>");
    expect(html).toContain("dep-1");

    const paid = await press(`${fakes.baseUrl}/pay/sci/pay`, new URL(made.url).searchParams);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`${siteUrl}/deposit/ok?MERCHANT_ORDER_ID=dep-1`);
    expect(received).toEqual([
      {
        path: "/cb/freekassa",
        method: "POST",
        result: { ok: true, payment: { providerTxId: expect.any(String), orderId: "dep-1", amountCents: 2500, currency: "USD" } },
      },
    ]);
  });

  it("Decline notifies nothing and sends the player to the fail URL; a tampered form is refused", async () => {
    const made = await freekassa.create(env, { orderId: "dep-2", amountCents: 1000, currency: "USD", successUrl: "", cancelUrl: "" });
    if (made.kind !== "redirect") throw new Error("expected a redirect");
    const declined = await press(`${fakes.baseUrl}/pay/sci/decline`, new URL(made.url).searchParams);
    expect(declined.status).toBe(303);
    expect(declined.headers.get("Location")).toBe(`${siteUrl}/deposit/fail?MERCHANT_ORDER_ID=dep-2`);
    const tampered = new URL(made.url);
    tampered.searchParams.set("oa", "1");
    expect((await fetch(tampered)).status).toBe(400);
    expect((await press(`${fakes.baseUrl}/pay/sci/pay`, tampered.searchParams)).status).toBe(400);
    expect(received).toEqual([]);
  });

  it("control: a replay is the same transaction, a wrong signature is refused, a wrong amount is signed but different", async () => {
    const first = await control("sci/notify", { orderId: "dep-3", amount: "25" });
    expect(first.answer).toEqual({ status: 200, body: "YES" });
    const replay = await control("replay", { provider: "sci" });
    expect(replay.sent.id).toBe(first.sent.id);
    expect(replay.answer.body).toBe("YES");
    // both verify: recognising the replay (same intid, UNIQUE) is the route's job
    expect(received.map((r) => r.result.ok && r.result.payment.providerTxId)).toEqual([first.sent.id, first.sent.id]);

    const forged = await control("sci/notify", { orderId: "dep-3", amount: "25", badSignature: true });
    expect(forged.answer.status).toBe(400);
    expect(received.at(-1)?.result).toEqual({ ok: false, reason: "bad_signature" });

    const under = await control("sci/notify", { orderId: "dep-3", amount: "2.50" });
    expect(under.answer.body).toBe("YES");
    expect(received.at(-1)?.result).toMatchObject({ ok: true, payment: { orderId: "dep-3", amountCents: 250 } });

    const otherShop = await control("sci/notify", { orderId: "dep-3", amount: "25", merchantId: "778" });
    expect(otherShop.answer.status).toBe(400);
  });

  it("notifies by GET when the merchant setting says so", async () => {
    await control("config", { sci: { notifyMethod: "GET" } });
    try {
      await control("sci/notify", { orderId: "dep-4", amount: "7.05" });
      expect(received).toEqual([{ path: expect.stringContaining("/cb/freekassa?"), method: "GET", result: expect.objectContaining({ ok: true }) }]);
      expect(received[0]?.result).toMatchObject({ payment: { amountCents: 705 } });
    } finally {
      await control("config", { sci: { notifyMethod: "POST" } });
    }
  });
});

describe("sandbox JSON API + signed webhook", () => {
  it("create → checkout page → Pay sends checkout.session.completed, verified; the session reads paid", async () => {
    const made = await stripe.create(env, {
      orderId: "dep-10",
      amountCents: 2500,
      currency: "USD",
      successUrl: `${siteUrl}/deposit/ok?s={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${siteUrl}/deposit/fail`,
    });
    if (made.kind !== "redirect" || !made.providerRef) throw new Error("expected a redirect");
    const html = await (await fetch(made.url)).text();
    expect(html).toContain(">Pay</button>");
    expect(html).toContain(">Decline</button>");
    const paid = await press(`${made.url}/pay`, new URLSearchParams());
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`${siteUrl}/deposit/ok?s=${made.providerRef}`);
    expect(received).toEqual([
      {
        path: "/cb/stripe",
        method: "POST",
        result: {
          ok: true,
          eventId: expect.stringMatching(/^evt_/),
          payment: { providerTxId: made.providerRef, orderId: "dep-10", amountCents: 2500, currency: "USD" },
        },
      },
    ]);
    expect(await stripe.lookup(env, made.providerRef)).toMatchObject({ ok: true, status: "paid" });

    // replays: byte for byte (fresh enough to pass the tolerance) and re-signed: same event and session
    const eventId = received[0]?.result.ok ? received[0].result.eventId : "";
    await control("replay", { provider: "stripe" });
    await control("replay", { provider: "stripe", resign: true });
    expect(received.slice(1).map((r) => r.result.ok && [r.result.eventId, r.result.payment.providerTxId])).toEqual([
      [eventId, made.providerRef],
      [eventId, made.providerRef],
    ]);
  });

  it("Decline goes to the cancel URL and sends nothing", async () => {
    const made = await stripe.create(env, { orderId: "dep-11", amountCents: 500, currency: "USD", successUrl: `${siteUrl}/ok`, cancelUrl: `${siteUrl}/no` });
    if (made.kind !== "redirect") throw new Error("expected a redirect");
    const declined = await press(`${made.url}/decline`, new URLSearchParams());
    expect(declined.headers.get("Location")).toBe(`${siteUrl}/no`);
    expect(received).toEqual([]);
  });

  it("control: wrong signatures, stale timestamps and wrong amounts", async () => {
    const forged = await control("stripe/webhook", { orderId: "dep-12", amountCents: 2500, badSignature: true });
    expect(forged.answer.status).toBe(400);
    expect(received.at(-1)?.result).toEqual({ ok: false, reason: "bad_signature" });
    const stale = await control("stripe/webhook", { orderId: "dep-12", amountCents: 2500, ageSeconds: 301 });
    expect(stale.answer.status).toBe(400);
    expect(received.at(-1)?.result).toEqual({ ok: false, reason: "stale" });
    const under = await control("stripe/webhook", { orderId: "dep-12", amountCents: 100 });
    expect(under.answer.status).toBe(200);
    expect(received.at(-1)?.result).toMatchObject({ ok: true, payment: { orderId: "dep-12", amountCents: 100 } });
    const expired = await control("stripe/webhook", { orderId: "dep-12", amountCents: 100, type: "checkout.session.expired" });
    expect(received.at(-1)?.result).toEqual({ ok: false, reason: "ignored_event" });
    expect(expired.answer.status).toBe(400);
  });

  it("keeps a log of what it sent and what the site answered", async () => {
    const log = (await (await fetch(`${fakes.baseUrl}/pay/control/notifications`)).json()) as { notifications: { provider: string; status: number }[] };
    expect(log.notifications.length).toBeGreaterThan(5);
    expect(new Set(log.notifications.map((n) => n.provider))).toEqual(new Set(["sci", "stripe"]));
  });
});
