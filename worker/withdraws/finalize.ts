// Ending a withdrawal, in ONE D1 batch each:
//   accepted → status 'completed', its items 'withdrawn' (they left the site);
//   anything else → status 'canceled', its items back to 'available', the fee refunded
//   (kind 'withdraw_fee_refund', user credit + house debit).
// The status update is guarded on 'sending' (expectChanges) and the refund rows have fixed
// idempotency keys, so a second finish of the same withdrawal (two queue passes, a restart)
// moves nothing. The bell notification is a row of the same batch; once it committed, the row
// and the fresh balance are pushed live.
import { notificationContent } from "../../shared/api/notifications";
import { houseBalanceStatements, classifyBatchError, userBalanceStatements } from "../db/ledger";
import { expectChanges, expectCount } from "../db/guards";
import { notificationOf, notificationStatement, pushBalance, pushNotification } from "../lib/notify";
import type { Outcome } from "./rules";
import { withdrawalReference, withdrawLedgerKeys } from "./send";
import { sql, batch, type SQL } from "../db/sql";

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
export function finishStatements(w: OpenWithdrawal, outcome: Outcome, now: number): SQL[] {
  const completed = outcome === "accepted";
  const itemsOf = sql`id IN (SELECT item_id FROM withdrawal_items WHERE withdrawal_id = ${w.id})`;
  const out: SQL[] = [
    sql`UPDATE withdrawals SET status = ${completed ? "completed" : "canceled"}, outcome = ${outcome}, attempts = ${w.attempts}, finished_at = ${now}, updated_at = ${now}, next_attempt_at = ${now}
          WHERE id = ${w.id} AND status = 'sending'`,
    expectChanges(1),
    sql`UPDATE inventory_items SET status = ${completed ? "withdrawn" : "available"}, updated_at = ${now}
          WHERE ${itemsOf} AND owner_id = ${w.user_id} AND status = 'withdrawing'`,
    // every item of the withdrawal must move (a count read inside the batch)
    expectCount(sql`SELECT COUNT(*) FROM withdrawal_items WHERE withdrawal_id = ${w.id}`),
  ];
  if (!completed && w.fee > 0) {
    const keys = withdrawLedgerKeys(w.id);
    const reference = withdrawalReference(w.id);
    out.push(
      ...userBalanceStatements({ userId: w.user_id, delta: w.fee, kind: "withdraw_fee_refund", reference, idempotencyKey: keys.refund }, now),
      ...houseBalanceStatements({ account: "house", delta: -w.fee, kind: "withdraw_fee_refund", reference, idempotencyKey: keys.refundHouse }, now),
    );
  }
  // last: the bell row (name = the catalogue key, content = the items' value)
  out.push(
    notificationStatement({
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
    results = await batch(env.DB, finishStatements(w, outcome, now));
  } catch (err) {
    const failure = classifyBatchError(err);
    if (failure === "guard" || failure === "replay") return false;
    throw err;
  }
  await pushNotification(env, w.user_id, notificationOf(results.at(-1)));
  if (outcome !== "accepted" && w.fee > 0) await pushBalance(env, w.user_id);
  return true;
}
