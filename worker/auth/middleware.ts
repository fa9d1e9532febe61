// Reads the Bearer token on every call. A banned user's token answers 403 user_api.banned
// on every route (§4, docs/security.md "Security"); guards below require sign-in or a staff role.
import { createMiddleware } from "hono/factory";
import { db } from "../db/client";
import type { AppEnv, SignedInEnv } from "../env";
import { fail } from "../lib/http";
import { userForToken } from "./sessions";
import { factorPassed } from "./second-factor";

export const readSession = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (token) {
    const found = await userForToken(db(c.env), token);
    if (found?.user.banned) return fail(c, 403, "user_api.banned");
    c.set("user", found?.user);
    c.set("tokenHash", found?.tokenHash);
    c.set("secondFactorAt", found?.secondFactorAt ?? null);
  }
  await next();
});

// The guards are typed with SignedInEnv: a route (or sub-app) behind one of them reads
// `c.get("user")` as a UserRow, no non-null assertion needed. Inside the guards the type already
// says UserRow; they still check it at run time, since establishing it is their job.
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.get("user")) return fail(c, 401, "user_api.unauthorized");
  await next();
});

/**
 * Moderator or admin; a visitor answers 401 user_api.unauthorized, a signed-in player 403 with
 * the group's own key (chat_api.forbidden, cases_api.forbidden). Roles come from the user row
 * readSession just read, never from the client.
 */
export function requireStaff(forbiddenKey: "chat_api.forbidden" | "cases_api.forbidden" | "user_api.forbidden") {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    const user = c.get("user");
    if (!user) return fail(c, 401, "user_api.unauthorized");
    if (!user.isAdmin && !user.isModerator) return fail(c, 403, forbiddenKey);
    if (!factorPassed(c.env, c.get("secondFactorAt"))) return fail(c, 403, "user_api.second_factor_required");
    await next();
  });
}

export const requireAdmin = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) return fail(c, 401, "user_api.unauthorized");
  if (!user.isAdmin) return fail(c, 403, "user_api.forbidden");
  if (!factorPassed(c.env, c.get("secondFactorAt"))) return fail(c, 403, "user_api.second_factor_required");
  await next();
});

/** A moderator or admin, second factor or not: the routes that enrol and check the factor. */
export const requireStaffRole = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) return fail(c, 401, "user_api.unauthorized");
  if (!user.isAdmin && !user.isModerator) return fail(c, 403, "user_api.forbidden");
  await next();
});
