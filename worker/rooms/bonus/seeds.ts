// Round k of the bonus pool (README "Provably fair", "Bonus pool"): secret x_k from the pool's own
// committed chain (BONUS_CHAIN_*), public hash of (secret, k, UTC day of month); the winners come
// from keccak(secret:BONUS_SALT:place) at the draw (shared/bonus.ts).
import { publicHash, utcDayOfMonth } from "../../../shared/fairness";
import { ChainCursor, chainConfigFromVars } from "../../lib/hash-chain";
import type { RoundSeed } from "./state";

/** The secret (wrangler secret put BONUS_CHAIN_SEED; dev: scripts/dev-bonus-chain.json). */
interface BonusSecrets {
  BONUS_CHAIN_SEED?: string;
}

const BONUS_VARS = { seed: "BONUS_CHAIN_SEED", length: "BONUS_CHAIN_LENGTH", terminal: "BONUS_CHAIN_TERMINAL" };

export class RoundSeeds {
  private chain: ChainCursor | undefined;

  constructor(
    private readonly env: Env,
    private readonly storage: DurableObjectStorage,
  ) {}

  async seed(k: number, now: number): Promise<RoundSeed> {
    this.chain ??= new ChainCursor(
      chainConfigFromVars(
        { seed: (this.env as Env & BonusSecrets).BONUS_CHAIN_SEED, length: this.env.BONUS_CHAIN_LENGTH, terminal: this.env.BONUS_CHAIN_TERMINAL },
        BONUS_VARS,
      ),
      this.storage,
      { prefix: "bonusChain:", vars: BONUS_VARS },
    );
    const secret = await this.chain.secretFor(k);
    const dayOfMonth = utcDayOfMonth(now);
    return { id: k, publicHash: publicHash(secret, k, dayOfMonth), secret, dayOfMonth };
  }
}
