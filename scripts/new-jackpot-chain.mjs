#!/usr/bin/env node
// Makes the jackpot rooms' hash chains (docs/games.md "Jackpot", "Provably fair"): ONE random secret
// seed; level L's chain starts at x_N(L) = keccak256(seed + ":" + L) and runs down to its own
// terminating hash, x_{k-1} = keccak256(x_k). Each level has its own chain because its rounds
// run independently: a revealed secret of one level must never reveal an open round of another.
//
//   node scripts/new-jackpot-chain.mjs [N] [--out <file.json>]
//
// Keep the seed secret: `wrangler secret put JACKPOT_CHAIN_SEED`. Publish the length and the
// three terminating hashes (JACKPOT_CHAIN_LENGTH, JACKPOT_CHAIN_TERMINALS in wrangler.toml
// [vars]); JACKPOT_SALT is public randomness announced before the first round.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import sha3 from "js-sha3";
import { randomHex, terminatingHash } from "./new-crash-chain.mjs";

const LEVELS = ["low", "medium", "high"];

/** x_N of a level's chain. @param {string} seed @param {string} level */
export function levelSeed(seed, level) {
  return sha3.keccak256(Buffer.from(`${seed}:${level}`, "utf8"));
}

/** @param {string} seed @param {number} length */
export function jackpotTerminals(seed, length) {
  return Object.fromEntries(LEVELS.map((level) => [level, terminatingHash(levelSeed(seed, level), length)]));
}

function main() {
  const args = process.argv.slice(2);
  const outAt = args.indexOf("--out");
  const out = outAt >= 0 ? args[outAt + 1] : undefined;
  const lengthArg = args.find((a, i) => /^[1-9][0-9_]*$/.test(a) && i !== outAt + 1);
  const length = lengthArg ? Number(lengthArg.replaceAll("_", "")) : 1_000_000;
  const seed = randomHex();
  const terminals = jackpotTerminals(seed, length);
  const salt = randomHex();
  console.log(`JACKPOT_CHAIN_SEED       ${seed}   (SECRET: wrangler secret put JACKPOT_CHAIN_SEED)`);
  console.log(`JACKPOT_CHAIN_LENGTH = "${length}"`);
  console.log(`JACKPOT_CHAIN_TERMINALS = '${JSON.stringify(terminals)}'`);
  console.log(`JACKPOT_SALT = "${salt}"   (dev only: a real salt is announced public randomness)`);
  if (out) {
    writeFileSync(out, `${JSON.stringify({ seed, length, terminals, salt }, null, 2)}\n`);
    console.log(`\nwrote ${out}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
