// The sign-in window message (§4 Login) and the /auth/callback hash: what they carry, and
// whether to trust them. A token counts only when it comes back with the nonce of the attempt
// this tab started (signInAttempt.ts), so a forged link or a foreign window cannot sign anyone
// in (login CSRF); an error shows only a key of the error catalogue, never text from the URL.
import { SIGN_IN_NONCE_PATTERN } from "../../../../shared/api/auth";
import { BEARER_PREFIX } from "../../../../shared/constants";
import { CLIENT_KEYS, SERVER_KEYS } from "../../../../shared/errors";

/** The window message the worker's sign-in page posts to its opener. */
export const AUTH_MESSAGE_SOURCE = "skinrush-auth";

/** The generic sign-in failure, and the one for an answer that belongs to no attempt of this tab. */
const LOGIN_FAILED = "app_error.login";
const LOGIN_MISMATCH = "app_error.login_mismatch";

const CATALOGUE: ReadonlySet<string> = new Set([...Object.values(SERVER_KEYS).flat(), ...CLIENT_KEYS]);

/** "Bearer abc" → "abc" (the 7-character prefix is cut, §7); a bare token passes unchanged. */
export function stripBearer(raw: string): string {
  return raw.startsWith(BEARER_PREFIX) ? raw.slice(BEARER_PREFIX.length) : raw;
}

/** A key of the error catalogue passes; anything else (free text, unknown keys) is the generic failure. */
export function catalogueError(value: unknown): string {
  return typeof value === "string" && CATALOGUE.has(value) ? value : LOGIN_FAILED;
}

export type AuthMessage = { kind: "token"; token: string } | { kind: "error"; message: string };

/** Token and error of an answer whose nonce matched (or an error that needs no nonce). */
function decide(token: unknown, error: unknown, nonce: unknown, pending: string | null): AuthMessage {
  const matches = pending !== null && SIGN_IN_NONCE_PATTERN.test(pending) && nonce === pending;
  if (typeof token === "string") {
    if (!matches) return { kind: "error", message: LOGIN_MISMATCH };
    const bare = stripBearer(token).trim();
    if (bare) return { kind: "token", token: bare };
    return { kind: "error", message: LOGIN_FAILED };
  }
  // An error cannot sign anyone in; one from another attempt is still not ours to show.
  if (typeof nonce === "string" && nonce !== pending) return { kind: "error", message: LOGIN_MISMATCH };
  return { kind: "error", message: catalogueError(error) };
}

export interface AuthMessageEvent {
  origin: string;
  /** The window that posted (MessageEvent.source). */
  source: unknown;
  data: unknown;
}

export interface PendingPopup {
  /** This site's origin: the sign-in page is served by the worker at APP_ORIGIN. */
  origin: string;
  /** The popup window this tab opened for the attempt. */
  popup: unknown;
  /** The attempt's nonce (null when this tab has no pending attempt). */
  nonce: string | null;
}

/**
 * Decides what a window message means. Messages from another origin, from any window but the
 * popup we opened, or without our source tag are ignored (null): extensions and other frames
 * post messages too. From our popup, a token needs the attempt's nonce.
 */
export function readAuthMessage(event: AuthMessageEvent, expected: PendingPopup): AuthMessage | null {
  if (event.origin !== expected.origin) return null;
  if (expected.popup === null || expected.popup === undefined || event.source !== expected.popup) return null;
  const data = event.data;
  if (typeof data !== "object" || data === null) return null;
  const { source, token, error, nonce } = data as Record<string, unknown>;
  if (source !== AUTH_MESSAGE_SOURCE) return null;
  return decide(token, error, nonce, expected.nonce);
}

/**
 * Reads "#token=…&nonce=…" or "#error=…" of the /auth/callback page (the no-opener fallback).
 * `pending` is this tab's attempt nonce, already taken out of sessionStorage (single use).
 */
export function readCallbackHash(hash: string, pending: string | null): AuthMessage | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("token");
  const error = params.get("error");
  if (token === null && error === null) return null;
  return decide(token, error ?? LOGIN_FAILED, params.get("nonce") ?? undefined, pending);
}
