// Drives 'sending' money withdrawals to their payout (docs/payments.md "Money withdrawals"). The pass runs in
// the WithdrawQueue DO's alarm (withdraws/WithdrawQueue.ts) next to the trade-bot passes: no
// state of its own, every withdrawal's state is in D1. For each due row:
//   1. look the payout up at the provider by its paymentId (payoutPaymentId: the withdrawal id and
//      its creation time), so a create whose answer was lost is found, never made twice;
//   2. none → create it (a refusal → canceled, everything back); in progress → look again after
//      WITHDRAW.pollMs; paid → completed (finish.ts: the house pays out, once, by its ledger key);
//      failed → canceled, everything back;
//   3. a transport failure → try again later (backoff).
import { WITHDRAW } from "../../shared/constants";
import { batch, rowsOf, sql } from "../db/sql";
import { pushBalance, pushNotification } from "../lib/notify";
import { createPayout, payoutStatus } from "../payments/freekassa-payout";
import { type PayoutEnv, payoutMethod } from "./config";
import { cancelWithdrawal, completeWithdrawal } from "./finish";
import type { MoneyWithdrawRow } from "./rows";

type PassEnv = Pick<Env, "DB" | "HUB_ROOM"> & PayoutEnv;

const PASS_SIZE = 25;
/** after a transport failure: pollMs · 2^(attempts−1), at most 10 minutes */
const retryDelay = (attempts: number) => Math.min(WITHDRAW.pollMs * 2 ** Math.max(0, attempts - 1), 600_000);

/**
 * The provider's paymentId of a withdrawal's payout: stable for the row (so lookups and a retried
 * create name the same payout) and unique at the provider even if the database were ever
 * recreated and ids began again at 1 (a bare id would then match an old payout and pass it as paid).
 */
export function payoutPaymentId(w: Pick<MoneyWithdrawRow, "id" | "created_at">): string {
  return `mw-${w.id}-${w.created_at}`;
}

export type PayoutOutcome = "created" | "pending" | "completed" | "canceled" | "retry" | "unconfigured" | "lost_race";

/** One pass over the due 'sending' withdrawals; answers what happened to each and when to look again. */
export async function processDuePayouts(
  env: PassEnv,
  now = Date.now(),
): Promise<{ seen: number; outcomes: Record<number, PayoutOutcome>; nextAt: number | null }> {
  const [due] = await batch(env.DB, [
    sql`SELECT * FROM money_withdrawals WHERE status = 'sending' AND next_attempt_at <= ${now} ORDER BY next_attempt_at, id LIMIT ${PASS_SIZE}`,
  ]);
  const rows = rowsOf<MoneyWithdrawRow>(due);
  const outcomes: Record<number, PayoutOutcome> = {};
  for (const w of rows) outcomes[w.id] = await advance(env, w, now);
  const [next] = await batch(env.DB, [sql`SELECT MIN(next_attempt_at) AS v FROM money_withdrawals WHERE status = 'sending'`]);
  const nextAt = rowsOf<{ v: number | null }>(next)[0]?.v ?? null;
  return { seen: rows.length, outcomes, nextAt: nextAt === null ? null : Number(nextAt) };
}

async function later(env: PassEnv, w: MoneyWithdrawRow, delay: number, patch: { ref?: string; failed?: boolean }, now: number) {
  await batch(env.DB, [
    sql`UPDATE money_withdrawals SET next_attempt_at = ${now + delay}, updated_at = ${now},
           attempts = attempts + ${patch.failed ? 1 : 0}, payout_ref = COALESCE(${patch.ref ?? null}, payout_ref)
         WHERE id = ${w.id} AND status = 'sending'`,
  ]);
}

async function fail(env: PassEnv, w: MoneyWithdrawRow, reason: string, now: number): Promise<PayoutOutcome> {
  const done = await cancelWithdrawal(env, { w, from: "sending", reason: reason.slice(0, 300), notify: true, now });
  if (!done.ok) return "lost_race";
  await pushBalance(env, w.user_id);
  await pushNotification(env, w.user_id, done.notification);
  return "canceled";
}

async function advance(env: PassEnv, w: MoneyWithdrawRow, now: number): Promise<PayoutOutcome> {
  const method = payoutMethod(env, w.system as 1 | 2 | 3 | 4);
  if (method === null) {
    // switched off after the approval: the row waits (staff see it 'sending' in the queue)
    await later(env, w, retryDelay(w.attempts + 1), { failed: true }, now);
    return "unconfigured";
  }
  const paymentId = payoutPaymentId(w);
  try {
    const found = await payoutStatus(env, paymentId);
    if (found.state === "missing") {
      const made = await createPayout(env, { paymentId, method, account: w.wallet, cents: w.payout });
      if (!made.ok) return fail(env, w, `payout refused: ${made.message}`, now);
      await later(env, w, WITHDRAW.pollMs, { ref: made.ref }, now);
      return "created";
    }
    if (found.state === "pending") {
      await later(env, w, WITHDRAW.pollMs, { ref: found.ref }, now);
      return "pending";
    }
    if (found.state === "failed") return fail(env, w, "payout failed", now);
    const done = await completeWithdrawal(env, w, now);
    if (!done.ok) return "lost_race";
    await pushBalance(env, w.user_id);
    await pushNotification(env, w.user_id, done.notification);
    return "completed";
  } catch (err) {
    console.error("payout attempt failed", { id: w.id, err: String(err) });
    await later(env, w, retryDelay(w.attempts + 1), { failed: true }, now);
    return "retry";
  }
}
