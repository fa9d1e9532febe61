// The sign-in token in local storage (§3 api_token) and the sign-in window message (§4 Login).
import { BEARER_PREFIX, STORAGE_KEYS } from "../../../../shared/constants";

/** The window message the worker's sign-in page posts to its opener. */
export const AUTH_MESSAGE_SOURCE = "skinrush-auth";

/** Fired on window whenever the stored token changes (the socket client may re-identify). */
export const TOKEN_CHANGED_EVENT = "skinrush:token-changed";

/** "Bearer abc" → "abc" (the 7-character prefix is cut, §7); a bare token passes unchanged. */
export function stripBearer(raw: string): string {
  return raw.startsWith(BEARER_PREFIX) ? raw.slice(BEARER_PREFIX.length) : raw;
}

export type AuthMessage = { kind: "token"; token: string } | { kind: "error"; message: string };

/**
 * Decides what a window message means. Only messages from our own origin with our source tag
 * count; anything else (other windows, extensions, foreign origins) is ignored (null).
 */
export function readAuthMessage(event: { origin: string; data: unknown }, ownOrigin: string): AuthMessage | null {
  if (event.origin !== ownOrigin) return null;
  const data = event.data;
  if (typeof data !== "object" || data === null) return null;
  const { source, token, error } = data as Record<string, unknown>;
  if (source !== AUTH_MESSAGE_SOURCE) return null;
  if (typeof token === "string") {
    const bare = stripBearer(token).trim();
    if (bare) return { kind: "token", token: bare };
  }
  return { kind: "error", message: typeof error === "string" && error ? error : "app_error.login" };
}

/** Reads "#token=…" or "#error=…" of the /auth/callback page (the no-opener fallback). */
export function readCallbackHash(hash: string): AuthMessage | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("token");
  if (token) {
    const bare = stripBearer(token).trim();
    if (bare) return { kind: "token", token: bare };
  }
  const error = params.get("error");
  if (error !== null || token !== null) return { kind: "error", message: error || "app_error.login" };
  return null;
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
  window.dispatchEvent(new Event(TOKEN_CHANGED_EVENT));
}

export function clearToken(): void {
  localStorage.removeItem(STORAGE_KEYS.apiToken);
  window.dispatchEvent(new Event(TOKEN_CHANGED_EVENT));
}

/** True when a token is stored (the user query then tells whether it is still valid). */
export function hasToken(): boolean {
  return getToken() !== null;
}
