// /api/admin/users/* (admin only, every action audited): balance adjustment, ban, unban
// (worker/user/admin-actions.ts).
import { adminCalls } from "../../../shared/api/admin";
import { toDollars } from "../../../shared/money";
import { adjustBalance, banUser, unbanUser } from "../../user/admin-actions";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const adminUserRoutes = contractRoutes();

serve(adminUserRoutes, adminCalls.adjust, async (c) => {
  const { user_id: userId, amount, reason, idempotency_key } = c.req.valid("json");
  const done = await adjustBalance(c.env, c.get("user").id, { userId, amount, reason, idempotencyKey: idempotency_key });
  if (!done.ok) return refuse(c, adminCalls.adjust, done.key);
  if (done.replay) return c.json({ success: true as const, balance: toDollars(done.balance), replay: true as const }, 200);
  return c.json({ success: true as const, balance: toDollars(done.balance) }, 200);
});

serve(adminUserRoutes, adminCalls.ban, async (c) => {
  const { user_id: userId, reason } = c.req.valid("json");
  const done = await banUser(c.env, c.get("user").id, userId, reason);
  if (!done.ok) return refuse(c, adminCalls.ban, done.key);
  return c.json({ success: true as const }, 200);
});

serve(adminUserRoutes, adminCalls.unban, async (c) => {
  const { user_id: userId } = c.req.valid("json");
  const done = await unbanUser(c.env, c.get("user").id, userId);
  if (!done.ok) return refuse(c, adminCalls.unban, done.key);
  return c.json({ success: true as const }, 200);
});
