// POST /api/admin/payments/list (admin): the site's payments with every provider report about
// each (support answers "contact support" from here: an underpaid or mismatched report leaves
// its payment in 'review'), and the authentic reports that named no payment at all.
import type { z } from "zod";
import type { adminPaymentsAnswer } from "../../shared/api/payments";
import { DEPOSIT } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { all, type SQL, sql } from "../db/sql";
import { paymentJson } from "./history";
import type { PaymentRow } from "./orders";

type Answer = z.input<typeof adminPaymentsAnswer>;

interface ReportRow {
  provider: string;
  provider_tx_id: string;
  outcome: string;
  amount: number;
  currency: string;
  created_at: number;
  order_id: string;
  payment_id: string | null;
}

const report = (r: ReportRow) => ({
  provider: r.provider,
  provider_tx_id: r.provider_tx_id,
  outcome: r.outcome,
  amount: toDollars(r.amount),
  currency: r.currency,
  created_at: r.created_at,
});

export async function listPayments(env: Pick<Env, "DB">, status: PaymentRow["status"] | undefined): Promise<Answer> {
  const payments = await paymentsWithReports(
    env,
    sql`WHERE ${status ?? null} IS NULL OR p.status = ${status ?? null} ORDER BY p.created_at DESC, p.rowid DESC LIMIT ${DEPOSIT.adminListSize}`,
  );
  const unmatched = await all<ReportRow>(env.DB, sql`SELECT * FROM payment_callbacks WHERE payment_id IS NULL ORDER BY id DESC LIMIT ${DEPOSIT.adminListSize}`);
  return { payments, unmatched: unmatched.map((r) => ({ ...report(r), order_id: r.order_id })) };
}

/**
 * Payments as staff see them, each with every provider report about it; `tail` is the WHERE /
 * ORDER / LIMIT over `payments p` (the support queue reads one player's, or one payment).
 */
export async function paymentsWithReports(env: Pick<Env, "DB">, tail: SQL): Promise<Answer["payments"]> {
  const rows = await all<PaymentRow & { username: string }>(env.DB, sql`SELECT p.*, u.username FROM payments p JOIN users u ON u.id = p.user_id ${tail}`);
  const ids = rows.map((r) => r.id);
  const reports = ids.length ? await all<ReportRow>(env.DB, sql`SELECT * FROM payment_callbacks WHERE payment_id IN ${ids} ORDER BY id`) : [];
  return rows.map((p) => ({
    ...paymentJson(p),
    user_id: p.user_id,
    username: p.username,
    provider: p.provider,
    provider_tx_id: p.provider_tx_id,
    reports: reports.filter((r) => r.payment_id === p.id).map(report),
  }));
}
