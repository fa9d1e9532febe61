// Payouts of money withdrawals through FreeKassa's JSON API v1 (docs.freekassa.net, "API":
// 2.2 signature, "Withdrawals"; vector in tests/unit/payments-freekassa-payout.test.ts):
//   every call  POST <FREEKASSA_API_URL>/v1/<method>, JSON body with shopId and nonce (an integer
//               growing with every request), signature = HMAC-SHA256(API key, the body's values
//               sorted by key, joined with "|"), hex
//   create      /v1/withdrawals/create {shopId, nonce, i (the payout method), account, amount,
//               currency, paymentId (ours: mw-<withdrawal id>-<its creation ms>)} → {type: "success", data: {id}}
//   status      /v1/withdrawals {shopId, nonce, paymentId} → {type: "success", withdrawals: [{id, status, …}]}
//               status 1 = paid; 8 (error) and 9 (canceled) = failed; anything else = still in progress
//   a refusal   {type: "error", message} (HTTP 200 or 4xx)
// paymentId makes a payout exist once: the payout pass looks it up before creating it
// (money-withdraw/payout-pass.ts), so a lost answer never pays twice.
import { PAYMENTS, PRICES } from "../../shared/constants";
import { centsToDecimal } from "./amounts";
import { hmacSha256Hex } from "./crypto";

const DEFAULT_API_URL = "https://api.fk.life";

export interface PayoutEnv {
  FREEKASSA_API_URL?: string;
  FREEKASSA_API_KEY?: string;
  FREEKASSA_MERCHANT_ID?: string;
}

/** HMAC-SHA256 of the values sorted by key, joined with "|" (hex). */
export function apiSignature(apiKey: string, fields: Record<string, string | number>): Promise<string> {
  const message = Object.keys(fields)
    .sort()
    .map((k) => String(fields[k]))
    .join("|");
  return hmacSha256Hex(apiKey, message);
}

let lastNonce = 0;
/** Strictly growing within the isolate; from the clock, so a restart keeps growing. */
function nextNonce(): number {
  lastNonce = Math.max(lastNonce + 1, Date.now());
  return lastNonce;
}

type Answer = { type?: string; message?: string; data?: { id?: unknown }; withdrawals?: { id?: unknown; status?: unknown }[] };

async function call(env: PayoutEnv, method: string, fields: Record<string, string | number>): Promise<Answer> {
  const key = (env.FREEKASSA_API_KEY ?? "").trim();
  const shopId = Number((env.FREEKASSA_MERCHANT_ID ?? "").trim());
  if (!key || !Number.isSafeInteger(shopId)) throw new Error("freekassa payouts are not configured");
  const body: Record<string, string | number> = { ...fields, shopId, nonce: nextNonce() };
  body.signature = await apiSignature(key, body);
  const base = (env.FREEKASSA_API_URL ?? "").trim() || DEFAULT_API_URL;
  const res = await fetch(`${base.replace(/\/+$/, "")}/v1/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(PAYMENTS.providerTimeoutMs),
  });
  const json = (await res.json().catch(() => null)) as Answer | null;
  if (!json) throw new Error(`freekassa ${method}: HTTP ${res.status}, no JSON`);
  if (res.status >= 500) throw new Error(`freekassa ${method}: HTTP ${res.status}`);
  return json;
}

export type PayoutState = { state: "missing" } | { state: "pending" | "completed" | "failed"; ref: string };

/** The payout made for `paymentId`, if any (throws on a transport failure: try again later). */
export async function payoutStatus(env: PayoutEnv, paymentId: string): Promise<PayoutState> {
  const a = await call(env, "withdrawals", { paymentId });
  if (a.type !== "success") throw new Error(`freekassa withdrawals: ${a.message ?? "error"}`);
  const w = a.withdrawals?.[0];
  if (!w) return { state: "missing" };
  const status = Number(w.status);
  const ref = String(w.id ?? "");
  if (status === 1) return { state: "completed", ref };
  if (status === 8 || status === 9) return { state: "failed", ref };
  return { state: "pending", ref };
}

export interface PayoutOrder {
  paymentId: string;
  method: number;
  account: string;
  cents: number;
}

/** Asks for the payout: its id, or the provider's refusal (the payout will not happen). Throws on a transport failure. */
export async function createPayout(env: PayoutEnv, o: PayoutOrder): Promise<{ ok: true; ref: string } | { ok: false; message: string }> {
  const a = await call(env, "withdrawals/create", {
    i: o.method,
    account: o.account,
    amount: centsToDecimal(o.cents),
    currency: PRICES.currency,
    paymentId: o.paymentId,
  });
  if (a.type === "success" && a.data?.id !== undefined) return { ok: true, ref: String(a.data.id) };
  return { ok: false, message: a.message ?? "refused" };
}
