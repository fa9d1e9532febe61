// /api/admin/users/* (admin only, every action audited): balance adjustment, ban, unban
// (worker/user/admin-actions.ts).
import { Hono } from "hono";
import { adjustAnswer, adjustBody, banBody, successAnswer, unbanBody } from "../../../shared/api/admin";
import { toDollars } from "../../../shared/money";
import { requireAdmin } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { adjustBalance, banUser, unbanUser } from "../../user/admin-actions";
import { answer } from "../answer";

export const adminUserRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .post("/adjust", jsonBody(adjustBody), async (c) => {
    const { user_id: userId, amount, reason, idempotency_key } = c.req.valid("json");
    const done = await adjustBalance(c.env, c.get("user").id, { userId, amount, reason, idempotencyKey: idempotency_key });
    if (!done.ok) return fail(c, done.status, done.key);
    if (done.replay) return answer(c, adjustAnswer, { success: true, balance: toDollars(done.balance), replay: true });
    return answer(c, adjustAnswer, { success: true, balance: toDollars(done.balance) });
  })
  .post("/ban", jsonBody(banBody), async (c) => {
    const { user_id: userId, reason } = c.req.valid("json");
    const done = await banUser(c.env, c.get("user").id, userId, reason);
    if (!done.ok) return fail(c, done.status, done.key);
    return answer(c, successAnswer, { success: true });
  })
  .post("/unban", jsonBody(unbanBody), async (c) => {
    const { user_id: userId } = c.req.valid("json");
    const done = await unbanUser(c.env, c.get("user").id, userId);
    if (!done.ok) return fail(c, done.status, done.key);
    return answer(c, successAnswer, { success: true });
  });
