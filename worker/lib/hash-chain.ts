// A committed hash chain on the server (docs/fairness.md "Provably fair"; the crash room and the three
// jackpot rooms each walk their own): round k uses
// secret_hash = x_k, where x_N is the secret seed (CRASH_CHAIN_SEED), x_{k-1} = keccak256(x_k)
// and x_0 is the published terminating hash (CRASH_CHAIN_TERMINAL). Hashing can only go down
// the chain, so x_k = keccak^(N−k)(x_N): too slow to redo per round for N = 10^6. The first
// ready() walks the whole chain once (N hashes, a few seconds), checks that it ends at the
// published terminal and keeps a checkpoint every CRASH_CHAIN.checkpointInterval links in
// storage; afterwards any x_k costs fewer hashes than the interval, and consecutive rounds
// come from an in-memory block. Storage is any get/put store (DurableObjectStorage in the
// room, a Map-backed one in Node tests).
import { CRASH_CHAIN } from "../../shared/constants";
import { chainPrev, isHash, keccakHex } from "../../shared/fairness";

/** The part of DurableObjectStorage the cursor needs. */
export interface ChainStore {
  get<T = unknown>(key: string): Promise<T | undefined>;
  put<T>(key: string, value: T): Promise<void>;
}

export interface ChainConfig {
  /** x_N: 64 lowercase hex characters (secret) */
  seed: string;
  /** N: how many rounds the chain serves (rounds 1..N) */
  length: number;
  /** x_0: the published terminating hash */
  terminal: string;
}

export type ChainErrorCode = "config" | "terminal_mismatch" | "exhausted" | "out_of_range";

/** Every failure of the chain says what to do; `code` lets the room decide (e.g. maintenance). */
export class ChainError extends Error {
  constructor(
    readonly code: ChainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ChainError";
  }
}

/** The vars as they arrive from the environment (secrets may be missing). */
export interface ChainEnv {
  CRASH_CHAIN_SEED?: string;
  CRASH_CHAIN_LENGTH?: string;
  CRASH_CHAIN_TERMINAL?: string;
}

/** The names of a chain's three vars, for the messages (the crash room's by default). */
export interface ChainVarNames {
  seed: string;
  length: string;
  terminal: string;
}

const CRASH_VARS: ChainVarNames = { seed: "CRASH_CHAIN_SEED", length: "CRASH_CHAIN_LENGTH", terminal: "CRASH_CHAIN_TERMINAL" };

/** Validates the crash room's three vars; throws ChainError('config') naming the bad one. */
export function chainConfigFromEnv(env: ChainEnv): ChainConfig {
  return chainConfigFromVars({ seed: env.CRASH_CHAIN_SEED, length: env.CRASH_CHAIN_LENGTH, terminal: env.CRASH_CHAIN_TERMINAL }, CRASH_VARS);
}

/** Validates a chain's three values; throws ChainError('config') naming the bad var. */
export function chainConfigFromVars(values: { seed?: string; length?: string; terminal?: string }, names: ChainVarNames): ChainConfig {
  const seed = (values.seed ?? "").trim().toLowerCase();
  const terminal = (values.terminal ?? "").trim().toLowerCase();
  const lengthText = (values.length ?? "").trim();
  if (!isHash(seed)) throw new ChainError("config", `${names.seed} must be 64 hex characters (set it with \`wrangler secret put ${names.seed}\`)`);
  if (!isHash(terminal)) throw new ChainError("config", `${names.terminal} must be 64 hex characters (the published terminating hash)`);
  if (!/^[1-9][0-9]*$/.test(lengthText) || !Number.isSafeInteger(Number(lengthText))) {
    throw new ChainError("config", `${names.length} must be a positive integer, got ${JSON.stringify(values.length ?? "")}`);
  }
  return { seed, terminal, length: Number(lengthText) };
}

interface ChainMeta {
  version: 1;
  length: number;
  terminal: string;
  interval: number;
  perKey: number;
  /** keccak(seed + ":checkpoints"): tells a changed seed apart without storing anything derivable from the chain */
  seedCheck: string;
}

export interface ChainCursorOptions {
  /** storage key prefix (default "crashChain:") */
  prefix?: string;
  /** default CRASH_CHAIN.checkpointInterval */
  interval?: number;
  /** default CRASH_CHAIN.checkpointsPerKey */
  perKey?: number;
  /** the var names the error messages cite (default: the crash room's) */
  vars?: ChainVarNames;
}

export class ChainCursor {
  readonly config: ChainConfig;
  /** keccak calls made by this cursor (tests check the cost of a lookup) */
  hashesComputed = 0;
  private readonly prefix: string;
  private readonly interval: number;
  private readonly perKey: number;
  private readonly vars: ChainVarNames;
  private readyPromise: Promise<void> | null = null;
  private readonly groups = new Map<number, string[]>();
  /** x_j for j in [low, top], values[top − j] */
  private block: { top: number; low: number; values: string[] } | null = null;

  constructor(
    config: ChainConfig,
    private readonly store: ChainStore,
    options: ChainCursorOptions = {},
  ) {
    this.config = config;
    this.prefix = options.prefix ?? "crashChain:";
    this.interval = options.interval ?? CRASH_CHAIN.checkpointInterval;
    this.perKey = options.perKey ?? CRASH_CHAIN.checkpointsPerKey;
    this.vars = options.vars ?? CRASH_VARS;
  }

  static fromEnv(env: ChainEnv, store: ChainStore, options?: ChainCursorOptions): ChainCursor {
    return new ChainCursor(chainConfigFromEnv(env), store, options);
  }

  get length(): number {
    return this.config.length;
  }

  get terminal(): string {
    return this.config.terminal;
  }

  /**
   * Resolves once the checkpoints are in storage for this exact chain. The first time (or after
   * the seed, length or terminal changed) it walks the whole chain and checks it ends at the
   * terminal: ChainError('terminal_mismatch') otherwise, and nothing is stored.
   */
  ready(): Promise<void> {
    this.readyPromise ??= this.prepare().catch((err: unknown) => {
      this.readyPromise = null;
      throw err;
    });
    return this.readyPromise;
  }

  /** x_k, the secret_hash of round k (1 ≤ k ≤ N). */
  async secretFor(k: number): Promise<string> {
    if (!Number.isSafeInteger(k) || k < 1) throw new ChainError("out_of_range", `chain index must be an integer ≥ 1, got ${k}`);
    const n = this.config.length;
    if (k > n) {
      throw new ChainError(
        "exhausted",
        `hash chain exhausted: round ${k} is past ${this.vars.length} ${n}. Generate a new chain (npm run crash:new-chain), publish its terminating hash and set ${this.vars.seed} / ${this.vars.length} / ${this.vars.terminal}.`,
      );
    }
    const cached = this.fromBlock(k);
    if (cached !== undefined) return cached;
    await this.ready();
    const top = k % this.interval === 0 ? k : Math.min(n, (Math.floor(k / this.interval) + 1) * this.interval);
    let x = top === n ? this.config.seed : await this.checkpoint(top / this.interval);
    const values = [x];
    for (let j = top; j > k; j--) {
      x = this.hash(x);
      values.push(x);
    }
    this.block = { top, low: k, values };
    return x;
  }

  /** Rounds left after round k (0 when k is the last one). */
  remainingAfter(k: number): number {
    return Math.max(0, this.config.length - k);
  }

  private fromBlock(k: number): string | undefined {
    const b = this.block;
    if (!b || k < b.low || k > b.top) return undefined;
    return b.values[b.top - k];
  }

  private hash(x: string): string {
    this.hashesComputed++;
    return chainPrev(x);
  }

  private async prepare(): Promise<void> {
    const expected = this.meta();
    const stored = await this.store.get<ChainMeta>(`${this.prefix}meta`);
    if (stored && sameMeta(stored, expected)) return;
    await this.build(expected);
  }

  private meta(): ChainMeta {
    const { length, terminal, seed } = this.config;
    return { version: 1, length, terminal, interval: this.interval, perKey: this.perKey, seedCheck: keccakHex(`${seed}:checkpoints`) };
  }

  /** One walk x_N → x_0 (N hashes): checkpoints on the way, the terminal at the end. */
  private async build(meta: ChainMeta): Promise<void> {
    const { seed, length, terminal } = this.config;
    const checkpoints: string[] = new Array(Math.floor(length / this.interval) + 1);
    let x = seed;
    for (let j = length; j >= 0; j--) {
      if (j % this.interval === 0) checkpoints[j / this.interval] = x;
      if (j > 0) x = this.hash(x);
    }
    // x is keccak^N(seed) now, which must be x_0
    const end = checkpoints[0]!;
    if (end !== terminal) {
      throw new ChainError(
        "terminal_mismatch",
        `${this.vars.seed} does not lead to ${this.vars.terminal} in ${this.vars.length} (${length}) steps: got ${end}, published ${terminal}`,
      );
    }
    this.groups.clear();
    for (let g = 0; g * this.perKey < checkpoints.length; g++) {
      const group = checkpoints.slice(g * this.perKey, (g + 1) * this.perKey);
      await this.store.put(`${this.prefix}cp:${g}`, group);
      this.groups.set(g, group);
    }
    // meta last: an interrupted build is redone on the next start
    await this.store.put(`${this.prefix}meta`, meta);
  }

  /** Checkpoint number m = x_{m·interval}. */
  private async checkpoint(m: number): Promise<string> {
    const g = Math.floor(m / this.perKey);
    let group = this.groups.get(g);
    if (!group) {
      group = await this.store.get<string[]>(`${this.prefix}cp:${g}`);
      if (!group) throw new ChainError("config", `hash chain checkpoint group ${g} is missing from storage`);
      this.groups.set(g, group);
    }
    const x = group[m % this.perKey];
    if (x === undefined) throw new ChainError("config", `hash chain checkpoint ${m} is missing from storage`);
    return x;
  }
}

function sameMeta(a: ChainMeta, b: ChainMeta): boolean {
  return (
    a.version === b.version &&
    a.length === b.length &&
    a.terminal === b.terminal &&
    a.interval === b.interval &&
    a.perKey === b.perKey &&
    a.seedCheck === b.seedCheck
  );
}
