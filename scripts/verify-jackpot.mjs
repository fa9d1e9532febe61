#!/usr/bin/env node
// Verifies a jackpot round with nothing but Node (no npm packages; keccak-256 from
// scripts/verify-crash.mjs): the winning ticket from the revealed secret, the salt and the
// round's total tickets (floor(n · T / 2^52) + 1, n = the first 13 hex digits of
// keccak256(secret + ":" + salt)), the public hash shown before the round, and optionally the
// link to the level's previous round (round id − 3) and the level's whole chain. README "Jackpot".
//
//   node scripts/verify-jackpot.mjs --secret <hex> --salt <hex> --tickets <T> --round <id> --day <d>
//        [--public <hex>] [--winner-ticket <n>] [--previous <hex>] [--terminal <hex>] [--json]
//
// Exit code: 0 all given checks hold, 1 a check failed, 2 bad usage.
import { pathToFileURL } from "node:url";
import { chainWalk, E, hashToN, keccak256Hex, publicHash, roundHash } from "./verify-crash.mjs";

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
  const ph = publicHash(secret, o.round, o.day);
  const link = keccak256Hex(secret);
  const index = chainIndexOf(o.round);
  const terminalFromSecret = o.terminal === undefined ? null : chainWalk(secret, index);
  const publicHashMatches = o.public === undefined ? null : o.public.toLowerCase() === ph;
  const ticketMatches = o.winnerTicket === undefined ? null : o.winnerTicket === ticket;
  const chainLinkHolds = o.previous === undefined ? null : o.previous.toLowerCase() === link;
  const terminalMatches = o.terminal === undefined ? null : o.terminal.toLowerCase() === terminalFromSecret;
  return {
    round: o.round,
    chainIndex: index,
    day: o.day,
    tickets: o.tickets,
    roundHash: roundHash(secret, o.salt),
    winningTicket: ticket,
    ticketMatches,
    publicHash: ph,
    publicHashMatches,
    /** keccak256(secret): the secret of round id − 3 (the level's previous round) if the chain holds */
    previousFromSecret: link,
    chainLinkHolds,
    terminalFromSecret,
    terminalMatches,
    ok: publicHashMatches !== false && ticketMatches !== false && chainLinkHolds !== false && terminalMatches !== false,
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

const HEX64 = /^[0-9a-fA-F]{64}$/;
const VALUED = ["secret", "salt", "tickets", "round", "day", "public", "winner-ticket", "previous", "terminal"];

export class UsageError extends Error {}

/** @param {string[]} argv */
export function parseArgs(argv) {
  /** @type {Record<string, string | boolean>} */
  const raw = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--json" || a === "--help" || a === "-h") raw[a.replace(/^-+/, "")] = true;
    else if (a.startsWith("--") && VALUED.includes(a.slice(2))) {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      raw[a.slice(2)] = v;
    } else throw new UsageError(`unknown argument: ${a}`);
  }
  if (raw.help || raw.h) return { help: true };
  for (const k of ["secret", "salt", "tickets", "round", "day"]) if (typeof raw[k] !== "string") throw new UsageError(`--${k} is required`);
  const str = (/** @type {string} */ k) => (typeof raw[k] === "string" ? /** @type {string} */ (raw[k]) : undefined);
  for (const k of ["secret", "public", "previous", "terminal"]) {
    const v = str(k);
    if (v !== undefined && !HEX64.test(v)) throw new UsageError(`--${k} must be 64 hex characters`);
  }
  const int = (/** @type {string} */ k, /** @type {number} */ min, /** @type {number} */ max) => {
    const v = /** @type {string} */ (raw[k]);
    if (!/^(0|[1-9][0-9]*)$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(`--${k} must be an integer in ${min}..${max}`);
    return Number(v);
  };
  return {
    help: false,
    json: raw.json === true,
    secret: /** @type {string} */ (raw.secret),
    salt: /** @type {string} */ (raw.salt),
    tickets: int("tickets", 1, Number.MAX_SAFE_INTEGER),
    round: int("round", 1, Number.MAX_SAFE_INTEGER),
    day: int("day", 1, 31),
    public: str("public"),
    winnerTicket: str("winner-ticket") === undefined ? undefined : int("winner-ticket", 1, Number.MAX_SAFE_INTEGER),
    previous: str("previous"),
    terminal: str("terminal"),
  };
}

/**
 * Runs the CLI; returns the exit code.
 * @param {string[]} argv @param {{ log: (s: string) => void, error: (s: string) => void }} [io]
 */
export function main(argv, io = { log: console.log, error: console.error }) {
  let opts;
  try {
    opts = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.error(`${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (opts.help) {
    io.log(USAGE);
    return 0;
  }
  const r = verifyJackpot(/** @type {any} */ (opts));
  if (opts.json) {
    io.log(JSON.stringify(r, null, 2));
    return r.ok ? 0 : 1;
  }
  const verdict = (/** @type {boolean | null} */ ok) => (ok ? "OK" : "MISMATCH");
  io.log(`round ${r.round} (chain index ${r.chainIndex}), day ${r.day}, ${r.tickets} tickets`);
  io.log(`round hash      ${r.roundHash}`);
  io.log(`winning ticket  ${r.winningTicket}${r.ticketMatches === null ? "" : `  ${verdict(r.ticketMatches)} (given ${opts.winnerTicket})`}`);
  io.log(`public hash     ${r.publicHash}${r.publicHashMatches === null ? "" : `  ${verdict(r.publicHashMatches)} (given ${opts.public?.toLowerCase()})`}`);
  io.log(`previous        ${r.previousFromSecret}${r.chainLinkHolds === null ? "" : `  ${verdict(r.chainLinkHolds)} (given ${opts.previous?.toLowerCase()})`}`);
  if (r.terminalFromSecret !== null) io.log(`terminal        ${r.terminalFromSecret}  ${verdict(r.terminalMatches)} (given ${opts.terminal?.toLowerCase()})`);
  io.log(r.ok ? "all checks hold" : "VERIFICATION FAILED");
  return r.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
