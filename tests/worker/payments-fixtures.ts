// Helpers for the money-deposit worker tests: a payer with a trade link, sum/create, and provider
// calls built here exactly as the providers send them (FreeKassa's md5-signed notification,
// Stripe's Stripe-Signature webhook) with the sandbox's credentials (the worker test env is set to
// them in vitest.config.ts, read back here from env), plus the sandbox wallet's control route for wallet transactions.
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { sumCreateAnswer, type SumCreateAnswer, type SumCreateRequest } from "../../shared/api/payments";
import { notificationSignature } from "../../worker/payments/freekassa";
import { webhookSignature } from "../../worker/payments/stripe";
import { makeUser, post } from "./user-fixtures";
import { uniqueTradeLink } from "./withdraw-fixtures";

const SANDBOX = {
  sci: { merchantId: env.FREEKASSA_MERCHANT_ID, secret2: env.FREEKASSA_SECRET_2 as string },
  stripe: { webhookSecret: env.STRIPE_WEBHOOK_SECRET as string },
};

export async function payer(fields: { username?: string; tradeLink?: string | null } = {}) {
  const tradeLink = fields.tradeLink === undefined ? uniqueTradeLink() : fields.tradeLink;
  return makeUser({ tradeLink, ...(fields.username ? { username: fields.username } : {}) });
}

export async function createSum(token: string, body: Record<string, unknown>) {
  const res = await post("/api/payment/sum/create", { request_id: crypto.randomUUID(), ...body }, token);
  return { status: res.status, body: (await res.json()) as SumCreateAnswer & { message: string } };
}

/** A created payment (asserts success): its order id and answer. */
export async function order(token: string, body: Partial<SumCreateRequest> & Record<string, unknown>): Promise<SumCreateAnswer> {
  const { status, body: answer } = await createSum(token, body);
  expect(status, JSON.stringify(answer)).toBe(200);
  return sumCreateAnswer.parse(answer);
}

let intids = 500_000_000;

/** FreeKassa's notification as it sends it: form-encoded POST (or GET), SIGN = md5(MERCHANT_ID:AMOUNT:secret2:MERCHANT_ORDER_ID). */
export function freekassaCall(p: {
  orderId: string;
  amount: string;
  intid?: string;
  merchantId?: string;
  secret2?: string;
  sign?: string;
  method?: "GET" | "POST";
  ip?: string;
}) {
  const merchant = p.merchantId ?? SANDBOX.sci.merchantId;
  intids += 1;
  const intid = p.intid ?? String(intids);
  const fields = new URLSearchParams({
    MERCHANT_ID: merchant,
    AMOUNT: p.amount,
    intid,
    MERCHANT_ORDER_ID: p.orderId,
    P_EMAIL: "player@example.test",
    CUR_ID: "36",
    SIGN: p.sign ?? notificationSignature(merchant, p.amount, p.secret2 ?? SANDBOX.sci.secret2, p.orderId),
  });
  const headers: Record<string, string> = p.ip ? { "CF-Connecting-IP": p.ip } : {};
  const send = async () => {
    const res =
      p.method === "GET"
        ? await exports.default.fetch(`http://x/api/payment/callback/freekassa?${fields}`, { headers })
        : await exports.default.fetch("http://x/api/payment/callback/freekassa", {
            method: "POST",
            headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
            body: fields.toString(),
          });
    return { status: res.status, text: await res.text() };
  };
  return { intid, fields, send };
}

let events = 0;

/** A Stripe webhook: the event JSON and Stripe-Signature t=…,v1=HMAC-SHA256(secret, t.body). */
export function stripeCall(p: {
  sessionId?: string;
  orderId: string;
  amountCents: number;
  currency?: string;
  type?: string;
  paymentStatus?: string;
  eventId?: string;
  secret?: string;
  ageSeconds?: number;
}) {
  events += 1;
  const body = JSON.stringify({
    id: p.eventId ?? `evt_test_${events}_${crypto.randomUUID().slice(0, 8)}`,
    object: "event",
    type: p.type ?? "checkout.session.completed",
    data: {
      object: {
        id: p.sessionId ?? `cs_test_${crypto.randomUUID().replaceAll("-", "")}`,
        object: "checkout.session",
        client_reference_id: p.orderId,
        amount_total: p.amountCents,
        currency: p.currency ?? "usd",
        payment_status: p.paymentStatus ?? "paid",
        status: "complete",
      },
    },
  });
  const send = async () => {
    const t = Math.floor(Date.now() / 1000) - (p.ageSeconds ?? 0);
    const v1 = await webhookSignature(p.secret ?? SANDBOX.stripe.webhookSecret, t, new Uint8Array(new TextEncoder().encode(body)));
    const res = await exports.default.fetch("http://x/api/payment/webhook/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": `t=${t},v1=${v1}` },
      body,
    });
    return { status: res.status, text: await res.text() };
  };
  return { body, send };
}

/** Adds a transaction to the sandbox wallet's history (what the player's payment would create). */
export async function walletTransaction(t: { amount: number; comment: string; status?: string; type?: string; currency?: number | string }) {
  const res = await fetch(`${env.WALLET_A_API_URL.replace(/\/wallet$/, "")}/control/wallet/transactions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(t),
  });
  if (res.status !== 200) throw new Error(`wallet control ${res.status}`);
  return ((await res.json()) as { txnId: string }).txnId;
}

export async function checkTransaction(token: string, transactionId: unknown) {
  const res = await post("/api/payment/qiwi/check-transaction", { transactionId }, token);
  return { status: res.status, body: (await res.json()) as { status: string; message: string; sum?: number; bonus?: number } };
}

export interface PaymentDbRow {
  id: string;
  status: string;
  amount: number;
  bonus: number;
  provider_tx_id: string | null;
  provider_ref: string | null;
  promo_percent: number;
  nickname_percent: number;
}

export async function paymentRow(id: string): Promise<PaymentDbRow | null> {
  return env.DB.prepare("SELECT * FROM payments WHERE id = ?1").bind(id).first<PaymentDbRow>();
}

export async function callbacksOf(orderId: string) {
  const { results } = await env.DB.prepare("SELECT provider, provider_tx_id, outcome, payment_id FROM payment_callbacks WHERE order_id = ?1 ORDER BY id")
    .bind(orderId)
    .all<{ provider: string; provider_tx_id: string; outcome: string; payment_id: string | null }>();
  return results;
}

export async function notificationsOf(userId: number, name: string) {
  const { results } = await env.DB.prepare("SELECT content FROM notifications WHERE user_id = ?1 AND name = ?2 ORDER BY id")
    .bind(userId, name)
    .all<{ content: string }>();
  return results.map((r) => r.content);
}
