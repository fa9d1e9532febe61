// Round k of the bonus pool (docs/fairness.md "Provably fair", "Bonus pool"): secret x_k from the pool's own
// committed chain (BONUS_CHAIN_*), public hash of (secret, k, UTC day of month); the winners come
// from keccak(secret:BONUS_SALT:place) at the draw (shared/bonus.ts).
import { ChainSeeds } from "../../lib/chain-seeds";

/** The secret (wrangler secret put BONUS_CHAIN_SEED; dev: scripts/dev-bonus-chain.json). */
interface BonusSecrets {
  BONUS_CHAIN_SEED?: string;
}

const BONUS_VARS = { seed: "BONUS_CHAIN_SEED", length: "BONUS_CHAIN_LENGTH", terminal: "BONUS_CHAIN_TERMINAL" };

export function bonusSeeds(env: Env, storage: DurableObjectStorage): ChainSeeds {
  const vars = { seed: (env as Env & BonusSecrets).BONUS_CHAIN_SEED, length: env.BONUS_CHAIN_LENGTH, terminal: env.BONUS_CHAIN_TERMINAL };
  return new ChainSeeds(vars, BONUS_VARS, storage, "bonusChain:");
}
