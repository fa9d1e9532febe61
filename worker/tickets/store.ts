// Ticket writes (docs/support.md "Tickets"). Each is one D1 batch whose guards decide: the one
// open ticket per player (the tickets_one_open index's rule, checked first so a race answers a
// key), the owner, the status and the message cap. A message and its ticket's counters land
// together or not at all.
import type { TicketReference } from "../../shared/api/tickets";
import { TICKET } from "../../shared/constants";
import type { NotificationJson } from "../../shared/api/user";
import { auditStatement } from "../lib/audit";
import { notificationOf, notificationStatement } from "../lib/notify";
import { expectChanges, guard, refusalOf } from "../db/guards";
import { batch, rowsOf, type SQL, sql } from "../db/sql";
import { referenceExists } from "./reference";

type DbEnv = Pick<Env, "DB">;

export type TicketKey =
  | "ticket_api.ticket_not_found"
  | "ticket_api.has_open_ticket"
  | "ticket_api.reference_not_found"
  | "ticket_api.ticket_closed"
  | "ticket_api.too_many_messages"
  | "ticket_api.already_closed"
  | "ticket_api.already_open";

const KEYS: Record<string, TicketKey> = {
  "ticket.not_found": "ticket_api.ticket_not_found",
  "ticket.has_open": "ticket_api.has_open_ticket",
  "ticket.reference": "ticket_api.reference_not_found",
  "ticket.closed": "ticket_api.ticket_closed",
  "ticket.full": "ticket_api.too_many_messages",
  "ticket.already_closed": "ticket_api.already_closed",
  "ticket.already_open": "ticket_api.already_open",
};

export type Done<T = object> = ({ ok: true } & T) | { ok: false; key: TicketKey };

async function run<T>(env: DbEnv, statements: SQL[], then: (results: D1Result[]) => T): Promise<Done<T>> {
  try {
    return { ok: true, ...then(await batch(env.DB, statements)) };
  } catch (err) {
    const key = refusalOf(err, KEYS);
    if (key) return { ok: false, key };
    throw err;
  }
}

/** Whose ticket it is: the owner (a player's call) or anyone's (staff). */
export type Actor = { kind: "player"; userId: number } | { kind: "staff"; userId: number; ownerId: number; bell: string };

const ownedBy = (id: number, actor: Actor) => (actor.kind === "player" ? sql`id = ${id} AND user_id = ${actor.userId}` : sql`id = ${id}`);
const exists = (id: number, actor: Actor) => guard("ticket.not_found", sql`NOT EXISTS (SELECT 1 FROM tickets WHERE ${ownedBy(id, actor)})`);

export interface NewTicket {
  userId: number;
  subject: string;
  message: string;
  reference?: TicketReference;
}

/** Opens a ticket with its first message; answers its id. */
export async function createTicket(env: DbEnv, t: NewTicket, now = Date.now()): Promise<Done<{ id: number }>> {
  const ref = t.reference ? { kind: t.reference.kind, id: String(t.reference.id) } : null;
  return run(
    env,
    [
      guard("ticket.has_open", sql`EXISTS (SELECT 1 FROM tickets WHERE user_id = ${t.userId} AND status = 0)`),
      ...(t.reference ? [guard("ticket.reference", sql`NOT ${referenceExists(t.reference, t.userId)}`)] : []),
      sql`INSERT INTO tickets (user_id, subject, status, reference_kind, reference_id, player_unread, staff_unread, last_from, messages_count, created_at, updated_at)
          VALUES (${t.userId}, ${t.subject}, 0, ${ref?.kind ?? null}, ${ref?.id ?? null}, 0, 1, 'player', 1, ${now}, ${now}) RETURNING id`,
      sql`INSERT INTO ticket_messages (ticket_id, author_id, staff, message, created_at)
          SELECT id, ${t.userId}, 0, ${t.message}, ${now} FROM tickets WHERE user_id = ${t.userId} AND status = 0`,
    ],
    (results) => ({ id: rowsOf<{ id: number }>(results[t.reference ? 2 : 1])[0]?.id ?? 0 }),
  );
}

/**
 * Adds a message to an open ticket: the player's own (staff see it unread) or a staff reply (the
 * player sees it unread; audited in the same batch).
 */
export async function addMessage(env: DbEnv, id: number, actor: Actor, message: string, now = Date.now()): Promise<Done<{ bell: NotificationJson | null }>> {
  const staff = actor.kind === "staff";
  // a staff reply rings the player's bell: the row lands with the reply (or not at all)
  const bell = actor.kind === "staff" ? [notificationStatement({ userId: actor.ownerId, name: "ticket_reply", content: actor.bell, createdAt: now })] : [];
  return run(
    env,
    [
      exists(id, actor),
      guard("ticket.closed", sql`EXISTS (SELECT 1 FROM tickets WHERE id = ${id} AND status <> 0)`),
      guard("ticket.full", sql`EXISTS (SELECT 1 FROM tickets WHERE id = ${id} AND messages_count >= ${TICKET.messagesMax})`),
      sql`UPDATE tickets SET messages_count = messages_count + 1, updated_at = ${now}, last_from = ${staff ? "staff" : "player"},
                 player_unread = ${staff ? 1 : 0}, staff_unread = ${staff ? 0 : 1}
           WHERE ${ownedBy(id, actor)} AND status = 0 AND messages_count < ${TICKET.messagesMax}`,
      expectChanges(1, "ticket.closed"),
      sql`INSERT INTO ticket_messages (ticket_id, author_id, staff, message, created_at) VALUES (${id}, ${actor.userId}, ${staff ? 1 : 0}, ${message}, ${now})`,
      ...(actor.kind === "staff"
        ? [auditStatement({ actorId: actor.userId, action: "ticket.reply", targetUserId: actor.ownerId, details: { ticket: id } }, now)]
        : []),
      ...bell,
    ],
    (results) => ({ bell: bell.length ? notificationOf(results[results.length - 1]) : null }),
  );
}

/**
 * Closes a ticket. A player closing his closed ticket is answered success (a retried close);
 * staff are told it was already closed. Staff closes are audited.
 */
export async function closeTicket(env: DbEnv, id: number, actor: Actor, now = Date.now()): Promise<Done> {
  const staff = actor.kind === "staff";
  return run(
    env,
    [
      exists(id, actor),
      ...(staff ? [guard("ticket.already_closed", sql`EXISTS (SELECT 1 FROM tickets WHERE id = ${id} AND status = 1)`)] : []),
      sql`UPDATE tickets SET status = 1, closed_at = ${now}, updated_at = ${now}, player_unread = ${staff ? 1 : 0}, staff_unread = 0
           WHERE ${ownedBy(id, actor)} AND status = 0`,
      ...(actor.kind === "staff"
        ? [auditStatement({ actorId: actor.userId, action: "ticket.close", targetUserId: actor.ownerId, details: { ticket: id } }, now)]
        : []),
    ],
    () => ({}),
  );
}

/** Staff reopen a closed ticket, unless its player has opened another one meanwhile (audited). */
export async function reopenTicket(env: DbEnv, id: number, staff: { userId: number; ownerId: number }, now = Date.now()): Promise<Done> {
  return run(
    env,
    [
      exists(id, { kind: "staff", bell: "", ...staff }),
      guard("ticket.already_open", sql`EXISTS (SELECT 1 FROM tickets WHERE id = ${id} AND status = 0)`),
      guard("ticket.has_open", sql`EXISTS (SELECT 1 FROM tickets o JOIN tickets t ON t.user_id = o.user_id WHERE t.id = ${id} AND o.status = 0)`),
      sql`UPDATE tickets SET status = 0, closed_at = NULL, updated_at = ${now}, player_unread = 1 WHERE id = ${id} AND status = 1`,
      auditStatement({ actorId: staff.userId, action: "ticket.reopen", targetUserId: staff.ownerId, details: { ticket: id } }, now),
    ],
    () => ({}),
  );
}

/** The reader has seen the ticket: clears his side's unread mark. */
export async function markSeen(env: DbEnv, id: number, side: "player" | "staff"): Promise<void> {
  await batch(env.DB, [
    side === "player"
      ? sql`UPDATE tickets SET player_unread = 0 WHERE id = ${id} AND player_unread <> 0`
      : sql`UPDATE tickets SET staff_unread = 0 WHERE id = ${id} AND staff_unread <> 0`,
  ]);
}
