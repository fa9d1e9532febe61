// A sandbox payment provider speaking the protocols of worker/payments (docs/payments.md "Payments"),
// mounted at /pay/* by providers.mjs. State lives in memory.
//
// Form redirect + signed notification (worker/payments/freekassa.ts; FREEKASSA_FORM_URL = <fakes>/pay/sci/):
//   GET  /pay/sci/?m&oa&currency&o&s[&i]  the payment page (s checked with secret 1) with "Pay" and "Decline"
//   POST /pay/sci/pay      sends the signed notification (GET or POST, config.sci.notifyMethod) to
//                          config.sci.notifyUrl; the site's "YES" sends the player to successUrl
//   POST /pay/sci/decline  sends the player to failUrl; nothing is notified
// JSON API + signed webhook (worker/payments/stripe.ts; STRIPE_API_URL = <fakes>/pay/stripe):
//   POST /pay/stripe/v1/checkout/sessions      (Bearer secret key, form body, Idempotency-Key) → session JSON
//   GET  /pay/stripe/v1/checkout/sessions/:id  → session JSON | 404
//   GET  /pay/stripe/checkout/:id              the payment page; Pay → checkout.session.completed
//                                              webhook (Stripe-Signature) to config.stripe.webhookUrl
// Wallet history (worker/payments/wallet.ts; WALLET_A_API_URL = <fakes>/pay/wallet):
//   GET  /pay/wallet/payment-history/v2/transactions/:txnId?type=IN  (Bearer token) → transaction | 404
//   GET  /pay/wallet/pay?amount&comment        a page that "pays" to the site's wallet and shows the receipt number
// Payouts of money withdrawals, FreeKassa API v1 (worker/payments/freekassa-payout.ts; FREEKASSA_API_URL = <fakes>/pay/api):
//   POST /pay/api/v1/withdrawals/create {shopId, nonce, i, account, amount, currency, paymentId, signature}
//        → {type:"success", data:{id}} (a paymentId already used answers the same id) | {type:"error", message}
//   POST /pay/api/v1/withdrawals {shopId, nonce, paymentId, signature} → {type:"success", withdrawals:[{id, status, …}]}
//        status 0 in progress, 1 paid, 9 canceled; the outcome is the account's (control below, default
//        success): success → paid at the first look, failure → canceled at the first look, delay → in
//        progress for `polls` looks then paid, refuse → create answers an error
//   signature = HMAC-SHA256(api key, the other values sorted by key joined with "|"); a bad one → 400
// Control (tests):
//   POST /pay/control/payouts/outcome {account, outcome: "success"|"failure"|"delay"|"refuse", polls?}
//   GET  /pay/control/payouts → {payouts:[{id, paymentId, account, amount, currency, i, status}], createCalls}
//   POST /pay/control/config {sci?, stripe?, wallet?}  merge settings (e.g. the site's callback URLs)
//   POST /pay/control/sci/notify {orderId, amount, intid?, badSignature?, merchantId?}
//        a notification signed over exactly `amount` (a wrong amount is still correctly signed)
//   POST /pay/control/stripe/webhook {sessionId | orderId+amountCents(+currency), badSignature?, ageSeconds?, type?, eventId?}
//   POST /pay/control/replay {provider: "sci"|"stripe", id?, resign?}  sends a sent notification again,
//        byte for byte (resign: a fresh Stripe timestamp and signature, as Stripe's own retries)
//   POST /pay/control/wallet/transactions {amount, comment, txnId?, currency?, status?, type?} → {txnId}
//   GET  /pay/control/notifications → {notifications:[{provider, id, url, status, answer}]}
//   POST /pay/control/reset
// Every control route that sends answers {sent, answer: {status, body}}: what the site replied.
import { createHash, createHmac } from "node:crypto";

/** The sandbox's credentials: the worker is configured with the same values (npm start, tests). */
export const SANDBOX = {
  sci: { merchantId: "777", secret1: "sandbox-secret-1", secret2: "sandbox-secret-2" },
  stripe: { secretKey: "sk_test_sandbox", webhookSecret: "whsec_sandbox" },
  wallet: { account: "79990000000", token: "sandbox-wallet-token" },
  // FreeKassa API v1 (payouts of money withdrawals): the key and the method code (`i`) per system
  api: { key: "sandbox-api-key", methods: "1:1,2:6,3:4,4:13" },
};

const md5 = (text) => createHash("md5").update(text, "utf8").digest("hex");
const hmac = (secret, text) => createHmac("sha256", secret).update(text, "utf8").digest("hex");

function defaults() {
  return {
    sci: { ...SANDBOX.sci, notifyUrl: "", notifyMethod: "POST", successUrl: "", failUrl: "" },
    stripe: { ...SANDBOX.stripe, webhookUrl: "" },
    wallet: { ...SANDBOX.wallet },
  };
}

export function createPaymentsFake({ baseUrl, config: initial } = {}) {
  let config = merge(defaults(), initial);
  let seq = 0;
  /** @type {Map<string, any>} */
  const sessions = new Map();
  const sessionsByKey = new Map();
  /** @type {Map<string, any>} */
  const walletTxns = new Map();
  /** payouts by paymentId, the outcome set per account, and how many creates arrived */
  const payouts = new Map();
  const payoutOutcomes = new Map();
  let payoutCreates = 0;
  /** every notification sent: {provider, id, url, method, headers, body, status, answer} */
  const notifications = [];

  // FreeKassa's intid is a number unique at the provider: from the clock, so a restarted sandbox
  // never repeats one a kept local database has already recorded (a repeat is a replay: no credit)
  const freshIntid = () => {
    seq += 1;
    return `${Date.now()}${String(seq % 1000).padStart(3, "0")}`;
  };

  const nextId = (prefix) => {
    seq += 1;
    return `${prefix}${Date.now().toString(36)}${String(seq).padStart(4, "0")}`;
  };

  // ---- sending to the site ----

  async function deliver(n) {
    let status = 0;
    let answer = "";
    try {
      const res = await fetch(n.url, { method: n.method, headers: n.headers, body: n.method === "GET" ? undefined : n.body, redirect: "manual" });
      status = res.status;
      answer = await res.text();
    } catch (err) {
      answer = `unreachable: ${err instanceof Error ? err.message : String(err)}`;
    }
    n.status = status;
    n.answer = answer;
    notifications.push(n);
    return { sent: view(n), answer: { status, body: answer } };
  }

  function sciNotification({ orderId, amount, intid, badSignature = false, merchantId }) {
    const { sci } = config;
    if (!sci.notifyUrl) throw new Error("sci.notifyUrl is not configured (POST /pay/control/config)");
    const m = merchantId ?? sci.merchantId;
    const sign = md5(`${m}:${amount}:${badSignature ? "not-the-secret" : sci.secret2}:${orderId}`);
    const fields = new URLSearchParams({
      MERCHANT_ID: m,
      AMOUNT: amount,
      intid,
      MERCHANT_ORDER_ID: orderId,
      P_EMAIL: "player@sandbox.test",
      P_PHONE: "",
      CUR_ID: "36",
      payer_account: "",
      commission: "0",
      SIGN: sign,
    });
    const get = sci.notifyMethod === "GET";
    const url = get ? `${sci.notifyUrl}${sci.notifyUrl.includes("?") ? "&" : "?"}${fields}` : sci.notifyUrl;
    const headers = get ? {} : { "Content-Type": "application/x-www-form-urlencoded" };
    return { provider: "sci", id: intid, url, method: get ? "GET" : "POST", headers, body: get ? "" : fields.toString() };
  }

  function stripeNotification({ session, type = "checkout.session.completed", eventId, badSignature = false, ageSeconds = 0 }) {
    const { stripe } = config;
    if (!stripe.webhookUrl) throw new Error("stripe.webhookUrl is not configured (POST /pay/control/config)");
    const id = eventId ?? nextId("evt_");
    const body = JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object: session } });
    return signStripe({ provider: "stripe", id, url: stripe.webhookUrl, method: "POST", body }, { badSignature, ageSeconds });
  }

  function signStripe(n, { badSignature = false, ageSeconds = 0 } = {}) {
    const t = Math.floor(Date.now() / 1000) - ageSeconds;
    const v1 = hmac(badSignature ? "whsec_wrong" : config.stripe.webhookSecret, `${t}.${n.body}`);
    return { ...n, headers: { "Content-Type": "application/json", "Stripe-Signature": `t=${t},v1=${v1}` } };
  }

  // ---- the handler ----

  return async function handle(req, res, url) {
    const path = url.pathname.replace(/^\/pay/, "");
    try {
      // --- form redirect (SCI) ---
      if ((path === "/sci/" || path === "/sci") && req.method === "GET") {
        const order = sciOrder(url.searchParams);
        if (!order) return html(res, 400, page("Payment refused", "<p>Wrong merchant or signature.</p>"));
        const hidden = hiddenInputs(url.searchParams);
        return html(
          res,
          200,
          page(
            "Sandbox payment",
            `<p>Merchant ${esc(order.m)} · order <b>${esc(order.o)}</b></p><p class="sum">${esc(order.oa)} ${esc(order.currency)}</p>
<form method="post" action="${esc(baseUrl())}/pay/sci/pay">${hidden}<button type="submit" name="pay">Pay</button></form>
<form method="post" action="${esc(baseUrl())}/pay/sci/decline">${hidden}<button type="submit" name="decline">Decline</button></form>`,
          ),
        );
      }
      if ((path === "/sci/pay" || path === "/sci/decline") && req.method === "POST") {
        const params = new URLSearchParams(await readText(req));
        const order = sciOrder(params);
        if (!order) return html(res, 400, page("Payment refused", "<p>Wrong merchant or signature.</p>"));
        const back = (base, fallbackPath) => withQuery(base || originOf(config.sci.notifyUrl, fallbackPath), { MERCHANT_ORDER_ID: order.o });
        if (path === "/sci/decline") return redirect(res, back(config.sci.failUrl, "/"));
        const intid = freshIntid();
        const { answer } = await deliver(sciNotification({ orderId: order.o, amount: order.oa, intid }));
        if (answer.body.trim() === "YES") return redirect(res, back(config.sci.successUrl, "/"));
        return html(res, 502, page("The shop did not confirm", `<p>Notification answered ${answer.status}: ${esc(answer.body.slice(0, 200))}</p>`));
      }

      // --- JSON API (Stripe Checkout) ---
      if (path === "/stripe/v1/checkout/sessions" && req.method === "POST") {
        if (req.headers.authorization !== `Bearer ${config.stripe.secretKey}`) return stripeError(res, 401, "Invalid API Key provided");
        const key = req.headers["idempotency-key"];
        if (typeof key === "string" && sessionsByKey.has(key)) return json(res, 200, sessions.get(sessionsByKey.get(key)));
        const f = new URLSearchParams(await readText(req));
        const amount = Number(f.get("line_items[0][price_data][unit_amount]"));
        const currency = f.get("line_items[0][price_data][currency]");
        if (f.get("mode") !== "payment" || !Number.isSafeInteger(amount) || amount <= 0 || !currency || !f.get("success_url")) {
          return stripeError(res, 400, "mode, line_items and success_url are required");
        }
        const id = nextId("cs_test_");
        const session = {
          id,
          object: "checkout.session",
          url: `${baseUrl()}/pay/stripe/checkout/${id}`,
          mode: "payment",
          amount_total: amount,
          currency,
          client_reference_id: f.get("client_reference_id"),
          metadata: { order_id: f.get("metadata[order_id]") ?? "" },
          payment_status: "unpaid",
          status: "open",
          success_url: f.get("success_url"),
          cancel_url: f.get("cancel_url"),
        };
        sessions.set(id, session);
        if (typeof key === "string") sessionsByKey.set(key, id);
        return json(res, 200, session);
      }
      let m = /^\/stripe\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (m && req.method === "GET") {
        if (req.headers.authorization !== `Bearer ${config.stripe.secretKey}`) return stripeError(res, 401, "Invalid API Key provided");
        const session = sessions.get(decodeURIComponent(m[1]));
        return session ? json(res, 200, session) : stripeError(res, 404, "No such checkout.session");
      }
      m = /^\/stripe\/checkout\/([^/]+)(\/pay|\/decline)?$/.exec(path);
      if (m) {
        const session = sessions.get(decodeURIComponent(m[1]));
        if (!session) return html(res, 404, page("No such payment", ""));
        if (!m[2] && req.method === "GET") {
          const action = `${baseUrl()}/pay/stripe/checkout/${esc(session.id)}`;
          return html(
            res,
            200,
            page(
              "Sandbox checkout",
              `<p>Order <b>${esc(session.client_reference_id ?? "")}</b></p><p class="sum">${(session.amount_total / 100).toFixed(2)} ${esc(session.currency.toUpperCase())}</p>
<form method="post" action="${action}/pay"><button type="submit" name="pay">Pay</button></form>
<form method="post" action="${action}/decline"><button type="submit" name="decline">Decline</button></form>`,
            ),
          );
        }
        if (m[2] === "/decline" && req.method === "POST") return redirect(res, session.cancel_url ?? session.success_url);
        if (m[2] === "/pay" && req.method === "POST") {
          if (session.status === "open") {
            session.status = "complete";
            session.payment_status = "paid";
            await deliver(stripeNotification({ session }));
          }
          // Stripe fills the {CHECKOUT_SESSION_ID} template of success_url
          return redirect(res, session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
        }
      }

      // --- wallet history ---
      m = /^\/wallet\/payment-history\/v2\/transactions\/([^/]+)$/.exec(path);
      if (m && req.method === "GET") {
        if (req.headers.authorization !== `Bearer ${config.wallet.token}`) return json(res, 401, { errorCode: "auth.unauthorized" });
        const txn = walletTxns.get(decodeURIComponent(m[1]));
        return txn && (url.searchParams.get("type") ?? txn.type) === txn.type ? json(res, 200, txn) : json(res, 404, { errorCode: "transaction.not.found" });
      }
      if (path === "/wallet/pay" && req.method === "GET") {
        const amount = url.searchParams.get("amount") ?? "";
        const comment = url.searchParams.get("comment") ?? "";
        return html(
          res,
          200,
          page(
            "Sandbox wallet",
            `<p>To wallet ${esc(config.wallet.account)} · comment <b>${esc(comment)}</b></p><p class="sum">${esc(amount)}</p>
<form method="post" action="${esc(baseUrl())}/pay/wallet/pay"><input type="hidden" name="amount" value="${esc(amount)}"><input type="hidden" name="comment" value="${esc(comment)}"><button type="submit" name="pay">Pay</button></form>`,
          ),
        );
      }
      if (path === "/wallet/pay" && req.method === "POST") {
        const f = new URLSearchParams(await readText(req));
        const txn = addWalletTxn({ amount: Number(f.get("amount")), comment: f.get("comment") ?? "" });
        return html(res, 200, page("Paid", `<p>Receipt number: <b id="receipt">${esc(txn.txnId)}</b></p>`));
      }

      // --- payouts (FreeKassa API v1) ---
      if ((path === "/api/v1/withdrawals/create" || path === "/api/v1/withdrawals") && req.method === "POST") {
        const body = (await readJson(req)) ?? {};
        const { signature, ...signed } = body;
        const expected = hmac(
          SANDBOX.api.key,
          Object.keys(signed)
            .sort()
            .map((k) => String(signed[k]))
            .join("|"),
        );
        if (signature !== expected) return json(res, 400, { type: "error", message: "Wrong signature" });
        if (String(signed.shopId) !== config.sci.merchantId) return json(res, 400, { type: "error", message: "Wrong shop" });
        const paymentId = String(signed.paymentId ?? "");
        if (path === "/api/v1/withdrawals") {
          const p = payouts.get(paymentId);
          if (!p) return json(res, 200, { type: "success", pages: 0, withdrawals: [] });
          const o = payoutOutcomes.get(p.account) ?? { outcome: "success" };
          p.polls += 1;
          if (p.status === 0) {
            if (o.outcome === "failure") p.status = 9;
            else if (o.outcome !== "delay" || p.polls > (o.polls ?? 1)) p.status = 1;
          }
          return json(res, 200, { type: "success", pages: 1, withdrawals: [payoutView(p)] });
        }
        payoutCreates += 1;
        const account = String(signed.account ?? "");
        if ((payoutOutcomes.get(account)?.outcome ?? "success") === "refuse") return json(res, 200, { type: "error", message: "Payout refused" });
        const existing = payouts.get(paymentId);
        if (existing) return json(res, 200, { type: "success", data: { id: existing.id } });
        seq += 1;
        const p = { id: seq, paymentId, account, amount: Number(signed.amount), currency: String(signed.currency), i: Number(signed.i), status: 0, polls: 0 };
        payouts.set(paymentId, p);
        return json(res, 200, { type: "success", data: { id: p.id } });
      }

      // --- control ---
      if (path.startsWith("/control/")) return await control(req, res, path);
      return json(res, 404, { error: "no such payment call" });
    } catch (err) {
      return json(res, 400, { error: err instanceof Error ? err.message : String(err) });
    }
  };

  async function control(req, res, path) {
    const body = req.method === "POST" ? await readJson(req) : undefined;
    if (req.method === "POST" && body === undefined) return json(res, 400, { error: "body must be JSON" });
    if (path === "/control/config" && req.method === "POST") {
      config = merge(config, body);
      return json(res, 200, { ok: true, config });
    }
    if (path === "/control/reset" && req.method === "POST") {
      config = merge(defaults(), initial);
      sessions.clear();
      sessionsByKey.clear();
      walletTxns.clear();
      notifications.length = 0;
      payouts.clear();
      payoutOutcomes.clear();
      payoutCreates = 0;
      return json(res, 200, { ok: true });
    }
    if (path === "/control/notifications" && req.method === "GET") return json(res, 200, { notifications: notifications.map(view) });
    if (path === "/control/payouts/outcome" && req.method === "POST") {
      payoutOutcomes.set(String(body.account), { outcome: String(body.outcome), polls: Number(body.polls ?? 1) });
      return json(res, 200, { ok: true });
    }
    if (path === "/control/payouts" && req.method === "GET")
      return json(res, 200, { payouts: [...payouts.values()].map(payoutView), createCalls: payoutCreates });
    if (path === "/control/sci/notify" && req.method === "POST") {
      if (typeof body.orderId !== "string" || typeof body.amount !== "string") return json(res, 400, { error: "orderId and amount (text) are required" });
      const intid = typeof body.intid === "string" ? body.intid : freshIntid();
      return json(res, 200, await deliver(sciNotification({ ...body, intid })));
    }
    if (path === "/control/stripe/webhook" && req.method === "POST") {
      let session = typeof body.sessionId === "string" ? sessions.get(body.sessionId) : undefined;
      if (!session && typeof body.orderId === "string" && Number.isSafeInteger(body.amountCents)) {
        session = {
          id: nextId("cs_test_"),
          object: "checkout.session",
          amount_total: body.amountCents,
          currency: body.currency ?? "usd",
          client_reference_id: body.orderId,
          payment_status: "paid",
          status: "complete",
        };
      }
      if (!session) return json(res, 400, { error: "sessionId (known) or orderId + amountCents are required" });
      return json(res, 200, await deliver(stripeNotification({ session, ...body })));
    }
    if (path === "/control/replay" && req.method === "POST") {
      const sent = notifications.filter((n) => n.provider === body.provider && (body.id === undefined || n.id === body.id));
      const last = sent.at(-1);
      if (!last) return json(res, 404, { error: "no such notification sent" });
      const again = body.resign && last.provider === "stripe" ? signStripe({ ...last }) : { ...last };
      return json(res, 200, await deliver(again));
    }
    if (path === "/control/wallet/transactions" && req.method === "POST") {
      if (!Number.isFinite(body.amount) || typeof body.comment !== "string") return json(res, 400, { error: "amount (number) and comment are required" });
      return json(res, 200, addWalletTxn(body));
    }
    return json(res, 404, { error: "no such control call" });
  }

  function addWalletTxn({ amount, comment, txnId, currency = 840, status = "SUCCESS", type = "IN" }) {
    // a receipt number unique across sandbox restarts too (the clock, then a counter)
    seq += 1;
    const id = typeof txnId === "string" ? txnId : `${Date.now()}${String(seq % 1000).padStart(3, "0")}`;
    const txn = { txnId: id, personId: Number(config.wallet.account), date: new Date().toISOString(), status, type, sum: { amount, currency }, comment };
    walletTxns.set(id, txn);
    return txn;
  }

  /** The form's order when m is the sandbox merchant and s its md5 signature; else null. */
  function sciOrder(params) {
    const o = {
      m: params.get("m") ?? "",
      oa: params.get("oa") ?? "",
      currency: params.get("currency") ?? "",
      o: params.get("o") ?? "",
      s: params.get("s") ?? "",
    };
    if (!o.m || !o.oa || !o.currency || !o.o || o.m !== config.sci.merchantId) return null;
    return md5(`${o.m}:${o.oa}:${config.sci.secret1}:${o.currency}:${o.o}`) === o.s.toLowerCase() ? o : null;
  }
}

function view(n) {
  return { provider: n.provider, id: n.id, url: n.url, method: n.method, status: n.status, answer: n.answer };
}

function payoutView(p) {
  return { id: p.id, paymentId: p.paymentId, account: p.account, amount: p.amount, currency: p.currency, i: p.i, status: p.status };
}

function merge(base, patch) {
  if (!patch || typeof patch !== "object") return base;
  return {
    sci: { ...base.sci, ...(patch.sci ?? {}) },
    stripe: { ...base.stripe, ...(patch.stripe ?? {}) },
    wallet: { ...base.wallet, ...(patch.wallet ?? {}) },
  };
}

function originOf(url, path) {
  try {
    return new URL(path, url).href;
  } catch {
    return "about:blank";
  }
}

function withQuery(base, params) {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

function hiddenInputs(params) {
  return ["m", "oa", "currency", "o", "s", "i"]
    .filter((k) => params.has(k))
    .map((k) => `<input type="hidden" name="${k}" value="${esc(params.get(k))}">`)
    .join("");
}

function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:3rem auto}.sum{font-size:2rem}form{display:inline-block;margin-right:1rem}button{font-size:1.1rem;padding:.5rem 1.5rem}</style>
</head><body><h1>${esc(title)}</h1><p><small>Sandbox provider: no real money moves.</small></p>${body}</body></html>`;
}

function html(res, status, text) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(text);
}

function json(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

function stripeError(res, status, message) {
  json(res, status, { error: { type: "invalid_request_error", message } });
}

function redirect(res, location) {
  res.writeHead(303, { Location: location }).end();
}

async function readText(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

async function readJson(req) {
  const text = await readText(req);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
