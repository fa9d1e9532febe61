// POST /api/admin/payments/list (admin): the site's payments with every provider report about
// each (support answers "contact support" from here: an underpaid or mismatched report leaves
// its payment in 'review'), and the authentic reports that named no payment at all.
import type { z } from "zod";
import type { adminPaymentsAnswer, PaymentSort } from "../../shared/api/payments";
import { CONSOLE, DEPOSIT } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { afterPosition, type KeysetOrder, keysetPage, orderTerms, positionOf } from "../db/keyset";
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

/** The payments table's sorts (shared/api/payments.ts PAYMENT_SORTS); the rowid breaks ties (the id is text). */
const PAYMENT_ORDERS: Record<PaymentSort, KeysetOrder> = {
  oldest: { value: sql`p.created_at`, key: sql`p.rowid`, dir: "asc", kind: "int" },
  newest: { value: sql`p.created_at`, key: sql`p.rowid`, dir: "desc", kind: "int" },
  amount: { value: sql`p.amount`, key: sql`p.rowid`, dir: "desc", kind: "int" },
};

/** A page of payments of `status` (all when absent) in the sort's order, and the unmatched reports. */
export async function listPayments(
  env: Pick<Env, "DB">,
  f: { status?: PaymentRow["status"] | undefined; sort: PaymentSort; cursor?: string | undefined },
): Promise<Answer> {
  const order = PAYMENT_ORDERS[f.sort];
  const read = await all<{ id: string; sort_value: number; sort_key: number }>(
    env.DB,
    sql`SELECT p.id, ${order.value} AS sort_value, p.rowid AS sort_key FROM payments p
         WHERE (${f.status ?? null} IS NULL OR p.status = ${f.status ?? null}) AND ${afterPosition(order, positionOf(order, f.sort, f.cursor))}
         ORDER BY ${orderTerms(order)} LIMIT ${CONSOLE.pageSize + 1}`,
  );
  const page = keysetPage(read, CONSOLE.pageSize, f.sort);
  const ids = page.rows.map((r) => r.id);
  const payments = ids.length ? await paymentsWithReports(env, sql`WHERE p.id IN ${ids} ORDER BY ${orderTerms(order)}`) : [];
  const unmatched = await all<ReportRow>(env.DB, sql`SELECT * FROM payment_callbacks WHERE payment_id IS NULL ORDER BY id DESC LIMIT ${DEPOSIT.adminListSize}`);
  return { payments, next_cursor: page.next, unmatched: unmatched.map((r) => ({ ...report(r), order_id: r.order_id })) };
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
