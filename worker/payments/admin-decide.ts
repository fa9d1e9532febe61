// POST /api/admin/payments/decide (admin; docs/payments.md "Payments in review"): a payment the
// providers' reports left in 'review' gets ONE decision, made in one batch with its audit row
// (before and after) and the player's bell row:
//   credit → the ordinary credit batch (payments/settle.ts creditStatements) with the admin as
//            the report that vouches for it: a callback row ('staff', 'staff:<payment id>',
//            outcome credited), so the books find exactly one crediting report per credited
//            payment; the payment's amount (and its bonuses) go to the balance with their ledger rows;
//   refuse → status 'refused', nothing moves.
// The batch's first statement refuses it unless the payment is still in review (and the
// callback row is UNIQUE per payment), so a second decision — or the loser of two racing
// ones — moves nothing and answers deposit_api.already_decided.
import type { z } from "zod";
import type { paymentDecideAnswer } from "../../shared/api/admin-ops";
import { notificationContent } from "../../shared/api/notifications";
import { failedGuard, expectChanges, guard } from "../db/guards";
import { batch, type SQL, sql } from "../db/sql";
import { auditStatement } from "../lib/audit";
import { notificationOf, notificationStatement, pushNotification } from "../lib/notify";
import { paymentsWithReports } from "./admin";
import { type PaymentRow, paymentById } from "./orders";
import { bonusParts, creditStatements, pushCredit } from "./settle";
import type { PaymentAdapter } from "./types";

type DecideEnv = Pick<Env, "DB" | "HUB_ROOM"> & { REFERRAL_SHARE_PERCENT?: string };
type AdminPayment = z.input<typeof paymentDecideAnswer>["payment"];

export interface Decision {
  paymentId: string;
  decision: "credit" | "refuse";
  reason: string;
  adminId: number;
}

export type DecideOutcome = { ok: true; payment: AdminPayment } | { ok: false; key: "deposit_api.payment_not_found" | "deposit_api.already_decided" };

/** The provider name of an admin's credit in payment_callbacks. */
const STAFF_PROVIDER = "staff";

const NOT_IN_REVIEW = "payment.not_in_review";
const ALREADY = new Set([NOT_IN_REVIEW, "payment.callback_replayed"]);

const inReviewGuard = (id: string) => guard(NOT_IN_REVIEW, sql`NOT EXISTS (SELECT 1 FROM payments WHERE id = ${id} AND status = 'review')`);

const state = (p: Pick<PaymentRow, "status" | "amount" | "bonus">) => ({ status: p.status, amount: p.amount, bonus: p.bonus });

function auditOf(d: Decision, p: PaymentRow, after: ReturnType<typeof state>): SQL {
  return auditStatement({
    actorId: d.adminId,
    action: d.decision === "credit" ? "payment.credit" : "payment.refuse",
    targetUserId: p.user_id,
    details: { payment_id: p.id, amount: p.amount, reason: d.reason },
    before: state(p),
    after,
  });
}

async function credit(env: DecideEnv, d: Decision, p: PaymentRow, now: number): Promise<boolean> {
  // the admin vouches for the payment as it was ordered (its amount, its currency)
  const report = {
    provider: STAFF_PROVIDER as PaymentAdapter["id"],
    payment: { providerTxId: `staff:${p.id}`, orderId: p.id, amountCents: p.amount, currency: p.currency },
    eventId: `admin:${d.adminId}`,
  };
  // a deposit code that ran out since drops its bonus, never the credit (as settleReport)
  for (const withPromo of [true, false]) {
    const usePromo = withPromo && p.promo_id !== null && p.promo_percent > 0;
    const after = { status: "credited" as const, amount: p.amount, bonus: bonusParts(p, usePromo).total };
    try {
      const results = await batch(env.DB, [inReviewGuard(p.id), auditOf(d, p, after), ...creditStatements(env, report, p, withPromo, now)]);
      await pushCredit(env, p, results);
      return true;
    } catch (err) {
      const code = failedGuard(err);
      if (code !== undefined && ALREADY.has(code)) return false;
      if (code !== undefined && withPromo) continue;
      throw err;
    }
  }
  return false;
}

async function refuse(env: DecideEnv, d: Decision, p: PaymentRow, now: number): Promise<boolean> {
  try {
    const results = await batch(env.DB, [
      inReviewGuard(p.id),
      sql`UPDATE payments SET status = 'refused', updated_at = ${now} WHERE id = ${p.id} AND status = 'review'`,
      expectChanges(1),
      auditOf(d, p, { status: "refused", amount: p.amount, bonus: 0 }),
      notificationStatement({ userId: p.user_id, name: "deposit_refused", content: notificationContent.amountWithReason(p.amount, d.reason), createdAt: now }),
    ]);
    await pushNotification(env, p.user_id, notificationOf(results.at(-1)));
    return true;
  } catch (err) {
    const code = failedGuard(err);
    if (code !== undefined && (ALREADY.has(code) || code === "changes")) return false;
    throw err;
  }
}

export async function decidePayment(env: DecideEnv, d: Decision, now = Date.now()): Promise<DecideOutcome> {
  const p = await paymentById(env, d.paymentId);
  if (!p) return { ok: false, key: "deposit_api.payment_not_found" };
  if (p.status !== "review") return { ok: false, key: "deposit_api.already_decided" };
  const done = d.decision === "credit" ? await credit(env, d, p, now) : await refuse(env, d, p, now);
  if (!done) return { ok: false, key: "deposit_api.already_decided" };
  const [payment] = await paymentsWithReports(env, sql`WHERE p.id = ${p.id}`);
  if (!payment) throw new Error(`payment ${p.id} vanished after its decision`);
  return { ok: true, payment };
}
