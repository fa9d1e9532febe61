#!/usr/bin/env node
// Verifies a giveaway's draw with nothing but Node (no npm packages): the winner from the revealed
// secret, the salt and the participants in join order (index floor(n · m / 2^52) of the m
// participants, n the first 13 hex digits of keccak256(secret:salt:1)), the public hash shown when
// the giveaway started and, optionally, the chain down to the published terminating hash. The
// scheme is in docs/games.md "Giveaways" / "Provably fair" and shared/giveaway.ts; this file re-implements it.
//
//   node scripts/verify-giveaway.mjs --record-json <file>   (the answer of POST /api/giveaways/round)
//   node scripts/verify-giveaway.mjs --secret <hex> --giveaway <id> --day <d> --salt <hex> --participants <id,id,…>
//        [--winner <id>] [--public <hex>] [--previous <hex>] [--terminal <hex>] [--json]
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

/** The winner, or null when nobody joined. @param {string} secret @param {string} salt @param {number[]} participants */
export function giveawayWinner(secret, salt, participants) {
  return drawDistinct(secret, salt, participants, 1)[0] ?? null;
}

/** @param {{ secret: string, giveaway: number, day: number, salt: string, participants: number[], winner?: number | null, public?: string, previous?: string, terminal?: string }} o */
export function verifyGiveaway(o) {
  const secret = o.secret.toLowerCase();
  const winner = giveawayWinner(secret, o.salt, o.participants);
  const checks = chainChecks(secret, { ...o, round: o.giveaway }, o.giveaway);
  const winnerMatch = o.winner === undefined ? null : o.winner === winner;
  return { giveaway: o.giveaway, day: o.day, winner, winnerMatch, ...checks, ok: chainHolds(checks) && winnerMatch !== false };
}

const USAGE = `usage: node scripts/verify-giveaway.mjs --record-json <file>
       node scripts/verify-giveaway.mjs --secret <hex> --giveaway <id> --day <d> --salt <hex> --participants <id,id,…>
       [--winner <id>] [--public <hex>] [--previous <hex>] [--terminal <hex>] [--json]

  --record-json   the answer of POST /api/giveaways/round {id} (a file): fills everything below
  --secret        the giveaway's revealed secret (x_k, 64 hex)
  --giveaway      the giveaway id (= its index k in the giveaway chain)
  --day           the day of month (UTC) it started
  --salt          the giveaways' published salt
  --participants  the participants' user ids in join order ("" for none)
  --winner        the winner the site announced: checked
  --public        the public hash shown when it started: checked
  --previous      the previous giveaway's secret (x_{k-1}): checks keccak256(secret) equals it
  --terminal      the published terminating hash (x_0): checks keccak256 applied <giveaway> times
  --json          print the result as JSON`;

export { UsageError };

/** @param {string} file */
function fromRecordJson(file) {
  const { giveaway: g } = JSON.parse(readFileSync(file, "utf8"));
  if (!g || typeof g.secret !== "string") throw new UsageError("--record-json: not a drawn giveaway (no secret)");
  return {
    secret: g.secret,
    giveaway: g.id,
    day: g.day_of_month,
    salt: g.salt,
    participants: g.participants,
    winner: g.winner ? g.winner.id : null,
    public: g.public_hash,
  };
}

/** @param {string[]} argv */
export function parseArgs(argv) {
  const valued = ["record-json", "secret", "giveaway", "day", "salt", "participants", "winner", "public", "previous", "terminal"];
  const file = argv.indexOf("--record-json");
  const raw = readArgs(argv, valued, file >= 0 ? ["record-json"] : ["secret", "giveaway", "day", "salt", "participants"]);
  if (!raw) return { help: true };
  if (typeof raw["record-json"] === "string") return { help: false, json: raw.json === true, ...fromRecordJson(raw["record-json"]) };
  checkHex64(raw, ["secret", "public", "previous", "terminal"]);
  const participants = optionalText(raw, "participants") ?? "";
  if (participants !== "" && !/^[1-9][0-9]*(,[1-9][0-9]*)*$/.test(participants)) throw new UsageError("--participants must be user ids separated by commas");
  return {
    help: false,
    json: raw.json === true,
    secret: /** @type {string} */ (raw.secret),
    giveaway: integerOption(raw, "giveaway", 1, Number.MAX_SAFE_INTEGER),
    day: integerOption(raw, "day", 1, 31),
    salt: /** @type {string} */ (raw.salt),
    participants: participants === "" ? [] : participants.split(",").map(Number),
    winner: raw.winner === undefined ? undefined : integerOption(raw, "winner", 1, Number.MAX_SAFE_INTEGER),
    public: optionalText(raw, "public"),
    previous: optionalText(raw, "previous"),
    terminal: optionalText(raw, "terminal"),
  };
}

/** @param {string[]} argv @param {{ log: (s: string) => void, error: (s: string) => void }} [io] */
export function main(argv, io = { log: console.log, error: console.error }) {
  return runCli(argv, io, {
    usage: USAGE,
    parse: parseArgs,
    verify: (opts) => verifyGiveaway(/** @type {any} */ (opts)),
    json: (r) => JSON.stringify(r, null, 2),
    print: (r, opts) => {
      io.log(`giveaway ${r.giveaway}, day ${r.day}, ${/** @type {any} */ (opts).participants.length} participants`);
      io.log(`winner        ${r.winner === null ? "nobody joined: the item went back to the house" : `user ${r.winner}`}`);
      if (r.winnerMatch !== null) io.log(`winner        ${r.winnerMatch ? "OK" : "MISMATCH"} (given ${/** @type {any} */ (opts).winner})`);
      printChainChecks(r, opts, 14, io.log);
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
