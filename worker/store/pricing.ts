// Store money, pure: what a buy costs, what a sale credits, and the configured sell tax.
// All figures are integer cents; the tax of each sold item is rounded down (the seller's favour).
import { STORE } from "../../shared/constants";

/**
 * The sell tax in whole percent from STORE_SELL_TAX_PERCENT ("10"); anything that is not an
 * integer 0…100 falls back to STORE.defaultSellTaxPercent (a typo must not give items away).
 */
export function sellTaxPercent(env: { STORE_SELL_TAX_PERCENT?: string }): number {
  const raw = (env.STORE_SELL_TAX_PERCENT ?? "").trim();
  if (!/^\d{1,3}$/.test(raw)) return STORE.defaultSellTaxPercent;
  const pct = Number(raw);
  return pct <= 100 ? pct : STORE.defaultSellTaxPercent;
}

/** tax = floor(price · pct / 100), per item (shared/fees.ts: the SPA quotes with the same rule). */
import { sellTax } from "../../shared/fees";
export { sellTax };

export interface TradeTotals {
  /** Σ prices of the store units bought */
  bought: number;
  /** Σ catalogue prices of the items given to the house (before tax) */
  sold: number;
  /** Σ per-item tax on those */
  tax: number;
  /** what the user's balance moves by: sold − tax − bought (negative = a debit) */
  delta: number;
}

/** Totals of a trade: `buy` and `sell` are the catalogue prices (cents) of the units taken and the items given. */
export function tradeTotals(buy: readonly number[], sell: readonly number[], pct: number): TradeTotals {
  const bought = sum(buy);
  const sold = sum(sell);
  const tax = sum(sell.map((p) => sellTax(p, pct)));
  return { bought, sold, tax, delta: sold - tax - bought };
}

function sum(xs: readonly number[]): number {
  return xs.reduce((a, x) => {
    assertCents(x);
    return a + x;
  }, 0);
}

function assertCents(n: number) {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`a price must be integer cents ≥ 0: ${n}`);
}
