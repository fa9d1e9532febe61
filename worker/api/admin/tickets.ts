// /api/admin/tickets/* (moderators and admins; docs/support.md "The staff queue"): the queue,
// a ticket with the player's context and its reference, reply, close, reopen. Every action is
// audited in the batch that makes it; the player hears it live (a `ticket` frame, a bell for a reply).
import { notificationContent } from "../../../shared/api/notifications";
import { ticketCalls } from "../../../shared/api/tickets";
import { pushNotification } from "../../lib/notify";
import { playerContext } from "../../tickets/context";
import { pushToPlayer, pushToStaff } from "../../tickets/push";
import { messagesOf, openCount, queue, ticketJson, ticketRow } from "../../tickets/read";
import { referenceDetail } from "../../tickets/reference";
import { addMessage, closeTicket, markSeen, reopenTicket } from "../../tickets/store";
import { findUser } from "../../user/queries";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const adminTicketRoutes = contractRoutes();

serve(adminTicketRoutes, ticketCalls.staffQueue, async (c) => {
  const { status, after } = c.req.valid("json");
  const [page, open] = await Promise.all([queue(c.env, status, after), openCount(c.env)]);
  return c.json({ ...page, open }, 200);
});

serve(adminTicketRoutes, ticketCalls.staffGet, async (c) => {
  const t = await ticketRow(c.env, c.req.valid("json").id);
  const player = t ? await findUser(c.env, t.user_id) : undefined;
  if (!t || !player) return refuse(c, ticketCalls.staffGet, "ticket_api.ticket_not_found");
  if (t.staff_unread) await markSeen(c.env, t.id, "staff");
  const [ticket, context, detail] = await Promise.all([
    ticketJson(c.env, t),
    playerContext(c.env, player),
    referenceDetail(c.env, { kind: t.reference_kind, id: t.reference_id }),
  ]);
  return c.json(
    {
      success: true as const,
      ticket: { ...ticket, user: { id: player.id, username: player.username, avatar: player.avatar } },
      context,
      reference_detail: detail,
    },
    200,
  );
});

serve(adminTicketRoutes, ticketCalls.staffReply, async (c) => {
  const { id, message } = c.req.valid("json");
  const t = await ticketRow(c.env, id);
  if (!t) return refuse(c, ticketCalls.staffReply, "ticket_api.ticket_not_found");
  const actor = { kind: "staff" as const, userId: c.get("user").id, ownerId: t.user_id, bell: notificationContent.ticketReply(t.id, t.subject) };
  const done = await addMessage(c.env, id, actor, message);
  if (!done.ok)
    return refuse(c, ticketCalls.staffReply, done.key as "ticket_api.ticket_not_found" | "ticket_api.ticket_closed" | "ticket_api.too_many_messages");
  c.executionCtx.waitUntil(
    Promise.all([pushNotification(c.env, t.user_id, done.bell), pushToPlayer(c.env, { ...t, player_unread: 1 }), pushToStaff(c.env, id)]),
  );
  return c.json({ success: true as const, messages: await messagesOf(c.env, id) }, 200);
});

serve(adminTicketRoutes, ticketCalls.staffClose, async (c) => {
  const { id } = c.req.valid("json");
  const t = await ticketRow(c.env, id);
  if (!t) return refuse(c, ticketCalls.staffClose, "ticket_api.ticket_not_found");
  const done = await closeTicket(c.env, id, { kind: "staff", userId: c.get("user").id, ownerId: t.user_id, bell: "" });
  if (!done.ok) return refuse(c, ticketCalls.staffClose, done.key as "ticket_api.ticket_not_found" | "ticket_api.already_closed");
  c.executionCtx.waitUntil(Promise.all([pushToPlayer(c.env, { ...t, status: 1, player_unread: 1 }), pushToStaff(c.env, id)]));
  return c.json({ success: true as const }, 200);
});

serve(adminTicketRoutes, ticketCalls.staffReopen, async (c) => {
  const { id } = c.req.valid("json");
  const t = await ticketRow(c.env, id);
  if (!t) return refuse(c, ticketCalls.staffReopen, "ticket_api.ticket_not_found");
  const done = await reopenTicket(c.env, id, { userId: c.get("user").id, ownerId: t.user_id });
  if (!done.ok) return refuse(c, ticketCalls.staffReopen, done.key as "ticket_api.ticket_not_found" | "ticket_api.already_open" | "ticket_api.has_open_ticket");
  c.executionCtx.waitUntil(Promise.all([pushToPlayer(c.env, { ...t, status: 0, player_unread: 1 }), pushToStaff(c.env, id)]));
  return c.json({ success: true as const }, 200);
});
