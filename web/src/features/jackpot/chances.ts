// Tickets and chances (1 ticket per cent, ranges from–to numbered from 1 in bet order). The
// jackpotInit frame carries each player's chance; jackpotNewBet does not (O(N²) bytes otherwise,
// shared/rooms/jackpot.ts), so the client derives them from the bets it holds, the same way.
import type { JackpotChanceJson } from "../../../../shared/api/jackpot";
import { toCents, toDollars } from "../../../../shared/money";

interface BetTickets {
  user: JackpotChanceJson["user"];
  price: number;
  from: number;
  to: number;
}

/** Tickets of a range (from–to inclusive); 0 for an empty or malformed one. */
export function ticketsOf(range: { from: number; to: number }): number {
  return Number.isSafeInteger(range.from) && Number.isSafeInteger(range.to) && range.to >= range.from ? range.to - range.from + 1 : 0;
}

/**
 * Each player's value, tickets and chance (percent, two decimals: round(tickets · 10 000 / all) /
 * 100, as the server's state answer), in the order of his first bet.
 */
export function chancesOf(bets: readonly BetTickets[]): JackpotChanceJson[] {
  const byUser = new Map<number, { user: BetTickets["user"]; cents: number; tickets: number }>();
  let total = 0;
  for (const b of [...bets].sort((x, y) => x.from - y.from)) {
    const row = byUser.get(b.user.id) ?? { user: b.user, cents: 0, tickets: 0 };
    row.cents += toCents(b.price);
    row.tickets += ticketsOf(b);
    total += ticketsOf(b);
    byUser.set(b.user.id, row);
  }
  return [...byUser.values()].map((r) => ({
    user: r.user,
    price: toDollars(r.cents),
    tickets: r.tickets,
    chance: total === 0 ? 0 : Math.round((r.tickets * 10_000) / total) / 100,
  }));
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
