// /api/auth: the dev login (dev flag only, 404 otherwise) and logout (the session and its sockets).
import { Hono } from "hono";
import { emptyBody } from "../../../shared/api/common";
import { logoutAnswer, testLoginAnswer, testLoginQuery } from "../../../shared/api/auth";
import { requireUser } from "../../auth/middleware";
import { createSession, revokeSession } from "../../auth/sessions";
import { sessionTtlHours } from "../../auth/sign-in";
import { devLoginUser } from "../../auth/users";
import { db } from "../../db/client";
import { isDev, type AppEnv } from "../../env";
import { fail, jsonBody, queryParams } from "../../lib/http";
import { endSessionSockets } from "../../lib/session-sockets";
import { answer } from "../answer";

export const authRoutes = new Hono<AppEnv>()
  .get(
    "/test-login",
    async (c, next) => {
      // Checked before the query is even read: with the flag off the route does not exist.
      if (!isDev(c.env)) return fail(c, 404, "app_api.not_found");
      await next();
    },
    queryParams(testLoginQuery),
    async (c) => {
      const { username, role } = c.req.valid("query");
      const d = db(c.env);
      const user = await devLoginUser(d, username, role);
      if (user.banned) return fail(c, 403, "user_api.banned");
      return answer(c, testLoginAnswer, { api_token: await createSession(d, user.id, sessionTtlHours(c.env)) });
    },
  )
  .post("/logout", requireUser, jsonBody(emptyBody), async (c) => {
    const session = c.get("tokenHash");
    await revokeSession(db(c.env), session);
    // the sockets this session opened close too (4001), in every room, before the answer
    await endSessionSockets(c.env, session);
    return answer(c, logoutAnswer, { success: true });
  });
