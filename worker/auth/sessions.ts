import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import type { UserRow } from "../db/types";
import { randomHex, sha256Hex } from "./tokens";

const HOUR_MS = 3_600_000;

/**
 * Creates a session and returns the raw token (shown to the client once, never stored).
 * `secondFactorAt` marks it as past the staff second factor — only the dev login and test
 * fixtures pass it; a real session passes by /api/admin/otp/verify.
 */
export async function createSession(d: Db, userId: number, ttlHours: number, now = Date.now(), secondFactorAt: number | null = null): Promise<string> {
  const token = randomHex(32);
  await d.insert(sessions).values({
    tokenHash: await sha256Hex(token),
    userId,
    createdAt: now,
    expiresAt: now + ttlHours * HOUR_MS,
    secondFactorAt,
  });
  return token;
}

export interface LiveSession {
  user: UserRow;
  tokenHash: string;
  /** when the session passed the staff second factor, or null */
  secondFactorAt: number | null;
}

/** The user behind a live (unexpired, unrevoked) token, or undefined. */
export async function userForToken(d: Db, token: string, now = Date.now()): Promise<LiveSession | undefined> {
  if (!/^[0-9a-f]{64}$/.test(token)) return undefined;
  const tokenHash = await sha256Hex(token);
  const row = await d
    .select({ user: users, secondFactorAt: sessions.secondFactorAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .get();
  return row ? { user: row.user, tokenHash, secondFactorAt: row.secondFactorAt } : undefined;
}

export async function revokeSession(d: Db, tokenHash: string, now = Date.now()): Promise<void> {
  await d.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
}
