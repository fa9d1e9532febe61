// The offer's security code (docs/trade-bot.md "Security code"): six characters derived from the
// reference with the bot's secret, written in the offer's message and shown by the site next to
// the offer, so a player can tell the real offer from a look-alike a scammer sends. Derived, not
// random: a resent offer (a lost answer, a restart) carries the same code.
import { createHmac } from "node:crypto";

// no 0/O, 1/I/L: read aloud and typed from a phone
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function securityCode(secret: string, reference: string): string {
  const digest = createHmac("sha256", secret).update(`security-code:${reference}`).digest();
  let code = "";
  for (let i = 0; i < 6; i++) code += ALPHABET[(digest[i] ?? 0) % ALPHABET.length];
  return code;
}

/** The offer's message: the site, the code, and the words that let the service find the offer again. */
export function offerMessage(site: string, code: string, kind: "withdraw" | "deposit"): string {
  const what = kind === "withdraw" ? "withdrawal" : "deposit";
  return `${site} ${what} · security code ${code} · check it on the site before you accept`;
}
