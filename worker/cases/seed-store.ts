// The player's seed pair in D1 (case_seeds) and its rotation into case_seed_history.
// Every change is conditional on what was read (server_seed_hash, nonce): an open racing a
// rotation or a client-seed change loses cleanly (cases_api.busy) instead of mixing pairs.
import { expectChanges } from "../db/ledger";
import { newClientSeed, newServerSeed, serverSeedHash } from "./seeds";

type DbEnv = Pick<Env, "DB">;

export interface SeedRow {
  user_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

const SEED_COLUMNS = "user_id, server_seed, server_seed_hash, client_seed, nonce";

/** The user's seed pair, made on first use (random server seed, random client seed, nonce 0). */
export async function ensureSeeds(env: DbEnv, userId: number, now = Date.now()): Promise<SeedRow> {
  const existing = await env.DB.prepare(`SELECT ${SEED_COLUMNS} FROM case_seeds WHERE user_id = ?1`).bind(userId).first<SeedRow>();
  if (existing) return existing;
  const seed = newServerSeed();
  await env.DB.prepare(
    `INSERT INTO case_seeds (user_id, server_seed, server_seed_hash, client_seed, nonce, created_at) VALUES (?1, ?2, ?3, ?4, 0, ?5)
     ON CONFLICT(user_id) DO NOTHING`,
  )
    .bind(userId, seed, serverSeedHash(seed), newClientSeed(), now)
    .run();
  // a concurrent first call may have won the insert: read whichever row stands
  return (await env.DB.prepare(`SELECT ${SEED_COLUMNS} FROM case_seeds WHERE user_id = ?1`).bind(userId).first<SeedRow>())!;
}

/**
 * Sets the client seed. The nonce carries on: it counts the opens made with the current server
 * seed, so no (server seed, nonce) ever repeats and a player cannot replay rolls already seen.
 */
export async function setClientSeed(env: DbEnv, userId: number, clientSeed: string): Promise<SeedRow> {
  await ensureSeeds(env, userId);
  await env.DB.prepare("UPDATE case_seeds SET client_seed = ?2 WHERE user_id = ?1").bind(userId, clientSeed).run();
  return (await env.DB.prepare(`SELECT ${SEED_COLUMNS} FROM case_seeds WHERE user_id = ?1`).bind(userId).first<SeedRow>())!;
}

export type RotateResult = { ok: true; previous: SeedRow; current: SeedRow } | { ok: false };

/** Reveals the current server seed (kept in case_seed_history) and starts a fresh one at nonce 0. */
export async function rotateSeeds(env: DbEnv, userId: number, now = Date.now()): Promise<RotateResult> {
  const previous = await ensureSeeds(env, userId, now);
  const seed = newServerSeed();
  const d1 = env.DB;
  try {
    await d1.batch([
      d1
        .prepare(
          `INSERT INTO case_seed_history (user_id, server_seed, server_seed_hash, client_seed, nonce, revealed_at)
           SELECT user_id, server_seed, server_seed_hash, client_seed, nonce, ?3 FROM case_seeds
            WHERE user_id = ?1 AND server_seed_hash = ?2 AND nonce = ?4`,
        )
        .bind(userId, previous.server_seed_hash, now, previous.nonce),
      expectChanges(d1, 1),
      d1
        .prepare("UPDATE case_seeds SET server_seed = ?3, server_seed_hash = ?4, nonce = 0, created_at = ?5 WHERE user_id = ?1 AND server_seed_hash = ?2")
        .bind(userId, previous.server_seed_hash, seed, serverSeedHash(seed), now),
      expectChanges(d1, 1),
    ]);
  } catch (err) {
    if (/batch_guard|CHECK constraint failed|UNIQUE constraint failed: case_seed_history/i.test(String(err))) return { ok: false };
    throw err;
  }
  const current = (await d1.prepare(`SELECT ${SEED_COLUMNS} FROM case_seeds WHERE user_id = ?1`).bind(userId).first<SeedRow>())!;
  return { ok: true, previous, current };
}
