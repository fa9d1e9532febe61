// The jackpot room's state (docs/games.md "Jackpot"): plain JSON (store.ts keeps it in DO storage, its
// bets in D1), no I/O here.
// Money in integer cents (1 ticket per cent), times in epoch ms.
import type { JackpotHistoryEntry, JackpotStatus } from "../../../shared/api/jackpot";
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
  /** floor(pot · percent / 100) */
  due: number;
  /** Σ taken item prices + cash (≤ due) */
  taken: number;
  items: CommissionItem[];
  /** the rest of `due` taken from the pot's balance part, cents (absent in a draw stored before balance stakes: 0) */
  cash?: number;
  rule: string;
}

export interface Draw {
  winningTicket: number;
  totalTickets: number;
  winner: BetUser;
  /** percent × 100 (an integer: 1234 = 12.34 %) */
  chanceBp: number;
  /** the round's pot, cents (= totalTickets) */
  pot: number;
  commission: Commission;
  /** pot − commission.taken: the items left and the pot's balance part less the cash commission */
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
  /** its pot, cents */
  pot: number;
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
  /** bets D1 numbered whose earlier seqs have not reached the state yet (answers come back in any order) */
  pending: JackpotBet[];
  /** the level's last finished rounds, newest first (JACKPOT.historySize) */
  history: JackpotHistoryEntry[];
}

export function createState(level: JackpotLevel, round: RoundSeed, lastWinner: LastWinner | null, history: JackpotHistoryEntry[] = []): JackpotState {
  return { level, round, status: 0, bets: [], soloEndsAt: null, countdownEndsAt: null, draw: null, lastWinner, pending: [], history };
}
