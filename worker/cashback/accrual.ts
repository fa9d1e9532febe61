// Cashback accrual (docs/money.md "Cashback"): statements a game's settlement batch adds for each LOST
// bet, so the accrual lands with the loss or not at all. One row per bet in cashback_accruals:
// a ref already accrued aborts the batch with `key.replayed` (db/guards.ts; ref UNIQUE is the
// backstop), so a replayed settlement can never accrue twice. Cashback is not money on the books until taken (take.ts).
import { CASHBACK } from "../../shared/constants";
import { guard } from "../db/guards";
import { type SQL, sql } from "../db/sql";

export interface CashbackAccrual {
  userId: number;
  /** the lost stake in cents, or an SQL expression of it read inside the batch (crash: the bet's bank) */
  lostCents: number | SQL;
  /** the lost bet, unique across games: `crash:bet:<id>` (jackpot / wheel: their own prefix) */
  ref: string;
  now: number;
}

/**
 * The accrual row, then users.cashback += its amount. Amount in hundredths of a cent:
 * lostCents × rateTenthsPercent / 10 in integer SQL (floored, as shared/cashback.ts cashbackAccrual).
 * A stake of 0 accrues nothing and writes no row.
 */
export function cashbackAccrualStatements(a: CashbackAccrual): SQL[] {
  if (typeof a.lostCents === "number" && (!Number.isSafeInteger(a.lostCents) || a.lostCents < 0)) throw new RangeError(`bad lost cents ${a.lostCents}`);
  // inlined: D1 binds JS numbers as REAL, and integer division needs two integers
  const rate = sql.raw(String(CASHBACK.rateTenthsPercent));
  return [
    guard("key.replayed", sql`EXISTS (SELECT 1 FROM cashback_accruals WHERE ref = ${a.ref})`),
    sql`INSERT INTO cashback_accruals (user_id, ref, lost_cents, amount, created_at)
         SELECT ${a.userId}, ${a.ref}, x.c, x.c * ${rate} / 10, ${a.now} FROM (SELECT CAST(${a.lostCents} AS INTEGER) AS c) x WHERE x.c > 0`,
    sql`UPDATE users SET cashback = cashback + COALESCE((SELECT amount FROM cashback_accruals WHERE ref = ${a.ref}), 0) WHERE id = ${a.userId}`,
  ];
}

/**
 * Many accruals in two statements, whatever their number (a jackpot round's thousand losers: three
 * statements each made its settlement batch thousands long). `losses` is a SELECT of
 * (user_id, ref, lost_cents), one row per ref; the caller's batch is keyed once (the round's own
 * guard), ref UNIQUE stays the backstop. Same amounts as cashbackAccrualStatements.
 */
export function cashbackAccrualGroupStatements(losses: SQL, now: number): SQL[] {
  const rate = sql.raw(String(CASHBACK.rateTenthsPercent));
  return [
    sql`INSERT INTO cashback_accruals (user_id, ref, lost_cents, amount, created_at)
         SELECT l.user_id, l.ref, l.lost_cents, l.lost_cents * ${rate} / 10, ${now} FROM (${losses}) l WHERE l.lost_cents > 0`,
    // Σ: a user may have several losses in the group (two colours of one wheel round)
    sql`UPDATE users SET cashback = cashback + (SELECT SUM(a.amount) FROM cashback_accruals a JOIN (${losses}) l ON l.ref = a.ref WHERE l.user_id = users.id)
         WHERE id IN (SELECT l.user_id FROM (${losses}) l WHERE l.lost_cents > 0)`,
  ];
}
