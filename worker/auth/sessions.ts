import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import type { UserRow } from "../db/types";
import { randomHex, sha256Hex } from "./tokens";

const HOUR_MS = 3_600_000;

/** Creates a session and returns the raw token (shown to the client once, never stored). */
export async function createSession(d: Db, userId: number, ttlHours: number, now = Date.now()): Promise<string> {
  const token = randomHex(32);
  await d.insert(sessions).values({
    tokenHash: await sha256Hex(token),
    userId,
    createdAt: now,
    expiresAt: now + ttlHours * HOUR_MS,
  });
  return token;
}

/** The user behind a live (unexpired, unrevoked) token, or undefined. */
export async function userForToken(d: Db, token: string, now = Date.now()): Promise<{ user: UserRow; tokenHash: string } | undefined> {
  if (!/^[0-9a-f]{64}$/.test(token)) return undefined;
  const tokenHash = await sha256Hex(token);
  const row = await d
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .get();
  return row ? { user: row.user, tokenHash } : undefined;
}

export async function revokeSession(d: Db, tokenHash: string, now = Date.now()): Promise<void> {
  await d.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
}
