// When the jackpot bet button may send, and otherwise why not (shown on the button, before the
// player sends): the room's rules (shared/api/jackpot.ts settings) checked in the browser with the
// same numbers the server checks (the server's jackpot_api keys still answer anything missed).
import type { JackpotSettingsJson } from "../../../../shared/api/jackpot";
import { toCents } from "../../../../shared/money";
import type { AmountIssue } from "../../ui/StakeAmount";
import type { JackpotPhase } from "./state";

export type BetBlock =
  | "ready"
  | "login"
  | "loading"
  | "maintenance"
  | "closed"
  | "sending"
  | "no_items"
  | "bad_amount"
  | "too_small"
  | "too_many_items"
  | "too_many_items_player"
  | "room_full";

export interface BetBlockInput {
  signedIn: boolean;
  connected: boolean;
  maintenance: boolean;
  phase: JackpotPhase;
  settings: JackpotSettingsJson | null;
  sending: boolean;
  /** the picked items' prices (dollars) */
  pickedPrices: readonly number[];
  /** the amount from the balance, cents (0: none) */
  valueCents?: number;
  /** why the typed amount cannot be staked (ui/StakeAmount.tsx), null when it can */
  amountIssue?: AmountIssue;
  /** the player's items already in this round */
  ownItemsInRound: number;
  /** the player has bet in this round */
  isPlayer: boolean;
  playersCount: number;
}

export function betBlock(i: BetBlockInput): BetBlock {
  if (!i.signedIn) return "login";
  if (i.maintenance) return "maintenance";
  if (!i.connected || i.phase === "loading" || !i.settings) return "loading";
  if (i.phase === "spinning" || i.phase === "waiting") return "closed";
  if (i.sending) return "sending";
  if (!i.isPlayer && i.playersCount >= i.settings.maxPlayers) return "room_full";
  if (i.ownItemsInRound >= i.settings.maxItemsPerPlayer) return "too_many_items_player";
  if (i.amountIssue) return "bad_amount";
  const value = i.valueCents ?? 0;
  if (i.pickedPrices.length === 0 && value === 0) return "no_items";
  if (i.pickedPrices.length > i.settings.maxItemsPerBet) return "too_many_items";
  if (i.ownItemsInRound + i.pickedPrices.length > i.settings.maxItemsPerPlayer) return "too_many_items_player";
  const cents = i.pickedPrices.reduce((sum, p) => sum + toCents(p), value);
  if (cents < toCents(i.settings.minBet)) return "too_small";
  return "ready";
}

/** How many more items may be picked now: the per-bet cap and what the per-player cap leaves. */
export function pickLimit(settings: JackpotSettingsJson | null, ownItemsInRound: number): number {
  if (!settings) return 0;
  return Math.max(0, Math.min(settings.maxItemsPerBet, settings.maxItemsPerPlayer - ownItemsInRound));
}
