// /api/auth: the dev login (dev flag only, 404 otherwise) and logout (the session and its sockets).
import { authCalls } from "../../../shared/api/auth";
import { createSession, revokeSession } from "../../auth/sessions";
import { sessionTtlHours } from "../../auth/sign-in";
import { devLoginUser } from "../../auth/users";
import { db } from "../../db/client";
import { isDev } from "../../env";
import { endSessionSockets } from "../../lib/session-sockets";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const authRoutes = contractRoutes();

// Checked before the query is even read: with the flag off the route does not exist.
authRoutes.use(authCalls.testLogin.path, async (c, next) => {
  if (!isDev(c.env)) return refuse(c, authCalls.testLogin, "app_api.not_found");
  await next();
});

serve(authRoutes, authCalls.testLogin, async (c) => {
  const { username, role, second_factor } = c.req.valid("query");
  const d = db(c.env);
  const user = await devLoginUser(d, username, role);
  if (user.banned) return refuse(c, authCalls.testLogin, "user_api.banned");
  const now = Date.now();
  // dev flag only: a staff session that has passed the second factor (docs/security.md "Second factor")
  const passed = (user.isAdmin || user.isModerator) && second_factor !== "required" ? now : null;
  return c.json({ api_token: await createSession(d, user.id, sessionTtlHours(c.env), now, passed) }, 200);
});

serve(authRoutes, authCalls.logout, async (c) => {
  const session = c.get("tokenHash");
  await revokeSession(db(c.env), session);
  // the sockets this session opened close too (4001), in every room, before the answer
  await endSessionSockets(c.env, session);
  return c.json({ success: true as const }, 200);
});
