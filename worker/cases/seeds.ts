// Seeds of the cases roll, pure (docs/fairness.md "Provably fair"): a secret server seed of
// 64 random hex characters whose keccak hash the player sees in advance, a client seed the player
// may edit, and a nonce. Randomness from crypto.getRandomValues (never Math.random).
import { clientSeedSchema } from "../../shared/api/cases";
import { casesPick, keccakHex } from "../../shared/fairness";

function randomHex(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fresh secret server seed: 32 random bytes as 64 lowercase hex characters. */
export function newServerSeed(): string {
  return randomHex(32);
}

/** The default client seed: 16 random bytes as 32 hex characters (the player may change it). */
export function newClientSeed(): string {
  return randomHex(16);
}

/** keccak256 of the seed's hex text: shown before any open with it. */
export function serverSeedHash(serverSeed: string): string {
  return keccakHex(serverSeed);
}

/** A client seed as the player typed it → the stored text, or null if it is not acceptable. */
export function normalizeClientSeed(input: unknown): string | null {
  const parsed = clientSeedSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

export interface Roll {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** The index of the won item among `weights` (pick order) for this roll. */
export function rollIndex(roll: Roll, weights: readonly number[]): number {
  return casesPick(roll.serverSeed, roll.clientSeed, roll.nonce, weights);
}
