// The console's logs: the audit log (keyset by id, newest first, filtered by actor, action or its
// prefix, target and time) and the chat log — every message the chat room posted (table
// chat_messages, written by worker/rooms/chat/log.ts), deleted ones with who deleted them and why.
import type { AuditRowJson, ChatLogRowJson } from "../../shared/api/admin-audit";
import { foldChatText } from "../../shared/chat-links";
import { CONSOLE, SYSTEM_USER_ID } from "../../shared/constants";
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
  from?: number | undefined;
  to?: number | undefined;
  deleted?: boolean | undefined;
  cursor?: number | undefined;
}

interface ChatSqlRow {
  id: number;
  user_id: number;
  username: string | null;
  avatar: string | null;
  type: string;
  text: string;
  params: string | null;
  created_at: number;
  deleted_at: number | null;
  deleted_by: number | null;
  deleted_by_name: string | null;
  delete_reason: string | null;
}

function chatParams(json: string | null): Record<string, string> | undefined {
  const v = parsed(json);
  if (v === null || typeof v !== "object" || Array.isArray(v)) return undefined;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
}

function chatRow(r: ChatSqlRow): ChatLogRowJson {
  const params = chatParams(r.params);
  return {
    id: r.id,
    user:
      r.user_id === SYSTEM_USER_ID
        ? { id: SYSTEM_USER_ID, username: "System", avatar: "default" } // as the room's SYSTEM_USER
        : { id: r.user_id, username: r.username ?? "", avatar: r.avatar ?? "default" },
    type: r.type,
    text: r.text,
    ...(params ? { params } : {}),
    time: r.created_at,
    deleted: r.deleted_at === null ? null : { by: { id: r.deleted_by ?? 0, username: r.deleted_by_name ?? "" }, at: r.deleted_at, reason: r.delete_reason },
  };
}

/**
 * A page of the chat log (table chat_messages, every message the room posted), newest first by
 * message id: by author, text (a substring of the folded text, folded the same way), send time
 * and deleted or not.
 */
export async function chatLogPage(env: DbEnv, f: ChatLogFilter): Promise<{ rows: ChatLogRowJson[]; next_cursor: number | null }> {
  const size = CONSOLE.chatPageSize;
  const text = f.text ? foldChatText(f.text) : "";
  const where: SQL[] = [sql`1 = 1`];
  if (f.user_id !== undefined) where.push(sql`m.user_id = ${f.user_id}`);
  if (text) where.push(sql`instr(m.folded, ${text}) > 0`);
  if (f.from !== undefined) where.push(sql`m.created_at >= ${f.from}`);
  if (f.to !== undefined) where.push(sql`m.created_at <= ${f.to}`);
  if (f.deleted === true) where.push(sql`m.deleted_at IS NOT NULL`);
  if (f.deleted === false) where.push(sql`m.deleted_at IS NULL`);
  if (f.cursor !== undefined) where.push(sql`m.id < ${f.cursor}`);
  const rows = await all<ChatSqlRow>(
    env.DB,
    sql`SELECT m.id, m.user_id, u.username, u.avatar, m.type, m.text, m.params, m.created_at,
               m.deleted_at, m.deleted_by, d.username AS deleted_by_name, m.delete_reason
          FROM chat_messages m LEFT JOIN users u ON u.id = m.user_id LEFT JOIN users d ON d.id = m.deleted_by
         WHERE ${sql.join(where, sql` AND `)} ORDER BY m.id DESC LIMIT ${size + 1}`,
  );
  const shown = rows.slice(0, size).map(chatRow);
  return { rows: shown, next_cursor: rows.length > size ? (shown.at(-1)?.id ?? null) : null };
}
