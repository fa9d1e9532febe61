// The chat log in D1 (table chat_messages, worker/db/schema/chat.ts): the room writes every
// message it posts here right after the broadcast, and a moderator's delete marks the row in the
// batch of its audit row. Keyed by the room's message id, so writing the same message again (a
// retry, the kept history re-logged at start) changes nothing.
import type { ChatMessageJson } from "../../../shared/api/chat";
import { foldChatText } from "../../../shared/chat-links";
import { batch, first, type SQL, sql } from "../../db/sql";

type DbEnv = Pick<Env, "DB">;

const params = (m: ChatMessageJson): Record<string, string> | undefined => (m.type === "MESSAGE" ? m.params : undefined);

/** The search form: the text and a system line's params, folded as the chat filter folds text. */
export function searchForm(m: ChatMessageJson): string {
  return foldChatText([m.message, ...Object.values(params(m) ?? {})].join(" "));
}

function values(m: ChatMessageJson): SQL {
  const p = params(m);
  return sql`${m.id}, ${m.user.id}, ${m.type}, ${m.message}, ${p ? JSON.stringify(p) : null}, ${searchForm(m)}, ${m.time}`;
}

const COLUMNS = sql.raw("(id, user_id, type, text, params, folded, created_at)");

/** Logs a message once (a second write of the same id does nothing). */
export function logStatement(m: ChatMessageJson): SQL {
  return sql`INSERT INTO chat_messages ${COLUMNS} VALUES (${values(m)}) ON CONFLICT (id) DO NOTHING`;
}

/**
 * Marks a message deleted — logging it first if its own write has not landed yet (it is still
 * in flight, or failed), so the mark cannot be lost. A message already marked keeps its first mark.
 */
export function deleteStatement(m: ChatMessageJson, actorId: number, reason: string | null, now: number): SQL {
  return sql`INSERT INTO chat_messages (id, user_id, type, text, params, folded, created_at, deleted_at, deleted_by, delete_reason)
             VALUES (${values(m)}, ${now}, ${actorId}, ${reason})
             ON CONFLICT (id) DO UPDATE SET deleted_at = excluded.deleted_at, deleted_by = excluded.deleted_by, delete_reason = excluded.delete_reason
             WHERE chat_messages.deleted_at IS NULL`;
}

/**
 * Writes messages to the log; a D1 failure is logged (console.error), never thrown: the players
 * already have the message, and the room keeps working without the log.
 */
export async function logMessages(env: DbEnv, messages: readonly ChatMessageJson[]): Promise<void> {
  if (messages.length === 0) return;
  try {
    await batch(env.DB, messages.map(logStatement));
  } catch (err) {
    console.error("chat log write failed", messages.map((m) => m.id).join(","), String(err));
  }
}

/** The highest message id the log holds (0 when empty). */
export async function lastLoggedId(env: DbEnv): Promise<number> {
  return (await first<{ id: number | null }>(env.DB, sql`SELECT max(id) AS id FROM chat_messages`))?.id ?? 0;
}
