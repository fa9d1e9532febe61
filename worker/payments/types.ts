// One interface for every money deposit provider (docs/payments.md "Payments"). The routes call these;
// an adapter never touches D1: matching a callback to the stored pending payment (amount,
// currency, order) and crediting once per provider transaction id are the route's job.

/** Provider settings: wrangler.toml [vars] and secrets (worker/env-secrets.d.ts), all optional. */
export interface PaymentsEnv {
  FREEKASSA_FORM_URL?: string;
  FREEKASSA_MERCHANT_ID?: string;
  FREEKASSA_SECRET_1?: string;
  FREEKASSA_SECRET_2?: string;
  FREEKASSA_NOTIFY_IPS?: string;
  FREEKASSA_CARD_METHOD?: string;
  FREEKASSA_WALLET_B_METHOD?: string;
  STRIPE_API_URL?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  WALLET_A_API_URL?: string;
  WALLET_A_ACCOUNT?: string;
  WALLET_A_TOKEN?: string;
  WALLET_A_PAY_URL?: string;
}

/** What the site asks a provider to collect. */
export interface PaymentOrder {
  /** the site's own id of the pending payment (the provider echoes it back) */
  orderId: string;
  amountCents: number;
  /** ISO 4217, upper case */
  currency: string;
  /** where the player returns after paying / after giving up */
  successUrl: string;
  cancelUrl: string;
}

export type CreateResult =
  /** send the player to this page (§4: "other methods redirect to the returned url") */
  | { kind: "redirect"; url: string; providerRef?: string }
  /** the peer-to-peer wallet: show these details in the second modal */
  | { kind: "instructions"; wallet: string; amount: string; currency: string; comment: string; payUrl: string | null };

/** A callback or lookup the provider vouches for; the route still checks it against its record. */
export interface VerifiedPayment {
  providerTxId: string;
  orderId: string;
  amountCents: number;
  currency: string;
}

export type CallbackRefusal =
  | "not_configured"
  /** required fields missing or not well formed */
  | "malformed"
  | "bad_signature"
  | "wrong_merchant"
  /** the request did not come from an address the provider publishes */
  | "source_not_allowed"
  /** the signed timestamp is outside the tolerance (a replay of an old delivery) */
  | "stale"
  | "bad_amount"
  /** authentic, but not a completed payment (an event the site does not act on): answer 2xx */
  | "ignored_event"
  | "unsupported";

export type CallbackResult = { ok: true; payment: VerifiedPayment; eventId?: string } | { ok: false; reason: CallbackRefusal };

export type LookupResult =
  | { ok: true; status: "paid" | "pending" | "failed"; payment: VerifiedPayment }
  | { ok: false; reason: "not_configured" | "not_found" | "malformed" | "unavailable" | "unsupported" };

export interface PaymentAdapter {
  readonly id: "freekassa" | "stripe" | "wallet";
  /** true when every credential the adapter needs is present (never faked when missing) */
  configured(env: PaymentsEnv): boolean;
  create(env: PaymentsEnv, order: PaymentOrder, opts?: { fetcher?: typeof fetch; methodCode?: string }): Promise<CreateResult>;
  /** verifies and parses the provider's server-to-server call from its raw request */
  verifyCallback(env: PaymentsEnv, request: Request, opts?: { now?: number }): Promise<CallbackResult>;
  /** the answer the provider expects: accepted (recorded, or a replay of a recorded one) or refused */
  callbackAnswer(accepted: boolean): Response;
  lookup(env: PaymentsEnv, providerRef: string, opts?: { fetcher?: typeof fetch }): Promise<LookupResult>;
}

/** "" and whitespace count as missing. */
export function present(value: string | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}
