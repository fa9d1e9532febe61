// Ending a withdrawal, in ONE D1 batch each:
//   accepted → status 'completed', its items 'withdrawn' (they left the site);
//   anything else → status 'canceled', its items back to 'available', the fee refunded
//   (kind 'withdraw_fee_refund', user credit + house debit).
// The status update is guarded on 'sending' (expectChanges) and the refund rows have fixed
// idempotency keys, so a second finish of the same withdrawal (two queue passes, a restart)
// moves nothing. The bell notification is a row of the same batch; once it committed, the row
// and the fresh balance are pushed live.
import { notificationContent } from "../../shared/api/notifications";
import { expectChanges, houseBalanceStatements, classifyBatchError, userBalanceStatements } from "../db/ledger";
import { notificationOf, notificationStatement, pushBalance, pushNotification } from "../lib/notify";
import type { Outcome } from "./rules";
import { withdrawalReference, withdrawLedgerKeys } from "./send";

type FinishEnv = Pick<Env, "DB" | "HUB_ROOM">;

export interface OpenWithdrawal {
  id: string;
  user_id: number;
  trade_link: string;
  amount: number;
  fee: number;
  offer_id: string | null;
  offer_sent_at: number | null;
  attempts: number;
  next_attempt_at: number;
}

export const NOTIFY_COMPLETED = "inventory_api.withdraw_completed";
export const NOTIFY_CANCELED = "inventory_api.withdraw_canceled";
export const NOTIFY_SENT = "inventory_api.withdraw_sent";

/** Statements that finish `w` with `outcome` (see the file comment). */
export function finishStatements(d1: D1Database, w: OpenWithdrawal, outcome: Outcome, now: number): D1PreparedStatement[] {
  const completed = outcome === "accepted";
  const itemsOf = "id IN (SELECT item_id FROM withdrawal_items WHERE withdrawal_id = ?1)";
  const out: D1PreparedStatement[] = [
    d1
      .prepare(
        `UPDATE withdrawals SET status = ?2, outcome = ?3, attempts = ?5, finished_at = ?4, updated_at = ?4, next_attempt_at = ?4
          WHERE id = ?1 AND status = 'sending'`,
      )
      .bind(w.id, completed ? "completed" : "canceled", outcome, now, w.attempts),
    expectChanges(d1, 1),
    d1
      .prepare(
        `UPDATE inventory_items SET status = ?3, updated_at = ?4
          WHERE ${itemsOf} AND owner_id = ?2 AND status = 'withdrawing'`,
      )
      .bind(w.id, w.user_id, completed ? "withdrawn" : "available", now),
    // every item of the withdrawal must move (a count read inside the batch)
    d1
      .prepare(
        `INSERT INTO batch_guard (failed)
         SELECT 1 WHERE changes() <> (SELECT COUNT(*) FROM withdrawal_items WHERE withdrawal_id = ?1)`,
      )
      .bind(w.id),
  ];
  if (!completed && w.fee > 0) {
    const keys = withdrawLedgerKeys(w.id);
    const reference = withdrawalReference(w.id);
    out.push(
      ...userBalanceStatements(d1, { userId: w.user_id, delta: w.fee, kind: "withdraw_fee_refund", reference, idempotencyKey: keys.refund }, now),
      ...houseBalanceStatements(d1, { account: "house", delta: -w.fee, kind: "withdraw_fee_refund", reference, idempotencyKey: keys.refundHouse }, now),
    );
  }
  // last: the bell row (name = the catalogue key, content = the items' value)
  out.push(
    notificationStatement(d1, {
      userId: w.user_id,
      name: completed ? NOTIFY_COMPLETED : NOTIFY_CANCELED,
      content: notificationContent.amount(w.amount),
      createdAt: now,
    }),
  );
  return out;
}

/** Finishes `w`; false when another pass finished it first (nothing moved). */
export async function finishWithdrawal(env: FinishEnv, w: OpenWithdrawal, outcome: Outcome, now = Date.now()): Promise<boolean> {
  let results: D1Result[];
  try {
    results = await env.DB.batch(finishStatements(env.DB, w, outcome, now));
  } catch (err) {
    const failure = classifyBatchError(err);
    if (failure === "guard" || failure === "replay") return false;
    throw err;
  }
  await pushNotification(env, w.user_id, notificationOf(results.at(-1)));
  if (outcome !== "accepted" && w.fee > 0) await pushBalance(env, w.user_id);
  return true;
}
