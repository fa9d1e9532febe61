// What the send path needs to know about an author, read from D1 in ONE batch: the user and
// roles, an active mute (with its reason's name) and the total deposited (cents).

import { depositTotalSql } from "../db/ledger";
import { batch, rowsOf, sql } from "../db/sql";
import { excludedSql } from "../protection/guards";
/** A user as a chat message names them (rooms/chat/messages.ts chatUser). */
export interface AuthorRow {
  id: number;
  username: string;
  avatar: string;
  isAdmin: boolean;
  isModerator: boolean;
  isYoutuber: boolean;
}

export interface ActiveMute {
  /** epoch ms; null = forever */
  until: number | null;
  reason: string;
}

export interface ChatAuthor extends AuthorRow {
  banned: boolean;
  isStaff: boolean;
  mute: ActiveMute | null;
  totalDepositCents: number;
  /** on a time-out or self-exclusion now (docs/protection.md "Breaks"): no chat */
  excluded: boolean;
}

/** The SQL test of an active mute at `now` (alias m). */
export const activeMute = (now: number) => sql`m.lifted_at IS NULL AND (m.until IS NULL OR m.until > ${now})`;

export async function chatAuthor(env: Pick<Env, "DB">, userId: number, now: number): Promise<ChatAuthor | null> {
  const [user, mute, deposit] = await batch(env.DB, [
    sql`SELECT id, username, avatar, is_admin, is_moderator, is_youtuber, banned, ${excludedSql(userId, now)} AS excluded FROM users WHERE id = ${userId}`,
    // a forever mute outranks a timed one; otherwise the one that lasts longest
    sql`SELECT m.until AS until, r.name AS reason FROM chat_mutes m JOIN chat_ban_reasons r ON r.id = m.reason_id
          WHERE m.user_id = ${userId} AND ${activeMute(now)}
          ORDER BY m.until IS NULL DESC, m.until DESC LIMIT 1`,
    depositTotalSql(userId),
  ]);
  const u = rowsOf<{
    id: number;
    username: string;
    avatar: string;
    is_admin: number;
    is_moderator: number;
    is_youtuber: number;
    banned: number;
    excluded: number;
  }>(user)[0];
  if (!u) return null;
  const m = rowsOf<{ until: number | null; reason: string }>(mute)[0];
  return {
    id: u.id,
    username: u.username,
    avatar: u.avatar,
    isAdmin: !!u.is_admin,
    isModerator: !!u.is_moderator,
    isYoutuber: !!u.is_youtuber,
    banned: !!u.banned,
    isStaff: !!u.is_admin || !!u.is_moderator,
    mute: m ? { until: m.until, reason: m.reason } : null,
    totalDepositCents: Number(rowsOf<{ v: number }>(deposit)[0]?.v ?? 0),
    excluded: !!u.excluded,
  };
}
