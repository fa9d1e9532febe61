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
// "Any URL-like text, including bare domains": a name followed by a dot and a top-level domain.
// Every two-letter Latin ending counts (all country domains: "csgo500.in", "drop.to", "ok.so"),
// plus the generic and popular new domains below; "site .com" with a space before the dot is
// caught for the common ones. Plain numbers ("2.50", "v1.2.3") and abbreviations ("e.g.",
// "т.е.") are not names with a domain, so they pass.
const GENERIC_TLDS = [
  "com", "net", "org", "info", "biz", "pro", "name", "mobi", "edu", "gov", "mil", "int", "asia", "xxx", "tel", "travel",
  "рф", "рус", "онлайн", "сайт", "москва", "дети", "орг", "укр", "бел", "қаз",
  "app", "dev", "xyz", "top", "site", "online", "shop", "store", "club", "fun", "win", "bet", "casino", "poker",
  "games", "game", "gift", "gifts", "money", "cash", "market", "trade", "skin", "skins", "link", "live", "vip", "icu",
  "cloud", "host", "space", "tech", "website", "click", "today", "lol", "one", "plus", "email", "page", "fans", "wtf",
  "pics", "tube", "art", "blog", "news", "media", "world", "life", "team", "zone", "best", "cool", "free", "gold",
  "bid", "loan", "work", "works", "guru", "ninja", "rocks", "services", "support", "network", "digital", "group",
  "agency", "center", "company", "social", "stream", "video", "chat", "buzz", "rest", "monster", "sbs", "cfd", "bond",
];
const SPACED_TLDS = ["com", "net", "org", "ru", "рф", "gg", "io", "xyz", "top", "pro", "bet", "site", "info", "biz", "su"];

const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?";
const END = "(?![\\p{L}\\p{N}-])";
const LINK_PATTERNS: RegExp[] = [
  // any scheme: http://, https://, ftp://, steam://…
  /[a-z][a-z0-9+.-]*:\/\//i,
  // www.anything
  /(?<![\p{L}\p{N}])www\d?\.[\p{L}\p{N}]/iu,
  // an IPv4 address (with or without a port)
  /(?<![\p{N}.])\d{1,3}(?:\.\d{1,3}){3}(?![\p{N}])/u,
  // a bare domain: a name of 2+ characters (or a dotted chain), then any two-letter Latin ending
  // or a known generic one: site.com, t.me, mail.ru, csgo500.in, сайт.рф
  new RegExp(`(?:${LABEL}\\.)*[\\p{L}\\p{N}][\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}]\\.(?:[a-z]{2}|${GENERIC_TLDS.join("|")})${END}`, "iu"),
  // a single-letter name: only with a known ending (t.me, x.com), so "e.g." stays text
  new RegExp(`(?<![\\p{L}\\p{N}.])[\\p{L}\\p{N}]\\.(?:me|co|ly|gg|io|to|so|cc|tv|${GENERIC_TLDS.join("|")})${END}`, "iu"),
  // a dodge with a space before the dot: "site .com", "skins .ru"
  new RegExp(`${LABEL}\\s+\\.(?:${SPACED_TLDS.join("|")})${END}`, "iu"),
  // any name.name followed by a path: go.to/x, something.weird/abc
  new RegExp(`${LABEL}\\.\\p{L}{2,}\\/[^\\s]`, "iu"),
];

/** Whether the text holds anything URL-like: a scheme, www., an IP, or a domain name. */
export function containsLink(text: string): boolean {
  return LINK_PATTERNS.some((p) => p.test(text));
}

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
