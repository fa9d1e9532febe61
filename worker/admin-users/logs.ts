// The console's logs: the audit log (keyset by id, newest first, filtered by actor, action or its
// prefix, target and time) and the chat log — the room's kept messages (it keeps the latest
// CHAT.historySize) merged with every deleted one, read back from its chat.delete audit row.
import type { AuditRowJson, ChatLogRowJson } from "../../shared/api/admin-audit";
import type { ChatMessageJson } from "../../shared/api/chat";
import { CONSOLE } from "../../shared/constants";
import { all, type SQL, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;

interface AuditSqlRow {
  id: number;
  actor_id: number;
  actor_name: string | null;
  action: string;
  target_user_id: number | null;
  target_name: string | null;
  details: string;
  before: string | null;
  after: string | null;
  ip: string | null;
  created_at: number;
}

function parsed(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

function details(json: string): Record<string, unknown> {
  const v = parsed(json);
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
}

export interface AuditFilter {
  actor_id?: number | undefined;
  action?: string | undefined;
  target_user_id?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
  cursor?: number | undefined;
}

export async function auditPage(env: DbEnv, f: AuditFilter): Promise<{ rows: AuditRowJson[]; next_cursor: number | null }> {
  const where: SQL[] = [sql`1 = 1`];
  if (f.actor_id !== undefined) where.push(sql`a.actor_id = ${f.actor_id}`);
  if (f.action !== undefined) where.push(f.action.endsWith(".") ? sql`substr(a.action, 1, ${f.action.length}) = ${f.action}` : sql`a.action = ${f.action}`);
  if (f.target_user_id !== undefined) where.push(sql`a.target_user_id = ${f.target_user_id}`);
  if (f.from !== undefined) where.push(sql`a.created_at >= ${f.from}`);
  if (f.to !== undefined) where.push(sql`a.created_at <= ${f.to}`);
  if (f.cursor !== undefined) where.push(sql`a.id < ${f.cursor}`);
  const rows = await all<AuditSqlRow>(
    env.DB,
    sql`SELECT a.id, a.actor_id, actor.username AS actor_name, a.action, a.target_user_id, target.username AS target_name,
               a.details, a.before, a.after, a.ip, a.created_at
          FROM audit_log a LEFT JOIN users actor ON actor.id = a.actor_id LEFT JOIN users target ON target.id = a.target_user_id
         WHERE ${sql.join(where, sql` AND `)} ORDER BY a.id DESC LIMIT ${CONSOLE.pageSize + 1}`,
  );
  const shown = rows.slice(0, CONSOLE.pageSize);
  return {
    rows: shown.map((r) => ({
      id: r.id,
      actor: { id: r.actor_id, username: r.actor_name ?? "" },
      action: r.action,
      target: r.target_user_id === null ? null : { id: r.target_user_id, username: r.target_name ?? "" },
      details: details(r.details),
      before: parsed(r.before),
      after: parsed(r.after),
      ip: r.ip,
      created_at: r.created_at,
    })),
    next_cursor: rows.length > CONSOLE.pageSize ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** Every action the log holds (the filter's select). */
export async function auditActions(env: DbEnv): Promise<string[]> {
  const rows = await all<{ action: string }>(env.DB, sql`SELECT DISTINCT action FROM audit_log ORDER BY action`);
  return rows.map((r) => r.action);
}

export interface ChatLogFilter {
  user_id?: number | undefined;
  text?: string | undefined;
  cursor?: number | undefined;
}

interface DeletedSqlRow {
  message_id: number;
  type: string | null;
  message: string | null;
  reason: string | null;
  target_user_id: number | null;
  username: string | null;
  avatar: string | null;
  actor_id: number;
  actor_name: string | null;
  created_at: number;
}

function keptRow(m: ChatMessageJson): ChatLogRowJson {
  return {
    id: m.id,
    user: { id: m.user.id, username: m.user.username, avatar: m.user.avatar },
    type: m.type,
    text: m.message,
    ...(m.type === "MESSAGE" && m.params ? { params: m.params } : {}),
    time: m.time,
    deleted: null,
  };
}

function deletedRow(r: DeletedSqlRow): ChatLogRowJson {
  return {
    id: r.message_id,
    user: { id: r.target_user_id ?? 0, username: r.username ?? "System", avatar: r.avatar ?? "default" },
    type: r.type ?? "MESSAGE",
    text: r.message ?? "",
    time: null,
    deleted: { by: { id: r.actor_id, username: r.actor_name ?? "" }, at: r.created_at, reason: r.reason },
  };
}

/** A page of the chat log, newest message first: `kept` is the room's history (oldest first). */
export async function chatLogPage(
  env: DbEnv,
  kept: readonly ChatMessageJson[],
  f: ChatLogFilter,
): Promise<{ rows: ChatLogRowJson[]; next_cursor: number | null }> {
  const size = CONSOLE.chatPageSize;
  const text = f.text?.toLowerCase();
  const where: SQL[] = [sql`a.action = 'chat.delete'`, sql`json_extract(a.details, '$.message_id') IS NOT NULL`];
  if (f.user_id !== undefined) where.push(sql`a.target_user_id = ${f.user_id}`);
  if (text) where.push(sql`instr(lower(json_extract(a.details, '$.message')), ${text}) > 0`);
  if (f.cursor !== undefined) where.push(sql`json_extract(a.details, '$.message_id') < ${f.cursor}`);
  const deleted = await all<DeletedSqlRow>(
    env.DB,
    sql`SELECT json_extract(a.details, '$.message_id') AS message_id, json_extract(a.details, '$.type') AS type,
               json_extract(a.details, '$.message') AS message, json_extract(a.details, '$.reason') AS reason,
               a.target_user_id, u.username, u.avatar, a.actor_id, actor.username AS actor_name, a.created_at
          FROM audit_log a LEFT JOIN users u ON u.id = a.target_user_id LEFT JOIN users actor ON actor.id = a.actor_id
         WHERE ${sql.join(where, sql` AND `)} ORDER BY message_id DESC, a.id DESC LIMIT ${size + 1}`,
  );
  const deletedIds = new Set(deleted.map((d) => d.message_id));
  const live = kept
    .filter((m) => !deletedIds.has(m.id))
    .filter((m) => f.cursor === undefined || m.id < f.cursor)
    .filter((m) => f.user_id === undefined || m.user.id === f.user_id)
    .filter((m) => !text || m.message.toLowerCase().includes(text))
    .map(keptRow);
  // a kept message whose delete was audited is shown deleted (the room removes it right after)
  const merged = [...live, ...deleted.map(deletedRow)].sort((a, b) => b.id - a.id);
  const shown = merged.slice(0, size);
  return { rows: shown, next_cursor: merged.length > size ? (shown.at(-1)?.id ?? null) : null };
}
