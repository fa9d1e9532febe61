// The configured store sell tax. The tax itself is shared/fees.ts sellTax (floor per item, the
// seller's favour); a trade's totals are summed in SQL inside its one batch (store/trade.ts).
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
