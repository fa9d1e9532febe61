// The win item rule every game pays by (docs/money.md "Money rules"): a win of w cents is paid as the most
// expensive catalogue item priced at or below w plus the remainder to the balance.

export interface WinPick<T> {
  item: T;
  /** win − item price, cents, to the balance */
  remainder: number;
}

/**
 * The most expensive catalogue item priced at or below the win (catalogue sorted by price
 * ascending; among equal prices the last one), with the remainder; null when none fits (the
 * whole win goes to the balance). Items priced 0 never count.
 */
export function pickWinItem<T extends { id: number; price: number }>(winCents: number, sorted: readonly T[]): WinPick<T> | null {
  let lo = 0;
  let hi = sorted.length; // first index with price > win
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.price <= winCents) lo = mid + 1;
    else hi = mid;
  }
  const item = lo > 0 ? sorted[lo - 1]! : null;
  if (!item || item.price <= 0) return null;
  return { item, remainder: winCents - item.price };
}
