#!/usr/bin/env node
// Verifies a crash round with nothing but Node (no npm packages): the crash point from the
// revealed secret and the salt, the public hash shown before the round, the link to the previous
// round's secret and, optionally, the whole chain down to the published terminating hash.
// The scheme is in README "Provably fair" and shared/fairness.ts; this file re-implements it,
// keccak-256 included, so a player need not trust the site's code.
//
//   node scripts/verify-crash.mjs --secret <hex> --round <id> --day <d> --salt <hex>
//        [--public <hex>] [--previous <hex>] [--terminal <hex>] [--json]
//
// Exit code: 0 all given checks hold, 1 a check failed, 2 bad usage.
// Also an ES module: the functions below are exported (tests compare keccak with js-sha3).
import { pathToFileURL } from "node:url";

// ---- keccak-256 (original Keccak: padding 0x01, NOT NIST SHA3's 0x06) ---------------------
// Keccak-f[1600] on 25 64-bit lanes, each kept as two 32-bit halves: s[2i] low, s[2i+1] high.

const RATE_BYTES = 136; // 1088-bit rate for a 256-bit output
const ROUND_CONSTANTS = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
].flatMap((rc) => [Number(rc & 0xffffffffn), Number(rc >> 32n)]);
/** rotation offset of lane x + 5y */
const ROTATIONS = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];
/** pi: lane x + 5y moves to lane y + 5·((2x + 3y) mod 5) */
const PI_TARGET = ROTATIONS.map((_, i) => {
  const x = i % 5;
  const y = Math.floor(i / 5);
  return y + 5 * ((2 * x + 3 * y) % 5);
});

/** @param {Uint32Array} s */
function keccakF(s) {
  const c = new Uint32Array(10);
  const b = new Uint32Array(50);
  for (let round = 0; round < 24; round++) {
    // theta
    for (let x = 0; x < 5; x++) {
      c[2 * x] = s[2 * x] ^ s[2 * x + 10] ^ s[2 * x + 20] ^ s[2 * x + 30] ^ s[2 * x + 40];
      c[2 * x + 1] = s[2 * x + 1] ^ s[2 * x + 11] ^ s[2 * x + 21] ^ s[2 * x + 31] ^ s[2 * x + 41];
    }
    for (let x = 0; x < 5; x++) {
      const l = 2 * ((x + 4) % 5);
      const r = 2 * ((x + 1) % 5);
      // D[x] = C[x−1] ^ rot(C[x+1], 1)
      const dLo = c[l] ^ ((c[r] << 1) | (c[r + 1] >>> 31));
      const dHi = c[l + 1] ^ ((c[r + 1] << 1) | (c[r] >>> 31));
      for (let y = 0; y < 25; y += 5) {
        s[2 * (x + y)] ^= dLo;
        s[2 * (x + y) + 1] ^= dHi;
      }
    }
    // rho + pi
    for (let i = 0; i < 25; i++) {
      let lo = s[2 * i];
      let hi = s[2 * i + 1];
      let n = ROTATIONS[i];
      if (n >= 32) {
        [lo, hi] = [hi, lo];
        n -= 32;
      }
      const t = 2 * PI_TARGET[i];
      if (n === 0) {
        b[t] = lo;
        b[t + 1] = hi;
      } else {
        b[t] = (lo << n) | (hi >>> (32 - n));
        b[t + 1] = (hi << n) | (lo >>> (32 - n));
      }
    }
    // chi
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const i = 2 * (x + y);
        const i1 = 2 * (((x + 1) % 5) + y);
        const i2 = 2 * (((x + 2) % 5) + y);
        s[i] = b[i] ^ (~b[i1] & b[i2]);
        s[i + 1] = b[i + 1] ^ (~b[i1 + 1] & b[i2 + 1]);
      }
    }
    // iota
    s[0] ^= ROUND_CONSTANTS[2 * round];
    s[1] ^= ROUND_CONSTANTS[2 * round + 1];
  }
}

/**
 * keccak-256 of a string (UTF-8) or bytes, as 64 lowercase hex characters.
 * @param {string | Uint8Array} input
 */
export function keccak256Hex(input) {
  const data = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const blocks = Math.floor(data.length / RATE_BYTES) + 1;
  const padded = new Uint8Array(blocks * RATE_BYTES);
  padded.set(data);
  padded[data.length] ^= 0x01;
  padded[padded.length - 1] ^= 0x80;
  const s = new Uint32Array(50);
  const view = new DataView(padded.buffer);
  for (let off = 0; off < padded.length; off += RATE_BYTES) {
    for (let w = 0; w < RATE_BYTES / 4; w++) s[w] ^= view.getUint32(off + 4 * w, true);
    keccakF(s);
  }
  let hex = "";
  for (let w = 0; w < 8; w++) {
    const v = s[w];
    for (let k = 0; k < 4; k++) hex += ((v >>> (8 * k)) & 0xff).toString(16).padStart(2, "0");
  }
  return hex;
}

// ---- the fairness scheme (same as shared/fairness.ts) -------------------------------------

export const E = 2n ** 52n;
const INSTANT_CRASH_MODULUS = 25n; // 4 % of rounds crash at ×1.00

/** @param {string} hex */
export function hashToN(hex) {
  const head = hex.slice(0, 13);
  if (!/^[0-9a-fA-F]{13}$/.test(head)) throw new RangeError(`not a hex hash: ${hex}`);
  return BigInt(`0x${head}`);
}

/** @param {string} secret @param {number | string} roundId @param {number | string} dayOfMonth */
export function publicHash(secret, roundId, dayOfMonth) {
  return keccak256Hex(`${secret}:${roundId}:${dayOfMonth}`);
}

/** @param {string} secret @param {string} salt */
export function roundHash(secret, salt) {
  return keccak256Hex(`${secret}:${salt}`);
}

/** Crash point in hundredths (a BigInt, exact). @param {string} roundHashHex */
export function crashPointFromHash(roundHashHex) {
  const n = hashToN(roundHashHex);
  if (n % INSTANT_CRASH_MODULUS === 0n) return 100n;
  return (100n * E + (E - n) - 1n) / (E - n); // ceil(100·E / (E − n))
}

/** keccak^steps(x): `steps` links down the chain. @param {string} x @param {number} steps */
export function chainWalk(x, steps) {
  let h = x;
  for (let i = 0; i < steps; i++) h = keccak256Hex(h);
  return h;
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
  const ph = publicHash(secret, o.round, o.day);
  const link = keccak256Hex(secret);
  const terminalFromSecret = o.terminal === undefined ? null : chainWalk(secret, o.round);
  const publicHashMatches = o.public === undefined ? null : o.public.toLowerCase() === ph;
  const chainLinkHolds = o.previous === undefined ? null : o.previous.toLowerCase() === link;
  const terminalMatches = o.terminal === undefined ? null : o.terminal.toLowerCase() === terminalFromSecret;
  return {
    round: o.round,
    day: o.day,
    roundHash: rh,
    crashHundredths: crash,
    crashPoint: formatMultiplier(crash),
    instantCrash: crash === 100n, // any other n gives more than 100
    publicHash: ph,
    publicHashMatches,
    /** keccak256(secret): the previous round's secret if the chain holds */
    previousFromSecret: link,
    chainLinkHolds,
    /** keccak^round(secret): x_0 if the secret is x_round of the chain */
    terminalFromSecret,
    terminalMatches,
    /** every check that was asked for holds */
    ok: publicHashMatches !== false && chainLinkHolds !== false && terminalMatches !== false,
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

const HEX64 = /^[0-9a-fA-F]{64}$/;

/** @param {string[]} argv */
export function parseArgs(argv) {
  /** @type {Record<string, string | boolean>} */
  const raw = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--json" || a === "--help" || a === "-h") raw[a.replace(/^-+/, "")] = true;
    else if (a.startsWith("--") && ["secret", "round", "day", "salt", "public", "previous", "terminal"].includes(a.slice(2))) {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      raw[a.slice(2)] = v;
    } else throw new UsageError(`unknown argument: ${a}`);
  }
  if (raw.help || raw.h) return { help: true };
  for (const k of ["secret", "round", "day", "salt"]) if (typeof raw[k] !== "string") throw new UsageError(`--${k} is required`);
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
    round: int("round", 1, Number.MAX_SAFE_INTEGER),
    day: int("day", 1, 31),
    salt: /** @type {string} */ (raw.salt),
    public: str("public"),
    previous: str("previous"),
    terminal: str("terminal"),
  };
}

export class UsageError extends Error {}

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
  const r = verifyCrash(/** @type {any} */ (opts));
  if (opts.json) {
    io.log(JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? Number(v) : v), 2));
    return r.ok ? 0 : 1;
  }
  const verdict = (/** @type {boolean | null} */ ok) => (ok ? "OK" : "MISMATCH");
  io.log(`round ${r.round}, day ${r.day}`);
  io.log(`round hash    ${r.roundHash}`);
  io.log(`crash point   x${r.crashPoint}${r.instantCrash ? " (instant crash)" : ""}`);
  io.log(`public hash   ${r.publicHash}${r.publicHashMatches === null ? "" : `  ${verdict(r.publicHashMatches)} (given ${opts.public?.toLowerCase()})`}`);
  io.log(`previous      ${r.previousFromSecret}${r.chainLinkHolds === null ? "" : `  ${verdict(r.chainLinkHolds)} (given ${opts.previous?.toLowerCase()})`}`);
  if (r.terminalFromSecret !== null) io.log(`terminal      ${r.terminalFromSecret}  ${verdict(r.terminalMatches)} (given ${opts.terminal?.toLowerCase()})`);
  io.log(r.ok ? "all checks hold" : "VERIFICATION FAILED");
  return r.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
