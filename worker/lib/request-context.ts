// The current request's address for the audit log (docs/security.md "Audit log"): set once per
// /api request by requestContext and read by auditStatement wherever a staff action is written,
// without threading the address through every call. AsyncLocalStorage is Node's, available in
// Workers with the nodejs_compat flag (wrangler.toml).
import { AsyncLocalStorage } from "node:async_hooks";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

const store = new AsyncLocalStorage<{ ip: string | null }>();

/** The client address Cloudflare puts on every request (absent in some local runs). */
export function clientIp(header: (name: string) => string | undefined): string | null {
  return header("CF-Connecting-IP") ?? null;
}

export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  await store.run({ ip: clientIp((name) => c.req.header(name)) }, next);
});

/**
 * Runs `work` as part of the request from `ip`: a Durable Object's RPC method that writes audit rows
 * wraps its body in this with the address the route passed along (requestIp() there).
 */
export function withRequestIp<T>(ip: string | null, work: () => T): T {
  return store.run({ ip }, work);
}

/** The address of the request being served, or null outside one (a Durable Object's alarm). */
export function requestIp(): string | null {
  return store.getStore()?.ip ?? null;
}
