// Small I/O helpers of the crash room shell: whether a session may still move money, whether a
// user may use the dev tools.
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import { isDev } from "../../env";
import { first, sql } from "../../db/sql";
import { liveSession } from "../../db/guards";

/**
 * Why a socket's session may not move money now (null = it may): checked against D1 on every
 * manual cash-out, so a logout or ban the room never heard of (its RPC failed, the room
 * restarted) still refuses it. One primary-key read of the session joined to its user.
 */
export async function sessionRefusal(
  env: Pick<Env, "DB">,
  userId: number,
  session: string | null | undefined,
  now = Date.now(),
): Promise<"crash_api.unauthorized" | "user_api.banned" | null> {
  if (!session) return "crash_api.unauthorized";
  const row = await first<{ banned: number; live: number }>(
    env.DB,
    sql`SELECT banned, ${liveSession(session, userId, now)} AS live FROM users WHERE id = ${userId}`,
  );
  if (row?.banned) return "user_api.banned";
  return row?.live ? null : "crash_api.unauthorized";
}

/** Dev flag on and an admin who is not banned, read from D1 every time (staff powers). */
export async function mayTwist(env: Pick<Env, "DB" | "DEV_MODE">, userId: number | null): Promise<boolean> {
  if (!isDev(env) || userId === null) return false;
  const row = await db(env).select({ isAdmin: users.isAdmin, banned: users.banned }).from(users).where(eq(users.id, userId)).get();
  return !!row?.isAdmin && !row.banned;
}
