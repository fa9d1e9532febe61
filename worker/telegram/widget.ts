// The Telegram Login Widget's payload check (core.telegram.org/widgets/login "Checking
// authorization"): data_check_string = every received field but `hash`, as "key=value" sorted by
// key and joined with "\n"; the payload is Telegram's when hash = hex(HMAC-SHA256(data_check_string,
// SHA256(bot token))). auth_date must be fresh (GIVEAWAY.telegramAuthMaxAgeS), so a payload that
// leaked cannot be replayed later.
import type { TelegramAuthBody } from "../../shared/api/giveaways";
import { GIVEAWAY } from "../../shared/constants";

export type WidgetCheck = { ok: true; telegramId: string; name: string } | { ok: false; key: "telegram_api.bad_signature" | "telegram_api.expired" };

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Equal strings in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function dataCheckString(payload: Record<string, unknown>): string {
  return Object.keys(payload)
    .filter((k) => k !== "hash" && payload[k] !== undefined)
    .sort()
    .map((k) => `${k}=${String(payload[k])}`)
    .join("\n");
}

export async function widgetSignature(payload: Record<string, unknown>, botToken: string): Promise<string> {
  const secret = await crypto.subtle.digest("SHA-256", encoder.encode(botToken));
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(dataCheckString(payload))));
}

export async function checkWidgetPayload(payload: TelegramAuthBody, botToken: string, nowMs = Date.now()): Promise<WidgetCheck> {
  const expected = await widgetSignature(payload, botToken);
  if (!sameText(expected, payload.hash)) return { ok: false, key: "telegram_api.bad_signature" };
  const age = Math.floor(nowMs / 1000) - Number(payload.auth_date);
  // a date from the future (beyond a minute of clock skew) is as wrong as a stale one
  if (age > GIVEAWAY.telegramAuthMaxAgeS || age < -60) return { ok: false, key: "telegram_api.expired" };
  const name = payload.username ? `@${payload.username}` : (payload.first_name ?? String(payload.id));
  return { ok: true, telegramId: String(payload.id), name };
}
