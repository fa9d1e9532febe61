// Round k of a mode drawn from its own committed hash chain (docs/fairness.md "Provably fair"): the secret
// x_k, the public hash of (secret, k, UTC day of month) published before the draw. The bonus pool
// and the giveaways walk one each (their vars named in `names`); crash and the wheel add their
// outcome to the same seed in their own seeds.ts.
import { publicHash, utcDayOfMonth } from "../../shared/fairness";
import { ChainCursor, type ChainVarNames, chainConfigFromVars } from "./hash-chain";

export interface ChainSeed {
  id: number;
  publicHash: string;
  /** revealed at the draw */
  secret: string;
  dayOfMonth: number;
}

export class ChainSeeds {
  private chain: ChainCursor | undefined;

  /** `vars` are the three values as configured (the seed is a secret), `prefix` the storage keys' */
  constructor(
    private readonly vars: { seed?: string; length?: string; terminal?: string },
    private readonly names: ChainVarNames,
    private readonly storage: DurableObjectStorage,
    private readonly prefix: string,
  ) {}

  async seed(k: number, now: number): Promise<ChainSeed> {
    this.chain ??= new ChainCursor(chainConfigFromVars(this.vars, this.names), this.storage, { prefix: this.prefix, vars: this.names });
    const secret = await this.chain.secretFor(k);
    const dayOfMonth = utcDayOfMonth(now);
    return { id: k, publicHash: publicHash(secret, k, dayOfMonth), secret, dayOfMonth };
  }
}
