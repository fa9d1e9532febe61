// /api/chat/* (spec §7): history and sending for everyone (sending through the room's one send
// path), moderation for staff (§6). Every moderation action is audited (see worker/chat/mutes.ts
// and the hub's deleteMessage / clearChat).
import { Hono } from "hono";
import { banBody, deleteMessageBody, sendMessageBody, unBanBody, type MutesAnswer } from "../../../shared/api/chat";
import { emptyBody } from "../../../shared/api/common";
import { errorBody } from "../../../shared/errors";
import { requireStaff } from "../../auth/middleware";
import { activeMutes, activeReasonName, muteUser, unmuteUser } from "../../chat/mutes";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { chatRoom } from "../../rooms/chat/stub";

const requireChatStaff = requireStaff("chat_api.forbidden");

export const chatRoutes = new Hono<AppEnv>()
  .post("/getMessages", jsonBody(emptyBody), async (c) => {
    return c.json({ messages: await chatRoom(c.env).history() });
  })
  .post("/sendMessage", jsonBody(sendMessageBody), async (c) => {
    const { message } = c.req.valid("json");
    const { status, body } = await chatRoom(c.env).postMessage(c.get("user")?.id ?? null, message);
    if (body.status === "success") return c.json(body, 200);
    const { message: key, status: _status, ...extra } = body;
    return c.json(errorBody(key, extra), status as 400);
  })
  .post("/delete", requireChatStaff, jsonBody(deleteMessageBody), async (c) => {
    const { id, reason_id } = c.req.valid("json");
    let reason: { id: number; name: string } | undefined;
    if (reason_id !== undefined) {
      const name = await activeReasonName(c.env, reason_id);
      if (name === null) return fail(c, 400, "chat_api.invalid_reason");
      reason = { id: reason_id, name };
    }
    if (!(await chatRoom(c.env).deleteMessage(id, c.get("user").id, reason))) return fail(c, 404, "chat_api.message_not_found");
    return c.json({ success: true as const, message: "chat_api.deleted" });
  })
  .post("/ban", requireChatStaff, jsonBody(banBody), async (c) => {
    const { user_id, duration, reason_id } = c.req.valid("json");
    const result = await muteUser(c.env, c.get("user"), { userId: user_id, duration, reasonId: reason_id });
    if (!result.ok) return fail(c, result.status, result.key);
    return c.json({ success: true as const, message: "chat_api.blocked" });
  })
  .post("/mutes", requireChatStaff, jsonBody(emptyBody), async (c) => {
    const answer: MutesAnswer = { mutes: await activeMutes(c.env) };
    return c.json(answer);
  })
  .post("/unBan", requireChatStaff, jsonBody(unBanBody), async (c) => {
    const { id } = c.req.valid("json");
    const result = await unmuteUser(c.env, c.get("user"), id);
    if (!result.ok) return fail(c, result.status, result.key);
    return c.json({ success: true as const, message: "chat_api.unblocked" });
  })
  .post("/clear", requireChatStaff, jsonBody(emptyBody), async (c) => {
    await chatRoom(c.env).clearChat(c.get("user").id);
    return c.json({ success: true as const, message: "chat_api.cleared" });
  });
