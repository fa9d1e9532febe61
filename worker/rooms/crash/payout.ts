// Crash money arithmetic, all in integer cents and hundredths: the win of a cash-out, the bonus
// share, the win item picked from the catalogue, and the forced cash-out point that keeps a
// round's total payout under the configured maximum (bustabit's "max profit" idea).
import { CRASH } from "../../../shared/constants";
import type { Hundredths } from "../../../shared/crash-curve";
import { pickWinItem } from "../../lib/win-item";
import type { CrashBet } from "./state";

export { pickWinItem } from "../../lib/win-item";

/** floor(a / b) for non-negative safe integers, without float rounding. */
function floorDiv(a: number, b: number): number {
  return (a - (a % b)) / b;
}

/** Win of a stake cashed out at m: floor(stake × m / 100) cents. */
export function winCents(stakeCents: number, m: Hundredths): number {
  return floorDiv(stakeCents * m, 100);
}

/** The round's share to the bonus pool: floor(pot × 1 / 100) cents. */
export function bonusShare(potCents: number): number {
  return floorDiv(potCents * CRASH.bonusSharePercent, 100);
}

/** The item a bet would get if cashed out at m now (the loader item). */
export function loaderItemFor<T extends { id: number; price: number }>(stakeCents: number, m: Hundredths, sorted: readonly T[]): T | null {
  return pickWinItem(winCents(stakeCents, m), sorted)?.item ?? null;
}

/** Round total payout if the multiplier reached m: paid so far + each pending bet at min(m, target). */
export function totalPayoutAt(bets: readonly CrashBet[], m: Hundredths): number {
  let total = 0;
  for (const b of bets) {
    if (b.status === "won") total += b.win;
    else if (b.status === "pending") total += winCents(b.stake, Math.min(m, b.autoWithdraw));
  }
  return total;
}

/**
 * The forced cash-out point: the largest m (hundredths) whose total payout stays ≤ maxCents,
 * when reaching the highest pending target would pass it; null when it never would. Never
 * below 1.00 (a stake larger than the maximum is cashed out at 1.00, i.e. given back).
 */
export function forcedCashoutPoint(bets: readonly CrashBet[], maxCents: number): Hundredths | null {
  const pending = bets.filter((b) => b.status === "pending");
  if (pending.length === 0) return null;
  const top = Math.max(...pending.map((b) => b.autoWithdraw));
  if (totalPayoutAt(bets, top) <= maxCents) return null;
  if (totalPayoutAt(bets, 100) > maxCents) return 100;
  let lo = 100; // total(lo) ≤ max
  let hi = top; // total(hi) > max
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (totalPayoutAt(bets, mid) <= maxCents) lo = mid;
    else hi = mid;
  }
  return lo;
}
