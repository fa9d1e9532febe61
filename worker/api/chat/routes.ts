// /api/chat/* (spec §7): history and sending for everyone (sending through the room's one send
// path), moderation for staff (§6). Every moderation action is audited (see worker/chat/mutes.ts
// and the hub's deleteMessage / clearChat).
import { Hono } from "hono";
import {
  banAnswer,
  banBody,
  clearAnswer,
  deleteAnswer,
  deleteMessageBody,
  getMessagesAnswer,
  mutesAnswer,
  sendMessageAnswer,
  sendMessageBody,
  unBanAnswer,
  unBanBody,
} from "../../../shared/api/chat";
import { emptyBody } from "../../../shared/api/common";
import { requireStaff } from "../../auth/middleware";
import { activeMutes, activeReasonName, muteUser, unmuteUser } from "../../chat/mutes";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { chatRoom } from "../../rooms/chat/stub";
import { answer } from "../answer";

const requireChatStaff = requireStaff("chat_api.forbidden");

export const chatRoutes = new Hono<AppEnv>()
  .post("/getMessages", jsonBody(emptyBody), async (c) => {
    return answer(c, getMessagesAnswer, { messages: await chatRoom(c.env).history() });
  })
  .post("/sendMessage", jsonBody(sendMessageBody), async (c) => {
    const { message } = c.req.valid("json");
    const { status, body } = await chatRoom(c.env).postMessage(c.get("user")?.id ?? null, message);
    if (body.status === "success") return answer(c, sendMessageAnswer, body);
    const { message: key, status: _status, ...extra } = body;
    return fail(c, status as 400, key, extra);
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
    return answer(c, deleteAnswer, { success: true, message: "chat_api.deleted" });
  })
  .post("/ban", requireChatStaff, jsonBody(banBody), async (c) => {
    const { user_id, duration, reason_id } = c.req.valid("json");
    const result = await muteUser(c.env, c.get("user"), { userId: user_id, duration, reasonId: reason_id });
    if (!result.ok) return fail(c, result.status, result.key);
    return answer(c, banAnswer, { success: true, message: "chat_api.blocked" });
  })
  .post("/mutes", requireChatStaff, jsonBody(emptyBody), async (c) => {
    return answer(c, mutesAnswer, { mutes: await activeMutes(c.env) });
  })
  .post("/unBan", requireChatStaff, jsonBody(unBanBody), async (c) => {
    const { id } = c.req.valid("json");
    const result = await unmuteUser(c.env, c.get("user"), id);
    if (!result.ok) return fail(c, result.status, result.key);
    return answer(c, unBanAnswer, { success: true, message: "chat_api.unblocked" });
  })
  .post("/clear", requireChatStaff, jsonBody(emptyBody), async (c) => {
    await chatRoom(c.env).clearChat(c.get("user").id);
    return answer(c, clearAnswer, { success: true, message: "chat_api.cleared" });
  });
