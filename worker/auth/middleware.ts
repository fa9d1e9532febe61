// Reads the Bearer token on every call. A banned user's token answers 403 user_api.banned
// on every route (§4, architecture.md); guards below require sign-in or a staff role.
import { createMiddleware } from "hono/factory";
import { db } from "../db/client";
import type { AppEnv } from "../env";
import { fail } from "../lib/http";
import { userForToken } from "./sessions";

export const readSession = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (token) {
    const found = await userForToken(db(c.env), token);
    if (found?.user.banned) return fail(c, 403, "user_api.banned");
    c.set("user", found?.user);
    c.set("tokenHash", found?.tokenHash);
  }
  await next();
});

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("user")) return fail(c, 401, "user_api.unauthorized");
  await next();
});

/** Moderator or admin. */
export const requireStaff = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) return fail(c, 401, "user_api.unauthorized");
  if (!user.isAdmin && !user.isModerator) return fail(c, 403, "user_api.forbidden");
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) return fail(c, 401, "user_api.unauthorized");
  if (!user.isAdmin) return fail(c, 403, "user_api.forbidden");
  await next();
});
