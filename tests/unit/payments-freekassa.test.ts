// The form-redirect + signed-notification adapter (worker/payments/freekassa.ts) against
// FreeKassa's SCI as documented:
//   - docs.freekassa.net, section "SCI" (https://docs.freekassa.net/): the form's m, oa, currency,
//     o, s; secret word 1 for the form, secret word 2 for the notification; the notification URL
//     answered with the word YES; notification by GET or POST.
//   - the reference values 14963 / 99 / ID_234 / secret_word_1 / secret_word_2 / USD of the
//     freekassa-node package (https://npmjs.com/package/freekassa-node, v2.0.0 README and index.js),
//     whose notification signature c0905625cf96d7730487a4dda69c6a09 is reproduced below (and
//     with md5sum). Its README's form signature dfc2448091e2cc4191fc283435593e21 is the older,
//     currency-less form "m:oa:secret:o"; its current code (and the SCI docs) sign
//     "m:oa:secret:currency:o", whose value 4133e874caa4eea50af7ca65a1df4f33 we computed with md5sum.
import { describe, expect, it } from "vitest";
import { formSignature, freekassa, notificationSignature } from "../../worker/payments/freekassa";
import { md5Hex } from "../../worker/payments/md5";
import type { PaymentsEnv } from "../../worker/payments/types";

const env: PaymentsEnv = {
  FREEKASSA_FORM_URL: "https://pay.example/",
  FREEKASSA_MERCHANT_ID: "14963",
  FREEKASSA_SECRET_1: "secret_word_1",
  FREEKASSA_SECRET_2: "secret_word_2",
};

function notification(fields: Record<string, string>, init: { method?: "GET" | "POST"; ip?: string } = {}): Request {
  const body = new URLSearchParams(fields);
  const headers: Record<string, string> = init.ip ? { "CF-Connecting-IP": init.ip } : {};
  if (init.method === "GET") return new Request(`https://site.example/api/payment/callback/freekassa?${body}`, { headers });
  return new Request("https://site.example/api/payment/callback/freekassa", {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
}

const good = {
  MERCHANT_ID: "14963",
  AMOUNT: "99",
  intid: "12345678",
  MERCHANT_ORDER_ID: "ID_234",
  P_EMAIL: "a@b.c",
  CUR_ID: "36",
  SIGN: "c0905625cf96d7730487a4dda69c6a09",
};

describe("FreeKassa signatures (documented vectors)", () => {
  it("signs the notification as md5(MERCHANT_ID:AMOUNT:secret2:MERCHANT_ORDER_ID)", () => {
    expect(notificationSignature("14963", "99", "secret_word_2", "ID_234")).toBe("c0905625cf96d7730487a4dda69c6a09");
  });
  it("signs the form as md5(m:oa:secret1:currency:o)", () => {
    expect(md5Hex("14963:99:secret_word_1:ID_234")).toBe("dfc2448091e2cc4191fc283435593e21"); // the README's older form
    expect(formSignature("14963", "99", "secret_word_1", "USD", "ID_234")).toBe("4133e874caa4eea50af7ca65a1df4f33");
  });
});

describe("freekassa.create", () => {
  it("builds the form URL with m, oa, currency, o and s (amount text as signed)", async () => {
    const made = await freekassa.create(env, { orderId: "ID_234", amountCents: 9900, currency: "USD", successUrl: "", cancelUrl: "" });
    expect(made.kind).toBe("redirect");
    const url = new URL(made.kind === "redirect" ? made.url : "");
    expect(url.origin + url.pathname).toBe("https://pay.example/");
    expect(Object.fromEntries(url.searchParams)).toEqual({ m: "14963", oa: "99", currency: "USD", o: "ID_234", s: "4133e874caa4eea50af7ca65a1df4f33" });
  });
  it("writes cents as two decimals, signs that text, and preselects the method when asked", async () => {
    const made = await freekassa.create(env, { orderId: "d-7", amountCents: 2550, currency: "USD", successUrl: "", cancelUrl: "" }, { methodCode: "36" });
    const url = new URL(made.kind === "redirect" ? made.url : "");
    expect(url.searchParams.get("oa")).toBe("25.50");
    expect(url.searchParams.get("i")).toBe("36");
    expect(url.searchParams.get("s")).toBe(md5Hex("14963:25.50:secret_word_1:USD:d-7"));
  });
  it("refuses to build a form without credentials or with an odd order id", async () => {
    const order = { orderId: "ok", amountCents: 100, currency: "USD", successUrl: "", cancelUrl: "" };
    await expect(freekassa.create({ ...env, FREEKASSA_SECRET_1: "" }, order)).rejects.toThrow(/not configured/);
    await expect(freekassa.create(env, { ...order, orderId: "a&b=c" })).rejects.toThrow(/order id/);
  });
});

describe("freekassa.verifyCallback", () => {
  it("accepts the documented notification by POST and by GET", async () => {
    const expected = { ok: true, payment: { providerTxId: "12345678", orderId: "ID_234", amountCents: 9900, currency: "USD" } };
    expect(await freekassa.verifyCallback(env, notification(good))).toEqual(expected);
    expect(await freekassa.verifyCallback(env, notification(good, { method: "GET" }))).toEqual(expected);
    // hex case does not matter
    expect((await freekassa.verifyCallback(env, notification({ ...good, SIGN: good.SIGN.toUpperCase() }))).ok).toBe(true);
  });

  it("refuses a forged signature, a changed amount or order, and another merchant", async () => {
    expect(await freekassa.verifyCallback(env, notification({ ...good, SIGN: "0".repeat(32) }))).toEqual({ ok: false, reason: "bad_signature" });
    expect(await freekassa.verifyCallback(env, notification({ ...good, AMOUNT: "990" }))).toEqual({ ok: false, reason: "bad_signature" });
    // the same value written differently is a different signed text
    expect(await freekassa.verifyCallback(env, notification({ ...good, AMOUNT: "99.00" }))).toEqual({ ok: false, reason: "bad_signature" });
    expect(await freekassa.verifyCallback(env, notification({ ...good, MERCHANT_ORDER_ID: "ID_235" }))).toEqual({ ok: false, reason: "bad_signature" });
    const other = { ...good, MERCHANT_ID: "1", SIGN: notificationSignature("1", "99", "secret_word_2", "ID_234") };
    expect(await freekassa.verifyCallback(env, notification(other))).toEqual({ ok: false, reason: "wrong_merchant" });
    // signed with secret 1 instead of 2
    const wrongSecret = { ...good, SIGN: notificationSignature("14963", "99", "secret_word_1", "ID_234") };
    expect(await freekassa.verifyCallback(env, notification(wrongSecret))).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses missing fields, odd order ids, unparseable amounts and other content types", async () => {
    const { SIGN: _s, ...noSign } = good;
    expect(await freekassa.verifyCallback(env, notification(noSign))).toEqual({ ok: false, reason: "malformed" });
    const { intid: _i, ...noIntid } = good;
    expect(await freekassa.verifyCallback(env, notification(noIntid))).toEqual({ ok: false, reason: "malformed" });
    const badOrder = { ...good, MERCHANT_ORDER_ID: "x y", SIGN: notificationSignature("14963", "99", "secret_word_2", "x y") };
    expect(await freekassa.verifyCallback(env, notification(badOrder))).toEqual({ ok: false, reason: "malformed" });
    const badAmount = { ...good, AMOUNT: "99.999", SIGN: notificationSignature("14963", "99.999", "secret_word_2", "ID_234") };
    expect(await freekassa.verifyCallback(env, notification(badAmount))).toEqual({ ok: false, reason: "bad_amount" });
    const json = new Request("https://site.example/cb", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(good) });
    expect(await freekassa.verifyCallback(env, json)).toEqual({ ok: false, reason: "malformed" });
  });

  it("checks the source address when FREEKASSA_NOTIFY_IPS is set", async () => {
    const withIps = { ...env, FREEKASSA_NOTIFY_IPS: "168.119.157.136, 168.119.60.227" };
    expect((await freekassa.verifyCallback(withIps, notification(good, { ip: "168.119.60.227" }))).ok).toBe(true);
    expect(await freekassa.verifyCallback(withIps, notification(good, { ip: "203.0.113.9" }))).toEqual({ ok: false, reason: "source_not_allowed" });
    expect(await freekassa.verifyCallback(withIps, notification(good))).toEqual({ ok: false, reason: "source_not_allowed" });
  });

  it("refuses everything when not configured", async () => {
    expect(await freekassa.verifyCallback({ ...env, FREEKASSA_SECRET_2: " " }, notification(good))).toEqual({ ok: false, reason: "not_configured" });
  });

  it("answers the provider the plain text YES when accepted", async () => {
    const yes = freekassa.callbackAnswer(true);
    expect(yes.status).toBe(200);
    expect(await yes.text()).toBe("YES");
    const no = freekassa.callbackAnswer(false);
    expect(no.status).toBe(400);
    expect(await no.text()).not.toBe("YES");
  });
});
