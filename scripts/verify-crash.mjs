#!/usr/bin/env node
// Verifies a crash round with nothing but Node (no npm packages): the crash point from the
// revealed secret and the salt, the public hash shown before the round, the link to the previous
// round's secret and, optionally, the whole chain down to the published terminating hash.
// The scheme is in docs/fairness.md "Provably fair" and shared/fairness.ts; this file and scripts/lib/verify.mjs
// re-implement it, keccak-256 included, so a player need not trust the site's code.
//
//   node scripts/verify-crash.mjs --secret <hex> --round <id> --day <d> --salt <hex>
//        [--public <hex>] [--previous <hex>] [--terminal <hex>] [--json]
//
// Exit code: 0 all given checks hold, 1 a check failed, 2 bad usage.
// Also an ES module: the functions below are exported (tests compare keccak with js-sha3).
import { pathToFileURL } from "node:url";
import { chainChecks, chainHolds, checkHex64, E, hashToN, integerOption, optionalText, printChainChecks, readArgs, roundHash, runCli } from "./lib/verify.mjs";

// the tests (and older callers) import these from here
export { chainWalk, E, hashToN, keccak256Hex, publicHash, roundHash, UsageError } from "./lib/verify.mjs";

const INSTANT_CRASH_MODULUS = 25n; // 4 % of rounds crash at ×1.00

/** Crash point in hundredths (a BigInt, exact). @param {string} roundHashHex */
export function crashPointFromHash(roundHashHex) {
  const n = hashToN(roundHashHex);
  if (n % INSTANT_CRASH_MODULUS === 0n) return 100n;
  return (100n * E + (E - n) - 1n) / (E - n); // ceil(100·E / (E − n))
}

/** 202n → "2.02" @param {bigint} hundredths */
export function formatMultiplier(hundredths) {
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}`;
}

/**
 * @param {{ secret: string, round: number, day: number, salt: string, public?: string, previous?: string, terminal?: string }} o
 */
export function verifyCrash(o) {
  const secret = o.secret.toLowerCase();
  const rh = roundHash(secret, o.salt);
  const crash = crashPointFromHash(rh);
  const checks = chainChecks(secret, o, o.round); // x_0 is keccak^round(x_round)
  return {
    round: o.round,
    day: o.day,
    roundHash: rh,
    crashHundredths: crash,
    crashPoint: formatMultiplier(crash),
    instantCrash: crash === 100n, // any other n gives more than 100
    ...checks,
    /** every check that was asked for holds */
    ok: chainHolds(checks),
  };
}

// ---- command line --------------------------------------------------------------------------

const USAGE = `usage: node scripts/verify-crash.mjs --secret <hex> --round <id> --day <d> --salt <hex>
       [--public <hex>] [--previous <hex>] [--terminal <hex>] [--json]

  --secret    the round's revealed secret hash (x_k, 64 hex)
  --round     the round id (= its index k in the hash chain)
  --day       the day of month (UTC) the round was created
  --salt      the published salt
  --public    the public hash shown before the round: checked
  --previous  the previous round's secret (x_{k-1}): checks keccak256(secret) equals it
  --terminal  the published terminating hash (x_0): checks keccak256 applied <round> times
  --json      print the result as JSON`;

/** @param {string[]} argv */
export function parseArgs(argv) {
  const raw = readArgs(argv, ["secret", "round", "day", "salt", "public", "previous", "terminal"], ["secret", "round", "day", "salt"]);
  if (!raw) return { help: true };
  checkHex64(raw, ["secret", "public", "previous", "terminal"]);
  return {
    help: false,
    json: raw.json === true,
    secret: /** @type {string} */ (raw.secret),
    round: integerOption(raw, "round", 1, Number.MAX_SAFE_INTEGER),
    day: integerOption(raw, "day", 1, 31),
    salt: /** @type {string} */ (raw.salt),
    public: optionalText(raw, "public"),
    previous: optionalText(raw, "previous"),
    terminal: optionalText(raw, "terminal"),
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
    verify: (opts) => verifyCrash(/** @type {any} */ (opts)),
    json: (r) => JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? Number(v) : v), 2),
    print: (r, opts) => {
      io.log(`round ${r.round}, day ${r.day}`);
      io.log(`round hash    ${r.roundHash}`);
      io.log(`crash point   x${r.crashPoint}${r.instantCrash ? " (instant crash)" : ""}`);
      printChainChecks(r, opts, 14, io.log);
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
