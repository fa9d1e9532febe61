// The jackpot room's state (README "Jackpot"): plain JSON kept in DO storage as is, no I/O here.
// Money in integer cents (1 ticket per cent), times in epoch ms.
import type { JackpotStatus } from "../../../shared/api/jackpot";
import type { JackpotLevel } from "../../../shared/constants";
import type { BetUser, JackpotBet } from "../../jackpot/types";

/** A round's committed seed: chain index k of the level's chain (shared/api/jackpot.ts ids). */
export interface RoundSeed {
  id: number;
  chainIndex: number;
  publicHash: string;
  /** x_k; revealed once the round is drawn */
  secret: string;
  dayOfMonth: number;
  createdAt: number;
}

export interface CommissionItem {
  itemId: number;
  betId: string;
  price: number;
  reason: string;
}

export interface Commission {
  /** floor(bank · percent / 100) */
  due: number;
  /** Σ taken item prices (≤ due) */
  taken: number;
  items: CommissionItem[];
  rule: string;
}

export interface Draw {
  winningTicket: number;
  totalTickets: number;
  winner: BetUser;
  /** percent × 100 (an integer: 1234 = 12.34 %) */
  chanceBp: number;
  bank: number;
  commission: Commission;
  /** bank − commission.taken */
  win: number;
  strip: number[];
  winIndex: number;
  spinEndsAt: number;
  endsAt: number;
  drawnAt: number;
}

/** The last finished round (§3 "winner"). */
export interface LastWinner {
  roundId: number;
  user: BetUser;
  chanceBp: number;
  bank: number;
  winningTicket: number;
}

export interface JackpotState {
  level: JackpotLevel;
  round: RoundSeed;
  status: JackpotStatus;
  /** in bet order */
  bets: JackpotBet[];
  soloEndsAt: number | null;
  countdownEndsAt: number | null;
  draw: Draw | null;
  lastWinner: LastWinner | null;
}

export function createState(level: JackpotLevel, round: RoundSeed, lastWinner: LastWinner | null): JackpotState {
  return { level, round, status: 0, bets: [], soloEndsAt: null, countdownEndsAt: null, draw: null, lastWinner };
}
