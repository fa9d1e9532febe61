// What the bet button says and whether it works (§5 Crash bet start), decided in one place.
import { CRASH } from "../../../../shared/constants";
import type { AmountIssue } from "../../ui/StakeAmount";
import type { CrashPhase } from "./state";

export type BetButtonState =
  /** signed out: the button asks to log in (opens the login modal) */
  "login" | "maintenance" | "offline" | "not_waiting" | "editing" | "no_items" | "bad_amount" | "max_bets" | "sending" | "ready";

export interface BetButtonInput {
  signedIn: boolean;
  maintenance: boolean;
  connected: boolean;
  phase: CrashPhase;
  editing: boolean;
  selectedCount: number;
  /** the amount from the balance, cents (0: none) */
  valueCents: number;
  /** why the typed amount cannot be staked (ui/StakeAmount.tsx), null when it can */
  amountIssue: AmountIssue;
  ownBets: number;
  sending: boolean;
}

export function betButtonState(i: BetButtonInput): BetButtonState {
  if (!i.signedIn) return "login";
  if (i.maintenance) return "maintenance";
  if (!i.connected) return "offline";
  if (i.sending) return "sending";
  if (i.phase !== "waiting") return "not_waiting";
  if (i.editing) return "editing";
  if (i.ownBets >= CRASH.maxOwnBets) return "max_bets";
  if (i.amountIssue) return "bad_amount";
  if (i.selectedCount < 1 && i.valueCents === 0) return "no_items";
  return "ready";
}

/** The login state stays clickable (it opens the login modal); every other non-ready state is disabled. */
export function betButtonEnabled(state: BetButtonState): boolean {
  return state === "ready" || state === "login";
}
