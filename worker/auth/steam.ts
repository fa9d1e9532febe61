// Steam sign-in: OpenID 2.0 in stateless mode (Steam's only mode). We send the player to the OP
// with checkid_setup; it returns a signed positive assertion to our return_to; we check that the
// assertion is about our return_to, comes from the configured OP and names a Steam account, then
// ask the OP itself (check_authentication) whether the signature is genuine.
import { AUTH } from "../../shared/constants";

export const OPENID_NS = "http://specs.openid.net/auth/2.0";
export const IDENTIFIER_SELECT = "http://specs.openid.net/auth/2.0/identifier_select";
export const STEAM_CLAIMED_ID = /^https?:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/;
export const STEAM_CALLBACK_PATH = "/socialite/steam/callback";

/** Fields a Steam assertion must sign (OpenID 2.0 §10.1 plus claimed_id/identity). */
const MUST_BE_SIGNED = ["op_endpoint", "claimed_id", "identity", "return_to", "response_nonce", "assoc_handle"];
/** A nonce stamped this far in the future is refused (clock skew allowance). */
const NONCE_FUTURE_SKEW_MS = 5 * 60_000;

export function steamReturnTo(appOrigin: string, state: string): string {
  return `${appOrigin}${STEAM_CALLBACK_PATH}?state=${encodeURIComponent(state)}`;
}

/** The checkid_setup redirect (OpenID 2.0 §9.1). */
export function steamLoginUrl(openidUrl: string, appOrigin: string, state: string): string {
  const url = new URL(openidUrl);
  url.searchParams.set("openid.ns", OPENID_NS);
  url.searchParams.set("openid.mode", "checkid_setup");
  url.searchParams.set("openid.return_to", steamReturnTo(appOrigin, state));
  url.searchParams.set("openid.realm", appOrigin);
  url.searchParams.set("openid.identity", IDENTIFIER_SELECT);
  url.searchParams.set("openid.claimed_id", IDENTIFIER_SELECT);
  return url.href;
}

export type AssertionCheck = { ok: true; steamId: string; state: string } | { ok: false; reason: string };

/** "2026-11-22T05:00:00Z..." → epoch ms of the stamp, or NaN. */
function nonceTime(nonce: string): number {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)/.exec(nonce);
  return m ? Date.parse(m[1]!) : NaN;
}

/**
 * Everything about the returned assertion that we can check locally (OpenID 2.0 §11.1–§11.2):
 * it is a positive assertion, for exactly our return_to (with the state we will consume), from
 * the configured OP endpoint, about a steamcommunity.com identity, with the critical fields
 * signed and a fresh nonce. The signature itself is checked by the OP (verifyWithSteam).
 */
export function checkSteamAssertion(query: URLSearchParams, expected: { openidUrl: string; appOrigin: string; now?: number }): AssertionCheck {
  const now = expected.now ?? Date.now();
  const keys = [...query.keys()];
  if (new Set(keys).size !== keys.length) return { ok: false, reason: "duplicate parameter" };
  const p = (k: string) => query.get(`openid.${k}`) ?? "";

  if (p("ns") !== OPENID_NS) return { ok: false, reason: "wrong openid.ns" };
  if (p("mode") !== "id_res") return { ok: false, reason: `mode ${p("mode") || "missing"}` };
  const state = query.get("state") ?? "";
  if (!state) return { ok: false, reason: "no state" };
  if (p("return_to") !== steamReturnTo(expected.appOrigin, state)) return { ok: false, reason: "return_to mismatch" };
  if (p("op_endpoint") !== expected.openidUrl) return { ok: false, reason: "op_endpoint mismatch" };
  const m = STEAM_CLAIMED_ID.exec(p("claimed_id"));
  if (!m) return { ok: false, reason: "claimed_id is not a Steam account" };
  if (p("identity") !== p("claimed_id")) return { ok: false, reason: "identity differs from claimed_id" };
  const signed = p("signed").split(",");
  const unsigned = MUST_BE_SIGNED.filter((f) => !signed.includes(f));
  if (unsigned.length > 0) return { ok: false, reason: `unsigned: ${unsigned.join(",")}` };
  if (!p("sig") || !p("assoc_handle")) return { ok: false, reason: "no signature" };
  const stamped = nonceTime(p("response_nonce"));
  if (!Number.isFinite(stamped) || stamped < now - AUTH.stateTtlMs || stamped > now + NONCE_FUTURE_SKEW_MS) {
    return { ok: false, reason: "stale or malformed response_nonce" };
  }
  return { ok: true, steamId: m[1]!, state };
}

/** Key-value form encoding (OpenID 2.0 §4.1.1): "key:value\n" lines. */
export function parseKeyValueForm(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split("\n")) {
    const i = line.indexOf(":");
    if (i > 0) out.set(line.slice(0, i), line.slice(i + 1).replace(/\r$/, ""));
  }
  return out;
}

/**
 * Direct verification (OpenID 2.0 §11.4.2): POST every openid.* field back to the configured OP
 * with mode check_authentication; only the answer `is_valid:true` counts.
 */
export async function verifyWithSteam(openidUrl: string, query: URLSearchParams, fetcher: typeof fetch = fetch): Promise<boolean> {
  const body = new URLSearchParams();
  for (const [k, v] of query) if (k.startsWith("openid.")) body.set(k, v);
  body.set("openid.mode", "check_authentication");
  try {
    const res = await fetcher(openidUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/plain" },
      body: body.toString(),
      redirect: "manual",
      signal: AbortSignal.timeout(AUTH.providerTimeoutMs),
    });
    if (res.status !== 200) return false;
    return parseKeyValueForm(await res.text()).get("is_valid") === "true";
  } catch {
    return false;
  }
}

/** Public profile XML (no Web API key needed): <OP base>/profiles/<id>/?xml=1. */
export function steamProfileUrl(openidUrl: string, steamId: string): string | undefined {
  const base = openidUrl.replace(/\/openid\/login\/?$/, "");
  return base === openidUrl ? undefined : `${base}/profiles/${steamId}/?xml=1`;
}

const XML_ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&apos;": "'" };

function xmlField(xml: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${tag}>`).exec(xml);
  if (!m) return undefined;
  const value = m[1] ?? (m[2] ?? "").replace(/&(lt|gt|amp|quot|apos);/g, (e) => XML_ENTITIES[e] ?? e);
  return value.trim() || undefined;
}

export function parseSteamProfileXml(xml: string): { name?: string; avatar?: string } {
  return { name: xmlField(xml, "steamID"), avatar: xmlField(xml, "avatarFull") };
}

/** Persona name and avatar; {} when the profile is private, missing or the call fails. */
export async function fetchSteamProfile(openidUrl: string, steamId: string, fetcher: typeof fetch = fetch): Promise<{ name?: string; avatar?: string }> {
  const url = steamProfileUrl(openidUrl, steamId);
  if (!url) return {};
  try {
    const res = await fetcher(url, { headers: { Accept: "text/xml" }, signal: AbortSignal.timeout(AUTH.providerTimeoutMs) });
    if (!res.ok) return {};
    return parseSteamProfileXml(await res.text());
  } catch {
    return {};
  }
}
