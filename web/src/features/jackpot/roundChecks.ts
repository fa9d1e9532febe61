// The round page's check, computed in this browser with shared/fairness.ts: the public hash from
// the revealed secret (round id, UTC day of month), the winning ticket from the secret and the
// level's salt, the bet holding that ticket, and the chain link to the level's previous round.
import { jackpotTicket, publicHash, verifyChainLink } from "../../../../shared/fairness";

export interface RoundCheckInput {
  id: number;
  dayOfMonth: number;
  publicHash: string;
  secret: string;
  salt: string;
  totalTickets: number;
  winningTicket: number | null;
  winnerId: number | null;
  bets: readonly { from: number; to: number; user: { id: number } }[];
  /** the secret of the same level's previous chain link, when known */
  previousSecret: string | null;
}

export interface RoundCheck {
  publicHash: string;
  publicHashMatches: boolean;
  ticket: number;
  ticketMatches: boolean;
  /** the user whose bet holds the computed ticket */
  holderId: number | null;
  winnerMatches: boolean;
  /** null when the previous link is not known */
  chainLinkHolds: boolean | null;
}

export function checkRound(r: RoundCheckInput): RoundCheck | null {
  if (!r.secret || !r.salt || !(r.totalTickets > 0)) return null;
  try {
    const computed = publicHash(r.secret, r.id, r.dayOfMonth);
    const ticket = jackpotTicket(r.secret, r.salt, r.totalTickets);
    const holderId = r.bets.find((b) => b.from <= ticket && ticket <= b.to)?.user.id ?? null;
    return {
      publicHash: computed,
      publicHashMatches: computed === r.publicHash.toLowerCase(),
      ticket,
      ticketMatches: ticket === r.winningTicket,
      holderId,
      winnerMatches: holderId !== null && holderId === r.winnerId,
      chainLinkHolds: r.previousSecret ? verifyChainLink(r.secret, r.previousSecret) : null,
    };
  } catch {
    return null;
  }
}
