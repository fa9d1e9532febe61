// Money moves as D1 statements (Drizzle `sql`, run by worker/db/sql.ts `batch`) to run in ONE batch (a transaction):
// the balance update and its ledger row (with balance_after) always travel together.
// Guards: users.balance has CHECK (balance >= 0), so an overdraft aborts the whole batch;
// ledger.idempotency_key is UNIQUE, so a replay aborts the whole batch and moves nothing.
import { type SQL, sql } from "./sql";

export type LedgerKind =
  | "adjustment"
  | "deposit"
  | "withdrawal"
  | "bet"
  | "win"
  | "sale"
  | "purchase"
  | "case_open"
  | "bonus_share"
  | "bonus_payout"
  | "cashback"
  | "refund"
  // the storehouse (issue 5): a user buys store units / sells items to the house (house counterpart rows share the kind)
  | "store_buy"
  | "store_sell"
  // skin withdrawals (issue 5): the site fee on send and its refund when the offer fails (house counterpart rows share the kind)
  | "withdraw_fee"
  | "withdraw_fee_refund"
  // a price refresh re-booking held items (prices/revaluation.ts): the house's result, account 'revaluation', no user
  | "revaluation"
  // promo codes and referrals (issue 13, worker/promo, worker/referrals): house-paid credits (house counterpart rows share the kind)
  | "promo"
  | "referral_share"
  // money deposits (issue 13, worker/payments): the §9 nickname bonus paid by the house on top of a deposit
  | "deposit_bonus";

export interface UserMove {
  userId: number;
  /** cents, positive credits the user; or an SQL expression of them computed inside the batch (store/trade.ts) */
  delta: number | SQL;
  kind: LedgerKind;
  reference?: string | null;
  idempotencyKey: string;
}

export interface HouseMove {
  account: "house" | "bonus";
  delta: number | SQL;
  kind: LedgerKind;
  reference?: string | null;
  idempotencyKey: string;
}

/** The head of every ledger INSERT … SELECT (here and prices/revaluation.ts): the row's columns in order. */
export const INSERT_LEDGER_ROW = sql.raw("INSERT INTO ledger (user_id, account, delta, balance_after, kind, reference, idempotency_key, created_at)");

export function userBalanceStatements(m: UserMove, now = Date.now()): SQL[] {
  assertCents(m.delta);
  return [
    sql`UPDATE users SET balance = balance + ${m.delta} WHERE id = ${m.userId}`,
    // balance_after read back from the row just updated; no user row → no ledger row → guard fails below
    sql`${INSERT_LEDGER_ROW}
         SELECT id, 'user', ${m.delta}, balance, ${m.kind}, ${m.reference ?? null}, ${m.idempotencyKey}, ${now} FROM users WHERE id = ${m.userId}`,
    expectChanges(1),
  ];
}

export function houseBalanceStatements(m: HouseMove, now = Date.now()): SQL[] {
  assertCents(m.delta);
  return [
    sql`INSERT INTO house_accounts (name, balance) VALUES (${m.account}, ${m.delta}) ON CONFLICT(name) DO UPDATE SET balance = balance + ${m.delta}`,
    sql`${INSERT_LEDGER_ROW}
         SELECT NULL, name, ${m.delta}, balance, ${m.kind}, ${m.reference ?? null}, ${m.idempotencyKey}, ${now} FROM house_accounts WHERE name = ${m.account}`,
  ];
}

/**
 * Aborts the batch unless the statement just before it changed exactly `n` rows
 * (batch_guard has CHECK (failed = 0); a row is inserted only on a mismatch).
 */
export function expectChanges(n: number): SQL {
  return sql`INSERT INTO batch_guard (failed) SELECT 1 WHERE changes() <> ${n}`;
}

function assertCents(n: number | SQL) {
  if (typeof n === "number" && !Number.isSafeInteger(n)) throw new RangeError(`money must be integer cents: ${n}`);
}

export type MoneyFailure = "insufficient" | "replay" | "guard";

/** Classifies a failed batch; anything else is rethrown by the caller. */
export function classifyBatchError(err: unknown): MoneyFailure | undefined {
  const msg = String(err instanceof Error ? err.message : err);
  if (/users_balance_nonneg|CHECK constraint failed: .*balance/i.test(msg)) return "insufficient";
  // a cashback accrual's ref is the lost bet's key as much as a ledger key is (cashback/accrual.ts)
  if (/UNIQUE constraint failed: (ledger\.idempotency_key|cashback_accruals\.ref)/i.test(msg)) return "replay";
  if (/batch_guard|CHECK constraint failed: failed/i.test(msg)) return "guard";
  return undefined;
}
