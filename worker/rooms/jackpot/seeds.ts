// Round k of a jackpot level (docs/games.md "Jackpot", "Provably fair"): secret x_k from the level's own
// committed chain (x_N = keccak(JACKPOT_CHAIN_SEED + ":" + level), terminal in
// JACKPOT_CHAIN_TERMINALS), round id 3·(k − 1) + level number, public hash of (secret, round id,
// UTC day of month). One chain per level: the levels' rounds end in any order, and a revealed
// secret must never reveal a round still open on another level.
import { jackpotLevelSettings, jackpotTimers } from "../../../shared/api/jackpot";
import { JACKPOT_LEVELS, type JackpotLevel, type JackpotLevelSettings, type JackpotTimers } from "../../../shared/constants";
import { isHash, keccakHex, publicHash, utcDayOfMonth } from "../../../shared/fairness";
import { jackpotTerminals } from "../../jackpot/terminals";
import { ChainCursor, chainConfigFromVars } from "../../lib/hash-chain";
import { roundIdOf } from "./logic";
import type { RoundSeed } from "./state";

export function levelNumber(level: JackpotLevel): number {
  return JACKPOT_LEVELS.indexOf(level) + 1;
}

export class JackpotSeeds {
  private chain: ChainCursor | undefined;

  constructor(
    private readonly env: Env,
    private readonly storage: DurableObjectStorage,
    private readonly level: JackpotLevel,
  ) {}

  async seed(k: number, now: number): Promise<RoundSeed> {
    this.chain ??= this.cursor();
    const secret = await this.chain.secretFor(k);
    const id = roundIdOf(k, levelNumber(this.level));
    const dayOfMonth = utcDayOfMonth(now);
    return { id, chainIndex: k, publicHash: publicHash(secret, id, dayOfMonth), secret, dayOfMonth, createdAt: now };
  }

  private cursor(): ChainCursor {
    // a secret (worker/env-secrets.d.ts): possibly unset
    const raw = ((this.env as Env & { JACKPOT_CHAIN_SEED?: string }).JACKPOT_CHAIN_SEED ?? "").trim().toLowerCase();
    const config = chainConfigFromVars(
      { seed: isHash(raw) ? keccakHex(`${raw}:${this.level}`) : raw, length: this.env.JACKPOT_CHAIN_LENGTH, terminal: jackpotTerminals(this.env)[this.level] },
      { seed: "JACKPOT_CHAIN_SEED", length: "JACKPOT_CHAIN_LENGTH", terminal: `JACKPOT_CHAIN_TERMINALS.${this.level}` },
    );
    return new ChainCursor(config, this.storage, {
      prefix: "jackpotChain:",
      vars: { seed: "JACKPOT_CHAIN_SEED", length: "JACKPOT_CHAIN_LENGTH", terminal: "JACKPOT_CHAIN_TERMINALS" },
    });
  }
}

/** The level's rules and the shared timers from the vars (a bad var throws: the room refuses to run on a typo). */
export function roomConfig(env: Env, level: JackpotLevel): { settings: JackpotLevelSettings; timers: JackpotTimers; salt: string } {
  return { settings: jackpotLevelSettings(level, env.JACKPOT_LEVELS), timers: jackpotTimers(env.JACKPOT_TIMERS), salt: env.JACKPOT_SALT };
}
