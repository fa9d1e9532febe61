// Referral links on the client (docs/money.md "Referrals"): <origin>/?ref=<code>. The code of the link
// a visitor arrived by is kept in localStorage (referral_code) and sent with the sign-in start
// (/socialite/<provider>?nonce=…&ref=…); the worker binds it only to a player created by that
// sign-in.
import { browserStorage } from "./storage";

/** The local storage key of the kept code (the user agreement lists it). */
export const REFERRAL_STORAGE_KEY = "referral_code";
const KEY = REFERRAL_STORAGE_KEY;
const CODE = /^[A-Za-z0-9]{1,12}$/;

export function referralLink(code: string, origin = window.location.origin): string {
  return `${origin}/?ref=${encodeURIComponent(code)}`;
}

/** On boot: keeps ?ref= of the address (if it looks like a code) and takes it out of the bar. */
export function captureReferral(location: Location = window.location, history: History = window.history): void {
  const url = new URL(location.href);
  const code = url.searchParams.get("ref");
  if (code === null) return;
  if (CODE.test(code)) {
    try {
      browserStorage()?.setItem(KEY, code);
    } catch {
      // storage refused (private mode): the link simply does not count
    }
  }
  url.searchParams.delete("ref");
  history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

/** "&ref=<code>" for the sign-in start, or "" without a kept code. */
export function referralQuery(): string {
  const code = browserStorage()?.getItem(KEY);
  return code && CODE.test(code) ? `&ref=${encodeURIComponent(code)}` : "";
}
