// The bet and cash-out rules of §5, each answering its catalogue key (null = allowed). Pure: the
// shell also runs betRefusal before locking items in D1, and step() runs it again after.
import { CRASH } from "../../../shared/constants";
import { ABUSE_RANGE, INFINITE_HUNDREDTHS, type Hundredths } from "../../../shared/crash-curve";
import type { SERVER_KEYS } from "../../../shared/errors";
import { isManual, type BetUser, type CrashState } from "./state";

export type CrashKey = (typeof SERVER_KEYS.crash)[number] | "app_api.invalid_request";

export interface BetRequest {
  /** null: a visitor */
  user: BetUser | null;
  itemIds: readonly number[];
  /** the part staked from the balance, cents */
  value: number;
  autoWithdraw: Hundredths;
}

/** Why this bet is refused now, or null. The order is the order of the §5 list. */
export function betRefusal(state: CrashState, req: BetRequest, maintenance: boolean, now: number): CrashKey | null {
  if (!req.user) return "crash_api.unauthorized";
  if (maintenance) return "crash_api.maintenance";
  const round = state.round;
  if (round.phase !== "waiting" || round.voided || now >= round.countdownEndsAt) return "crash_api.game_started";
  if (!Number.isSafeInteger(req.value) || req.value < 0 || req.value > CRASH.maxValueCents) return "app_api.invalid_request";
  if (req.itemIds.length === 0 && req.value === 0) return "crash_api.no_items";
  if (req.itemIds.length > CRASH.maxItemsPerBet || new Set(req.itemIds).size !== req.itemIds.length) return "app_api.invalid_request";
  if (!Number.isSafeInteger(req.autoWithdraw) || req.autoWithdraw < ABUSE_RANGE.min || req.autoWithdraw > INFINITE_HUNDREDTHS) {
    return "app_api.invalid_request";
  }
  if (req.autoWithdraw <= ABUSE_RANGE.max) return "crash_api.abuse_range";
  const own = state.bets.filter((b) => b.user.id === req.user!.id && b.status !== "refunded");
  if (own.length >= CRASH.maxOwnBets) return "crash_api.max_bets";
  if (own.some((b) => b.autoWithdraw === req.autoWithdraw)) {
    return req.autoWithdraw === INFINITE_HUNDREDTHS ? "crash_api.one_manual" : "crash_api.same_multiplier";
  }
  if (req.autoWithdraw === INFINITE_HUNDREDTHS && own.filter(isManual).length >= CRASH.maxInfiniteBets) return "crash_api.one_manual";
  const staked = new Set(state.bets.filter((b) => b.status !== "refunded").flatMap((b) => b.items.map((i) => i.id)));
  if (req.itemIds.some((id) => staked.has(id))) return "crash_api.items_unavailable";
  return null;
}

/** Why this manual cash-out (the `take` frame) is refused now, or null (the price is decided by step at `now`). */
export function cashOutRefusal(state: CrashState, userId: number | null, betId: string): CrashKey | null {
  if (userId === null) return "crash_api.unauthorized";
  const bet = state.bets.find((b) => b.id === betId && b.user.id === userId);
  if (!bet) return "crash_api.no_bet";
  if (!isManual(bet)) return "crash_api.auto_withdraw_only";
  if (state.round.phase !== "running" || state.round.voided || bet.status !== "pending") return "crash_api.game_over";
  return null;
}
