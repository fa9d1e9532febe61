// One store operation per user at a time ("a sale/buy already running", §8). A D1 row keyed by
// the user: the upsert only overwrites a row whose lease has expired, so exactly one of two
// concurrent takers sees changes = 1. The lease (STORE.lockTtlMs) frees the user should a worker
// die between take and release; release deletes only the holder's own row (its token).
// The trade batch itself is atomic and guarded anyway; the lock makes the second request answer
// a clear "already running" instead of racing the first one for the same items.
import { STORE } from "../../shared/constants";
import { and, eq, lte, sql } from "drizzle-orm";
import { db } from "../db/client";
import { storeLocks } from "../db/schema";

type DbEnv = Pick<Env, "DB">;
export type StoreOp = "buy" | "sell";

/** The lock's token when taken; null when another operation of this user holds it. */
export async function takeStoreLock(env: DbEnv, userId: number, op: StoreOp, now = Date.now()): Promise<string | null> {
  const token = crypto.randomUUID();
  const res = await db(env)
    .insert(storeLocks)
    .values({ userId, token, op, expiresAt: now + STORE.lockTtlMs })
    .onConflictDoUpdate({
      target: storeLocks.userId,
      set: { token: sql`excluded.token`, op: sql`excluded.op`, expiresAt: sql`excluded.expires_at` },
      setWhere: lte(storeLocks.expiresAt, now),
    })
    .run();
  return res.meta.changes === 1 ? token : null;
}

export async function releaseStoreLock(env: DbEnv, userId: number, token: string): Promise<void> {
  await db(env)
    .delete(storeLocks)
    .where(and(eq(storeLocks.userId, userId), eq(storeLocks.token, token)))
    .run();
}

/** Runs `fn` holding the user's store lock; "busy" when another operation of theirs holds it. */
export async function withStoreLock<T>(env: DbEnv, userId: number, op: StoreOp, fn: () => Promise<T>): Promise<T | "busy"> {
  const token = await takeStoreLock(env, userId, op);
  if (!token) return "busy";
  try {
    return await fn();
  } finally {
    await releaseStoreLock(env, userId, token).catch((err) => console.error("store lock release failed", { userId, err: String(err) }));
  }
}
