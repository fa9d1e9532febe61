// Tickets and chances of a jackpot round (docs/games.md "Jackpot"): 1 ticket per cent of a bet's value,
// numbered from 1 in bet order. Pure; the room (rooms/jackpot/logic.ts) and the round pages share it.
import { JACKPOT } from "../../shared/constants";
import type { BetUser, JackpotBet } from "./types";

/** Tickets sold so far (= the bank in cents). */
export function totalTickets(bets: readonly JackpotBet[]): number {
  return bets.at(-1)?.to ?? 0;
}

/** The next bet's range: 1 ticket per cent, numbered on from the last bet. */
export function nextRange(bets: readonly JackpotBet[], price: number): { from: number; to: number } {
  if (!Number.isSafeInteger(price) || price <= 0) throw new RangeError(`a bet is worth at least a cent, got ${price}`);
  const from = totalTickets(bets) + 1;
  return { from, to: from + price * JACKPOT.centsPerTicket - 1 };
}

/** Distinct players in order of their first bet. */
export function players(bets: readonly JackpotBet[]): BetUser[] {
  const seen = new Map<number, BetUser>();
  for (const b of bets) if (!seen.has(b.user.id)) seen.set(b.user.id, b.user);
  return [...seen.values()];
}

export interface Chance {
  user: BetUser;
  price: number;
  tickets: number;
  /** percent × 100, rounded half up (the shares of a round add up to 10 000 ± players) */
  chanceBp: number;
}

/** Each player's tickets and chance, in order of his first bet. */
export function chances(bets: readonly JackpotBet[]): Chance[] {
  const total = totalTickets(bets);
  const byUser = new Map<number, Chance>();
  for (const b of bets) {
    const c = byUser.get(b.user.id) ?? { user: b.user, price: 0, tickets: 0, chanceBp: 0 };
    c.price += b.price;
    c.tickets += b.to - b.from + 1;
    byUser.set(b.user.id, c);
  }
  for (const c of byUser.values()) c.chanceBp = total === 0 ? 0 : Math.round((c.tickets * 10_000) / total);
  return [...byUser.values()];
}

/** The bet holding `ticket` (1 ≤ ticket ≤ total). */
export function betOfTicket(bets: readonly JackpotBet[], ticket: number): JackpotBet {
  const bet = bets.find((b) => b.from <= ticket && ticket <= b.to);
  if (!bet) throw new RangeError(`ticket ${ticket} is in no bet`);
  return bet;
}
