// FreeKassa SCI end to end inside workerd (docs/payments.md "Payments"): sum/create answers the signed form
// URL and stores the pending payment; the notification route credits it once — a replay, a
// racing twin, a forged, underpaid or unknown notification credit nothing — and the books balance.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminPaymentsAnswer } from "../../shared/api/payments";
import { reconcile } from "../../worker/books/reconcile";
import { receiveCallback } from "../../worker/api/payments/callbacks";
import { formSignature, freekassa, notificationSignature } from "../../worker/payments/freekassa";
import { createPayment } from "../../worker/payments/orders";
import { depositMethods } from "../../worker/payments/registry";
import { callbacksOf, createSum, freekassaCall, notificationsOf, order, payer, paymentRow } from "./payments-fixtures";
import { balanceOf, ledgerRows, makeUser, post } from "./user-fixtures";

describe("card deposit through FreeKassa's form and notification", () => {
  it("answers the signed form URL for the pending payment; the same request_id answers the same payment", async () => {
    const { token } = await payer();
    const request_id = crypto.randomUUID();
    const a = await order(token, { sum: 25, depositMethod: "card", request_id });
    expect(a).toMatchObject({ status: "success", message: "deposit_api.redirect", sum: 25, bonus_percent: 0, wallet: null });
    const url = new URL(a.url as string);
    expect(url.href.startsWith(env.FREEKASSA_FORM_URL)).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      m: env.FREEKASSA_MERCHANT_ID,
      oa: "25",
      currency: "USD",
      o: a.order_id,
      s: formSignature(env.FREEKASSA_MERCHANT_ID, "25", env.FREEKASSA_SECRET_1 as string, "USD", a.order_id),
    });
    expect(await paymentRow(a.order_id)).toMatchObject({ status: "pending", amount: 2500, bonus: 0, provider_tx_id: null });
    const again = await order(token, { sum: 25, depositMethod: "card", request_id });
    expect(again.order_id).toBe(a.order_id);
    // wallet B is the same form with FreeKassa's method code preselected
    const b = await order(token, { sum: 10.5, depositMethod: "wallet_b" });
    expect(new URL(b.url as string).searchParams.get("i")).toBe(env.FREEKASSA_WALLET_B_METHOD);
    expect(new URL(b.url as string).searchParams.get("oa")).toBe("10.50");
  });

  it("credits a correctly signed notification once and answers YES; the replay answers YES and moves nothing", async () => {
    const before = await reconcile(env);
    const { user, token } = await payer();
    const a = await order(token, { sum: 25, depositMethod: "card" });
    const call = freekassaCall({ orderId: a.order_id, amount: "25" });
    expect(await call.send()).toEqual({ status: 200, text: "YES" });
    expect(await balanceOf(user.id)).toBe(2500);
    expect(await paymentRow(a.order_id)).toMatchObject({ status: "credited", provider_tx_id: call.intid, bonus: 0 });
    expect(await notificationsOf(user.id, "deposit")).toEqual(["$25.00"]);
    const rows = (await ledgerRows()).filter((r) => r.reference === `payment:${a.order_id}`);
    expect(rows.map((r) => [r.kind, r.delta, r.balance_after])).toEqual([["deposit", 2500, 2500]]);

    expect(await call.send()).toEqual({ status: 200, text: "YES" });
    expect(await balanceOf(user.id)).toBe(2500);
    expect(await callbacksOf(a.order_id)).toEqual([{ provider: "freekassa", provider_tx_id: call.intid, outcome: "credited", payment_id: a.order_id }]);
    const after = await reconcile(env);
    expect(after.ok).toBe(true);
    expect(after.deposits - before.deposits).toBe(2500);
    expect(after.paymentsDeposited - before.paymentsDeposited).toBe(2500);
    expect(after.paymentMismatches).toBe(0);
  });

  it("a GET notification (the merchant setting) credits the same way", async () => {
    const { user, token } = await payer();
    const a = await order(token, { sum: 3.25, depositMethod: "card" });
    expect(await freekassaCall({ orderId: a.order_id, amount: "3.25", method: "GET" }).send()).toEqual({ status: 200, text: "YES" });
    expect(await balanceOf(user.id)).toBe(325);
  });

  it("two racing identical notifications credit once", async () => {
    const { user, token } = await payer();
    const a = await order(token, { sum: 40, depositMethod: "card" });
    const call = freekassaCall({ orderId: a.order_id, amount: "40" });
    const answers = await Promise.all([call.send(), call.send(), call.send()]);
    expect(answers.every((x) => x.status === 200 && x.text === "YES")).toBe(true);
    expect(await balanceOf(user.id)).toBe(4000);
    expect(await callbacksOf(a.order_id)).toHaveLength(1);
    expect(await notificationsOf(user.id, "deposit")).toHaveLength(1);
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("refuses a forged notification (wrong secret, edited amount, another merchant) and records nothing", async () => {
    const { user, token } = await payer();
    const a = await order(token, { sum: 25, depositMethod: "card" });
    const forged = [
      freekassaCall({ orderId: a.order_id, amount: "25", secret2: "not-the-secret" }),
      // signed over 1.00, claims 25
      freekassaCall({
        orderId: a.order_id,
        amount: "25",
        sign: notificationSignature(env.FREEKASSA_MERCHANT_ID, "1", env.FREEKASSA_SECRET_2 as string, a.order_id),
      }),
      freekassaCall({ orderId: a.order_id, amount: "25", merchantId: "999", secret2: env.FREEKASSA_SECRET_2 as string }),
    ];
    for (const f of forged) {
      const res = await f.send();
      expect(res.status).toBe(400);
      expect(res.text).not.toBe("YES");
    }
    expect(await balanceOf(user.id)).toBe(0);
    expect(await callbacksOf(a.order_id)).toEqual([]);
    expect(await paymentRow(a.order_id)).toMatchObject({ status: "pending" });
  });

  it("a body that cannot be read (malformed multipart, a boundary-less multipart, a broken stream) is refused, never a 5xx", async () => {
    const { user, token } = await payer();
    const a = await order(token, { sum: 25, depositMethod: "card" });
    const callback = "http://x/api/payment/callback/freekassa";
    const bodies: Array<{ type: string; body: BodyInit }> = [
      { type: "multipart/form-data; boundary=x", body: "garbage" },
      { type: "multipart/form-data", body: '--x\r\nContent-Disposition: form-data; name="SIGN"\r\n\r\nab\r\n--x--' },
      { type: "multipart/form-data; boundary=x", body: "--x\r\nno headers at all" },
      { type: "application/x-www-form-urlencoded", body: "%E0%A4%A=%%%" },
      { type: "application/json", body: "{" },
    ];
    for (const { type, body } of bodies) {
      const res = await exports.default.fetch(callback, { method: "POST", headers: { "Content-Type": type }, body });
      expect(res.status, `${type}: ${String(body)}`).toBe(400);
      expect(await res.text()).toBe("refused");
    }
    // a stream that errors half-way through the body
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("MERCHANT_ID="));
        controller.error(new Error("connection reset"));
      },
    });
    const res = await receiveCallback(
      env,
      freekassa,
      new Request(callback, { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: broken }),
    );
    expect(res.status).toBe(400);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await callbacksOf(a.order_id)).toEqual([]);
    expect(await paymentRow(a.order_id)).toMatchObject({ status: "pending" });
  });

  it("records an underpaid, an overpaid and an unknown-order notification for support, answers YES, credits nothing", async () => {
    const before = await reconcile(env);
    const { user, token } = await payer();
    const a = await order(token, { sum: 25, depositMethod: "card" });
    expect(await freekassaCall({ orderId: a.order_id, amount: "24.99" }).send()).toEqual({ status: 200, text: "YES" });
    const b = await order(token, { sum: 25, depositMethod: "card" });
    expect(await freekassaCall({ orderId: b.order_id, amount: "30" }).send()).toEqual({ status: 200, text: "YES" });
    expect(await freekassaCall({ orderId: "dep_no_such_order", amount: "25" }).send()).toEqual({ status: 200, text: "YES" });
    expect(await balanceOf(user.id)).toBe(0);
    expect((await callbacksOf(a.order_id)).map((c) => c.outcome)).toEqual(["underpaid"]);
    expect((await callbacksOf(b.order_id)).map((c) => c.outcome)).toEqual(["amount_mismatch"]);
    expect((await callbacksOf("dep_no_such_order")).map((c) => c.outcome)).toEqual(["unknown_order"]);
    expect(await paymentRow(a.order_id)).toMatchObject({ status: "review" });
    // the right payment for the order still credits it (a new transaction of the provider)
    expect(await freekassaCall({ orderId: a.order_id, amount: "25" }).send()).toEqual({ status: 200, text: "YES" });
    expect(await balanceOf(user.id)).toBe(2500);
    // a second payment of an order already paid is recorded, not credited
    expect(await freekassaCall({ orderId: a.order_id, amount: "25" }).send()).toEqual({ status: 200, text: "YES" });
    expect(await balanceOf(user.id)).toBe(2500);
    expect((await callbacksOf(a.order_id)).map((c) => c.outcome)).toEqual(["underpaid", "credited", "order_already_paid"]);
    const after = await reconcile(env);
    expect(after.ok).toBe(true);
    expect(after.paymentsDeposited - before.paymentsDeposited).toBe(2500);
    expect(after.paymentsInReview - before.paymentsInReview).toBe(1);

    // support sees each payment with what the providers reported, and the reports of no payment
    const boss = await makeUser({ isAdmin: true });
    expect((await post("/api/admin/payments/list", {}, token)).status).toBe(403);
    const list = adminPaymentsAnswer.parse(await (await post("/api/admin/payments/list", { status: "review" }, boss.token)).json());
    const review = list.payments.find((p) => p.id === b.order_id);
    expect(review).toMatchObject({ status: "review", user_id: user.id, sum: 25, reports: [{ provider: "freekassa", outcome: "amount_mismatch", amount: 30 }] });
    expect(list.payments.every((p) => p.status === "review")).toBe(true);
    const all = adminPaymentsAnswer.parse(await (await post("/api/admin/payments/list", {}, boss.token)).json());
    expect(all.payments.find((p) => p.id === a.order_id)?.reports.map((r) => r.outcome)).toEqual(["underpaid", "credited", "order_already_paid"]);
    expect(all.unmatched.find((r) => r.order_id === "dep_no_such_order")).toMatchObject({ outcome: "unknown_order", amount: 25 });
    expect((await post("/api/admin/payments/list", { status: "paid" }, boss.token)).status).toBe(400);
  });

  it("a notification from an address FreeKassa does not publish is refused when the list is set", async () => {
    const { user, token } = await payer();
    const a = await order(token, { sum: 5, depositMethod: "card" });
    const listed = { ...env, FREEKASSA_NOTIFY_IPS: "168.119.157.136, 168.119.60.227" };
    const request = (ip: string) =>
      new Request("http://x/api/payment/callback/freekassa", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip },
        body: freekassaCall({ orderId: a.order_id, amount: "5" }).fields.toString(),
      });
    expect((await receiveCallback(listed, freekassa, request("203.0.113.9"))).status).toBe(400);
    expect(await balanceOf(user.id)).toBe(0);
    const ok = await receiveCallback(listed, freekassa, request("168.119.60.227"));
    expect([ok.status, await ok.text()]).toEqual([200, "YES"]);
    expect(await balanceOf(user.id)).toBe(500);
  });
});

describe("sum/create refusals (nothing stored)", () => {
  it("min and max payment, no trade link, placeholders, bad bodies, visitors, maintenance", async () => {
    const { user, token } = await payer();
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE user_id = ?1").bind(user.id).first<{ n: number }>())?.n ?? 0;
    expect(await createSum(token, { sum: 0.99, depositMethod: "card" })).toMatchObject({ status: 400, body: { message: "deposit_api.min_payment" } });
    expect(await createSum(token, { sum: 10_000.01, depositMethod: "card" })).toMatchObject({ status: 400, body: { message: "deposit_api.max_payment" } });
    for (const bad of [
      { sum: -5, depositMethod: "card" },
      { sum: "abc", depositMethod: "card" },
      { sum: 1.234, depositMethod: "card" },
      { sum: 10, depositMethod: "placeholder_1" },
      { sum: 10, depositMethod: "skins" },
      { sum: 10 },
      { sum: 10, depositMethod: "card", request_id: "" },
    ]) {
      const res = await createSum(token, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message, JSON.stringify(bad)).toMatch(/^(app_api\.invalid_request|deposit_api\.min_payment)$/);
    }
    const noLink = await payer({ tradeLink: null });
    expect(await createSum(noLink.token, { sum: 10, depositMethod: "card" })).toMatchObject({
      status: 400,
      body: { message: "deposit_api.trade_link_required" },
    });
    const visitor = await createSum("", { sum: 10, depositMethod: "card" });
    expect(visitor.status).toBe(401);
    await env.DB.prepare("INSERT INTO app_settings (key, value) VALUES ('maintenance', 'true') ON CONFLICT(key) DO UPDATE SET value = 'true'").run();
    try {
      expect(await createSum(token, { sum: 10, depositMethod: "card" })).toMatchObject({ status: 503, body: { message: "app_api.maintenance" } });
    } finally {
      await env.DB.prepare("UPDATE app_settings SET value = 'false' WHERE key = 'maintenance'").run();
    }
    expect(await count()).toBe(0);
  });

  it("a method without credentials is unavailable (never faked)", async () => {
    const { user } = await payer();
    const bare = { ...env, FREEKASSA_MERCHANT_ID: "", STRIPE_WEBHOOK_SECRET: "", WALLET_A_TOKEN: "" };
    expect(
      depositMethods(bare)
        .filter((m) => m.available)
        .map((m) => m.id),
    ).toEqual(["skins"]);
    for (const method of ["card", "wallet_a", "wallet_b", "card_2"] as const) {
      const done = await createPayment(bare, {
        user: { id: user.id, username: user.username, tradeLink: user.tradeLink },
        method,
        amountCents: 1000,
        promocode: undefined,
        requestId: crypto.randomUUID(),
      });
      expect(done).toEqual({ ok: false, status: 409, key: "deposit_api.method_unavailable" });
    }
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE user_id = ?1").bind(user.id).first<{ n: number }>())?.n).toBe(0);
  });
});
