// The Telegram login return: Telegram sends the player back to our return_to address with the
// signed user in the fragment, #tgAuthResult=<base64url of the JSON payload>. Decoded here and
// checked against the contract's body before it is posted to /api/telegram/link.
import { telegramAuthBody, type TelegramAuthBody } from "../../../../shared/api/giveaways";

export type FragmentResult = { kind: "payload"; payload: TelegramAuthBody } | { kind: "missing" } | { kind: "garbled" };

function base64UrlToText(value: string): string {
  const b64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  // names may be any script: the JSON is UTF-8
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/** Reads `#tgAuthResult=…` (with or without the leading #, among other fragment parameters). */
export function readTelegramFragment(hash: string): FragmentResult {
  const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  const raw = params.get("tgAuthResult");
  if (!raw) return { kind: "missing" };
  try {
    const parsed = telegramAuthBody.safeParse(JSON.parse(base64UrlToText(raw)));
    return parsed.success ? { kind: "payload", payload: parsed.data } : { kind: "garbled" };
  } catch {
    return { kind: "garbled" };
  }
}
