// Every call from the worker to the trade bot service is signed (docs/trade-bot.md "Trust"):
// HMAC-SHA256, keyed with the secret both share (TRADE_BOT_SECRET on the worker, BOT_SECRET on
// the bot), over the method, the path with its query, the timestamp, a fresh nonce and the
// SHA-256 of the body. The bot refuses a call whose signature does not match, whose timestamp is
// more than SIGNATURE_WINDOW_MS away from its clock, or whose nonce it has seen within the window
// (a recorded call replayed is refused, even while its timestamp is still good). WebCrypto only,
// so the worker and the Node service run this same file.

export const SIGNATURE_HEADERS = { timestamp: "x-bot-timestamp", nonce: "x-bot-nonce", signature: "x-bot-signature" } as const;

/** A call's nonce: 128 random bits in hex, new for every call (a retry is a new call). */
export const NONCE_PATTERN = /^[0-9a-f]{32}$/;

/** An offer's security code as the bot gives it (docs/trade-bot.md "Security code"): six of A–Z and 2–9 without 0/O, 1/I/L. */
export const SECURITY_CODE_PATTERN = /^[A-HJKMNP-Z2-9]{6}$/;

/** How far a call's timestamp may be from the bot's clock, either way. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** The signed text: one field per line, the body by its hash (an empty body hashes ""). */
export async function signedText(method: string, pathAndQuery: string, timestamp: number, nonce: string, body: string): Promise<string> {
  return `${method.toUpperCase()}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${await sha256Hex(body)}`;
}

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}

/** The three headers of a signed call. */
export async function signatureHeaders(
  secret: string,
  method: string,
  pathAndQuery: string,
  body: string,
  now = Date.now(),
  nonce = hex(crypto.getRandomValues(new Uint8Array(16)).buffer),
): Promise<Record<string, string>> {
  return {
    [SIGNATURE_HEADERS.timestamp]: String(now),
    [SIGNATURE_HEADERS.nonce]: nonce,
    [SIGNATURE_HEADERS.signature]: await hmacHex(secret, await signedText(method, pathAndQuery, now, nonce, body)),
  };
}

/** Compares two hex strings in time that does not depend on where they differ. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type SignatureCheck = { ok: true; nonce: string; at: number } | { ok: false; reason: "missing" | "stale" | "mismatch" };

/**
 * Whether a call carries a valid signature made with `secret` within the window of `now`. A good
 * answer names the call's nonce and time: the caller still refuses a nonce it has seen (the bot
 * keeps them for the window, bot/src/store.ts).
 */
export async function checkSignature(
  secret: string,
  call: {
    method: string;
    pathAndQuery: string;
    body: string;
    timestamp: string | null | undefined;
    nonce: string | null | undefined;
    signature: string | null | undefined;
  },
  now = Date.now(),
): Promise<SignatureCheck> {
  if (
    !call.timestamp ||
    !call.nonce ||
    !call.signature ||
    !/^[0-9]{1,16}$/.test(call.timestamp) ||
    !NONCE_PATTERN.test(call.nonce) ||
    !/^[0-9a-f]{64}$/.test(call.signature)
  ) {
    return { ok: false, reason: "missing" };
  }
  const at = Number(call.timestamp);
  if (Math.abs(now - at) > SIGNATURE_WINDOW_MS) return { ok: false, reason: "stale" };
  const expected = await hmacHex(secret, await signedText(call.method, call.pathAndQuery, at, call.nonce, call.body));
  return sameHex(expected, call.signature) ? { ok: true, nonce: call.nonce, at } : { ok: false, reason: "mismatch" };
}
