// /api/tickets/* (spec §7, §5 Tickets; docs/support.md "Tickets"): the player's own tickets. A
// ticket of another player is ticket_not_found, the same answer as one that does not exist.
import { ticketCalls } from "../../../shared/api/tickets";
import { pushToPlayer, pushToStaff } from "../../tickets/push";
import { ticketJson, ticketRow, ticketsOf } from "../../tickets/read";
import { addMessage, closeTicket, createTicket, markSeen } from "../../tickets/store";
import { messagesOf } from "../../tickets/read";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const ticketRoutes = contractRoutes();

serve(ticketRoutes, ticketCalls.get, async (c) => c.json({ tickets: await ticketsOf(c.env, c.get("user").id) }, 200));

serve(ticketRoutes, ticketCalls.getById, async (c) => {
  const t = await ticketRow(c.env, c.req.valid("json").id, c.get("user").id);
  if (!t) return refuse(c, ticketCalls.getById, "ticket_api.ticket_not_found");
  if (t.player_unread) await markSeen(c.env, t.id, "player");
  return c.json({ success: true as const, ticket: await ticketJson(c.env, t) }, 200);
});

serve(ticketRoutes, ticketCalls.create, async (c) => {
  const { ticket } = c.req.valid("json");
  const done = await createTicket(c.env, { userId: c.get("user").id, ...ticket });
  if (!done.ok) return refuse(c, ticketCalls.create, done.key as "ticket_api.has_open_ticket" | "ticket_api.reference_not_found");
  c.executionCtx.waitUntil(pushToStaff(c.env, done.id));
  return c.json({ success: true as const, message: "ticket_api.created" as const, id: done.id }, 200);
});

serve(ticketRoutes, ticketCalls.sendMessage, async (c) => {
  const { id, message } = c.req.valid("json");
  const done = await addMessage(c.env, id, { kind: "player", userId: c.get("user").id }, message);
  if (!done.ok)
    return refuse(c, ticketCalls.sendMessage, done.key as "ticket_api.ticket_not_found" | "ticket_api.ticket_closed" | "ticket_api.too_many_messages");
  c.executionCtx.waitUntil(pushToStaff(c.env, id));
  return c.json({ success: true as const, messages: await messagesOf(c.env, id) }, 200);
});

serve(ticketRoutes, ticketCalls.close, async (c) => {
  const { id } = c.req.valid("json");
  const me = c.get("user").id;
  const done = await closeTicket(c.env, id, { kind: "player", userId: me });
  if (!done.ok) return refuse(c, ticketCalls.close, "ticket_api.ticket_not_found");
  // his other tabs hear it as they hear a staff close; the queue refetches
  c.executionCtx.waitUntil(Promise.all([pushToPlayer(c.env, { id, user_id: me, status: 1, player_unread: 0 }), pushToStaff(c.env, id)]));
  return c.json({ success: true as const }, 200);
});
