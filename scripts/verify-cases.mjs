#!/usr/bin/env node
// Verifies a case opening with nothing but Node (no npm packages): which item the roll picks
// from the revealed server seed, the client seed, the nonce and the case's integer weights
// (listed in the case's item order), and that the server seed matches the hash shown in advance.
// The scheme (docs/fairness.md "Provably fair", shared/fairness.ts casesPick):
//   n = first 13 hex digits of keccak256(serverSeed + ":" + clientSeed + ":" + nonce + ":cases")
//   t = floor(n · W / 2^52) over the total weight W; the pick is the first item whose
//   cumulative weight exceeds t. keccak-256 and the command-line frame are scripts/lib/verify.mjs's.
//
//   node scripts/verify-cases.mjs --server-seed <hex> --client-seed <text> --nonce <n>
//        --weights <w1,w2,...> [--hash <hex>] [--json]
//
// Exit code: 0 (and the hash matches when given), 1 the hash does not match, 2 bad usage.
import { pathToFileURL } from "node:url";
import { checked, E, HEX64, hashToN, keccak256Hex, readArgs, runCli, UsageError } from "./lib/verify.mjs";

/**
 * @param {{ serverSeed: string, clientSeed: string, nonce: number, weights: number[], hash?: string }} o
 */
export function verifyCases(o) {
  const total = o.weights.reduce((a, w) => a + BigInt(w), 0n);
  if (total <= 0n) throw new RangeError("weights must add up to more than 0");
  const rollHash = keccak256Hex(`${o.serverSeed}:${o.clientSeed}:${o.nonce}:cases`);
  const n = hashToN(rollHash);
  const t = (n * total) / E;
  let cumulative = 0n;
  let index = -1;
  for (let i = 0; i < o.weights.length; i++) {
    cumulative += BigInt(o.weights[i]);
    if (cumulative > t) {
      index = i;
      break;
    }
  }
  const serverSeedHash = keccak256Hex(o.serverSeed);
  const hashMatches = o.hash === undefined ? null : o.hash.toLowerCase() === serverSeedHash;
  return { rollHash, n, total, t, index, serverSeedHash, hashMatches, ok: hashMatches !== false };
}

// ---- command line --------------------------------------------------------------------------

const USAGE = `usage: node scripts/verify-cases.mjs --server-seed <hex> --client-seed <text> --nonce <n>
       --weights <w1,w2,...> [--hash <hex>] [--json]

  --server-seed  the revealed server seed (64 hex, shown after rotating the seed pair)
  --client-seed  the client seed of the opening (as text, exactly)
  --nonce        the opening's nonce
  --weights      the case's item weights, comma-separated, in the case's item order
  --hash         the server seed hash shown before the opening: checked
  --json         print the result as JSON`;

export { UsageError };

/** @param {string[]} argv */
export function parseArgs(argv) {
  const raw = readArgs(argv, ["server-seed", "client-seed", "nonce", "weights", "hash"], ["server-seed", "client-seed", "nonce", "weights"]);
  if (!raw) return { help: true };
  const serverSeed = /** @type {string} */ (raw["server-seed"]);
  if (!HEX64.test(serverSeed)) throw new UsageError("--server-seed must be 64 hex characters");
  const hash = typeof raw.hash === "string" ? raw.hash : undefined;
  if (hash !== undefined && !HEX64.test(hash)) throw new UsageError("--hash must be 64 hex characters");
  const nonceText = /** @type {string} */ (raw.nonce);
  if (!/^(0|[1-9][0-9]*)$/.test(nonceText) || !Number.isSafeInteger(Number(nonceText))) throw new UsageError("--nonce must be a non-negative integer");
  const weightsText = /** @type {string} */ (raw.weights).split(",").map((w) => w.trim());
  if (weightsText.some((w) => !/^[1-9][0-9]*$/.test(w) || !Number.isSafeInteger(Number(w))))
    throw new UsageError("--weights must be positive integers separated by commas");
  return {
    help: false,
    json: raw.json === true,
    // the seed is lowercase hex text as the server hashes it
    serverSeed: serverSeed.toLowerCase(),
    clientSeed: /** @type {string} */ (raw["client-seed"]),
    nonce: Number(nonceText),
    weights: weightsText.map(Number),
    hash,
  };
}

/**
 * Runs the CLI; returns the exit code.
 * @param {string[]} argv @param {{ log: (s: string) => void, error: (s: string) => void }} [io]
 */
export function main(argv, io = { log: console.log, error: console.error }) {
  return runCli(argv, io, {
    usage: USAGE,
    parse: parseArgs,
    verify: (opts) => verifyCases(/** @type {any} */ (opts)),
    json: (r) => JSON.stringify({ ...r, n: r.n.toString(), total: r.total.toString(), t: r.t.toString() }),
    print: (r, opts) => {
      io.log(`roll hash     ${r.rollHash}`);
      io.log(`n             ${r.n} (of 2^52)`);
      io.log(`t             ${r.t} (of total weight ${r.total})`);
      io.log(`picked item   #${r.index + 1} (index ${r.index}, weight ${/** @type {any} */ (opts).weights?.[r.index]})`);
      io.log(`seed hash     ${r.serverSeedHash}${checked(r.hashMatches, /** @type {any} */ (opts).hash)}`);
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
