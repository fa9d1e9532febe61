// The page a provider returns to (§4 Login, contracts "Sign-in popup"): it hands the token to the
// window that opened it with postMessage aimed at the exact APP_ORIGIN (never "*"), then closes.
// Opened without an opener (a blocked popup, a full-page sign-in) it goes to /auth/callback#...
import { AUTH } from "../../shared/constants";
import type { AuthMessage } from "../../shared/api/auth";
import { randomHex } from "./tokens";

/** JSON that is safe inside an inline <script>: no "</script>", no HTML or JS line-break surprises. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The token with the nonce of the attempt that asked for it: only that tab accepts it. */
export function successMessage(token: string, nonce: string): AuthMessage {
  return { source: AUTH.messageSource, token: `Bearer ${token}`, nonce };
}

export function errorMessage(key = "app_error.login", nonce?: string): AuthMessage {
  return nonce ? { source: AUTH.messageSource, error: key, nonce } : { source: AUTH.messageSource, error: key };
}

/**
 * Where the page goes without an opener: the SPA's /auth/callback with the answer in the hash
 * (a fragment never reaches a server). The nonce rides along so that the tab which started the
 * attempt (its sessionStorage) can tell its own answer from a forged link.
 */
export function fallbackUrl(message: AuthMessage): string {
  const hash = new URLSearchParams();
  if ("token" in message) hash.set("token", message.token);
  else hash.set("error", message.error);
  if (message.nonce) hash.set("nonce", message.nonce);
  return `/auth/callback#${hash.toString().replace(/\+/g, "%20")}`;
}

/** The origin of APP_ORIGIN (a trailing slash or path is dropped); throws when it is not a URL. */
export function exactOrigin(appOrigin: string): string {
  const origin = new URL(appOrigin).origin;
  if (origin === "null") throw new Error(`APP_ORIGIN is not an http(s) origin: ${appOrigin}`);
  return origin;
}

export interface PopupPage {
  html: string;
  headers: Record<string, string>;
}

export function renderPopupPage(appOrigin: string, message: AuthMessage): PopupPage {
  const nonce = randomHex(16);
  const ok = "token" in message;
  const script = [
    `var origin = ${scriptJson(exactOrigin(appOrigin))};`,
    `var message = ${scriptJson(message)};`,
    `var fallback = ${scriptJson(fallbackUrl(message))};`,
    "var opener = window.opener;",
    "if (opener && !opener.closed) {",
    "  try { opener.postMessage(message, origin); } catch (e) {}",
    "  window.close();",
    "} else {",
    "  window.location.replace(fallback);",
    "}",
  ].join("\n");
  const text = ok ? "Signing in… / Вход…" : "Failed to login / Не удалось войти";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>SkinRush</title></head>
<body><p>${text}</p>
<script nonce="${nonce}">
${script}
</script></body></html>`;
  return {
    html,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      // The URL carried provider codes; do not leak it onwards.
      "Referrer-Policy": "no-referrer",
      "Content-Security-Policy": `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      "X-Content-Type-Options": "nosniff",
    },
  };
}
