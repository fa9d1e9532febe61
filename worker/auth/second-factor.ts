// How long a staff session stays past the second factor (docs/security.md "Second factor"):
// SECOND_FACTOR_HOURS from wrangler.toml, STAFF_OTP.validHours when unset or broken.
import { STAFF_OTP } from "../../shared/constants";

const HOUR_MS = 3_600_000;

export function secondFactorHours(env: Partial<Pick<Env, "SECOND_FACTOR_HOURS">>): number {
  const hours = Number(env.SECOND_FACTOR_HOURS);
  return Number.isFinite(hours) && hours > 0 ? hours : STAFF_OTP.validHours;
}

/** Until when a session that passed at `at` stays past the factor (null: it never passed). */
export function factorValidUntil(env: Partial<Pick<Env, "SECOND_FACTOR_HOURS">>, at: number | null): number | null {
  return at === null ? null : at + secondFactorHours(env) * HOUR_MS;
}

export function factorPassed(env: Partial<Pick<Env, "SECOND_FACTOR_HOURS">>, at: number | null, now = Date.now()): boolean {
  const until = factorValidUntil(env, at);
  return until !== null && until > now;
}
