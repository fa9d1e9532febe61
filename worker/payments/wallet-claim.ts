// POST /api/payment/qiwi/check-transaction: the player paid to the peer-to-peer wallet (wallet A)
// and types the receipt number; the wallet's history API (payments/wallet.ts lookup) says what
// arrived. Credited through settleReport like any provider report, so a receipt credits once
// (UNIQUE provider + transaction id). §8: already completed, not found, contact support, payment
// not found, success with the sum.
import { first, sql } from "../db/sql";
import { paymentById } from "./orders";
import { settleReport } from "./settle";
import type { PaymentsEnv } from "./types";
import { isReceiptNumber, wallet } from "./wallet";

type ClaimEnv = Pick<Env, "DB" | "HUB_ROOM"> & PaymentsEnv & { REFERRAL_SHARE_PERCENT?: string };

/** Every refusal of a claim (its key and status are the contract's, shared/api/payments.ts). */
export type ClaimRefusal =
  | { status: 400; key: "deposit_api.receipt_invalid" }
  | { status: 404; key: "deposit_api.transaction_not_found" | "deposit_api.payment_not_found" }
  | {
      status: 409;
      key: "deposit_api.method_unavailable" | "deposit_api.transaction_already_completed" | "deposit_api.contact_support" | "deposit_api.transaction_pending";
    }
  | { status: 503; key: "deposit_api.provider_unavailable" };

export type ClaimOutcome = { ok: true; amount: number; bonus: number } | ({ ok: false } & ClaimRefusal);

const refuse = <S extends ClaimRefusal["status"]>(status: S, key: Extract<ClaimRefusal, { status: S }>["key"]): ClaimOutcome =>
  ({ ok: false, status, key }) as ClaimOutcome;

export async function claimWalletTransaction(env: ClaimEnv, userId: number, txnId: string, opts?: { fetcher?: typeof fetch }): Promise<ClaimOutcome> {
  if (!wallet.configured(env)) return refuse(409, "deposit_api.method_unavailable");
  if (!isReceiptNumber(txnId)) return refuse(400, "deposit_api.receipt_invalid");
  const seen = await first<{ outcome: string }>(env.DB, sql`SELECT outcome FROM payment_callbacks WHERE provider = 'wallet' AND provider_tx_id = ${txnId}`);
  if (seen) return seen.outcome === "credited" ? refuse(409, "deposit_api.transaction_already_completed") : refuse(409, "deposit_api.contact_support");

  const found = await wallet.lookup(env, txnId, opts);
  if (!found.ok) {
    if (found.reason === "not_found") return refuse(404, "deposit_api.transaction_not_found");
    if (found.reason === "malformed") return refuse(400, "deposit_api.receipt_invalid");
    return refuse(503, "deposit_api.provider_unavailable");
  }
  if (found.status === "pending") return refuse(409, "deposit_api.transaction_pending");
  if (found.status === "failed") return refuse(404, "deposit_api.transaction_not_found");

  // the comment must name an open wallet payment of this player; someone else's receipt records
  // nothing (its owner can still claim it)
  const payment = found.payment.orderId ? await paymentById(env, found.payment.orderId) : null;
  if (!payment || payment.user_id !== userId || payment.provider !== "wallet") return refuse(404, "deposit_api.payment_not_found");

  const settled = await settleReport(env, { provider: "wallet", payment: found.payment });
  if (settled.replay)
    return settled.outcome === "credited" ? refuse(409, "deposit_api.transaction_already_completed") : refuse(409, "deposit_api.contact_support");
  if (settled.outcome !== "credited" || !settled.credited) return refuse(409, "deposit_api.contact_support");
  return { ok: true, amount: settled.credited.amount, bonus: settled.credited.bonus };
}
