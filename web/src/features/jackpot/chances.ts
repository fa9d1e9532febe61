// Tickets and chances (1 ticket per cent, ranges from–to numbered from 1 in bet order). The board
// carries the leaders' tickets, not their chances (they move with every bet, shared/rooms/jackpot.ts
// jackpotBoard): state.ts derives them, tickets / the round's tickets.

/** Tickets of a range (from–to inclusive); 0 for an empty or malformed one. */
export function ticketsOf(range: { from: number; to: number }): number {
  return Number.isSafeInteger(range.from) && Number.isSafeInteger(range.to) && range.to >= range.from ? range.to - range.from + 1 : 0;
}

/**
 * A chance (a share 0…1) as the screen writes it: two decimals in the language's style ("33.33%",
 * "33,33 %"), never 0 or 100 for a share that is not exactly that ("<0.01%", ">99.99%").
 */
export function formatChance(share: number, lng: string): string {
  const pct = (n: number) => new Intl.NumberFormat(lng, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  if (!(share > 0)) return pct(0);
  if (share >= 1) return pct(1);
  // what two decimals would round to 0.00 % or 100.00 %
  if (share < 0.00005) return `<${pct(0.0001)}`;
  if (share >= 0.99995) return `>${pct(0.9999)}`;
  return pct(share);
}
