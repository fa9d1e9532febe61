// /api/chat/* (spec §7): history and sending for everyone (sending through the room's one send
// path), moderation for staff (§6). Every moderation action is audited (see worker/chat/mutes.ts
// and the hub's deleteMessage / clearChat).
import { chatCalls } from "../../../shared/api/chat";
import type { SendRefusalKey } from "../../rooms/chat/stub";
import { activeMutes, activeReasonName, muteUser, unmuteUser } from "../../chat/mutes";
import { chatRoom } from "../../rooms/chat/stub";
import { requestIp } from "../../lib/request-context";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const chatRoutes = contractRoutes();

serve(chatRoutes, chatCalls.getMessages, async (c) => {
  return c.json({ messages: await chatRoom(c.env).history() }, 200);
});

serve(chatRoutes, chatCalls.sendMessage, async (c) => {
  const { message } = c.req.valid("json");
  const { body } = await chatRoom(c.env).postMessage(c.get("user")?.id ?? null, message);
  if (body.status === "success") return c.json(body, 200);
  // the send path's keys (SendRefusalKey, worker/rooms/chat/send.ts) are the contract's refusals
  const { message: key, status: _status, ...extra } = body;
  return refuse(c, chatCalls.sendMessage, key as SendRefusalKey, extra);
});

serve(chatRoutes, chatCalls.delete, async (c) => {
  const { id, reason_id } = c.req.valid("json");
  let reason: { id: number; name: string } | undefined;
  if (reason_id !== undefined) {
    const name = await activeReasonName(c.env, reason_id);
    if (name === null) return refuse(c, chatCalls.delete, "chat_api.invalid_reason");
    reason = { id: reason_id, name };
  }
  if (!(await chatRoom(c.env).deleteMessage(id, c.get("user").id, reason, requestIp()))) return refuse(c, chatCalls.delete, "chat_api.message_not_found");
  return c.json({ success: true as const, message: "chat_api.deleted" as const }, 200);
});

serve(chatRoutes, chatCalls.ban, async (c) => {
  const { user_id, duration, reason_id } = c.req.valid("json");
  const result = await muteUser(c.env, c.get("user"), { userId: user_id, duration, reasonId: reason_id });
  if (!result.ok) return refuse(c, chatCalls.ban, result.key);
  return c.json({ success: true as const, message: "chat_api.blocked" as const }, 200);
});

serve(chatRoutes, chatCalls.mutes, async (c) => {
  return c.json({ mutes: await activeMutes(c.env) }, 200);
});

serve(chatRoutes, chatCalls.unBan, async (c) => {
  const { id } = c.req.valid("json");
  const result = await unmuteUser(c.env, c.get("user"), id);
  if (!result.ok) return refuse(c, chatCalls.unBan, result.key);
  return c.json({ success: true as const, message: "chat_api.unblocked" as const }, 200);
});

serve(chatRoutes, chatCalls.clear, async (c) => {
  await chatRoom(c.env).clearChat(c.get("user").id, requestIp());
  return c.json({ success: true as const, message: "chat_api.cleared" as const }, 200);
});
