// The bet rules of §5 for the wheel, each answering its catalogue key (null = allowed). Pure: the
// shell runs them before locking items in D1, and step() runs them again after.
import { WHEEL } from "../../../shared/constants";
import type { SERVER_KEYS } from "../../../shared/errors";
import { WHEEL_COLOURS, type WheelColour } from "../../../shared/wheel-layout";
import { colourPayout } from "./payout";
import { liveBets, type BetUser, type WheelState } from "./state";
import type { ProtectionRefusal } from "../../protection/guards";

export type WheelKey = (typeof SERVER_KEYS.wheel)[number] | "user_api.banned" | "app_api.invalid_request" | ProtectionRefusal;

export interface BetRequest {
  /** null: a visitor */
  user: BetUser | null;
  /** as sent: anything but a colour name is "no colour chosen" */
  colour: string | null | undefined;
  itemIds: readonly number[];
  /** the part staked from the balance, cents */
  value: number;
}

export const isColour = (c: unknown): c is WheelColour => typeof c === "string" && (WHEEL_COLOURS as readonly string[]).includes(c);

/** Why this bet is refused before its items are read, or null. The order of the §8 list. */
export function betRefusal(state: WheelState, req: BetRequest, maintenance: boolean, now: number): WheelKey | null {
  if (!req.user) return "wheel_api.unauthorized";
  if (maintenance) return "wheel_api.maintenance";
  const round = state.round;
  if (round.phase !== "betting" || now >= round.countdownEndsAt) return "wheel_api.already_started";
  if (!Number.isSafeInteger(req.value) || req.value < 0 || req.value > WHEEL.maxBetCents) return "app_api.invalid_request";
  if (req.itemIds.length === 0 && req.value === 0) return "wheel_api.no_items";
  if (!isColour(req.colour)) return "wheel_api.no_colour";
  if (req.itemIds.length > WHEEL.maxItemsPerBet) return "wheel_api.max_items";
  if (new Set(req.itemIds).size !== req.itemIds.length) return "app_api.invalid_request";
  const own = liveBets(state.bets).filter((b) => b.user.id === req.user!.id);
  const colours = new Set([...own.map((b) => b.colour), req.colour]);
  if (colours.size > WHEEL.maxColours) return "wheel_api.only_two_colours";
  const staked = new Set(liveBets(state.bets).flatMap((b) => b.items.map((i) => i.id)));
  if (req.itemIds.some((id) => staked.has(id))) return "wheel_api.item_not_found";
  return null;
}

/** Why a bet of this value on this colour is refused, or null: min, max, the colour's payout cap. */
export function valueRefusal(state: WheelState, colour: WheelColour, bankCents: number, maxPayoutCents: number): WheelKey | null {
  if (bankCents < WHEEL.minBetCents) return "wheel_api.min_bet";
  if (bankCents > WHEEL.maxBetCents) return "wheel_api.max_bet";
  const stake = liveBets(state.bets)
    .filter((b) => b.colour === colour)
    .reduce((s, b) => s + b.stake, 0);
  if (colourPayout(stake + bankCents, state.round.layout.multipliers[colour]) > maxPayoutCents) return "wheel_api.limit_exceeded";
  return null;
}

/**
 * Whether a bet on `colour` could pass the colour's payout cap (then its value is read before the
 * batch, so a refusal writes nothing); elsewhere no bet can, and the batch itself refuses unknown
 * items and min / max (one D1 call less per bet: docs/benchmarks.md "Benchmarks").
 */
export function nearCap(state: WheelState, colour: WheelColour, maxPayoutCents: number): boolean {
  const stake = liveBets(state.bets)
    .filter((b) => b.colour === colour)
    .reduce((s, b) => s + b.stake, 0);
  return colourPayout(stake + WHEEL.maxBetCents, state.round.layout.multipliers[colour]) > maxPayoutCents;
}
