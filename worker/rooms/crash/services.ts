// Small I/O helpers of the crash room shell: whether a session may still move money, whether a
// user may use the dev tools.
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import { isDev } from "../../env";
import { all, sql } from "../../db/sql";
import { GroupQueue, type Queued } from "../base/group-queue";

const CHECKS_PER_READ = 100;

type Refusal = "crash_api.unauthorized" | "user_api.banned" | null;
type Asked = { userId: number; session: string };

/**
 * Why a socket's session may not move money now (null = it may): checked against D1 on every
 * manual cash-out, so a logout or ban the room never heard of (its RPC failed, the room
 * restarted) still refuses it. The cash-outs that arrive together are read in ONE query
 * (base/group-queue.ts): a round's cash-outs cost a few D1 reads, not one each queued before the
 * crash. At most CHECKS_PER_READ a read.
 */
export class SessionChecks {
  private readonly queue: GroupQueue<Asked, Refusal>;

  constructor(private readonly env: Pick<Env, "DB">) {
    this.queue = new GroupQueue(CHECKS_PER_READ, (group) => this.read(group));
  }

  check(userId: number, session: string | null | undefined): Promise<Refusal> {
    return session ? this.queue.ask({ userId, session }) : Promise.resolve("crash_api.unauthorized");
  }

  private async read(group: Queued<Asked, Refusal>[]): Promise<void> {
    // one JSON parameter whatever the group's size: [[userId, session], …] by position; the
    // live test is liveSession's (db/guards.ts) on each pair
    const asked = JSON.stringify(group.map(({ item }) => [item.userId, item.session]));
    const rows = await all<{ k: number; banned: number | null; live: number }>(
      this.env.DB,
      sql`WITH asked AS (SELECT key AS k, json_extract(value, '$[0]') AS user_id, json_extract(value, '$[1]') AS session FROM json_each(${asked}))
          SELECT a.k AS k, u.banned AS banned,
                 EXISTS (SELECT 1 FROM sessions s WHERE s.token_hash = a.session AND s.user_id = a.user_id AND s.revoked_at IS NULL AND s.expires_at > ${Date.now()}) AS live
            FROM asked a LEFT JOIN users u ON u.id = a.user_id`,
    );
    const byK = new Map(rows.map((r) => [r.k, r]));
    group.forEach((w, k) => {
      const row = byK.get(k);
      w.answer(row?.banned ? "user_api.banned" : row?.live ? null : "crash_api.unauthorized");
    });
  }
}

/** Dev flag on and an admin who is not banned, read from D1 every time (staff powers). */
export async function mayTwist(env: Pick<Env, "DB" | "DEV_MODE">, userId: number | null): Promise<boolean> {
  if (!isDev(env) || userId === null) return false;
  const row = await db(env).select({ isAdmin: users.isAdmin, banned: users.banned }).from(users).where(eq(users.id, userId)).get();
  return !!row?.isAdmin && !row.banned;
}
