// /api/admin/users/* (admin only, every action audited): balance adjustment, ban, unban
// (worker/user/admin-actions.ts); the console's search, user page, sessions and role
// (worker/admin-users/*).
import { adminCalls } from "../../../shared/api/admin";
import { USER_NOT_FOUND } from "../../../shared/errors";
import { toDollars } from "../../../shared/money";
import { endSessions, setRole } from "../../admin-users/actions";
import { searchUsers, userDetail } from "../../admin-users/read";
import { findUser } from "../../user/queries";
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
  const { user_id: userId, reason } = c.req.valid("json");
  const done = await unbanUser(c.env, c.get("user").id, userId, reason);
  if (!done.ok) return refuse(c, adminCalls.unban, done.key);
  return c.json({ success: true as const }, 200);
});

serve(adminUserRoutes, adminCalls.search, async (c) => {
  return c.json(await searchUsers(c.env, c.req.valid("json")), 200);
});

serve(adminUserRoutes, adminCalls.get, async (c) => {
  const user = await findUser(c.env, c.req.valid("json").user_id);
  if (!user) return refuse(c, adminCalls.get, USER_NOT_FOUND);
  return c.json(await userDetail(c.env, user), 200);
});

serve(adminUserRoutes, adminCalls.endSessions, async (c) => {
  const { user_id: userId, session } = c.req.valid("json");
  const done = await endSessions(c.env, c.get("user").id, userId, session);
  if (!done.ok) return refuse(c, adminCalls.endSessions, done.key);
  return c.json({ success: true as const, ended: done.ended }, 200);
});

serve(adminUserRoutes, adminCalls.setRole, async (c) => {
  const { user_id: userId, role } = c.req.valid("json");
  const done = await setRole(c.env, c.get("user").id, userId, role);
  if (!done.ok) return refuse(c, adminCalls.setRole, done.key);
  return c.json({ success: true as const, role }, 200);
});
