// Security headers on every answer the worker gives: the API, the SPA's HTML (wrangler.toml runs
// the worker first for everything but /assets/*, which web/public/_headers covers) and the images.
// A header a route set itself wins (the sign-in popup's nonce CSP and no-referrer stay).
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { isDev } from "../env";

// Every picture is the site's own (/img/*: items, cases and players' avatars, which the worker
// fetches from the providers itself); nothing is loaded from another origin.

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Scripts and styles from the site only: the build emits no inline script or <style> (React sets
 * style props through the CSSOM, which CSP allows; zod runs jitless, see web/src/lib/zodCsp.ts).
 * Sockets: 'self' covers ws(s) of the same host in CSP 3, named anyway for older engines.
 */
export function contentSecurityPolicy(requestUrl: URL): string {
  const socket = `${requestUrl.protocol === "https:" ? "wss:" : "ws:"}//${requestUrl.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${socket}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers for one answer; HSTS only in production over https (a dev site over http never). */
export function securityHeaderValues(requestUrl: URL, dev: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(requestUrl),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  if (!dev && requestUrl.protocol === "https:") headers["Strict-Transport-Security"] = HSTS;
  return headers;
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  // a socket upgrade carries its WebSocket on the Response object: leave it untouched
  if (res.status === 101 || res.webSocket) return;
  const values = securityHeaderValues(new URL(c.req.url), isDev(c.env));
  const missing = Object.entries(values).filter(([name]) => !res.headers.has(name));
  if (missing.length === 0) return;
  // answers from env.ASSETS or the Cache API have immutable headers: copy before setting
  const out = new Response(res.body, res);
  for (const [name, value] of missing) out.headers.set(name, value);
  c.res = undefined;
  c.res = out;
};
