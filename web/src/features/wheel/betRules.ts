// When a colour's bet button works (§5 Wheel), and the reason shown when it does not: signed in,
// no maintenance, the room connected, betting phase, at most WHEEL.maxColours colours a round,
// at least one item or an amount from the balance, the bet's value within min/max and the item count within max (all shown
// before sending). Pure: the board and the tests use it.
import { toCents } from "../../../../shared/money";
import type { WheelColour } from "../../../../shared/wheel-layout";
import type { AmountIssue } from "../../ui/StakeAmount";
import type { WheelPhase } from "./state";

export type BetBlock =
  | "login"
  | "maintenance"
  | "offline"
  | "not_betting"
  | "colours"
  | "no_items"
  | "bad_amount"
  | "min_bet"
  | "max_bet"
  | "max_items"
  | "sending";

export interface BetContext {
  signedIn: boolean;
  maintenance: boolean;
  connected: boolean;
  phase: WheelPhase;
  /** colours the player already bet on this round */
  ownColours: readonly WheelColour[];
  maxColours: number;
  selectedCount: number;
  /** the bet's value: the picked items' + the amount from the balance, dollars */
  value: number;
  /** why the typed amount cannot be staked (ui/StakeAmount.tsx), null when it can */
  amountIssue?: AmountIssue;
  minBet: number;
  maxBet: number;
  maxItems: number;
  sending: boolean;
}

/** Why betting on `colour` is not possible now, or null when it is. */
export function betBlock(colour: WheelColour, c: BetContext): BetBlock | null {
  if (!c.signedIn) return "login";
  if (c.maintenance) return "maintenance";
  if (!c.connected) return "offline";
  if (c.phase !== "betting") return "not_betting";
  if (!c.ownColours.includes(colour) && c.ownColours.length >= c.maxColours) return "colours";
  if (c.sending) return "sending";
  if (c.amountIssue) return "bad_amount";
  if (c.selectedCount === 0 && toCents(c.value) === 0) return "no_items";
  if (c.selectedCount > c.maxItems) return "max_items";
  if (toCents(c.value) < toCents(c.minBet)) return "min_bet";
  if (toCents(c.value) > toCents(c.maxBet)) return "max_bet";
  return null;
}
