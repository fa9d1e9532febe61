// Chat message shapes the room builds (pure): who wrote it, system messages, and the kept history
// window. Messages are plain text; the room never interprets or escapes them (the client renders
// text, never HTML).
import { SYSTEM_USER_ID, type ChatMessageJson, type ChatUserJson } from "../../../shared/api/chat";
import { CHAT } from "../../../shared/constants";
import type { AuthorRow } from "../../chat/author";

/** A message before the room numbers and stamps it. */
export type Draft = DistributiveOmit<ChatMessageJson, "id" | "time">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export function chatUser(a: AuthorRow): ChatUserJson {
  return {
    id: a.id,
    // the shared schema bounds these; a long provider name must never make a frame unsendable
    username: a.username.slice(0, 64),
    avatar: a.avatar.slice(0, 300),
    is_admin: a.isAdmin,
    is_moderator: a.isModerator,
    is_youtuber: a.isYoutuber,
  };
}

export const SYSTEM_USER: ChatUserJson = {
  id: SYSTEM_USER_ID,
  username: "System",
  avatar: "default",
  is_admin: false,
  is_moderator: false,
  is_youtuber: false,
};

/** A system message: a key of the web "chat" namespace under system.* with its params (§3). */
export function systemDraft(key: `system.${string}`, params?: Record<string, string>): Draft {
  return { type: "MESSAGE", user: SYSTEM_USER, message: key, ...(params ? { params: clip(params) } : {}) };
}

function clip(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v.slice(0, 200)]));
}

export function stamp(draft: Draft, id: number, time: number): ChatMessageJson {
  return { ...draft, id, time } as ChatMessageJson;
}

/** The window the room keeps: the newest `size` messages, oldest first. */
export function keepLast(messages: readonly ChatMessageJson[], size: number = CHAT.historySize): ChatMessageJson[] {
  return messages.length > size ? messages.slice(messages.length - size) : [...messages];
}
