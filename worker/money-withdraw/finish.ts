// The moves that end or advance a money withdrawal (docs/payments.md "Money withdrawals"). Each is ONE batch
// guarded on the status it leaves (UPDATE … WHERE status = from, expectChanges(1)), so of two racing
// moves from the same status (a player's cancel and a staff approval) exactly one lands.
//   cancel / reject / failed payout → 'canceled': the items back to 'available' for their owner.
//     Items never leave the catalogue (catalogue rows are never deleted; inventory_items.catalogue_id
//     references them), so the items themselves always come back — no money replaces them.
//   approve → 'sending' (the payout pass picks it up at once)
//   payout confirmed → 'completed': the house pays `payout` out (ledger kind 'withdrawal', key
//     money_withdrawal:<id>:payout — UNIQUE, so a replayed status pays once); the items go to the house.
import { notificationContent } from "../../shared/api/notifications";
import { expectChanges, expectCount, failedGuard } from "../db/guards";
import { houseBalanceStatements } from "../db/ledger";
import { batch, type SQL, sql } from "../db/sql";
import { type AuditEntry, auditStatement } from "../lib/audit";
import { notificationOf, notificationStatement } from "../lib/notify";
import type { NotificationJson } from "../../shared/api/user";
import { moneyWithdrawalReference, type MoneyWithdrawRow } from "./rows";

type DbEnv = Pick<Env, "DB">;

/** Aborts the batch unless the statement before changed as many rows as the withdrawal has items. */
const expectAllItems = (id: number) => expectCount(sql`SELECT COUNT(*) FROM money_withdrawal_items WHERE withdrawal_id = ${id}`);
const expectOne = expectChanges(1);
const itemsOf = (id: number) => sql`(SELECT item_id FROM money_withdrawal_items WHERE withdrawal_id = ${id})`;

/** Whether a batch failed on one of its guards (db/guards.ts: a status moved meanwhile, a replayed key). */
export function isGuardFailure(err: unknown): boolean {
  return failedGuard(err) !== undefined;
}

export interface CancelMove {
  w: Pick<MoneyWithdrawRow, "id" | "user_id" | "amount">;
  from: "moderation" | "sending";
  reason: string | null;
  /** the player's own cancel: no bell (they pressed the button) */
  notify: boolean;
  audit?: AuditEntry;
  decidedBy?: number | null;
  now: number;
}

/** → 'canceled', the items back. false when the status had already moved (the other move won). */
export async function cancelWithdrawal(env: DbEnv, m: CancelMove): Promise<{ ok: boolean; notification: NotificationJson | null }> {
  const statements: SQL[] = [
    sql`UPDATE money_withdrawals SET status = 'canceled', reason = ${m.reason}, decided_by = COALESCE(${m.decidedBy ?? null}, decided_by),
           finished_at = ${m.now}, updated_at = ${m.now} WHERE id = ${m.w.id} AND status = ${m.from}`,
    expectOne,
    sql`UPDATE inventory_items SET status = 'available', updated_at = ${m.now}
          WHERE id IN ${itemsOf(m.w.id)} AND owner_id = ${m.w.user_id} AND status = 'withdrawing'`,
    expectAllItems(m.w.id),
  ];
  if (m.audit) statements.push(auditStatement(m.audit, m.now));
  if (m.notify)
    statements.push(
      notificationStatement({ userId: m.w.user_id, name: "withdrawal_canceled", content: notificationContent.amount(m.w.amount), createdAt: m.now }),
    );
  try {
    const results = await batch(env.DB, statements);
    return { ok: true, notification: m.notify ? notificationOf(results.at(-1)) : null };
  } catch (err) {
    if (isGuardFailure(err)) return { ok: false, notification: null };
    throw err;
  }
}

/** Staff approval: moderation → sending. false when it was no longer in moderation. */
export async function approveWithdrawal(env: DbEnv, id: number, adminId: number, reason: string | null, audit: AuditEntry, now: number): Promise<boolean> {
  try {
    await batch(env.DB, [
      sql`UPDATE money_withdrawals SET status = 'sending', reason = ${reason}, decided_by = ${adminId}, next_attempt_at = ${now}, updated_at = ${now}
            WHERE id = ${id} AND status = 'moderation'`,
      expectOne,
      auditStatement(audit, now),
    ]);
    return true;
  } catch (err) {
    if (isGuardFailure(err)) return false;
    throw err;
  }
}

/** Payout confirmed: sending → completed, the house pays out, the items go to the house. */
export async function completeWithdrawal(
  env: DbEnv,
  w: Pick<MoneyWithdrawRow, "id" | "user_id" | "payout">,
  now: number,
): Promise<{ ok: boolean; notification: NotificationJson | null }> {
  const reference = moneyWithdrawalReference(w.id);
  try {
    const results = await batch(env.DB, [
      sql`UPDATE money_withdrawals SET status = 'completed', finished_at = ${now}, updated_at = ${now} WHERE id = ${w.id} AND status = 'sending'`,
      expectOne,
      sql`UPDATE inventory_items SET owner_id = NULL, status = 'available', updated_at = ${now}
            WHERE id IN ${itemsOf(w.id)} AND owner_id = ${w.user_id} AND status = 'withdrawing'`,
      expectAllItems(w.id),
      ...houseBalanceStatements({ account: "house", delta: -w.payout, kind: "withdrawal", reference, idempotencyKey: `${reference}:payout` }, now),
      notificationStatement({ userId: w.user_id, name: "withdrawal_completed", content: notificationContent.amount(w.payout), createdAt: now }),
    ]);
    return { ok: true, notification: notificationOf(results.at(-1)) };
  } catch (err) {
    if (isGuardFailure(err)) return { ok: false, notification: null };
    throw err;
  }
}
