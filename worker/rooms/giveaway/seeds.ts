// Giveaway k (docs/games.md "Giveaways", "Provably fair"): secret x_k from the giveaways' own committed
// chain (GIVEAWAY_CHAIN_*), public hash of (secret, k, UTC day of month) published when it starts;
// the winner from keccak(secret:GIVEAWAY_SALT:1) at the draw (shared/giveaway.ts).
import { ChainSeeds } from "../../lib/chain-seeds";

/** The secret (wrangler secret put GIVEAWAY_CHAIN_SEED; dev: scripts/dev-giveaway-chain.json). */
interface GiveawaySecrets {
  GIVEAWAY_CHAIN_SEED?: string;
}

const GIVEAWAY_VARS = { seed: "GIVEAWAY_CHAIN_SEED", length: "GIVEAWAY_CHAIN_LENGTH", terminal: "GIVEAWAY_CHAIN_TERMINAL" };

export function giveawaySeeds(env: Env, storage: DurableObjectStorage): ChainSeeds {
  const vars = { seed: (env as Env & GiveawaySecrets).GIVEAWAY_CHAIN_SEED, length: env.GIVEAWAY_CHAIN_LENGTH, terminal: env.GIVEAWAY_CHAIN_TERMINAL };
  return new ChainSeeds(vars, GIVEAWAY_VARS, storage, "giveawayChain:");
}
