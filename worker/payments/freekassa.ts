// Payment-form redirect + signed notification, as FreeKassa's SCI specifies it
// (docs.freekassa.net, "SCI"; vectors in tests/unit/payments-freekassa.test.ts):
//   form:         <FREEKASSA_FORM_URL>?m=<merchant>&oa=<amount>&currency=<cur>&o=<order>&s=<sign>[&i=<method>]
//                 s = md5("m:oa:secret1:currency:o"), hex
//   notification: GET or POST (the merchant setting) to the site's notification URL with
//                 MERCHANT_ID, AMOUNT, intid (the provider's transaction id), MERCHANT_ORDER_ID,
//                 SIGN = md5("MERCHANT_ID:AMOUNT:secret2:MERCHANT_ORDER_ID") and more fields;
//                 the site answers the plain text YES once it has recorded the payment.
// The notification carries no currency: the form fixed it under the signature, so the verified
// payment reports the currency the adapter is configured for (the route compares it with its record).
// FREEKASSA_NOTIFY_IPS (comma separated): when set, a notification from any other address is refused.
import { PRICES } from "../../shared/constants";
import { centsToDecimal, parseDecimalCents } from "./amounts";
import { safeEqualHex } from "./crypto";
import { md5Hex } from "./md5";
import { type CallbackResult, type PaymentAdapter, type PaymentsEnv, present } from "./types";

const DEFAULT_FORM_URL = "https://pay.fk.money/";
/** the site's order ids: what the route stores, echoed back as MERCHANT_ORDER_ID */
const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function formSignature(merchantId: string, amount: string, secret1: string, currency: string, orderId: string): string {
  return md5Hex(`${merchantId}:${amount}:${secret1}:${currency}:${orderId}`);
}

export function notificationSignature(merchantId: string, amount: string, secret2: string, orderId: string): string {
  return md5Hex(`${merchantId}:${amount}:${secret2}:${orderId}`);
}

function allowedIps(env: PaymentsEnv): string[] {
  return (env.FREEKASSA_NOTIFY_IPS ?? "")
    .split(",")
    .map((ip) => ip.trim())
    .filter(Boolean);
}

/** The notification's fields, from the query (GET) or the form body (POST); null when unreadable. */
async function notificationFields(request: Request): Promise<URLSearchParams | null> {
  if (request.method === "GET") return new URL(request.url).searchParams;
  if (request.method !== "POST") return null;
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) return new URLSearchParams(await request.text());
  if (type.includes("multipart/form-data")) {
    // formData() throws on a body that is not the multipart it announces (no boundary, garbage)
    const form = await request.formData().catch(() => null);
    if (!form) return null;
    const out = new URLSearchParams();
    for (const [key, value] of form) if (typeof value === "string") out.append(key, value);
    return out;
  }
  return null;
}

export const freekassa: PaymentAdapter = {
  id: "freekassa",

  configured: (env) => present(env.FREEKASSA_MERCHANT_ID) && present(env.FREEKASSA_SECRET_1) && present(env.FREEKASSA_SECRET_2),

  async create(env, order, opts) {
    if (!freekassa.configured(env)) throw new Error("freekassa is not configured");
    if (!ORDER_ID.test(order.orderId)) throw new Error(`bad order id: ${order.orderId}`);
    const m = (env.FREEKASSA_MERCHANT_ID as string).trim();
    const oa = centsToDecimal(order.amountCents);
    const url = new URL(present(env.FREEKASSA_FORM_URL) ? env.FREEKASSA_FORM_URL : DEFAULT_FORM_URL);
    url.searchParams.set("m", m);
    url.searchParams.set("oa", oa);
    url.searchParams.set("currency", order.currency);
    url.searchParams.set("o", order.orderId);
    url.searchParams.set("s", formSignature(m, oa, env.FREEKASSA_SECRET_1 as string, order.currency, order.orderId));
    // i: the provider's payment method (card, a wallet) chosen on the site; absent = the player picks
    if (present(opts?.methodCode)) url.searchParams.set("i", opts.methodCode);
    return { kind: "redirect", url: url.href };
  },

  async verifyCallback(env, request): Promise<CallbackResult> {
    if (!freekassa.configured(env)) return { ok: false, reason: "not_configured" };
    const ips = allowedIps(env);
    if (ips.length > 0 && !ips.includes(request.headers.get("CF-Connecting-IP") ?? "")) return { ok: false, reason: "source_not_allowed" };
    const fields = await notificationFields(request);
    const merchant = fields?.get("MERCHANT_ID");
    const amount = fields?.get("AMOUNT");
    const intid = fields?.get("intid");
    const orderId = fields?.get("MERCHANT_ORDER_ID");
    const sign = fields?.get("SIGN");
    if (!merchant || !amount || !intid || !orderId || !sign || !ORDER_ID.test(orderId) || intid.length > 64) {
      return { ok: false, reason: "malformed" };
    }
    const expected = notificationSignature(merchant, amount, env.FREEKASSA_SECRET_2 as string, orderId);
    if (!safeEqualHex(sign, expected)) return { ok: false, reason: "bad_signature" };
    if (merchant !== (env.FREEKASSA_MERCHANT_ID as string).trim()) return { ok: false, reason: "wrong_merchant" };
    const amountCents = parseDecimalCents(amount);
    if (amountCents === null) return { ok: false, reason: "bad_amount" };
    return { ok: true, payment: { providerTxId: intid, orderId, amountCents, currency: PRICES.currency } };
  },

  callbackAnswer: (accepted) =>
    accepted
      ? new Response("YES", { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8" } })
      : new Response("refused", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } }),

  // SCI itself has no lookup; the notification is the record (FreeKassa's separate JSON API is not used).
  lookup: async () => ({ ok: false, reason: "unsupported" }),
};
