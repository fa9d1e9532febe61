// Ticket reads (docs/support.md): the player's list, one ticket with its messages, the staff
// queue (open oldest first, closed latest first, keyset pages) and the open count.
import type { CursorJson } from "../../shared/api/history";
import type { StaffTicketSummaryJson, TicketJson, TicketMessageJson, TicketSummaryJson } from "../../shared/api/tickets";
import { TICKET } from "../../shared/constants";
import { all, first, sql } from "../db/sql";
import { referenceJson } from "./reference";

type DbEnv = Pick<Env, "DB">;

export interface TicketRow {
  id: number;
  user_id: number;
  subject: string;
  status: 0 | 1;
  reference_kind: string | null;
  reference_id: string | null;
  player_unread: number;
  staff_unread: number;
  last_from: "player" | "staff";
  messages_count: number;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
}

function summary(t: TicketRow, side: "player" | "staff"): TicketSummaryJson {
  return {
    id: t.id,
    status: t.status,
    subject: t.subject,
    reference: referenceJson({ kind: t.reference_kind, id: t.reference_id }),
    unread: Boolean(side === "player" ? t.player_unread : t.staff_unread),
    last_from: t.last_from,
    messages_count: Math.max(1, t.messages_count),
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

/** The player's tickets: the open one first, then the latest. */
export async function ticketsOf(env: DbEnv, userId: number): Promise<TicketSummaryJson[]> {
  const rows = await all<TicketRow>(
    env.DB,
    sql`SELECT * FROM tickets WHERE user_id = ${userId} ORDER BY status ASC, updated_at DESC, id DESC LIMIT ${TICKET.pageSize}`,
  );
  return rows.map((t) => summary(t, "player"));
}

/** A ticket row: the player's own (owner given) or any (staff). */
export async function ticketRow(env: DbEnv, id: number, ownerId?: number): Promise<TicketRow | null> {
  return first<TicketRow>(env.DB, sql`SELECT * FROM tickets WHERE id = ${id} AND (${ownerId ?? null} IS NULL OR user_id = ${ownerId ?? null})`);
}

interface MessageRow {
  id: number;
  staff: number;
  username: string;
  message: string;
  created_at: number;
}

export async function messagesOf(env: DbEnv, ticketId: number): Promise<TicketMessageJson[]> {
  const rows = await all<MessageRow>(
    env.DB,
    sql`SELECT m.id, m.staff, u.username, m.message, m.created_at FROM ticket_messages m JOIN users u ON u.id = m.author_id
         WHERE m.ticket_id = ${ticketId} ORDER BY m.id LIMIT ${TICKET.messagesMax}`,
  );
  return rows.map((m) => ({ id: m.id, staff: Boolean(m.staff), username: m.username, message: m.message, created_at: m.created_at }));
}

/** §3 Ticket: the row with its messages; `message` is the first one. */
export async function ticketJson(env: DbEnv, t: TicketRow): Promise<TicketJson> {
  const messages = await messagesOf(env, t.id);
  return {
    id: t.id,
    status: t.status,
    subject: t.subject,
    message: messages[0]?.message ?? "",
    messages,
    reference: referenceJson({ kind: t.reference_kind, id: t.reference_id }),
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

type QueueRow = TicketRow & { username: string; avatar: string; at: number; key: number };

/**
 * The staff queue: open tickets oldest first (the longest wait on top) or closed ones latest
 * closed first; `after` continues a page (its cursor is the last row's date and id).
 */
export async function queue(env: DbEnv, status: 0 | 1, after: CursorJson | undefined): Promise<{ tickets: StaffTicketSummaryJson[]; next: CursorJson | null }> {
  const size = TICKET.pageSize;
  const rows =
    status === 0
      ? await all<QueueRow>(
          env.DB,
          sql`SELECT t.*, u.username, u.avatar, t.created_at AS at, t.id AS key FROM tickets t JOIN users u ON u.id = t.user_id
               WHERE t.status = 0 AND ${after ? sql`(t.created_at > ${after.at} OR (t.created_at = ${after.at} AND t.id > ${after.id}))` : sql`1 = 1`}
               ORDER BY t.created_at ASC, t.id ASC LIMIT ${size + 1}`,
        )
      : await all<QueueRow>(
          env.DB,
          sql`SELECT t.*, u.username, u.avatar, t.closed_at AS at, t.id AS key FROM tickets t JOIN users u ON u.id = t.user_id
               WHERE t.status = 1 AND ${after ? sql`(t.closed_at < ${after.at} OR (t.closed_at = ${after.at} AND t.id < ${after.id}))` : sql`1 = 1`}
               ORDER BY t.closed_at DESC, t.id DESC LIMIT ${size + 1}`,
        );
  const shown = rows.slice(0, size);
  const last = shown[shown.length - 1];
  return {
    tickets: shown.map((t) => ({ ...summary(t, "staff"), user: { id: t.user_id, username: t.username, avatar: t.avatar } })),
    next: rows.length > size && last ? { at: last.at, id: last.key } : null,
  };
}

export async function openCount(env: DbEnv): Promise<number> {
  const row = await first<{ n: number }>(env.DB, sql`SELECT COUNT(*) AS n FROM tickets WHERE status = 0`);
  return row?.n ?? 0;
}

/** Every staff account (moderators and admins, not banned): who hears the queue's frames. */
export async function staffIds(env: DbEnv): Promise<number[]> {
  const rows = await all<{ id: number }>(env.DB, sql`SELECT id FROM users WHERE (is_admin <> 0 OR is_moderator <> 0) AND banned = 0`);
  return rows.map((r) => r.id);
}
