// The console's actions on a user (admins), each audited with before/after in the batch that
// makes it: end one live session or all of them (their sockets close too), change the role.
import type { StaffRole } from "../../shared/api/admin";
import { USER_NOT_FOUND } from "../../shared/errors";
import { expectChanges, failedGuard } from "../db/guards";
import { all, batch, sql } from "../db/sql";
import { auditStatement } from "../lib/audit";
import { forgetFactorStatements } from "../staff/otp";
import { endSessionSockets } from "../lib/session-sockets";
import type { AdminRefusal } from "../user/admin-actions";
import { findUser } from "../user/queries";
import { roleOf, sessionHandle } from "./read";

type RoomsEnv = Pick<Env, "DB" | "HUB_ROOM" | "CHAT_ROOM" | "CRASH_ROOM" | "JACKPOT_ROOM" | "WHEEL_ROOM" | "BONUS_ROOM">;

/**
 * Revokes the user's live sessions — the one whose handle is `handle`, or every one — and closes
 * their sockets in every room. Answers how many ended.
 */
export async function endSessions(
  env: RoomsEnv,
  actorId: number,
  userId: number,
  handle: string | undefined,
  now = Date.now(),
): Promise<{ ok: true; ended: number } | AdminRefusal<"user_api.session_not_found">> {
  if (!(await findUser(env, userId))) return { ok: false, status: 404, key: USER_NOT_FOUND };
  const live = await all<{ token_hash: string }>(
    env.DB,
    sql`SELECT token_hash FROM sessions WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${now} ORDER BY created_at, token_hash`,
  );
  const ending = handle === undefined ? live : live.filter((s) => sessionHandle(s.token_hash) === handle);
  if (ending.length === 0) return { ok: false, status: 404, key: "user_api.session_not_found" };
  const hashes = ending.map((s) => s.token_hash);
  const liveHandles = live.map((s) => sessionHandle(s.token_hash));
  try {
    await batch(env.DB, [
      sql`UPDATE sessions SET revoked_at = ${now} WHERE user_id = ${userId} AND revoked_at IS NULL AND token_hash IN ${hashes}`,
      // a logout between the read and this batch: nothing is written, the caller retries
      expectChanges(hashes.length),
      auditStatement(
        {
          actorId,
          action: handle === undefined ? "user.sessions_end_all" : "user.session_end",
          targetUserId: userId,
          details: handle === undefined ? { sessions: hashes.length } : { session: handle },
          before: { live_sessions: liveHandles },
          after: { live_sessions: liveHandles.filter((h) => !hashes.some((x) => sessionHandle(x) === h)) },
        },
        now,
      ),
    ]);
  } catch (err) {
    if (failedGuard(err) === "changes") return { ok: false, status: 404, key: "user_api.session_not_found" };
    throw err;
  }
  await Promise.all(hashes.map((hash) => endSessionSockets(env, hash)));
  return { ok: true, ended: hashes.length };
}

const ROLE_FLAGS: Record<StaffRole, { admin: number; moderator: number }> = {
  player: { admin: 0, moderator: 0 },
  moderator: { admin: 0, moderator: 1 },
  admin: { admin: 1, moderator: 0 },
};

/**
 * Makes the user a player, a moderator or an admin. Staff powers are read from the user row on
 * every call, so a demotion takes effect at the next one; a demotion to player also forgets the
 * account's second factor (docs/security.md "Second factor").
 */
export async function setRole(
  env: Pick<Env, "DB">,
  actorId: number,
  userId: number,
  role: StaffRole,
): Promise<{ ok: true } | AdminRefusal<"user_api.cannot_change_own_role" | "user_api.same_role">> {
  if (userId === actorId) return { ok: false, status: 409, key: "user_api.cannot_change_own_role" };
  const target = await findUser(env, userId);
  if (!target) return { ok: false, status: 404, key: USER_NOT_FOUND };
  const before = roleOf(target);
  if (before === role) return { ok: false, status: 409, key: "user_api.same_role" };
  const next = ROLE_FLAGS[role];
  try {
    await batch(env.DB, [
      // the role read above is still the row's (a concurrent change refuses this one)
      sql`UPDATE users SET is_admin = ${next.admin}, is_moderator = ${next.moderator}
           WHERE id = ${userId} AND (CASE WHEN is_admin <> 0 THEN 'admin' WHEN is_moderator <> 0 THEN 'moderator' ELSE 'player' END) = ${before}`,
      expectChanges(1, "role.changed"),
      auditStatement({ actorId, action: "user.role", targetUserId: userId, before: { role: before }, after: { role } }),
      ...(role === "player" ? forgetFactorStatements(userId) : []),
    ]);
  } catch (err) {
    if (failedGuard(err) === "role.changed") return { ok: false, status: 409, key: "user_api.same_role" };
    throw err;
  }
  return { ok: true };
}
