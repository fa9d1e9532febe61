// The player's seed pair in D1 (case_seeds) and its rotation into case_seed_history.
// Every change is conditional on what was read (server_seed_hash, nonce): an open racing a
// rotation or a client-seed change loses cleanly (cases_api.busy) instead of mixing pairs.
import { expectChanges, failedGuard, guard } from "../db/guards";
import { newClientSeed, newServerSeed, serverSeedHash } from "./seeds";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { caseSeeds } from "../db/schema";
import { batch, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;

export interface SeedRow {
  user_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

/** The user's seed pair as it stands (undefined before the first use). */
function readSeeds(env: DbEnv, userId: number): Promise<SeedRow | undefined> {
  return db(env)
    .select({
      user_id: caseSeeds.userId,
      server_seed: caseSeeds.serverSeed,
      server_seed_hash: caseSeeds.serverSeedHash,
      client_seed: caseSeeds.clientSeed,
      nonce: caseSeeds.nonce,
    })
    .from(caseSeeds)
    .where(eq(caseSeeds.userId, userId))
    .get();
}

/** The user's seed pair, made on first use (random server seed, random client seed, nonce 0). */
export async function ensureSeeds(env: DbEnv, userId: number, now = Date.now()): Promise<SeedRow> {
  const existing = await readSeeds(env, userId);
  if (existing) return existing;
  const seed = newServerSeed();
  await db(env)
    .insert(caseSeeds)
    .values({ userId, serverSeed: seed, serverSeedHash: serverSeedHash(seed), clientSeed: newClientSeed(), nonce: 0, createdAt: now })
    .onConflictDoNothing({ target: caseSeeds.userId })
    .run();
  // a concurrent first call may have won the insert: read whichever row stands
  return (await readSeeds(env, userId))!;
}

/**
 * Sets the client seed. The nonce carries on: it counts the opens made with the current server
 * seed, so no (server seed, nonce) ever repeats and a player cannot replay rolls already seen.
 */
export async function setClientSeed(env: DbEnv, userId: number, clientSeed: string): Promise<SeedRow> {
  await ensureSeeds(env, userId);
  await db(env).update(caseSeeds).set({ clientSeed }).where(eq(caseSeeds.userId, userId)).run();
  return (await readSeeds(env, userId))!;
}

export type RotateResult = { ok: true; previous: SeedRow; current: SeedRow } | { ok: false };

/** Reveals the current server seed (kept in case_seed_history) and starts a fresh one at nonce 0. */
export async function rotateSeeds(env: DbEnv, userId: number, now = Date.now()): Promise<RotateResult> {
  const previous = await ensureSeeds(env, userId, now);
  const seed = newServerSeed();
  try {
    await batch(env.DB, [
      guard("cases.seed_revealed", sql`EXISTS (SELECT 1 FROM case_seed_history WHERE server_seed_hash = ${previous.server_seed_hash})`),
      sql`INSERT INTO case_seed_history (user_id, server_seed, server_seed_hash, client_seed, nonce, revealed_at)
           SELECT user_id, server_seed, server_seed_hash, client_seed, nonce, ${now} FROM case_seeds
            WHERE user_id = ${userId} AND server_seed_hash = ${previous.server_seed_hash} AND nonce = ${previous.nonce}`,
      expectChanges(1),
      sql`UPDATE case_seeds SET server_seed = ${seed}, server_seed_hash = ${serverSeedHash(seed)}, nonce = 0, created_at = ${now} WHERE user_id = ${userId} AND server_seed_hash = ${previous.server_seed_hash}`,
      expectChanges(1),
    ]);
  } catch (err) {
    if (failedGuard(err) !== undefined) return { ok: false }; // a racing rotation won
    throw err;
  }
  const current = (await readSeeds(env, userId))!;
  return { ok: true, previous, current };
}
