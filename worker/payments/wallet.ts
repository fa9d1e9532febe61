// The peer-to-peer wallet (wallet A): no callback. The player pays to the site's wallet with the
// order id as the payment comment and types the transaction (receipt) number; the site looks it
// up in the wallet's history API (QIWI Wallet's personal API is the model):
//   GET <WALLET_A_API_URL>/payment-history/v2/transactions/<txnId>?type=IN
//       Authorization: Bearer <WALLET_A_TOKEN>
//   → {txnId, type: "IN"|"OUT"…, status: "SUCCESS"|"WAITING"|"ERROR",
//      sum: {amount: <number of major units>, currency: <ISO 4217 numeric or alphabetic>}, comment}
// Crediting once per transaction id, and only when the comment names the player's pending order
// with the same amount, is the route's job (docs/payments.md "Payments").
import { z } from "zod";
import { DEPOSIT, PAYMENTS } from "../../shared/constants";
import { centsToDecimal, numberToCents } from "./amounts";
import { type LookupResult, type PaymentAdapter, present } from "./types";

/** ISO 4217 numeric codes a wallet history may use. */
const NUMERIC_CURRENCIES: Record<number, string> = { 643: "RUB", 840: "USD", 978: "EUR", 398: "KZT" };

const transaction = z.object({
  txnId: z.union([z.number().int().nonnegative(), z.string().min(1).max(64)]).transform(String),
  type: z.string(),
  status: z.string(),
  sum: z.object({ amount: z.number(), currency: z.union([z.number().int(), z.string().regex(/^[A-Za-z]{3}$/)]) }),
  comment: z.string().max(500).nullish(),
});

/** §5 "Wallet receipt check: number length > 10"; letters, digits and dashes, at most 64. */
export function isReceiptNumber(value: string): boolean {
  return value.length >= DEPOSIT.walletReceiptMinLength && /^[A-Za-z0-9-]{1,64}$/.test(value);
}

function currencyCode(c: number | string): string | null {
  return typeof c === "number" ? (NUMERIC_CURRENCIES[c] ?? null) : c.toUpperCase();
}

export const wallet: PaymentAdapter = {
  id: "wallet",

  configured: (env) => present(env.WALLET_A_API_URL) && present(env.WALLET_A_ACCOUNT) && present(env.WALLET_A_TOKEN),

  async create(env, order) {
    if (!wallet.configured(env)) throw new Error("wallet is not configured");
    const account = (env.WALLET_A_ACCOUNT as string).trim();
    const amount = centsToDecimal(order.amountCents);
    let payUrl: string | null = null;
    if (present(env.WALLET_A_PAY_URL)) {
      const url = new URL(env.WALLET_A_PAY_URL);
      for (const [k, v] of Object.entries({ account, amount, currency: order.currency, comment: order.orderId })) url.searchParams.set(k, v);
      payUrl = url.href;
    }
    return { kind: "instructions", wallet: account, amount, currency: order.currency, comment: order.orderId, payUrl };
  },

  verifyCallback: async () => ({ ok: false, reason: "unsupported" }),

  callbackAnswer: () => new Response("no callbacks", { status: 404 }),

  async lookup(env, txnId, opts): Promise<LookupResult> {
    if (!wallet.configured(env)) return { ok: false, reason: "not_configured" };
    if (!isReceiptNumber(txnId)) return { ok: false, reason: "malformed" };
    const url = `${(env.WALLET_A_API_URL as string).replace(/\/+$/, "")}/payment-history/v2/transactions/${encodeURIComponent(txnId)}?type=IN`;
    let res: Response;
    try {
      res = await (opts?.fetcher ?? fetch)(url, {
        headers: { Authorization: `Bearer ${env.WALLET_A_TOKEN}`, Accept: "application/json" },
        redirect: "manual",
        signal: AbortSignal.timeout(PAYMENTS.providerTimeoutMs),
      });
    } catch {
      return { ok: false, reason: "unavailable" };
    }
    if (res.status === 404) return { ok: false, reason: "not_found" };
    if (!res.ok) return { ok: false, reason: "unavailable" };
    const t = transaction.safeParse(await res.json().catch(() => null));
    if (!t.success) return { ok: false, reason: "malformed" };
    // an outgoing payment under the same number is not a deposit
    if (t.data.type !== "IN" || t.data.txnId !== txnId) return { ok: false, reason: "not_found" };
    const amountCents = numberToCents(t.data.sum.amount);
    const currency = currencyCode(t.data.sum.currency);
    if (amountCents === null || currency === null) return { ok: false, reason: "malformed" };
    const status = t.data.status === "SUCCESS" ? "paid" : t.data.status === "WAITING" ? "pending" : "failed";
    return { ok: true, status, payment: { providerTxId: t.data.txnId, orderId: (t.data.comment ?? "").trim(), amountCents, currency } };
  },
};
