// The inventory actions' pure rules (spec §5 Inventory and store, §9 fees): when Sell and Take
// are allowed, what a sale pays out after the sell tax and what a skin withdrawal costs.
// Money is integer cents; the server applies the same rules and has the last word.
import { FEES, MONEY_WITHDRAW } from "../../../../shared/constants";
import { toCents, type Cents } from "../../../../shared/money";
import { sellTax, withdrawFee } from "../../../../shared/fees";
import { operationBlock } from "../../lib/operationBlock";

/** §5: Sell needs signed in, a selection and no sale running (the store's Accept rule, lib/operationBlock). */
export const sellBlock = operationBlock;

/**
 * Take opens the type choice (§4 Withdraw flow) with one or more selected items, up to the items
 * of one money withdrawal; §5 "Take needs exactly one selected item" holds for the trade offer
 * (canTradeOffer), since a money withdrawal takes several items.
 */
export function canWithdraw(s: { signedIn: boolean; selected: number; running: boolean }): boolean {
  return s.signedIn && s.selected >= 1 && s.selected <= MONEY_WITHDRAW.maxItems && !s.running;
}

/** §5: a game-platform trade offer takes exactly one item. */
export function canTradeOffer(selected: number): boolean {
  return selected === 1;
}

export interface SellQuote {
  /** Σ prices of the items sold */
  sumCents: Cents;
  /** Σ per-item tax, floor(price · pct / 100) each (the server's rounding) */
  taxCents: Cents;
  /** what lands on the balance */
  receiveCents: Cents;
}

export function sellQuote(prices: readonly number[], taxPercent: number): SellQuote {
  let sumCents = 0;
  let taxCents = 0;
  for (const price of prices) {
    const cents = toCents(price);
    sumCents += cents;
    taxCents += sellTax(cents, taxPercent);
  }
  return { sumCents, taxCents, receiveCents: sumCents - taxCents };
}

/** §9 site skin withdrawal fee: ceil(Σ price · 20 / 100), paid from the balance. */
export function withdrawFeeCents(prices: readonly number[], feePercent: number = FEES.skinWithdrawalFeePercent): Cents {
  const sum = prices.reduce((s, p) => s + toCents(p), 0);
  return withdrawFee(sum, feePercent);
}
