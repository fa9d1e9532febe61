// Small I/O helpers of the crash room shell: whether a session may still move money, whether a
// user may use the dev tools, the maintenance flag (cached a few seconds), and the bank pushed to the hub.
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import { isDev } from "../../env";
import { readMaintenance } from "../../lib/settings";
import { hub } from "../hub";

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
  const row = await env.DB.prepare(
    "SELECT u.banned AS banned FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1 AND s.user_id = ?2 AND s.revoked_at IS NULL AND s.expires_at > ?3",
  )
    .bind(session, userId, now)
    .first<{ banned: number }>();
  if (!row) return "crash_api.unauthorized";
  return row.banned ? "user_api.banned" : null;
}

/** Dev flag on and an admin who is not banned, read from D1 every time (staff powers). */
export async function mayTwist(env: Pick<Env, "DB" | "DEV_MODE">, userId: number | null): Promise<boolean> {
  if (!isDev(env) || userId === null) return false;
  const row = await db(env).select({ isAdmin: users.isAdmin, banned: users.banned }).from(users).where(eq(users.id, userId)).get();
  return !!row?.isAdmin && !row.banned;
}

/** Maintenance (§4) as read when a bet arrives, cached `ttlMs` at most. */
export class MaintenanceFlag {
  private cache = { on: false, at: -Infinity };

  constructor(
    private readonly env: Pick<Env, "DB">,
    private readonly ttlMs = 3_000,
  ) {}

  async on(now = Date.now()): Promise<boolean> {
    if (now - this.cache.at > this.ttlMs) this.cache = { on: await readMaintenance(this.env), at: now };
    return this.cache.on;
  }
}

/** The crash bank for the mode bar, through the hub: on a change, at most once per `everyMs` (a reset to 0 at once). */
export class BankPush {
  private last: { crash: number; at: number } | undefined;

  constructor(
    private readonly env: Pick<Env, "HUB_ROOM">,
    private readonly everyMs = 1_000,
  ) {}

  push(crash: number, now = Date.now()): void {
    const last = this.last;
    if (last && (last.crash === crash || (crash !== 0 && now - last.at < this.everyMs))) return;
    this.last = { crash, at: now };
    hub(this.env)
      .broadcast({ event: "banks", data: { crash } })
      .catch((err: unknown) => console.error("hub banks push failed", String(err)));
  }
}
