// Helpers for the sign-in tests: walk the provider round trip by hand (redirect: "manual") and
// read what the popup page would post to its opener.
import { TERMS } from "../../shared/constants";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";

export const APP_ORIGIN = "http://127.0.0.1:8787";

/** A fresh sign-in attempt nonce, as the SPA makes one (64 hex characters). */
export function newNonce(): string {
  return crypto.randomUUID().replace(/-/g, "") + crypto.randomUUID().replace(/-/g, "");
}

/** GET /socialite/<provider>?nonce=… → the provider URL we were sent to (knobs appended for the fake). */
export async function providerUrl(provider: "steam" | "vk", knobs: Record<string, string> = {}, nonce = newNonce()): Promise<URL> {
  const res = await exports.default.fetch(`http://x/socialite/${provider}?nonce=${nonce}&terms=${TERMS.version}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  const url = new URL(res.headers.get("Location")!);
  for (const [k, v] of Object.entries(knobs)) url.searchParams.set(k, v);
  return url;
}

/** The provider approves at once: its 302 Location is our callback with the answer attached. */
export async function providerReturn(url: URL): Promise<URL> {
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status, await res.clone().text()).toBe(302);
  return new URL(res.headers.get("Location")!);
}

export async function signInUrl(provider: "steam" | "vk", knobs: Record<string, string> = {}, nonce = newNonce()): Promise<URL> {
  return providerReturn(await providerUrl(provider, knobs, nonce));
}

export interface PopupResult {
  status: number;
  html: string;
  origin: string;
  message: { source: string; token?: string; error?: string; nonce?: string };
  /** Where the page goes when it has no opener (/auth/callback#…). */
  fallback: string;
  headers: Headers;
}

/** Calls our callback and extracts the page's target origin and message from its script. */
export async function callback(url: URL | string): Promise<PopupResult> {
  const u = new URL(url);
  const res = await exports.default.fetch(`http://x${u.pathname}${u.search}`);
  const html = await res.text();
  const origin = /var origin = (.*);\n/.exec(html)?.[1];
  const message = /var message = (.*);\n/.exec(html)?.[1];
  const fallback = /var fallback = (.*);\n/.exec(html)?.[1];
  expect(origin, html).toBeDefined();
  expect(message, html).toBeDefined();
  expect(fallback, html).toBeDefined();
  return { status: res.status, html, origin: JSON.parse(origin!), message: JSON.parse(message!), fallback: JSON.parse(fallback!), headers: res.headers };
}

/** The raw token of a successful popup ("Bearer " cut, as the SPA does). */
export function tokenOf(result: PopupResult): string {
  expect(result.message.token).toMatch(/^Bearer [0-9a-f]{64}$/);
  return result.message.token!.slice(7);
}

export async function me(token: string) {
  return exports.default.fetch("http://x/api/user/get", { method: "POST", headers: { Authorization: `Bearer ${token}` } });
}

export async function count(sql: string, ...args: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
