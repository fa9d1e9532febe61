// Shared by the standalone verifiers scripts/verify-{crash,jackpot,wheel,cases}.mjs (nothing but
// Node, no npm packages): keccak-256 itself, the fairness scheme's common hashes (docs/fairness.md "Provably
// fair", shared/fairness.ts), the round's chain checks (public hash, link to the previous secret,
// walk to the terminating hash) and the command-line frame (argument reading, --help/--json,
// exit codes 0 all checks hold / 1 a check failed / 2 bad usage).

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

/** @param {string} hex */
export function hashToN(hex) {
  const head = hex.slice(0, 13);
  if (!/^[0-9a-fA-F]{13}$/.test(head)) throw new RangeError(`not a hex hash: ${hex}`);
  return BigInt(`0x${head}`);
}

/**
 * Up to `places` distinct winners (the bonus pool's three, a giveaway's one): place p takes index
 * floor(n_p · m / 2^52) of the m participants not drawn yet, n_p the first 13 hex digits of
 * keccak256(secret:salt:p). @param {string} secret @param {string} salt @param {number[]} participants @param {number} places
 */
export function drawDistinct(secret, salt, participants, places) {
  const left = [...participants];
  /** @type {number[]} */
  const out = [];
  for (let place = 1; place <= places && left.length > 0; place++) {
    const n = hashToN(keccak256Hex(`${secret}:${salt}:${place}`));
    out.push(...left.splice(Number((n * BigInt(left.length)) / E), 1));
  }
  return out;
}

/** @param {string} secret @param {number | string} roundId @param {number | string} dayOfMonth */
export function publicHash(secret, roundId, dayOfMonth) {
  return keccak256Hex(`${secret}:${roundId}:${dayOfMonth}`);
}

/** @param {string} secret @param {string} salt */
export function roundHash(secret, salt) {
  return keccak256Hex(`${secret}:${salt}`);
}

/** keccak^steps(x): `steps` links down the chain. @param {string} x @param {number} steps */
export function chainWalk(x, steps) {
  let h = x;
  for (let i = 0; i < steps; i++) h = keccak256Hex(h);
  return h;
}

// ---- the chain checks of a hash-chain round (crash, jackpot, wheel) ------------------------

/**
 * The public hash, the link to the previous secret and, when a terminating hash is given, the walk
 * of `steps` links down to it; each `…Matches`/`…Holds` is null when its value was not given.
 * @param {string} secret lowercase @param {{ round: number, day: number, public?: string, previous?: string, terminal?: string }} o @param {number} steps
 */
export function chainChecks(secret, o, steps) {
  const ph = publicHash(secret, o.round, o.day);
  const link = keccak256Hex(secret);
  const terminalFromSecret = o.terminal === undefined ? null : chainWalk(secret, steps);
  return {
    publicHash: ph,
    publicHashMatches: o.public === undefined ? null : o.public.toLowerCase() === ph,
    /** keccak256(secret): the previous round's secret if the chain holds */
    previousFromSecret: link,
    chainLinkHolds: o.previous === undefined ? null : o.previous.toLowerCase() === link,
    /** keccak^steps(secret): the terminating hash if the secret is that far up the chain */
    terminalFromSecret,
    terminalMatches: o.terminal === undefined ? null : o.terminal.toLowerCase() === terminalFromSecret,
  };
}

/** Every chain check that was asked for holds. @param {ReturnType<typeof chainChecks>} c */
export function chainHolds(c) {
  return c.publicHashMatches !== false && c.chainLinkHolds !== false && c.terminalMatches !== false;
}

// ---- command line --------------------------------------------------------------------------

export const HEX64 = /^[0-9a-fA-F]{64}$/;

export class UsageError extends Error {}

/**
 * Reads `--name value` pairs (only the names in `valued`) and the --json / --help / -h flags;
 * null for help, else the raw values once every name in `required` is there.
 * @param {string[]} argv @param {string[]} valued @param {string[]} required
 * @returns {Record<string, string | boolean> | null}
 */
export function readArgs(argv, valued, required) {
  /** @type {Record<string, string | boolean>} */
  const raw = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--json" || a === "--help" || a === "-h") raw[a.replace(/^-+/, "")] = true;
    else if (a.startsWith("--") && valued.includes(a.slice(2))) {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      raw[a.slice(2)] = v;
    } else throw new UsageError(`unknown argument: ${a}`);
  }
  if (raw.help || raw.h) return null;
  for (const k of required) if (typeof raw[k] !== "string") throw new UsageError(`--${k} is required`);
  return raw;
}

/** @param {Record<string, string | boolean>} raw @param {string} k */
export function optionalText(raw, k) {
  return typeof raw[k] === "string" ? /** @type {string} */ (raw[k]) : undefined;
}

/** Throws unless each of the given options is absent or 64 hex. @param {Record<string, string | boolean>} raw @param {string[]} keys */
export function checkHex64(raw, keys) {
  for (const k of keys) {
    const v = optionalText(raw, k);
    if (v !== undefined && !HEX64.test(v)) throw new UsageError(`--${k} must be 64 hex characters`);
  }
}

/** A decimal integer option in min..max. @param {Record<string, string | boolean>} raw @param {string} k @param {number} min @param {number} max */
export function integerOption(raw, k, min, max) {
  const v = /** @type {string} */ (raw[k]);
  if (!/^(0|[1-9][0-9]*)$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(`--${k} must be an integer in ${min}..${max}`);
  return Number(v);
}

/** "" when the check was not asked for, else "  OK (given …)" / "  MISMATCH (given …)". @param {boolean | null} matches @param {string | undefined} given */
export function checked(matches, given) {
  return matches === null ? "" : `  ${matches ? "OK" : "MISMATCH"} (given ${given?.toLowerCase()})`;
}

/**
 * Prints the chain checks' lines, labels padded to `width`.
 * @param {ReturnType<typeof chainChecks>} r @param {{ public?: string, previous?: string, terminal?: string }} given
 * @param {number} width @param {(s: string) => void} log
 */
export function printChainChecks(r, given, width, log) {
  log(`${"public hash".padEnd(width)}${r.publicHash}${checked(r.publicHashMatches, given.public)}`);
  log(`${"previous".padEnd(width)}${r.previousFromSecret}${checked(r.chainLinkHolds, given.previous)}`);
  if (r.terminalFromSecret !== null) log(`${"terminal".padEnd(width)}${r.terminalFromSecret}${checked(r.terminalMatches, given.terminal)}`);
}

/**
 * The CLI frame: parse (usage errors → 2 with the usage), --help (→ 0), verify, then JSON or the
 * script's own lines and the verdict; returns the exit code (0 all checks hold, 1 one failed).
 * @template {{ help: boolean, json?: boolean }} O @template {{ ok: boolean }} R
 * @param {string[]} argv @param {{ log: (s: string) => void, error: (s: string) => void }} io
 * @param {{ usage: string, parse: (argv: string[]) => O, verify: (opts: O) => R, json: (r: R) => string, print: (r: R, opts: O) => void }} cli
 */
export function runCli(argv, io, cli) {
  let opts;
  try {
    opts = cli.parse(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.error(`${err.message}\n\n${cli.usage}`);
    return 2;
  }
  if (opts.help) {
    io.log(cli.usage);
    return 0;
  }
  const r = cli.verify(opts);
  if (opts.json) {
    io.log(cli.json(r));
    return r.ok ? 0 : 1;
  }
  cli.print(r, opts);
  io.log(r.ok ? "all checks hold" : "VERIFICATION FAILED");
  return r.ok ? 0 : 1;
}
