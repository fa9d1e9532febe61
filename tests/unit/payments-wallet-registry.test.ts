// The peer-to-peer wallet adapter (worker/payments/wallet.ts) against the sandbox's wallet history
// API (tests/fakes/payments.mjs), and the §9 method registry (worker/payments/registry.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEPOSIT } from "../../shared/constants";
import { startFakeProviders, type FakeProviders } from "../fakes/providers.mjs";
import { SANDBOX } from "../fakes/payments.mjs";
import { depositMethods } from "../../worker/payments/registry";
import type { PaymentsEnv } from "../../worker/payments/types";
import { isReceiptNumber, wallet } from "../../worker/payments/wallet";

let fakes: FakeProviders;
let env: PaymentsEnv;

async function pay(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${fakes.baseUrl}/pay/control/wallet/transactions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { txnId: string }).txnId;
}

beforeAll(async () => {
  fakes = await startFakeProviders({ port: 0 });
  env = { WALLET_A_API_URL: `${fakes.baseUrl}/pay/wallet`, WALLET_A_ACCOUNT: SANDBOX.wallet.account, WALLET_A_TOKEN: SANDBOX.wallet.token };
});
afterAll(() => fakes.close());

describe("wallet adapter", () => {
  it("answers the wallet details for the second modal", async () => {
    expect(await wallet.create(env, { orderId: "d-5", amountCents: 1050, currency: "USD", successUrl: "", cancelUrl: "" })).toEqual({
      kind: "instructions",
      wallet: SANDBOX.wallet.account,
      amount: "10.50",
      currency: "USD",
      comment: "d-5",
      payUrl: null,
    });
    // with the wallet's prefilled payment page configured, a link carrying the same details
    const linked = await wallet.create(
      { ...env, WALLET_A_PAY_URL: "https://wallet.example/pay?lang=en" },
      { orderId: "d-5", amountCents: 1050, currency: "USD", successUrl: "", cancelUrl: "" },
    );
    expect(linked.kind === "instructions" && Object.fromEntries(new URL(linked.payUrl ?? "").searchParams)).toEqual({
      lang: "en",
      account: SANDBOX.wallet.account,
      amount: "10.50",
      currency: "USD",
      comment: "d-5",
    });
  });

  it("looks a receipt up: amount (exact cents), currency, the order id of the comment, status", async () => {
    const txnId = await pay({ amount: 10.5, comment: " d-5 " });
    expect(await wallet.lookup(env, txnId)).toEqual({
      ok: true,
      status: "paid",
      payment: { providerTxId: txnId, orderId: "d-5", amountCents: 1050, currency: "USD" },
    });
    const waiting = await pay({ amount: 0.29, comment: "d-6", status: "WAITING", currency: 643 });
    expect(await wallet.lookup(env, waiting)).toEqual({
      ok: true,
      status: "pending",
      payment: { providerTxId: waiting, orderId: "d-6", amountCents: 29, currency: "RUB" },
    });
    const failed = await pay({ amount: 5, comment: "d-7", status: "ERROR", currency: "usd" });
    expect(await wallet.lookup(env, failed)).toMatchObject({ ok: true, status: "failed" });
  });

  it("refuses short or odd receipt numbers before asking (§5: longer than 10)", async () => {
    expect(isReceiptNumber("1".repeat(DEPOSIT.walletReceiptMinLength))).toBe(true);
    expect(isReceiptNumber("1".repeat(10))).toBe(false);
    expect(isReceiptNumber("12345678901/../x")).toBe(false);
    expect(await wallet.lookup(env, "1234567890")).toEqual({ ok: false, reason: "malformed" });
  });

  it("reports unknown, outgoing, fractional-cent and unreachable cases", async () => {
    expect(await wallet.lookup(env, "99999999999")).toEqual({ ok: false, reason: "not_found" });
    const out = await pay({ amount: 10, comment: "d-8", type: "OUT", txnId: "55555555555" });
    expect(await wallet.lookup(env, out)).toEqual({ ok: false, reason: "not_found" });
    const odd = await pay({ amount: 1.005, comment: "d-9" });
    expect(await wallet.lookup(env, odd)).toEqual({ ok: false, reason: "malformed" });
    expect(await wallet.lookup({ ...env, WALLET_A_TOKEN: "wrong" }, odd)).toEqual({ ok: false, reason: "unavailable" });
    expect(await wallet.lookup({ ...env, WALLET_A_API_URL: "http://127.0.0.1:9" }, odd)).toEqual({ ok: false, reason: "unavailable" });
    expect(await wallet.lookup({ ...env, WALLET_A_TOKEN: "" }, odd)).toEqual({ ok: false, reason: "not_configured" });
  });

  it("the sandbox's wallet page pays into the site's wallet and shows a receipt number the lookup finds", async () => {
    const page = await fetch(`${fakes.baseUrl}/pay/wallet/pay?amount=12.5&comment=d-20`);
    expect(await page.text()).toContain(">Pay</button>");
    const paid = await fetch(`${fakes.baseUrl}/pay/wallet/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ amount: "12.5", comment: "d-20" }).toString(),
    });
    const receipt = /id="receipt">([^<]+)</.exec(await paid.text())?.[1] ?? "";
    expect(isReceiptNumber(receipt)).toBe(true);
    expect(await wallet.lookup(env, receipt)).toEqual({
      ok: true,
      status: "paid",
      payment: { providerTxId: receipt, orderId: "d-20", amountCents: 1250, currency: "USD" },
    });
  });

  it("has no callback", async () => {
    expect(await wallet.verifyCallback(env, new Request("https://site.example/x", { method: "POST" }))).toEqual({ ok: false, reason: "unsupported" });
  });
});

describe("deposit method registry (§9)", () => {
  const summary = (e: Parameters<typeof depositMethods>[0]) =>
    depositMethods(e).map((m) => [m.id, m.type, m.flow, m.available, m.placeholder, m.adapter?.id ?? null]);

  it("lists every §9 method in order, none available without credentials", () => {
    expect(summary({})).toEqual([
      ["card", "money", "redirect", false, false, "freekassa"],
      ["skins", "skins", "skins", false, false, null],
      ["wallet_a", "money", "wallet", false, false, "wallet"],
      ["wallet_b", "money", "redirect", false, false, "freekassa"],
      ["card_2", "money", "redirect", false, false, "stripe"],
      ["placeholder_1", "money", "none", false, true, null],
      ["placeholder_2", "money", "none", false, true, null],
      ["placeholder_3", "money", "none", false, true, null],
    ]);
  });

  it("makes a method available exactly when its provider's credentials are present", () => {
    const fk = { FREEKASSA_MERCHANT_ID: "777", FREEKASSA_SECRET_1: "a", FREEKASSA_SECRET_2: "b" };
    const avail = (e: Parameters<typeof depositMethods>[0]) =>
      depositMethods(e)
        .filter((m) => m.available)
        .map((m) => m.id);
    expect(avail(fk)).toEqual(["card"]);
    expect(avail({ ...fk, FREEKASSA_SECRET_2: "" })).toEqual([]);
    expect(avail({ ...fk, FREEKASSA_WALLET_B_METHOD: "63" })).toEqual(["card", "wallet_b"]);
    expect(depositMethods({ ...fk, FREEKASSA_CARD_METHOD: " 36 " })[0]?.methodCode).toBe("36");
    expect(avail({ STRIPE_SECRET_KEY: "sk", STRIPE_WEBHOOK_SECRET: "" })).toEqual([]);
    expect(avail({ STRIPE_SECRET_KEY: "sk", STRIPE_WEBHOOK_SECRET: "wh" })).toEqual(["card_2"]);
    expect(avail({ WALLET_A_API_URL: "https://w", WALLET_A_ACCOUNT: "1", WALLET_A_TOKEN: "" })).toEqual([]);
    expect(avail(env)).toEqual(["wallet_a"]);
    expect(avail({ TRADE_BOT_URL: "https://bot" })).toEqual(["skins"]);
  });
});
