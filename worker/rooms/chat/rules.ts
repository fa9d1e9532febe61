// The chat's sending rules (spec §5 Chat), pure: text length after trimming, links (staff are
// exempt), commands, and the minutes a mute has left. The room applies them in send.ts.
import { CHAT } from "../../../shared/constants";

export type TextVerdict = { ok: true; text: string } | { ok: false; key: "chat_api.empty" | "chat_api.too_long" };

/** 1–255 characters after trimming (UTF-16 units, as the shared message schema counts them). */
export function checkText(raw: string): TextVerdict {
  const text = raw.trim();
  if (text.length === 0) return { ok: false, key: "chat_api.empty" };
  if (text.length > CHAT.maxMessageLength) return { ok: false, key: "chat_api.too_long" };
  return { ok: true, text };
}

// ── links ────────────────────────────────────────────────────────────────────
// "Any URL-like text, including bare domains": normalised first (invisible characters, look-alike
// letters, written-out dots), then matched against the public-suffix list; see shared/chat-links.ts.
export { containsLink } from "../../../shared/chat-links";

// ── commands ─────────────────────────────────────────────────────────────────
export type ChatCommand = { kind: "stats" } | { kind: "balance" } | { kind: "bet"; roundId: number } | { kind: "unknown" };

const BET_COMMAND = new RegExp(`^${CHAT.betCommand}\\s+#?(\\d{1,12})$`, "i");

/**
 * A message starting with "!" and a non-blank, non-"!" character is a command (§6). Anything
 * that is not one of them is "unknown" (→ chat_api.command_not_found); null for plain text
 * ("!!!" or "! hello" are plain text).
 */
export function parseCommand(text: string): ChatCommand | null {
  if (!/^![^\s!]/.test(text)) return null;
  const lower = text.toLowerCase();
  if (lower === "!stats") return { kind: "stats" };
  if (lower === "!balance") return { kind: "balance" };
  const bet = BET_COMMAND.exec(text);
  if (bet) {
    const roundId = Number(bet[1]);
    if (roundId > 0) return { kind: "bet", roundId };
  }
  return { kind: "unknown" };
}

// ── mutes ────────────────────────────────────────────────────────────────────
/** Whole minutes a mute has left, rounded up (at least 1 while it is active); null = forever. */
export function muteMinutesLeft(until: number | null, now: number): number | null {
  if (until === null) return null;
  return Math.max(1, Math.ceil((until - now) / 60_000));
}

/** Active = not lifted and not expired (the same test the SQL uses). */
export function isMuteActive(m: { until: number | null; liftedAt: number | null }, now: number): boolean {
  return m.liftedAt === null && (m.until === null || m.until > now);
}
