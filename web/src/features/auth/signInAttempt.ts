// The pending sign-in attempt of this tab: a random nonce in sessionStorage. The popup (or the
// full-page fallback) carries it to /socialite/<provider>?nonce=…; the answer is accepted only
// with the same nonce, once. sessionStorage is per tab (and copied into the popup it opens), so
// a link opened elsewhere finds no attempt to match.
import { STORAGE_KEYS } from "../../../../shared/constants";

type NonceStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function sessionStore(): NonceStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: no attempt can be kept, so no token is accepted
  }
}

/** 32 random bytes as hex: 64 characters, inside the worker's nonce pattern. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Starts an attempt (replacing any earlier one) and returns its nonce. */
export function startAttempt(storage: NonceStorage | null = sessionStore(), nonce = newNonce()): string {
  storage?.setItem(STORAGE_KEYS.signInNonce, nonce);
  return nonce;
}

/** The pending attempt's nonce, removed so that it can answer once only. */
export function takeAttempt(storage: NonceStorage | null = sessionStore()): string | null {
  if (!storage) return null;
  const nonce = storage.getItem(STORAGE_KEYS.signInNonce);
  storage.removeItem(STORAGE_KEYS.signInNonce);
  return nonce || null;
}
