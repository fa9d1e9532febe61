// Staff-only chat calls (spec §6): checked on the server on every call from the user row the
// session middleware just read (roles are never taken from the client). A visitor answers 401
// user_api.unauthorized, a signed-in player 403 chat_api.forbidden.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import { fail } from "../../lib/http";

export const requireChatStaff = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) return fail(c, 401, "user_api.unauthorized");
  if (!user.isAdmin && !user.isModerator) return fail(c, 403, "chat_api.forbidden");
  await next();
});
