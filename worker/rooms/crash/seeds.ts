// Round k of the crash room (docs/fairness.md "Provably fair"): secret x_k from the committed
// chain, public hash of (secret, k, UTC day of month), crash point from keccak(secret:salt).
import { crashPoint, publicHash, utcDayOfMonth } from "../../../shared/fairness";
import { crashedRounds } from "../../crash/queries";
import { ChainCursor, type ChainEnv } from "../../lib/hash-chain";
import type { HistoryItem, RoundSeed } from "./state";

export class RoundSeeds {
  private chain: ChainCursor | undefined;

  constructor(
    private readonly env: Env,
    private readonly storage: DurableObjectStorage,
  ) {}

  async seed(k: number, now: number): Promise<RoundSeed> {
    this.chain ??= ChainCursor.fromEnv(this.env as Env & ChainEnv, this.storage);
    const secret = await this.chain.secretFor(k);
    const dayOfMonth = utcDayOfMonth(now);
    return {
      id: k,
      publicHash: publicHash(secret, k, dayOfMonth),
      secret,
      crashPoint: crashPoint(secret, this.env.CRASH_SALT),
      provablyFair: true,
      dayOfMonth,
    };
  }
}

/** The last crashed rounds from D1, newest first (a room starting on empty storage shows them). */
export async function storedHistory(env: Pick<Env, "DB">, size: number): Promise<HistoryItem[]> {
  return crashedRounds(env, size);
}
