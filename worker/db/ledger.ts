// Money moves as D1 statements (Drizzle `sql`, run by worker/db/sql.ts `batch`) to run in ONE batch (a transaction):
// the balance update and its ledger row (with balance_after) always travel together.
// Guards (db/guards.ts): a debit larger than the balance aborts the whole batch
// (`balance.insufficient`), and so does a ledger key already booked (`key.replayed`): a replay
// moves nothing. users.balance CHECK (balance >= 0) and the UNIQUE ledger.idempotency_key stay
// as the backstop.
import { expectChanges, failedGuard, guard } from "./guards";
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
  // a tournament place's prize (tournaments/batches.ts; house counterpart rows share the kind)
  | "tournament_prize"
  | "cashback"
  | "refund"
  // the storehouse: a user buys store units / sells items to the house (house counterpart rows share the kind)
  | "store_buy"
  | "store_sell"
  // skin withdrawals: the site fee on send and its refund when the offer fails (house counterpart rows share the kind)
  | "withdraw_fee"
  | "withdraw_fee_refund"
  // a price refresh re-booking held items (prices/revaluation.ts): the house's result, account 'revaluation', no user
  | "revaluation"
  // promo codes and referrals (worker/promo, worker/referrals): house-paid credits (house counterpart rows share the kind)
  | "promo"
  | "referral_share"
  // money deposits (worker/payments): the §9 nickname bonus paid by the house on top of a deposit
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

/** Aborts the batch when `key` is already booked (a replay): `key.replayed`. */
export function unbookedKey(key: string): SQL {
  return guard("key.replayed", sql`EXISTS (SELECT 1 FROM ledger WHERE idempotency_key = ${key})`);
}

export function userBalanceStatements(m: UserMove, now = Date.now()): SQL[] {
  assertCents(m.delta);
  const credit = typeof m.delta === "number" && m.delta >= 0;
  return [
    unbookedKey(m.idempotencyKey),
    ...(credit ? [] : [guard("balance.insufficient", sql`(SELECT balance FROM users WHERE id = ${m.userId}) + ${m.delta} < 0`)]),
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
    unbookedKey(m.idempotencyKey),
    sql`INSERT INTO house_accounts (name, balance) VALUES (${m.account}, ${m.delta}) ON CONFLICT(name) DO UPDATE SET balance = balance + ${m.delta}`,
    sql`${INSERT_LEDGER_ROW}
         SELECT NULL, name, ${m.delta}, balance, ${m.kind}, ${m.reference ?? null}, ${m.idempotencyKey}, ${now} FROM house_accounts WHERE name = ${m.account}`,
  ];
}

function assertCents(n: number | SQL) {
  if (typeof n === "number" && !Number.isSafeInteger(n)) throw new RangeError(`money must be integer cents: ${n}`);
}

export type MoneyFailure = "insufficient" | "replay" | "guard";

/**
 * Classifies a failed batch by its guard (db/guards.ts): an overdraft, a replayed key (a ledger
 * key or a cashback accrual's ref: cashback/accrual.ts), or another guard; undefined for anything
 * else (a fault the caller rethrows).
 */
export function classifyBatchError(err: unknown): MoneyFailure | undefined {
  const code = failedGuard(err);
  if (code === undefined) return undefined;
  if (code === "balance.insufficient") return "insufficient";
  if (code === "key.replayed") return "replay";
  return "guard";
}

/** Everything a player deposited (cents, as `v`): the chat's entry condition and the profile's `total_deposit` read this one sum. */
export function depositTotalSql(userId: number): SQL {
  return sql`SELECT COALESCE(SUM(delta), 0) AS v FROM ledger WHERE user_id = ${userId} AND account = 'user' AND kind = 'deposit'`;
}
