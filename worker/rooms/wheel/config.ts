// The wheel's configuration vars (wrangler.toml [vars], docs/operations.md "Configuration"), read with defaults.
import type { WheelSettings } from "../../../shared/api/wheel";
import { WHEEL } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import type { Timing } from "./state";

function positive(raw: string | undefined, fallback: number): number {
  const n = /^[1-9][0-9]{0,9}$/.test(raw ?? "") ? Number(raw) : NaN;
  return Number.isSafeInteger(n) ? n : fallback;
}

export function timingOf(env: Partial<Pick<Env, "WHEEL_COUNTDOWN_MS" | "WHEEL_SPIN_MS" | "WHEEL_RESULT_MS">>): Timing {
  return {
    countdownMs: positive(env.WHEEL_COUNTDOWN_MS, WHEEL.countdownMs),
    spinMs: positive(env.WHEEL_SPIN_MS, WHEEL.spinMs),
    resultMs: positive(env.WHEEL_RESULT_MS, WHEEL.resultPauseMs),
  };
}

export function maxPayoutOf(env: Partial<Pick<Env, "WHEEL_MAX_PAYOUT_CENTS">>): number {
  return positive(env.WHEEL_MAX_PAYOUT_CENTS, WHEEL.defaultMaxPayoutCents);
}

export function settingsOf(timing: Timing): WheelSettings {
  return {
    min_bet: toDollars(WHEEL.minBetCents),
    max_bet: toDollars(WHEEL.maxBetCents),
    max_items: WHEEL.maxItemsPerBet,
    max_colours: WHEEL.maxColours,
    countdown_ms: timing.countdownMs,
    spin_ms: timing.spinMs,
    result_ms: timing.resultMs,
  };
}
