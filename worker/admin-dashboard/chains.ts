// POST /api/admin/fairness/chains (admin; docs/fairness.md "Provably fair", docs/operations.md
// "Rotating a hash chain"): each committed chain as configured (wrangler.toml vars through env:
// the published terminal and the length; the seed is a secret — only whether it is set) and how
// far the rounds tables have walked it. Read-only: a rotation is a new secret and new vars,
// deployed (the seeds never live in D1).
import type { z } from "zod";
import type { chainStatusJson, fairnessChainsAnswer } from "../../shared/api/admin-ops";
import { isHash } from "../../shared/fairness";
import { first, type SQL, sql } from "../db/sql";
import { jackpotTerminals } from "../jackpot/terminals";

type ChainsEnv = Pick<
  Env,
  | "DB"
  | "CRASH_CHAIN_LENGTH"
  | "CRASH_CHAIN_TERMINAL"
  | "JACKPOT_CHAIN_LENGTH"
  | "JACKPOT_CHAIN_TERMINALS"
  | "WHEEL_CHAIN_LENGTH"
  | "WHEEL_CHAIN_TERMINAL"
  | "BONUS_CHAIN_LENGTH"
  | "BONUS_CHAIN_TERMINAL"
  | "GIVEAWAY_CHAIN_LENGTH"
  | "GIVEAWAY_CHAIN_TERMINAL"
> & {
  CRASH_CHAIN_SEED?: string;
  JACKPOT_CHAIN_SEED?: string;
  WHEEL_CHAIN_SEED?: string;
  BONUS_CHAIN_SEED?: string;
  GIVEAWAY_CHAIN_SEED?: string;
};

type ChainJson = z.input<typeof chainStatusJson>;

interface ChainSource {
  chain: ChainJson["chain"];
  terminal: string | undefined;
  length: string | undefined;
  seed: string | undefined;
  vars: { seed: string; length: string; terminal: string };
  /** the highest round index drawn (constant SQL) */
  used: SQL;
}

const lengthOf = (text: string | undefined): number | null => {
  const t = (text ?? "").trim();
  return /^[1-9][0-9]*$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : null;
};

const hashOrNull = (text: string | undefined): string | null => {
  const t = (text ?? "").trim().toLowerCase();
  return isHash(t) ? t : null;
};

function sources(env: ChainsEnv): ChainSource[] {
  const jackpot = jackpotTerminals(env);
  const jackpotVars = { seed: "JACKPOT_CHAIN_SEED", length: "JACKPOT_CHAIN_LENGTH", terminal: "JACKPOT_CHAIN_TERMINALS" };
  const level = (l: "low" | "medium" | "high"): ChainSource => ({
    chain: `jackpot_${l}`,
    terminal: jackpot[l],
    length: env.JACKPOT_CHAIN_LENGTH,
    seed: env.JACKPOT_CHAIN_SEED,
    vars: jackpotVars,
    used: sql`SELECT COALESCE(MAX(chain_index), 0) AS used FROM jackpot_rounds WHERE level = ${l}`,
  });
  const vars = (p: string) => ({ seed: `${p}_CHAIN_SEED`, length: `${p}_CHAIN_LENGTH`, terminal: `${p}_CHAIN_TERMINAL` });
  return [
    {
      chain: "crash",
      terminal: env.CRASH_CHAIN_TERMINAL,
      length: env.CRASH_CHAIN_LENGTH,
      seed: env.CRASH_CHAIN_SEED,
      vars: vars("CRASH"),
      used: sql`SELECT COALESCE(MAX(id), 0) AS used FROM crash_rounds`,
    },
    level("low"),
    level("medium"),
    level("high"),
    {
      chain: "wheel",
      terminal: env.WHEEL_CHAIN_TERMINAL,
      length: env.WHEEL_CHAIN_LENGTH,
      seed: env.WHEEL_CHAIN_SEED,
      vars: vars("WHEEL"),
      used: sql`SELECT COALESCE(MAX(id), 0) AS used FROM wheel_rounds`,
    },
    {
      chain: "bonus",
      terminal: env.BONUS_CHAIN_TERMINAL,
      length: env.BONUS_CHAIN_LENGTH,
      seed: env.BONUS_CHAIN_SEED,
      vars: vars("BONUS"),
      used: sql`SELECT COALESCE(MAX(id), 0) AS used FROM bonus_rounds`,
    },
    {
      chain: "giveaway",
      terminal: env.GIVEAWAY_CHAIN_TERMINAL,
      length: env.GIVEAWAY_CHAIN_LENGTH,
      seed: env.GIVEAWAY_CHAIN_SEED,
      vars: vars("GIVEAWAY"),
      used: sql`SELECT COALESCE(MAX(id), 0) AS used FROM giveaways`,
    },
  ];
}

export async function chainsStatus(env: ChainsEnv): Promise<z.input<typeof fairnessChainsAnswer>> {
  const chains: ChainJson[] = [];
  for (const s of sources(env)) {
    const used = Number((await first<{ used: number }>(env.DB, s.used))?.used ?? 0);
    const length = lengthOf(s.length);
    chains.push({
      chain: s.chain,
      terminal: hashOrNull(s.terminal),
      length,
      used,
      left: length === null ? null : Math.max(0, length - used),
      seed_var: s.vars.seed,
      seed_set: hashOrNull(s.seed) !== null,
      length_var: s.vars.length,
      terminal_var: s.vars.terminal,
    });
  }
  return { chains };
}
