// Cashback arithmetic (docs/money.md "Cashback"), shared by the worker (accrual, claim) and the SPA
// (display). Units: a cashback amount is integer hundredths of a cent (CASHBACK in constants.ts).
import { CASHBACK } from "./constants";

/**
 * Hundredths of a cent a lost stake of `lostCents` accrues: 2.5 % = rateTenthsPercent / 1000 of
 * the cents, × 100 for hundredths of a cent → lostCents × rateTenthsPercent / 10, floored (integer
 * SQL division does the same in the settlement batch: worker/cashback/accrual.ts).
 * 1¢ → 2, 4¢ → 10, $1 → 250, $10 → 2 500 (25¢).
 */
export function cashbackAccrual(lostCents: number): number {
  if (!Number.isSafeInteger(lostCents) || lostCents < 0) throw new RangeError(`lost cents must be a non-negative integer: ${lostCents}`);
  return Math.floor((lostCents * CASHBACK.rateTenthsPercent) / 10);
}

/** Whole cents a claim moves to the balance; the sub-cent rest stays in the cashback. */
export function claimableCents(cashback: number): number {
  return Math.floor(cashback / CASHBACK.unitsPerCent);
}

/**
 * Cashback as dollars for the screen: "$1.23" (the takeable cents, floored) from one cent up;
 * under a cent four decimals ("$0.0025"), so the first accruals are seen to grow; none: "$0.00".
 */
export function formatCashback(cashback: number): string {
  const cents = claimableCents(cashback);
  if (cents > 0 || cashback === 0) return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  return `$0.00${String(cashback).padStart(2, "0")}`;
}
