// The sign-in window message (§4 Login) and the /auth/callback hash: what they carry, and
// whether to trust them.
import { BEARER_PREFIX } from "../../../../shared/constants";

/** The window message the worker's sign-in page posts to its opener. */
export const AUTH_MESSAGE_SOURCE = "skinrush-auth";

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
