// Checking one case roll in the browser (docs/fairness.md "Provably fair"): the revealed
// server seed must hash (keccak-256) to the hash shown before the open, and casesPick over the
// case's weights, in the server's pick order, names the item that seed pair and nonce give.
import { CASES } from "../../../../shared/constants";
import { casesPick, isHash, keccakHex } from "../../../../shared/fairness";

export interface RollInput {
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  /** the hash shown before the open (optional) */
  serverSeedHash: string;
}

export type RollField = keyof RollInput;

/**
 * The roll a link asks to check (?server_seed_hash=…&client_seed=…&nonce=…, the profile's case
 * history links so); the server seed stays for the player to type once a rotation revealed it.
 */
export function rollInputFromQuery(params: URLSearchParams): RollInput {
  return {
    serverSeed: "",
    clientSeed: params.get("client_seed") ?? "",
    nonce: params.get("nonce") ?? "",
    serverSeedHash: params.get("server_seed_hash") ?? "",
  };
}

export interface RollVerdict {
  /** index into the case's items (pick order) */
  index: number;
  /** keccak-256 of the server seed */
  hash: string;
  /** null when no hash was given to compare with */
  hashMatches: boolean | null;
}

export type RollCheck = { ok: true; verdict: RollVerdict } | { ok: false; errors: RollField[] };

/** Validates the form and runs the pick; the client seed is used as saved (the server trims it). */
export function verifyCaseRoll(input: RollInput, weights: readonly number[]): RollCheck {
  const serverSeed = input.serverSeed.trim().toLowerCase();
  const clientSeed = input.clientSeed.trim();
  const nonceText = input.nonce.trim();
  const expected = input.serverSeedHash.trim().toLowerCase();
  const errors: RollField[] = [];
  if (!isHash(serverSeed)) errors.push("serverSeed");
  if (clientSeed.length === 0 || clientSeed.length > CASES.clientSeedMaxLength) errors.push("clientSeed");
  const nonce = /^\d{1,15}$/.test(nonceText) ? Number(nonceText) : NaN;
  if (!Number.isSafeInteger(nonce)) errors.push("nonce");
  if (expected !== "" && !isHash(expected)) errors.push("serverSeedHash");
  if (errors.length > 0 || weights.length === 0) return { ok: false, errors };
  const hash = keccakHex(serverSeed);
  return {
    ok: true,
    verdict: { index: casesPick(serverSeed, clientSeed, nonce, weights), hash, hashMatches: expected === "" ? null : expected === hash },
  };
}
