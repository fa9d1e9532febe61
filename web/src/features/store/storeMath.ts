// The storehouse's pure pieces (spec §5 Inventory and store, §9 item card counts): price bounds
// from the filter inputs, the capped market count, the exchange arithmetic and the Accept rule.
// Money is integer cents here; dollars only at the edges (inputs, JSON).
import { UI } from "../../../../shared/constants";
import { formatCents, toCents, type Cents } from "../../../../shared/money";
import { sellTax } from "../../../../shared/fees";
import { operationBlock } from "../../lib/operationBlock";

/** A price field's text → cents; undefined for an empty field, null when it is not a price (≥ 0, ≤ 2 decimals). */
export function parsePriceInput(text: string): Cents | undefined | null {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return undefined;
  try {
    const cents = toCents(trimmed.startsWith(".") ? `0${trimmed}` : trimmed);
    return cents >= 0 ? cents : null;
  } catch {
    return null;
  }
}

export interface PriceFilter {
  /** the min field's text ("0" at first) */
  minText: string;
  /** the max field's text; null while untouched (it then follows the balance, §5) */
  maxText: string | null;
  /** the signed-in user's balance in dollars; null for a visitor */
  balance: number | null;
}

export interface PriceBounds {
  /** what the max field shows */
  maxText: string;
  /** bounds to send (dollars); undefined = let the server default (min 0, max the balance) */
  minPrice?: number;
  maxPrice?: number;
  minInvalid: boolean;
  maxInvalid: boolean;
}

/** §5: min defaults to 0, max to the user's balance (no bound for a visitor). Bad input is flagged, not sent. */
export function priceBounds({ minText, maxText, balance }: PriceFilter): PriceBounds {
  const shownMax = maxText ?? (balance === null ? "" : formatCents(toCents(balance)));
  const min = parsePriceInput(minText);
  const max = parsePriceInput(shownMax);
  return {
    maxText: shownMax,
    minPrice: typeof min === "number" ? min / 100 : undefined,
    maxPrice: typeof max === "number" ? max / 100 : undefined,
    minInvalid: min === null,
    maxInvalid: max === null,
  };
}

/** §9: the market count is shown capped at 10 and warned about below 5. */
export function marketCountDisplay(count: number): { text: string; warn: boolean } {
  return { text: String(Math.min(Math.max(0, count), UI.marketCountCap)), warn: count < UI.marketCountWarnBelow };
}

/** The tax on selling one item to the site: floor(price · pct / 100), per item (the server's rule). */
export function sellTaxCents(priceCents: Cents, taxPercent: number): Cents {
  return sellTax(priceCents, taxPercent);
}

export interface ExchangeQuote {
  /** Σ prices of the store items picked */
  buyCents: Cents;
  /** Σ prices of the inventory items given */
  sellCents: Cents;
  /** Σ per-item tax on them */
  taxCents: Cents;
  /** what the given items are worth towards the buy (sell − tax) */
  creditCents: Cents;
  /** buy − credit: > 0 paid from the balance, < 0 paid out to it */
  toPayCents: Cents;
}

/** The storehouse total: store items for balance, optionally paid in part with inventory items. */
export function exchangeQuote(buyPrices: readonly number[], sellPrices: readonly number[], taxPercent: number): ExchangeQuote {
  const cents = (dollars: number) => toCents(dollars);
  const buyCents = buyPrices.reduce((s, p) => s + cents(p), 0);
  const sellCents = sellPrices.reduce((s, p) => s + cents(p), 0);
  const taxCents = sellPrices.reduce((s, p) => s + sellTaxCents(cents(p), taxPercent), 0);
  const creditCents = sellCents - taxCents;
  return { buyCents, sellCents, taxCents, creditCents, toPayCents: buyCents - creditCents };
}

/** §5: Accept needs signed in, a selection and no buy running (the server checks the funds); the inventory's Sell rule, lib/operationBlock. */
export const acceptBlock = operationBlock;
