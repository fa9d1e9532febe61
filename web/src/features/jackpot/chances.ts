// Tickets and chances from the bet rows (1 ticket per cent, ranges from–to numbered from 1 in bet
// order): computed here from the rows so each player's chance moves with every new bet, and the
// percent as the screen writes it.

export interface TicketRange {
  user: { id: number };
  from: number;
  to: number;
}

/** Tickets of a range (from–to inclusive); 0 for an empty or malformed one. */
export function ticketsOf(range: Pick<TicketRange, "from" | "to">): number {
  return Number.isSafeInteger(range.from) && Number.isSafeInteger(range.to) && range.to >= range.from ? range.to - range.from + 1 : 0;
}

export interface PlayerTickets {
  userId: number;
  tickets: number;
}

/** Each player's tickets, in the order of their first bet. */
export function ticketsByPlayer(bets: readonly TicketRange[]): PlayerTickets[] {
  const byUser = new Map<number, number>();
  for (const b of [...bets].sort((a, c) => a.from - c.from)) byUser.set(b.user.id, (byUser.get(b.user.id) ?? 0) + ticketsOf(b));
  return [...byUser].map(([userId, tickets]) => ({ userId, tickets }));
}

/** Share (0…1) of `tickets` in `total`; 0 when there are none. */
export function chanceOf(tickets: number, total: number): number {
  return total > 0 && tickets > 0 ? Math.min(1, tickets / total) : 0;
}

/**
 * A chance as the screen writes it: two decimals in the language's style ("33.33%", "33,33 %"),
 * never 0 or 100 for a share that is not exactly that ("<0.01%", ">99.99%").
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
