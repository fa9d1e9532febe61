#!/usr/bin/env node
// Verifies a jackpot round with nothing but Node (no npm packages; keccak-256, the chain checks
// and the command-line frame from scripts/lib/verify.mjs): the winning ticket from the revealed secret, the salt and the
// round's total tickets (floor(n · T / 2^52) + 1, n = the first 13 hex digits of
// keccak256(secret + ":" + salt)), the public hash shown before the round, and optionally the
// link to the level's previous round (round id − 3) and the level's whole chain. docs/games.md "Jackpot".
//
//   node scripts/verify-jackpot.mjs --secret <hex> --salt <hex> --tickets <T> --round <id> --day <d>
//        [--public <hex>] [--winner-ticket <n>] [--previous <hex>] [--terminal <hex>] [--json]
//
// Exit code: 0 all given checks hold, 1 a check failed, 2 bad usage.
import { pathToFileURL } from "node:url";
import {
  chainChecks,
  chainHolds,
  checked,
  checkHex64,
  E,
  hashToN,
  integerOption,
  optionalText,
  printChainChecks,
  readArgs,
  roundHash,
  runCli,
  UsageError,
} from "./lib/verify.mjs";

export { UsageError };

/** Winning ticket in [1, tickets]. @param {string} secret @param {string} salt @param {number} tickets */
export function winningTicket(secret, salt, tickets) {
  return Number((hashToN(roundHash(secret, salt)) * BigInt(tickets)) / E) + 1;
}

/** Round id 3·(k − 1) + L → chain index k. @param {number} round */
export function chainIndexOf(round) {
  return Math.floor((round - 1) / 3) + 1;
}

/**
 * @param {{ secret: string, salt: string, tickets: number, round: number, day: number, public?: string, winnerTicket?: number, previous?: string, terminal?: string }} o
 */
export function verifyJackpot(o) {
  const secret = o.secret.toLowerCase();
  const ticket = winningTicket(secret, o.salt, o.tickets);
  const index = chainIndexOf(o.round);
  const ticketMatches = o.winnerTicket === undefined ? null : o.winnerTicket === ticket;
  // keccak256(secret) is the secret of round id − 3 (the level's previous round) if the chain holds
  const checks = chainChecks(secret, o, index);
  return {
    round: o.round,
    chainIndex: index,
    day: o.day,
    tickets: o.tickets,
    roundHash: roundHash(secret, o.salt),
    winningTicket: ticket,
    ticketMatches,
    ...checks,
    ok: ticketMatches !== false && chainHolds(checks),
  };
}

const USAGE = `usage: node scripts/verify-jackpot.mjs --secret <hex> --salt <hex> --tickets <T> --round <id> --day <d>
       [--public <hex>] [--winner-ticket <n>] [--previous <hex>] [--terminal <hex>] [--json]

  --secret         the round's revealed secret (64 hex)
  --salt           the published jackpot salt
  --tickets        the round's total tickets (= its bank in cents)
  --round          the round id (3·(k − 1) + level number; k = its index in the level's chain)
  --day            the day of month (UTC) the round was created
  --public         the public hash shown before the round: checked
  --winner-ticket  the winning ticket the site announced: checked
  --previous       the secret of round id − 3: checks keccak256(secret) equals it
  --terminal       the level's published terminating hash: checks keccak256 applied k times
  --json           print the result as JSON`;

/** @param {string[]} argv */
export function parseArgs(argv) {
  const raw = readArgs(
    argv,
    ["secret", "salt", "tickets", "round", "day", "public", "winner-ticket", "previous", "terminal"],
    ["secret", "salt", "tickets", "round", "day"],
  );
  if (!raw) return { help: true };
  checkHex64(raw, ["secret", "public", "previous", "terminal"]);
  return {
    help: false,
    json: raw.json === true,
    secret: /** @type {string} */ (raw.secret),
    salt: /** @type {string} */ (raw.salt),
    tickets: integerOption(raw, "tickets", 1, Number.MAX_SAFE_INTEGER),
    round: integerOption(raw, "round", 1, Number.MAX_SAFE_INTEGER),
    day: integerOption(raw, "day", 1, 31),
    public: optionalText(raw, "public"),
    winnerTicket: optionalText(raw, "winner-ticket") === undefined ? undefined : integerOption(raw, "winner-ticket", 1, Number.MAX_SAFE_INTEGER),
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
    verify: (opts) => verifyJackpot(/** @type {any} */ (opts)),
    json: (r) => JSON.stringify(r, null, 2),
    print: (r, opts) => {
      io.log(`round ${r.round} (chain index ${r.chainIndex}), day ${r.day}, ${r.tickets} tickets`);
      io.log(`round hash      ${r.roundHash}`);
      io.log(`winning ticket  ${r.winningTicket}${checked(r.ticketMatches, /** @type {any} */ (opts).winnerTicket?.toString())}`);
      printChainChecks(r, opts, 16, io.log);
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
