// Chat mutes (spec §6) in D1: a staff member mutes a player for a duration (or forever) with an
// active reason, or lifts the mute. Each change travels with its audit row in one batch; the
// insert is guarded so a user never has two active mutes, and the reason must still be active.
import type { ActiveMuteJson } from "../../shared/api/chat";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { chatBanReasons, users } from "../db/schema";
import { auditStatement } from "../lib/audit";
import { classifyBatchError } from "../db/ledger";
import { expectChanges, guard } from "../db/guards";
import { activeMute } from "./author";
import { all, batch, rowsOf, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;

export interface Actor {
  id: number;
  isAdmin: boolean;
  isModerator: boolean;
}

export type ModerationResult =
  | { ok: true }
  | {
      ok: false;
      status: 400 | 403 | 404 | 409;
      key:
        | "chat_api.cannot_block_self"
        | "chat_api.user_not_found"
        | "chat_api.cannot_block_staff"
        | "chat_api.invalid_reason"
        | "chat_api.already_blocked"
        | "chat_api.not_blocked";
    };

interface Target {
  id: number;
  is_admin: number;
  is_moderator: number;
}

/**
 * Who may mute whom: nobody mutes an admin; a moderator mutes no staff; an admin may mute a
 * moderator (the contract's "cannot_block_staff" rule).
 */
export function mayMute(actor: Actor, target: { isAdmin: boolean; isModerator: boolean }): boolean {
  if (target.isAdmin) return false;
  if (target.isModerator) return actor.isAdmin;
  return true;
}

/** The ban reasons staff may pick now (getConfig's chat_ban_reasons). */
export async function activeReasons(env: DbEnv) {
  return db(env).select().from(chatBanReasons).where(eq(chatBanReasons.isActive, true)).all();
}

/** An active ban reason's name, or null (unknown or switched off). */
export async function activeReasonName(env: DbEnv, reasonId: number): Promise<string | null> {
  const r = await db(env)
    .select({ name: chatBanReasons.name })
    .from(chatBanReasons)
    .where(and(eq(chatBanReasons.id, reasonId), eq(chatBanReasons.isActive, true)))
    .get();
  return r?.name ?? null;
}

export async function muteUser(
  env: DbEnv,
  actor: Actor,
  input: { userId: number; duration: number | null; reasonId: number },
  now = Date.now(),
): Promise<ModerationResult> {
  if (input.userId === actor.id) return { ok: false, status: 400, key: "chat_api.cannot_block_self" };
  const d1 = env.DB;
  const [target, reason, active] = await batch(d1, [
    sql`SELECT id, is_admin, is_moderator FROM users WHERE id = ${input.userId}`,
    sql`SELECT name, is_active FROM chat_ban_reasons WHERE id = ${input.reasonId}`,
    sql`SELECT COUNT(*) AS n FROM chat_mutes m WHERE m.user_id = ${input.userId} AND ${activeMute(now)}`,
  ]);
  const t = rowsOf<Target>(target)[0];
  if (!t) return { ok: false, status: 404, key: "chat_api.user_not_found" };
  if (!mayMute(actor, { isAdmin: !!t.is_admin, isModerator: !!t.is_moderator })) return { ok: false, status: 403, key: "chat_api.cannot_block_staff" };
  const r = rowsOf<{ name: string; is_active: number }>(reason)[0];
  if (!r?.is_active) return { ok: false, status: 400, key: "chat_api.invalid_reason" };
  if (Number(rowsOf<{ n: number }>(active)[0]?.n ?? 0) > 0) return { ok: false, status: 409, key: "chat_api.already_blocked" };

  const until = input.duration === null ? null : now + input.duration * 60_000;
  try {
    await batch(d1, [
      // guarded: no active mute yet and the reason still active (a concurrent mute or a reason
      // switched off in between changes nothing)
      sql`INSERT INTO chat_mutes (user_id, moderator_id, reason_id, duration_minutes, until, created_at)
           SELECT ${input.userId}, ${actor.id}, ${input.reasonId}, ${input.duration}, ${until}, ${now}
            WHERE NOT EXISTS (SELECT 1 FROM chat_mutes m WHERE m.user_id = ${input.userId} AND ${activeMute(now)})
              AND EXISTS (SELECT 1 FROM chat_ban_reasons WHERE id = ${input.reasonId} AND is_active = 1)`,
      expectChanges(1),
      auditStatement(
        {
          actorId: actor.id,
          action: "chat.mute",
          targetUserId: input.userId,
          details: { duration: input.duration, until, reason_id: input.reasonId, reason: r.name },
        },
        now,
      ),
    ]);
  } catch (err) {
    if (classifyBatchError(err) !== "guard") throw err;
    return { ok: false, status: 409, key: "chat_api.already_blocked" };
  }
  return { ok: true };
}

/** The active mutes, newest first (the staff list the unmute button works from). */
export async function activeMutes(env: DbEnv, now = Date.now(), limit = 100): Promise<ActiveMuteJson[]> {
  const results = await all<{
    id: number;
    user_id: number;
    username: string;
    avatar: string;
    moderator_id: number;
    moderator_name: string;
    reason: string;
    duration_minutes: number | null;
    until: number | null;
    created_at: number;
  }>(
    env.DB,
    sql`SELECT m.id, m.user_id, u.username, u.avatar, m.moderator_id, s.username AS moderator_name, r.name AS reason,
            m.duration_minutes, m.until, m.created_at
       FROM chat_mutes m JOIN users u ON u.id = m.user_id JOIN users s ON s.id = m.moderator_id
       JOIN chat_ban_reasons r ON r.id = m.reason_id
      WHERE ${activeMute(now)}
      ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit}`,
  );
  return results.map((r) => ({
    id: r.id,
    user: { id: r.user_id, username: r.username, avatar: r.avatar },
    moderator: { id: r.moderator_id, username: r.moderator_name },
    reason: r.reason,
    duration: r.duration_minutes,
    until: r.until,
    created_at: r.created_at,
  }));
}

/** Lifts the user's active mute (lifted_at, lifted_by) with its audit row. */
export async function unmuteUser(env: DbEnv, actor: Actor, userId: number, now = Date.now()): Promise<ModerationResult> {
  const d1 = env.DB;
  const target = await db(env).select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
  if (!target) return { ok: false, status: 404, key: "chat_api.user_not_found" };
  try {
    await batch(d1, [
      sql`UPDATE chat_mutes AS m SET lifted_at = ${now}, lifted_by = ${actor.id} WHERE m.user_id = ${userId} AND ${activeMute(now)}`,
      // at least one mute lifted (expectChanges wants an exact count; there is normally one)
      guard("chat.not_muted", sql`changes() < 1`),
      auditStatement({ actorId: actor.id, action: "chat.unmute", targetUserId: userId }, now),
    ]);
  } catch (err) {
    if (classifyBatchError(err) !== "guard") throw err;
    return { ok: false, status: 409, key: "chat_api.not_blocked" };
  }
  return { ok: true };
}
