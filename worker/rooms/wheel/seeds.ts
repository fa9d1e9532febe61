// Round k of the wheel (docs/fairness.md "Provably fair"): secret x_k from the wheel's own committed chain
// (WHEEL_CHAIN_*), public hash of (secret, k, UTC day of month), the segment from
// keccak(secret:WHEEL_SALT) mod segments and the spin's rotate from the same hash
// (shared/wheel-layout.ts wheelRotate).
import { publicHash, roundHash, utcDayOfMonth, wheelSegment } from "../../../shared/fairness";
import { layoutFromVar, wheelRotate } from "../../../shared/wheel-layout";
import { ChainCursor, chainConfigFromVars } from "../../lib/hash-chain";
import type { RoundSeed } from "./state";

/** The secret (wrangler secret put WHEEL_CHAIN_SEED; dev: scripts/dev-wheel-chain.json). */
interface WheelSecrets {
  WHEEL_CHAIN_SEED?: string;
}

const WHEEL_VARS = { seed: "WHEEL_CHAIN_SEED", length: "WHEEL_CHAIN_LENGTH", terminal: "WHEEL_CHAIN_TERMINAL" };

export class RoundSeeds {
  private chain: ChainCursor | undefined;

  constructor(
    private readonly env: Env,
    private readonly storage: DurableObjectStorage,
  ) {}

  async seed(k: number, now: number): Promise<RoundSeed> {
    this.chain ??= new ChainCursor(
      chainConfigFromVars(
        { seed: (this.env as Env & WheelSecrets).WHEEL_CHAIN_SEED, length: this.env.WHEEL_CHAIN_LENGTH, terminal: this.env.WHEEL_CHAIN_TERMINAL },
        WHEEL_VARS,
      ),
      this.storage,
      { prefix: "wheelChain:", vars: WHEEL_VARS },
    );
    const secret = await this.chain.secretFor(k);
    const dayOfMonth = utcDayOfMonth(now);
    const layout = layoutFromVar(this.env.WHEEL_LAYOUT);
    const count = layout.segments.length;
    const segment = wheelSegment(secret, this.env.WHEEL_SALT, count);
    return {
      id: k,
      publicHash: publicHash(secret, k, dayOfMonth),
      secret,
      dayOfMonth,
      layout,
      segment,
      rotate: wheelRotate(segment, roundHash(secret, this.env.WHEEL_SALT), count),
    };
  }
}
