// Chat mutes (spec §6) in D1: a staff member mutes a player for a duration (or forever) with an
// active reason, or lifts the mute. Each change travels with its audit row in one batch; the
// insert is guarded so a user never has two active mutes, and the reason must still be active.
import type { ActiveMuteJson } from "../../shared/api/chat";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { chatBanReasons } from "../db/schema";
import { auditStatement } from "../lib/audit";
import { classifyBatchError, expectChanges } from "../db/ledger";
import { ACTIVE_MUTE_SQL } from "./author";

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
  const r = await env.DB.prepare("SELECT name FROM chat_ban_reasons WHERE id = ?1 AND is_active = 1").bind(reasonId).first<{ name: string }>();
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
  const [target, reason, active] = await d1.batch<Record<string, unknown>>([
    d1.prepare("SELECT id, is_admin, is_moderator FROM users WHERE id = ?1").bind(input.userId),
    d1.prepare("SELECT name, is_active FROM chat_ban_reasons WHERE id = ?1").bind(input.reasonId),
    d1.prepare(`SELECT COUNT(*) AS n FROM chat_mutes m WHERE m.user_id = ?1 AND ${ACTIVE_MUTE_SQL("?2")}`).bind(input.userId, now),
  ]);
  const t = target?.results[0] as Target | undefined;
  if (!t) return { ok: false, status: 404, key: "chat_api.user_not_found" };
  if (!mayMute(actor, { isAdmin: !!t.is_admin, isModerator: !!t.is_moderator })) return { ok: false, status: 403, key: "chat_api.cannot_block_staff" };
  const r = reason?.results[0] as { name: string; is_active: number } | undefined;
  if (!r?.is_active) return { ok: false, status: 400, key: "chat_api.invalid_reason" };
  if (Number((active?.results[0] as { n: number } | undefined)?.n ?? 0) > 0) return { ok: false, status: 409, key: "chat_api.already_blocked" };

  const until = input.duration === null ? null : now + input.duration * 60_000;
  try {
    await d1.batch([
      // guarded: no active mute yet and the reason still active (a concurrent mute or a reason
      // switched off in between changes nothing)
      d1
        .prepare(
          `INSERT INTO chat_mutes (user_id, moderator_id, reason_id, duration_minutes, until, created_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6
            WHERE NOT EXISTS (SELECT 1 FROM chat_mutes m WHERE m.user_id = ?1 AND ${ACTIVE_MUTE_SQL("?6")})
              AND EXISTS (SELECT 1 FROM chat_ban_reasons WHERE id = ?3 AND is_active = 1)`,
        )
        .bind(input.userId, actor.id, input.reasonId, input.duration, until, now),
      expectChanges(d1, 1),
      auditStatement(
        d1,
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
  const { results } = await env.DB.prepare(
    `SELECT m.id, m.user_id, u.username, u.avatar, m.moderator_id, s.username AS moderator_name, r.name AS reason,
            m.duration_minutes, m.until, m.created_at
       FROM chat_mutes m JOIN users u ON u.id = m.user_id JOIN users s ON s.id = m.moderator_id
       JOIN chat_ban_reasons r ON r.id = m.reason_id
      WHERE ${ACTIVE_MUTE_SQL("?1")}
      ORDER BY m.created_at DESC, m.id DESC LIMIT ?2`,
  )
    .bind(now, limit)
    .all<{
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
    }>();
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
  const target = await d1.prepare("SELECT id FROM users WHERE id = ?1").bind(userId).first();
  if (!target) return { ok: false, status: 404, key: "chat_api.user_not_found" };
  try {
    await d1.batch([
      d1.prepare(`UPDATE chat_mutes AS m SET lifted_at = ?2, lifted_by = ?3 WHERE m.user_id = ?1 AND ${ACTIVE_MUTE_SQL("?2")}`).bind(userId, now, actor.id),
      // at least one mute lifted (expectChanges wants an exact count; there is normally one)
      d1.prepare("INSERT INTO batch_guard (failed) SELECT 1 WHERE changes() < 1"),
      auditStatement(d1, { actorId: actor.id, action: "chat.unmute", targetUserId: userId }, now),
    ]);
  } catch (err) {
    if (classifyBatchError(err) !== "guard") throw err;
    return { ok: false, status: 409, key: "chat_api.not_blocked" };
  }
  return { ok: true };
}
