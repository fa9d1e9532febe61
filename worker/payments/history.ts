// POST /api/payment/sum/history: the player's money deposits, newest first (profile, /deposit/success).
import type { PaymentJson } from "../../shared/api/payments";
import { DEPOSIT } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { all, sql } from "../db/sql";
import type { PaymentRow } from "./orders";

export async function paymentHistory(env: Pick<Env, "DB">, userId: number): Promise<PaymentJson[]> {
  const rows = await all<PaymentRow>(
    env.DB,
    sql`SELECT * FROM payments WHERE user_id = ${userId} ORDER BY created_at DESC, rowid DESC LIMIT ${DEPOSIT.historySize}`,
  );
  return rows.map((p) => ({
    id: p.id,
    method: p.method,
    sum: toDollars(p.amount),
    bonus: toDollars(p.bonus),
    status: p.status,
    created_at: p.created_at,
    credited_at: p.credited_at,
  }));
}
