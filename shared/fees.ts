// The site's cuts, one rule each for the server (which charges them) and the SPA (which shows them
// before the player confirms). Integer cents in, integer cents out.
import { FEES } from "./constants";

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`cents must be an integer ≥ 0: ${cents}`);
}

/** Tax on selling one item to the site (§9 "selling to the site is also taxed"): floor(price · pct / 100). */
export function sellTax(priceCents: number, pct: number): number {
  assertCents(priceCents);
  return Math.floor((priceCents * pct) / 100);
}

/** The site fee on a skin withdrawal of items worth `amount` cents (§9): ceil(amount · percent / 100). */
export function withdrawFee(amount: number, percent: number = FEES.skinWithdrawalFeePercent): number {
  assertCents(amount);
  return Math.ceil((amount * percent) / 100);
}
