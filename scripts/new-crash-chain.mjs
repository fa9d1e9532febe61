#!/usr/bin/env node
// Makes a new crash hash chain (docs/fairness.md "Provably fair"): a random seed x_N, then
// x_{k-1} = keccak256(x_k) down to the terminating hash x_0, which is published before play.
//
//   node scripts/new-crash-chain.mjs [N] [--dev] [--out <file.json>]
//
//   N       chain length = how many rounds it serves (default 1,000,000)
//   --dev   also makes a random dev salt and prints a wrangler.toml [vars] block (dev only:
//           a real salt is public randomness announced in advance, e.g. a future drand round)
//   --out   writes { seed, length, terminal, salt? } to this JSON file
//
// Keep the seed secret: `wrangler secret put CRASH_CHAIN_SEED`. Publish the length and the
// terminating hash (CRASH_CHAIN_LENGTH, CRASH_CHAIN_TERMINAL in wrangler.toml [vars]).
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import sha3 from "js-sha3";

const { keccak256 } = sha3;
/** = CRASH_CHAIN.defaultLength of shared/constants.ts (a test keeps them equal) */
export const DEFAULT_LENGTH = 1_000_000;

/**
 * keccak256 applied `length` times to the seed: x_0.
 * @param {string} seed @param {number} length @param {(done: number) => void} [progress]
 */
export function terminatingHash(seed, length, progress) {
  const every = Math.max(1, Math.floor(length / 10));
  let x = seed;
  for (let i = 1; i <= length; i++) {
    x = keccak256(x);
    if (progress && (i % every === 0 || i === length)) progress(i);
  }
  return x;
}

/** @param {number} [bytes] */
export function randomHex(bytes = 32) {
  return randomBytes(bytes).toString("hex");
}

/** @param {string[]} argv */
function parseArgs(argv) {
  const opts = { length: DEFAULT_LENGTH, dev: false, out: /** @type {string | undefined} */ (undefined) };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--dev") opts.dev = true;
    else if (a === "--out") opts.out = argv[++i];
    else if (/^[1-9][0-9_]*$/.test(a)) opts.length = Number(a.replaceAll("_", ""));
    else throw new Error(`unknown argument: ${a}\nusage: node scripts/new-crash-chain.mjs [N] [--dev] [--out <file.json>]`);
  }
  if (!Number.isSafeInteger(opts.length)) throw new Error("N is too large");
  if (opts.out === undefined && argv.includes("--out")) throw new Error("--out needs a file name");
  return opts;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const seed = randomHex();
  const started = Date.now();
  const terminal = terminatingHash(seed, opts.length, (done) => {
    process.stderr.write(`  hashed ${done.toLocaleString("en-US")} / ${opts.length.toLocaleString("en-US")} (${Math.round((100 * done) / opts.length)} %)\n`);
  });
  process.stderr.write(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s\n\n`);
  const salt = opts.dev ? randomHex() : undefined;

  console.log(`CRASH_CHAIN_SEED      ${seed}   (SECRET: wrangler secret put CRASH_CHAIN_SEED)`);
  console.log(`CRASH_CHAIN_LENGTH    ${opts.length}`);
  console.log(`CRASH_CHAIN_TERMINAL  ${terminal}   (publish before play)`);
  if (opts.dev) {
    console.log(`\n# wrangler.toml [vars] — DEV ONLY chain; production overrides these`);
    console.log(`CRASH_CHAIN_LENGTH = "${opts.length}"`);
    console.log(`CRASH_CHAIN_TERMINAL = "${terminal}"`);
    console.log(`CRASH_SALT = "${salt}"`);
    console.log(`\n# dev vars (.dev.vars or --var) — DEV ONLY; a real deployment uses \`wrangler secret put\``);
    console.log(`CRASH_CHAIN_SEED=${seed}`);
  } else {
    console.log(`\nCRASH_SALT: announce a public randomness value nobody knows yet (e.g. a future drand round),`);
    console.log(`and set it once it is known, before the first round.`);
  }
  if (opts.out) {
    writeFileSync(opts.out, `${JSON.stringify({ seed, length: opts.length, terminal, ...(salt ? { salt } : {}) }, null, 2)}\n`);
    console.log(`\nwrote ${opts.out}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 2;
  }
}
