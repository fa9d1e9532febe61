// Support tickets (spec §3 Ticket, §4 Ticket, §5 Tickets, §7 /api/tickets/*; docs/support.md):
// the player's five calls as §7 lists them, and the staff queue's calls (moderators and admins).
// A ticket is open (0) or closed (1); a player has at most one open ticket; a closed ticket takes
// no messages. Another player's ticket is ticket_api.ticket_not_found, never its content.
import { z } from "zod";
import { TICKET } from "../constants";
import { dollarsJson } from "../money";
import { emptyBody, idSchema } from "./common";
import { contract } from "./contract";
import { getGameAnswer } from "./crash";
import { caseHistoryRow, cursorJson, withdrawHistoryRow } from "./history";
import { jackpotRoundAnswer } from "./jackpot";
import { adminPaymentJson, paymentIdSchema, paymentJson } from "./payments";
import { wheelRoundAnswer } from "./wheel";

export const TICKET_OPEN = 0;
export const TICKET_CLOSED = 1;
const ticketStatus = z.union([z.literal(TICKET_OPEN), z.literal(TICKET_CLOSED)]);

const epochMs = z.number().int().nonnegative();

// Bounds are counted on the trimmed text (what is stored); the form states them (§5).
export const subjectSchema = z.string().trim().min(TICKET.subjectMin).max(TICKET.subjectMax);
export const messageSchema = z.string().trim().min(TICKET.messageMin).max(TICKET.messageMax);

/**
 * What a ticket is about: a round (crash, jackpot, wheel), a case opening or a payment. Staff
 * see the round's verification or the payment's provider reports next to the messages.
 */
export const ticketReference = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("crash"), id: idSchema }),
  z.strictObject({ kind: z.literal("jackpot"), id: idSchema }),
  z.strictObject({ kind: z.literal("wheel"), id: idSchema }),
  z.strictObject({ kind: z.literal("case"), id: idSchema }),
  z.strictObject({ kind: z.literal("payment"), id: paymentIdSchema }),
]);
export type TicketReference = z.output<typeof ticketReference>;
export type TicketReferenceKind = TicketReference["kind"];

const referenceJson = z.union([
  z.strictObject({ kind: z.enum(["crash", "jackpot", "wheel", "case"]), id: z.number().int().positive() }),
  z.strictObject({ kind: z.literal("payment"), id: z.string() }),
]);

// ---- requests ----

export const ticketIdBody = z.object({ id: idSchema });
export const createTicketBody = z.object({
  ticket: z.strictObject({ subject: subjectSchema, message: messageSchema, reference: ticketReference.optional() }),
});
export type CreateTicketRequest = z.input<typeof createTicketBody>;
export const sendMessageBody = z.object({ id: idSchema, message: messageSchema });

// ---- answers ----

export const ticketMessageJson = z.strictObject({
  id: z.number().int().positive(),
  /** true: written by a moderator or an admin */
  staff: z.boolean(),
  /** the author's name (staff replies show the staff member's name) */
  username: z.string(),
  message: z.string(),
  created_at: epochMs,
});
export type TicketMessageJson = z.infer<typeof ticketMessageJson>;

/** A ticket in a list: the player's (§7 get) or the staff queue's. */
export const ticketSummaryJson = z.strictObject({
  id: z.number().int().positive(),
  status: ticketStatus,
  subject: z.string(),
  reference: referenceJson.nullable(),
  /** the player's list: staff replied since he last opened it; the queue: the player wrote since staff last opened it */
  unread: z.boolean(),
  /** who wrote last */
  last_from: z.enum(["player", "staff"]),
  messages_count: z.number().int().positive(),
  created_at: epochMs,
  updated_at: epochMs,
});
export type TicketSummaryJson = z.infer<typeof ticketSummaryJson>;

/** §3 Ticket: id, status, subject, message (the first), messages. */
export const ticketJson = z.strictObject({
  id: z.number().int().positive(),
  status: ticketStatus,
  subject: z.string(),
  message: z.string(),
  messages: z.array(ticketMessageJson).max(TICKET.messagesMax),
  reference: referenceJson.nullable(),
  created_at: epochMs,
  updated_at: epochMs,
});
export type TicketJson = z.infer<typeof ticketJson>;

export const ticketsAnswer = z.object({ tickets: z.array(ticketSummaryJson).max(TICKET.pageSize) });
export const ticketAnswer = z.object({ success: z.literal(true), ticket: ticketJson });
export const createTicketAnswer = z.object({ success: z.literal(true), message: z.literal("ticket_api.created"), id: z.number().int().positive() });
export const sendMessageAnswer = z.object({ success: z.literal(true), messages: z.array(ticketMessageJson).max(TICKET.messagesMax) });
export const closeTicketAnswer = z.object({ success: z.literal(true) });

// ---- staff ----

const playerJson = z.strictObject({ id: z.number().int().positive(), username: z.string(), avatar: z.string() });

export const staffTicketSummaryJson = ticketSummaryJson.extend({ user: playerJson });
export type StaffTicketSummaryJson = z.infer<typeof staffTicketSummaryJson>;

/** open: oldest first (the longest wait on top); closed: the latest closed first. */
export const queueBody = z.object({ status: ticketStatus.default(TICKET_OPEN), after: cursorJson.optional() });
export type QueueBody = z.input<typeof queueBody>;
export const queueAnswer = z.object({
  tickets: z.array(staffTicketSummaryJson).max(TICKET.pageSize),
  next: cursorJson.nullable(),
  /** open tickets in all */
  open: z.number().int().nonnegative(),
});

/** One of the player's latest bets in any mode, for the staff context. */
export const contextBetJson = z.strictObject({
  mode: z.enum(["crash", "jackpot", "wheel", "cases"]),
  game_id: z.number().int().positive(),
  bank: dollarsJson,
  win: dollarsJson,
  created_at: epochMs,
});

/** What staff see of the player next to the ticket (docs/support.md "The staff queue"). */
export const playerContextJson = z.strictObject({
  user: playerJson.extend({ balance: dollarsJson, banned: z.boolean(), created_at: epochMs }),
  deposits: z.array(paymentJson).max(TICKET.contextRows),
  withdraws: z.array(withdrawHistoryRow).max(TICKET.contextRows),
  bets: z.array(contextBetJson).max(TICKET.contextRows * 4),
  /** every payment of the player in `review` (the provider reported something the order did not expect) */
  review: z.array(adminPaymentJson),
});
export type PlayerContextJson = z.infer<typeof playerContextJson>;

/** The referenced round's verification or the payment's provider reports; null when it is gone. */
export const referenceDetailJson = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("crash"), crash: getGameAnswer }),
  z.strictObject({ kind: z.literal("jackpot"), jackpot: jackpotRoundAnswer }),
  z.strictObject({ kind: z.literal("wheel"), wheel: wheelRoundAnswer }),
  z.strictObject({ kind: z.literal("case"), open: caseHistoryRow }),
  z.strictObject({ kind: z.literal("payment"), payment: adminPaymentJson }),
]);
export type ReferenceDetailJson = z.infer<typeof referenceDetailJson>;

export const staffTicketAnswer = z.object({
  success: z.literal(true),
  ticket: ticketJson.extend({ user: playerJson }),
  context: playerContextJson,
  reference_detail: referenceDetailJson.nullable(),
});
export type StaffTicketAnswer = z.infer<typeof staffTicketAnswer>;

const invalidId = (error: z.ZodError) => (error.issues.some((i) => i.path[0] === "id") ? ("ticket_api.invalid_id" as const) : undefined);
const ticketNotFound = { "ticket_api.ticket_not_found": 404, "ticket_api.invalid_id": 400 } as const;

export const ticketCalls = {
  get: contract({
    method: "POST",
    path: "/api/tickets/get",
    access: "user",
    body: emptyBody,
    answer: ticketsAnswer,
    refusals: {},
    summary: "The caller's tickets, open first, then the latest",
  }),
  getById: contract({
    method: "POST",
    path: "/api/tickets/getById",
    access: "user",
    body: ticketIdBody,
    answer: ticketAnswer,
    refusals: ticketNotFound,
    summary: "One of the caller's tickets with its messages (marks the staff replies read)",
    invalid: invalidId,
  }),
  create: contract({
    method: "POST",
    path: "/api/tickets/create",
    access: "user",
    body: createTicketBody,
    answer: createTicketAnswer,
    refusals: {
      "ticket_api.invalid_subject": 400,
      "ticket_api.invalid_message": 400,
      "ticket_api.has_open_ticket": 409,
      "ticket_api.reference_not_found": 404,
    },
    summary: "Opens a ticket (one open ticket at a time), about a round or a payment if given",
    invalid: (error) => {
      const field = error.issues.find((i) => i.path[0] === "ticket")?.path[1];
      if (field === "subject") return "ticket_api.invalid_subject";
      if (field === "message") return "ticket_api.invalid_message";
      return undefined;
    },
  }),
  sendMessage: contract({
    method: "POST",
    path: "/api/tickets/sendMessage",
    access: "user",
    body: sendMessageBody,
    answer: sendMessageAnswer,
    refusals: { ...ticketNotFound, "ticket_api.invalid_message": 400, "ticket_api.ticket_closed": 409, "ticket_api.too_many_messages": 409 },
    summary: "Adds the caller's message to his open ticket; answers the messages",
    invalid: (error) => (error.issues.some((i) => i.path[0] === "message") ? "ticket_api.invalid_message" : invalidId(error)),
  }),
  close: contract({
    method: "POST",
    path: "/api/tickets/close",
    access: "user",
    body: ticketIdBody,
    answer: closeTicketAnswer,
    refusals: ticketNotFound,
    summary: "Closes the caller's ticket (closing a closed one answers success)",
    invalid: invalidId,
  }),

  staffQueue: contract({
    method: "POST",
    path: "/api/admin/tickets/list",
    access: "staff",
    body: queueBody,
    answer: queueAnswer,
    refusals: {},
    summary: "Staff: the ticket queue, open oldest first (or closed, latest first)",
  }),
  staffGet: contract({
    method: "POST",
    path: "/api/admin/tickets/get",
    access: "staff",
    body: ticketIdBody,
    answer: staffTicketAnswer,
    refusals: ticketNotFound,
    summary: "Staff: a ticket with the player's context and the referenced round or payment",
    invalid: invalidId,
  }),
  staffReply: contract({
    method: "POST",
    path: "/api/admin/tickets/reply",
    access: "staff",
    body: sendMessageBody,
    answer: sendMessageAnswer,
    refusals: { ...ticketNotFound, "ticket_api.invalid_message": 400, "ticket_api.ticket_closed": 409, "ticket_api.too_many_messages": 409 },
    summary: "Staff: replies to an open ticket (the player gets a bell and a live update; audited)",
    invalid: (error) => (error.issues.some((i) => i.path[0] === "message") ? "ticket_api.invalid_message" : invalidId(error)),
  }),
  staffClose: contract({
    method: "POST",
    path: "/api/admin/tickets/close",
    access: "staff",
    body: ticketIdBody,
    answer: closeTicketAnswer,
    refusals: { ...ticketNotFound, "ticket_api.already_closed": 409 },
    summary: "Staff: closes a ticket (audited)",
    invalid: invalidId,
  }),
  staffReopen: contract({
    method: "POST",
    path: "/api/admin/tickets/reopen",
    access: "staff",
    body: ticketIdBody,
    answer: closeTicketAnswer,
    refusals: { ...ticketNotFound, "ticket_api.already_open": 409, "ticket_api.has_open_ticket": 409 },
    summary: "Staff: reopens a closed ticket unless the player has another one open (audited)",
    invalid: invalidId,
  }),
};
