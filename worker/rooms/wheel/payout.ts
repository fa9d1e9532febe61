// Wheel money arithmetic in integer cents: a won bet's win and the round's bonus share.
import { WHEEL } from "../../../shared/constants";

/** floor(a / b) for non-negative safe integers, without float rounding. */
function floorDiv(a: number, b: number): number {
  return (a - (a % b)) / b;
}

/** A bet on the landed colour wins stake × multiplier (an integer multiplier: exact cents). */
export function winCents(stakeCents: number, multiplier: number): number {
  return stakeCents * multiplier;
}

/** The round's share to the bonus pool: floor(pot × 1 / 100) cents. */
export function bonusShare(potCents: number): number {
  return floorDiv(potCents * WHEEL.bonusSharePercent, 100);
}

/** What one colour would owe if it landed: its stake × its multiplier. */
export function colourPayout(stakeCents: number, multiplier: number): number {
  return stakeCents * multiplier;
}
