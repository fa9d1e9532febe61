// A jackpot bet as the room holds it and D1 answers it (docs/games.md "Jackpot"). Cents, epoch ms.
import type { CrashItemRow } from "../crash/items";

/** Who bets, as a bet row shows him. */
export interface BetUser {
  id: number;
  username: string;
  avatar: string;
}

/** A staked inventory item with its display fields; `price` in cents (its value at bet time). */
export type StakedItem = CrashItemRow;

export interface JackpotBet {
  /** a uuid made by the room */
  id: string;
  seq: number;
  user: BetUser;
  items: StakedItem[];
  /** the part staked from the balance, cents (0: items only; absent in a state stored before balance stakes) */
  value?: number;
  /** Σ item prices + value, cents = the bet's tickets */
  price: number;
  from: number;
  to: number;
  createdAt: number;
}
