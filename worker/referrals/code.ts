// A player's referral code (docs/money.md "Referrals"): their user id in base 36, upper case — stable,
// short, nothing stored. Codes are public by design (they sit in a shared link), so being able
// to guess one gains nothing: binding happens only at sign-up and never to oneself.
import { PROMO } from "../../shared/constants";

export function referralCode(userId: number): string {
  return userId.toString(36).toUpperCase();
}

/** The user id a code names, or undefined for anything that is not a code. */
export function referrerIdOf(code: string | undefined | null): number | undefined {
  if (!code) return undefined;
  const c = code.trim().toUpperCase();
  if (!PROMO.referralCodePattern.test(c)) return undefined;
  const id = Number.parseInt(c, 36);
  return Number.isSafeInteger(id) && id > 0 && referralCode(id) === c ? id : undefined;
}
