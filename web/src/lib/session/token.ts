// The sign-in token in local storage (§3 api_token). Every part of the SPA reads it from here;
// a change fires TOKEN_CHANGED_EVENT on window so the hub socket can identify again.
import { STORAGE_KEYS } from "../../../../shared/constants";

/** Fired on window whenever this tab stores or forgets the token. */
export const TOKEN_CHANGED_EVENT = "skinrush:token-changed";

function tokenChanged(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(TOKEN_CHANGED_EVENT));
}

/**
 * Calls `handler` whenever the token changes: stored or forgotten in this tab (TOKEN_CHANGED_EVENT)
 * or in another (a storage event for the token's key, or storage cleared). Returns the unsubscribe.
 */
export function onTokenChange(handler: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.apiToken || e.key === null) handler();
  };
  window.addEventListener(TOKEN_CHANGED_EVENT, handler);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(TOKEN_CHANGED_EVENT, handler);
    window.removeEventListener("storage", onStorage);
  };
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.apiToken) || null;
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.apiToken, token);
  tokenChanged();
}

export function clearToken(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.apiToken);
  } catch {
    // storage unavailable (private mode): nothing to forget
  }
  tokenChanged();
}

/** True when a token is stored (the user query then tells whether it is still valid). */
export function hasToken(): boolean {
  return getToken() !== null;
}
