// The jackpot chains' published terminating hashes (wrangler.toml JACKPOT_CHAIN_TERMINALS, JSON
// {"low": …, "medium": …, "high": …}; docs/fairness.md "Provably fair"): the rooms check their chain
// against them, /api/getConfig publishes them.
import { JACKPOT_LEVELS, type JackpotLevel } from "../../shared/constants";

/** Each level's terminal as configured; a level missing or not a string is left out. */
export function jackpotTerminals(env: Pick<Env, "JACKPOT_CHAIN_TERMINALS">): Partial<Record<JackpotLevel, string>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(env.JACKPOT_CHAIN_TERMINALS ?? "");
  } catch {
    return {};
  }
  const out: Partial<Record<JackpotLevel, string>> = {};
  for (const level of JACKPOT_LEVELS) {
    const value = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>)[level] : undefined;
    if (typeof value === "string") out[level] = value;
  }
  return out;
}
