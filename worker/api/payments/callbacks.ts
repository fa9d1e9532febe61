// Provider → site calls (docs/payments.md "Payments"; no session, the signature is the authentication):
//   GET|POST /api/payment/callback/freekassa   FreeKassa SCI notification → "YES" once recorded
//   POST     /api/payment/webhook/stripe       Stripe webhook (Stripe-Signature) → 2xx once recorded
// A verified report is settled (payments/settle.ts) and acknowledged whatever it did — credited,
// a replay, or recorded for support (unknown order, underpaid, mismatch) — so the provider stops
// retrying; a report that fails verification (signature, source, stale timestamp, malformed) is
// refused with the provider's error answer and changes nothing.
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { freekassa } from "../../payments/freekassa";
import { settleReport } from "../../payments/settle";
import { stripe } from "../../payments/stripe";
import type { PaymentAdapter } from "../../payments/types";

/** @public — exported for tests/worker/payments-freekassa.test.ts (an env with another source list) */
export async function receiveCallback(env: Env, adapter: PaymentAdapter, request: Request): Promise<Response> {
  // A body that cannot be read (a broken stream, a malformed encoding) is the provider's refusal,
  // never a 5xx: nothing was verified, so nothing moves.
  const verified = await adapter.verifyCallback(env, request).catch((err: unknown) => {
    console.warn("payment callback unreadable", { provider: adapter.id, error: String(err) });
    return { ok: false, reason: "malformed" } as const;
  });
  if (!verified.ok) {
    // an authentic event the site does not act on (a Checkout Session expiring): acknowledged
    if (verified.reason === "ignored_event") return adapter.callbackAnswer(true);
    console.warn("payment callback refused", { provider: adapter.id, reason: verified.reason });
    return adapter.callbackAnswer(false);
  }
  const settled = await settleReport(env, { provider: adapter.id, payment: verified.payment, eventId: verified.eventId });
  if (settled.outcome !== "credited") {
    console.warn("payment callback recorded without credit", { provider: adapter.id, order: verified.payment.orderId, outcome: settled.outcome });
  }
  return adapter.callbackAnswer(true);
}

export const paymentCallbackRoutes = new Hono<AppEnv>()
  .on(["GET", "POST"], "/callback/freekassa", (c) => receiveCallback(c.env, freekassa, c.req.raw))
  .post("/webhook/stripe", (c) => receiveCallback(c.env, stripe, c.req.raw));
