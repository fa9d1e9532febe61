// JSON API + HMAC-signed webhook, as Stripe specifies it (docs.stripe.com/webhooks, "Verify
// signatures manually"; Checkout Sessions API). Vectors in tests/unit/payments-stripe.test.ts.
//   create:  POST <STRIPE_API_URL>/v1/checkout/sessions (form-encoded, Bearer STRIPE_SECRET_KEY,
//            Idempotency-Key = the order id) → JSON {id, url}; the player is sent to url.
//   webhook: header Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…] (more than one v1
//            while a secret is rolled; other schemes such as v0 are ignored), where
//            v1 = HMAC-SHA256(STRIPE_WEBHOOK_SECRET, t + "." + raw body). Checked over the raw
//            bytes before any JSON parsing, in constant time; a t more than 5 minutes away from
//            now is refused (replays). The event id is returned for idempotency.
//   lookup:  GET <STRIPE_API_URL>/v1/checkout/sessions/<id>.
// Amounts are integers of the currency's minor unit (cents for USD, the site's currency).
import { z } from "zod";
import { PAYMENTS } from "../../shared/constants";
import { hmacSha256Hex, safeEqualHex } from "./crypto";
import { type CallbackResult, type LookupResult, type PaymentAdapter, type PaymentsEnv, present } from "./types";

const DEFAULT_API_URL = "https://api.stripe.com";
export const STRIPE_SIGNATURE_HEADER = "Stripe-Signature";

const session = z.object({
  id: z.string().min(1).max(255),
  url: z.string().url().nullish(),
  client_reference_id: z.string().min(1).max(200).nullish(),
  amount_total: z.number().int().positive().nullish(),
  currency: z
    .string()
    .regex(/^[a-z]{3}$/i)
    .nullish(),
  payment_status: z.string().nullish(),
  status: z.string().nullish(),
});
type Session = z.infer<typeof session>;

const event = z.object({
  id: z.string().min(1).max(255),
  type: z.string(),
  data: z.object({ object: z.unknown() }),
});

/** Events that say a Checkout Session's money arrived (the second one for delayed methods). */
const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

function apiUrl(env: PaymentsEnv, path: string): string {
  return `${(present(env.STRIPE_API_URL) ? env.STRIPE_API_URL : DEFAULT_API_URL).replace(/\/+$/, "")}${path}`;
}

/** t and every v1 of the header (Step 1 of Stripe's manual verification). */
export function parseSignatureHeader(header: string): { t: number; v1: string[] } | null {
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) v1.push(value);
  }
  return t === null || v1.length === 0 ? null : { t, v1 };
}

/** v1 for a timestamp and raw body: what the provider sends and what the sandbox signs with. */
export async function webhookSignature(secret: string, t: number, rawBody: Uint8Array<ArrayBuffer>): Promise<string> {
  const prefix = new TextEncoder().encode(`${t}.`);
  const signed = new Uint8Array(prefix.length + rawBody.length);
  signed.set(prefix);
  signed.set(rawBody, prefix.length);
  return hmacSha256Hex(secret, signed);
}

function paidPayment(s: Session) {
  if (!s.client_reference_id || !s.amount_total || !s.currency) return null;
  return { providerTxId: s.id, orderId: s.client_reference_id, amountCents: s.amount_total, currency: s.currency.toUpperCase() };
}

async function call(env: PaymentsEnv, path: string, init: RequestInit, fetcher: typeof fetch): Promise<Response> {
  return fetcher(apiUrl(env, path), {
    ...init,
    headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, Accept: "application/json", ...(init.headers as Record<string, string>) },
    redirect: "manual",
    signal: AbortSignal.timeout(PAYMENTS.providerTimeoutMs),
  });
}

export const stripe: PaymentAdapter = {
  id: "stripe",

  configured: (env) => present(env.STRIPE_SECRET_KEY) && present(env.STRIPE_WEBHOOK_SECRET),

  async create(env, order, opts) {
    if (!stripe.configured(env)) throw new Error("stripe is not configured");
    const form = new URLSearchParams({
      mode: "payment",
      success_url: order.successUrl,
      cancel_url: order.cancelUrl,
      client_reference_id: order.orderId,
      "metadata[order_id]": order.orderId,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": order.currency.toLowerCase(),
      "line_items[0][price_data][unit_amount]": String(order.amountCents),
      "line_items[0][price_data][product_data][name]": "Balance deposit",
    });
    const res = await call(
      env,
      "/v1/checkout/sessions",
      { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": order.orderId }, body: form.toString() },
      opts?.fetcher ?? fetch,
    );
    if (!res.ok) throw new Error(`stripe create answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const created = session.parse(await res.json());
    if (!created.url) throw new Error("stripe create answered no url");
    return { kind: "redirect", url: created.url, providerRef: created.id };
  },

  async verifyCallback(env, request, opts): Promise<CallbackResult> {
    if (!stripe.configured(env)) return { ok: false, reason: "not_configured" };
    if (request.method !== "POST") return { ok: false, reason: "malformed" };
    const header = parseSignatureHeader(request.headers.get(STRIPE_SIGNATURE_HEADER) ?? "");
    if (!header) return { ok: false, reason: "malformed" };
    const raw = new Uint8Array(await request.arrayBuffer());
    const expected = await webhookSignature(env.STRIPE_WEBHOOK_SECRET as string, header.t, raw);
    // every v1 is compared (no early exit), so timing says nothing about which one matched
    const matches = header.v1.map((v) => safeEqualHex(v, expected)).includes(true);
    if (!matches) return { ok: false, reason: "bad_signature" };
    const nowSeconds = Math.floor((opts?.now ?? Date.now()) / 1000);
    if (Math.abs(nowSeconds - header.t) > PAYMENTS.webhookToleranceSeconds) return { ok: false, reason: "stale" };
    let parsed: z.infer<typeof event>;
    try {
      parsed = event.parse(JSON.parse(new TextDecoder().decode(raw)));
    } catch {
      return { ok: false, reason: "malformed" };
    }
    if (!PAID_EVENTS.has(parsed.type)) return { ok: false, reason: "ignored_event" };
    const s = session.safeParse(parsed.data.object);
    if (!s.success) return { ok: false, reason: "malformed" };
    if (s.data.payment_status !== "paid") return { ok: false, reason: "ignored_event" };
    const payment = paidPayment(s.data);
    return payment ? { ok: true, payment, eventId: parsed.id } : { ok: false, reason: "malformed" };
  },

  // Stripe only needs a 2xx for an accepted event; anything else is retried.
  callbackAnswer: (accepted) => Response.json({ received: accepted }, { status: accepted ? 200 : 400 }),

  async lookup(env, sessionId, opts): Promise<LookupResult> {
    if (!stripe.configured(env)) return { ok: false, reason: "not_configured" };
    if (!/^[A-Za-z0-9_]{1,255}$/.test(sessionId)) return { ok: false, reason: "malformed" };
    let res: Response;
    try {
      res = await call(env, `/v1/checkout/sessions/${sessionId}`, { method: "GET" }, opts?.fetcher ?? fetch);
    } catch {
      return { ok: false, reason: "unavailable" };
    }
    if (res.status === 404) return { ok: false, reason: "not_found" };
    if (!res.ok) return { ok: false, reason: "unavailable" };
    const s = session.safeParse(await res.json().catch(() => null));
    const payment = s.success ? paidPayment(s.data) : null;
    if (!s.success || !payment) return { ok: false, reason: "malformed" };
    const status = s.data.payment_status === "paid" ? "paid" : s.data.status === "expired" ? "failed" : "pending";
    return { ok: true, status, payment };
  },
};
