#!/usr/bin/env node
// Verifies a bonus pool round with nothing but Node (no npm packages): the winners from the
// revealed secret, the salt and the participants in join order (place p takes index
// floor(n_p · m / 2^52) of the m not drawn yet, n_p the first 13 hex digits of
// keccak256(secret:salt:p)), the 50/25/25 split of the bank (odd cents to the first place, places
// nobody took carried over), the public hash shown before the round, the link to the previous
// round's secret and, optionally, the chain down to the published terminating hash. The scheme is
// in docs/games.md "Bonus pool" / "Provably fair" and shared/bonus.ts; this file re-implements it.
//
//   node scripts/verify-bonus.mjs --round-json <file>   (the answer of POST /api/jackpot-bonus/round)
//   node scripts/verify-bonus.mjs --secret <hex> --round <id> --day <d> --salt <hex> --participants <id,id,…>
//        [--bank <cents>] [--winners <id,id,id>] [--public <hex>] [--previous <hex>] [--terminal <hex>] [--json]
//
// Exit code: 0 all given checks hold, 1 a check failed, 2 bad usage.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import {
  chainChecks,
  chainHolds,
  checkHex64,
  drawDistinct,
  integerOption,
  optionalText,
  printChainChecks,
  readArgs,
  runCli,
  UsageError,
} from "./lib/verify.mjs";

/** shared/constants.ts BONUS.winnerShares */
const SHARES = [50, 25, 25];

/** The winners, first place first. @param {string} secret @param {string} salt @param {number[]} participants */
export function bonusWinners(secret, salt, participants) {
  return drawDistinct(secret, salt, participants, SHARES.length);
}

/** The places' cents. @param {number} bank @param {number} winners */
export function bonusSplit(bank, winners) {
  const shares = SHARES.map((p) => Math.floor((bank * p) / 100));
  shares[0] += bank - shares.reduce((a, b) => a + b, 0);
  return shares.slice(0, Math.min(winners, shares.length));
}

/**
 * @param {{ secret: string, round: number, day: number, salt: string, participants: number[], bank?: number, winners?: number[], public?: string, previous?: string, terminal?: string }} o
 */
export function verifyBonus(o) {
  const secret = o.secret.toLowerCase();
  const winners = bonusWinners(secret, o.salt, o.participants);
  const amounts = o.bank === undefined ? null : bonusSplit(o.bank, winners.length);
  const checks = chainChecks(secret, o, o.round);
  const winnersMatch = o.winners === undefined ? null : o.winners.join(",") === winners.join(",");
  return {
    round: o.round,
    day: o.day,
    winners,
    amounts,
    carried: amounts === null || o.bank === undefined ? null : o.bank - amounts.reduce((a, b) => a + b, 0),
    winnersMatch,
    ...checks,
    ok: chainHolds(checks) && winnersMatch !== false,
  };
}

const USAGE = `usage: node scripts/verify-bonus.mjs --round-json <file>
       node scripts/verify-bonus.mjs --secret <hex> --round <id> --day <d> --salt <hex> --participants <id,id,…>
       [--bank <cents>] [--winners <id,id,id>] [--public <hex>] [--previous <hex>] [--terminal <hex>] [--json]

  --round-json    the answer of POST /api/jackpot-bonus/round {id} (a file): fills everything below
  --secret        the round's revealed secret (x_k, 64 hex)
  --round         the round id (= its index k in the bonus chain)
  --day           the day of month (UTC) the round was created
  --salt          the pool's published salt
  --participants  the participants' user ids in join order
  --bank          the round's bank in cents: prints each place's cents and what carried over
  --winners       the winners the site announced, first place first: checked
  --public        the public hash shown before the round: checked
  --previous      the previous round's secret (x_{k-1}): checks keccak256(secret) equals it
  --terminal      the published terminating hash (x_0): checks keccak256 applied <round> times
  --json          print the result as JSON`;

export { UsageError };

/** @param {string | undefined} raw @param {string} k */
function idList(raw, k) {
  if (raw === undefined) return undefined;
  if (raw === "") return [];
  if (!/^[1-9][0-9]*(,[1-9][0-9]*)*$/.test(raw)) throw new UsageError(`--${k} must be user ids separated by commas`);
  return raw.split(",").map(Number);
}

/** The API's round as the options. @param {string} file */
function fromRoundJson(file) {
  const { round: r } = JSON.parse(readFileSync(file, "utf8"));
  if (!r || typeof r.secret !== "string") throw new UsageError("--round-json: not a drawn round (no secret)");
  return {
    secret: r.secret,
    round: r.id,
    day: r.day_of_month,
    salt: r.salt,
    participants: r.participants,
    bank: Math.round(r.bank * 100),
    winners: [...r.winners].sort((a, b) => a.place - b.place).map((w) => w.user.id),
    public: r.public_hash,
  };
}

/** @param {string[]} argv */
export function parseArgs(argv) {
  const valued = ["round-json", "secret", "round", "day", "salt", "participants", "bank", "winners", "public", "previous", "terminal"];
  const file = argv.indexOf("--round-json");
  const raw = readArgs(argv, valued, file >= 0 ? ["round-json"] : ["secret", "round", "day", "salt", "participants"]);
  if (!raw) return { help: true };
  if (typeof raw["round-json"] === "string") return { help: false, json: raw.json === true, ...fromRoundJson(raw["round-json"]) };
  checkHex64(raw, ["secret", "public", "previous", "terminal"]);
  return {
    help: false,
    json: raw.json === true,
    secret: /** @type {string} */ (raw.secret),
    round: integerOption(raw, "round", 1, Number.MAX_SAFE_INTEGER),
    day: integerOption(raw, "day", 1, 31),
    salt: /** @type {string} */ (raw.salt),
    participants: idList(optionalText(raw, "participants"), "participants") ?? [],
    bank: raw.bank === undefined ? undefined : integerOption(raw, "bank", 0, Number.MAX_SAFE_INTEGER),
    winners: idList(optionalText(raw, "winners"), "winners"),
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
    verify: (opts) => verifyBonus(/** @type {any} */ (opts)),
    json: (r) => JSON.stringify(r, null, 2),
    print: (r, opts) => {
      io.log(`round ${r.round}, day ${r.day}, ${/** @type {any} */ (opts).participants.length} participants`);
      r.winners.forEach((id, i) => {
        io.log(`place ${i + 1}       user ${id}${r.amounts ? `  ${r.amounts[i]} cents` : ""}`);
      });
      if (r.carried !== null) io.log(`carried over  ${r.carried} cents`);
      if (r.winnersMatch !== null) io.log(`winners       ${r.winnersMatch ? "OK" : "MISMATCH"} (given ${/** @type {any} */ (opts).winners.join(",")})`);
      printChainChecks(r, opts, 14, io.log);
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
