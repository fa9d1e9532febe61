// Pure chat helpers (spec §3 Chat state, §4 chat load and scroll, §5 Chat, §6 moderation):
// merging history with live messages, quoting, the scroll rule, send-failure notices and the
// moderation form's apply rule. No React, no network: the store and components call these.
import type { ChatMessageJson, ChatUserJson } from "../../../../shared/api/chat";
import { CHAT, SYSTEM_USER_ID } from "../../../../shared/constants";
import type { ChatBanReason } from "../../lib/config";

/** §3: a message of user id 0, the system. */
export function isSystemMessage(message: Pick<ChatMessageJson, "user">): boolean {
  return message.user.id === SYSTEM_USER_ID;
}

/** The kept window: the newest `size` messages, oldest first. */
export function keepNewest(messages: readonly ChatMessageJson[], size: number = CHAT.historySize): ChatMessageJson[] {
  return messages.length > size ? messages.slice(messages.length - size) : [...messages];
}

/** A live message appended once (a repeat id is ignored), the window kept to its size. */
export function withMessage(messages: readonly ChatMessageJson[], message: ChatMessageJson, size: number = CHAT.historySize): ChatMessageJson[] {
  if (messages.some((m) => m.id === message.id)) return messages as ChatMessageJson[];
  return keepNewest([...messages, message], size);
}

/**
 * The HTTP history (getMessages) arriving while live messages already landed: the history,
 * then every live message newer than its last one, oldest first.
 */
export function mergeHistory(history: readonly ChatMessageJson[], live: readonly ChatMessageJson[], size: number = CHAT.historySize): ChatMessageJson[] {
  const lastId = history.reduce((max, m) => Math.max(max, m.id), 0);
  const newer = live.filter((m) => m.id > lastId).sort((a, b) => a.id - b.id);
  return keepNewest([...history, ...newer], size);
}

/** §6 quote: "@username, " goes into the input once, after whatever is already typed. */
export function quoteInto(text: string, username: string): string {
  const quote = `@${username}, `;
  if (text.includes(quote.trim())) return text;
  if (!text.trim()) return quote;
  return `${text}${/\s$/.test(text) ? "" : " "}${quote}`;
}

/**
 * Splits a message text around the quotes quoteInto writes ("@name, "): the quoted names come
 * out flagged so streamer mode can blur them like every other player name. Plain text only.
 */
export function splitQuotes(text: string): { text: string; name: boolean }[] {
  const parts: { text: string; name: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(/(?<=(?:^|\s)@)([^\s,@][^,@\n]{0,31}),/g)) {
    const start = m.index;
    if (start > last) parts.push({ text: text.slice(last, start), name: false });
    parts.push({ text: m[1]!, name: true });
    last = start + m[1]!.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), name: false });
  return parts;
}

export interface ScrollBox {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}

/** How far the reader is above the bottom, in px (never negative). */
export function distanceFromBottom(box: ScrollBox): number {
  return Math.max(0, box.scrollHeight - box.scrollTop - box.clientHeight);
}

/** §4: the view follows new messages unless the reader is more than the threshold above the bottom. */
export function isFollowing(box: ScrollBox, threshold: number = CHAT.scrollThresholdPx): boolean {
  return distanceFromBottom(box) <= threshold;
}

/** A notice to show: a key (of "errors" unless `ns` says otherwise) with its interpolation values. */
export interface NoticeSpec {
  key: string;
  ns?: "errors" | "chat";
  params?: Record<string, string | number>;
}

/** Dollars as the errors catalogue's "${{sum}}" expects: "1" or "12.50". */
export function dollarsText(dollars: number): string {
  return Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
}

function field(body: unknown, name: string): unknown {
  return body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
}

/**
 * The notice for a refused send (§5): a mute with minutes left names the duration and the
 * reason; a null duration means banned forever; the minimum deposit names the sum; a network
 * failure (status 0) is chat_error.send_message; anything else is the server's key.
 */
export function sendFailureNotice(status: number, key: string, body: unknown): NoticeSpec {
  if (status === 0) return { key: "chat_error.send_message" };
  const reason = field(body, "reason");
  const reasonText = typeof reason === "string" ? reason : "";
  if (key === "chat_api.banned" || key === "chat_api.banned_forever") {
    const duration = field(body, "duration");
    if (key === "chat_api.banned" && typeof duration === "number" && duration > 0) {
      return { key: "chat_api.banned", params: { duration, reason: reasonText } };
    }
    return reasonText ? { key: "send.banned_forever", ns: "chat", params: { reason: reasonText } } : { key: "chat_api.banned_forever" };
  }
  if (key === "chat_api.min_deposit") {
    const sum = field(body, "sum");
    return { key, params: { sum: typeof sum === "number" ? dollarsText(sum) : "" } };
  }
  return { key };
}

/** A moderation call's failure: the server's key, or the action's chat_error.* on a network failure. */
export function moderationFailureNotice(status: number, key: string, fallback: string): NoticeSpec {
  return { key: status === 0 ? fallback : key };
}

// ── moderation modal (§5 "apply needs delete, or mute with a non-zero duration") ──

export type ModerationOperation = "delete" | "mute" | "unmute";
/** Minutes from CHAT.muteDurationsMinutes, "forever", or nothing chosen yet. */
export type MuteDuration = (typeof CHAT.muteDurationsMinutes)[number] | "forever" | null;

export interface ModerationForm {
  operation: ModerationOperation | null;
  duration: MuteDuration;
  reasonId: number | null;
}

/** A mute reason as /api/getConfig lists it (lib/config.ts). */
export type BanReason = ChatBanReason;

/** §5: only active ban reasons are offered. */
export function activeReasons(reasons: readonly BanReason[] | null | undefined): BanReason[] {
  return (reasons ?? []).filter((r) => r.is_active);
}

/** Whether Apply is allowed: delete; mute with a chosen duration and an active reason; unmute. */
export function canApplyModeration(form: ModerationForm, reasons: readonly BanReason[]): boolean {
  switch (form.operation) {
    case "delete":
    case "unmute":
      return true;
    case "mute":
      return form.duration !== null && form.reasonId !== null && activeReasons(reasons).some((r) => r.id === form.reasonId);
    case null:
      return false;
    default: {
      const never: never = form.operation;
      return never;
    }
  }
}

/** The /api/chat/ban body's duration: minutes, or null for forever. */
export function banDuration(duration: Exclude<MuteDuration, null>): Exclude<MuteDuration, "forever" | null> | null {
  return duration === "forever" ? null : duration;
}

/** Parses a <select> value back into a duration. */
export function parseDuration(value: string): MuteDuration {
  if (value === "forever") return "forever";
  const n = Number(value);
  return (CHAT.muteDurationsMinutes as readonly number[]).includes(n) ? (n as MuteDuration) : null;
}

// ── message view ──

export type RoleBadge = "admin" | "moderator" | "youtuber";

/** §6 role badges, most senior first. */
export function roleBadges(user: Pick<ChatUserJson, "is_admin" | "is_moderator" | "is_youtuber">): RoleBadge[] {
  const badges: RoleBadge[] = [];
  if (user.is_admin) badges.push("admin");
  if (user.is_moderator) badges.push("moderator");
  if (user.is_youtuber) badges.push("youtuber");
  return badges;
}

/** A system message's key in the "chat" namespace, or null when the text is not one (shown as text). */
export function systemKey(message: Pick<ChatMessageJson, "user" | "message">): `system.${string}` | null {
  if (!isSystemMessage(message)) return null;
  return /^system\.[a-z0-9_]+$/.test(message.message) ? (message.message as `system.${string}`) : null;
}

/**
 * A system text's player name stands in as this mark while translating, so the view can wrap the
 * real name in its own element (streamer mode blurs it) while the rest stays plain text.
 */
export const NAME_MARK = "\u2063name\u2063";

/** Splits a translated text around NAME_MARK: the pieces in order, the name pieces flagged. */
export function splitOnName(text: string): { text: string; name: boolean }[] {
  const parts: { text: string; name: boolean }[] = [];
  text.split(NAME_MARK).forEach((piece, i) => {
    if (i > 0) parts.push({ text: "", name: true });
    if (piece) parts.push({ text: piece, name: false });
  });
  return parts;
}

/** The commands the modal lists (§6), in order: !stats, !balance, then the bet-info command. */
export const COMMANDS = [
  { id: "stats", text: CHAT.commands[0] },
  { id: "balance", text: CHAT.commands[1] },
  { id: "bet", text: `${CHAT.betCommand} ` },
] as const satisfies readonly { id: string; text: string }[];
