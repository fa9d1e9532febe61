/**
 * Provably fair outcomes (docs/fairness.md "Provably fair", spec §9). Shared by the server, the
 * browser's verifier and the tests; scripts/verify-crash.mjs re-implements the crash part with
 * nothing but Node.
 *
 * The scheme, briefly:
 * - Each mode has a pre-committed hash chain: a random seed `x_N` (64 lowercase hex
 *   characters), `x_{k-1} = keccak256(x_k)` hashing the 64-character hex TEXT of `x_k`, and the
 *   terminating hash `x_0` published before play. Round k reveals `secret_hash = x_k`; anyone
 *   checks `keccak256(x_k) === x_{k-1}`, back to `x_0`.
 * - `public_hash = keccak256(secret + ":" + roundId + ":" + dayOfMonth)` is shown before the
 *   round (day of month in UTC when the round was created).
 * - The outcome mixes in a public salt nobody knew when `x_0` was published:
 *   `h = keccak256(secret + ":" + salt)`, `n` = the first 13 hex digits of h (52 bits),
 *   `E = 2^52`. All arithmetic is exact BigInt, never floats.
 * - Crash: `n mod 25 == 0` → 1.00 (the 4 % instant crash, the whole house edge), otherwise
 *   `ceil(100·E / (E − n))` hundredths, so P(crash > m) = 0.96 / m.
 * - Wheel: `n mod segments`. Jackpot: ticket `floor(n·T / E) + 1` of T tickets numbered from 1.
 * - Cases: n from `keccak256(serverSeed + ":" + clientSeed + ":" + nonce + ":cases")`,
 *   `t = floor(n·W / E)` over integer weights (total W), the first index whose cumulative
 *   weight exceeds t.
 *
 * keccak256 is the ORIGINAL Keccak (js-sha3 `keccak256`, padding 0x01), not NIST SHA3-256.
 * Strings are UTF-8; numbers inside hashed strings are base 10 without padding.
 */
import { keccak256 } from "js-sha3";
import { FAIRNESS } from "./constants";

/** 2^52: n is a 52-bit integer in [0, E). */
export const E = 2n ** 52n;

/** Hex digits of a hash that make n (13 × 4 = 52 bits). */
export const N_HEX_DIGITS = 13;

/** n mod this == 0 is an instant crash: 100 / 4 % = 25. */
export const INSTANT_CRASH_MODULUS = BigInt(100 / FAIRNESS.instantCrashPercent);

/** Crash point of an instant crash, in hundredths (×1.00). */
export const INSTANT_CRASH_HUNDREDTHS = 100;

const HASH_RE = /^[0-9a-f]{64}$/;

/** True for a 64-character lowercase hex string (a keccak-256 digest / chain element). */
export function isHash(value: string): boolean {
  return HASH_RE.test(value);
}

const utf8 = new TextEncoder();

/**
 * keccak-256 (original Keccak, js-sha3) of the UTF-8 text, as 64 lowercase hex characters.
 * The text is encoded here, not by js-sha3: its own string path (0.13.0) hashes the wrong bytes
 * when a multi-byte character straddles the 136-byte block boundary (a cases client seed may
 * hold any character; tests/unit/fairness-properties.test.ts).
 */
export function keccakHex(text: string): string {
  return keccak256(utf8.encode(text));
}

/** n: the first 13 hex digits of a hash as a 52-bit integer. */
export function hashToN(hex: string): bigint {
  const head = hex.slice(0, N_HEX_DIGITS);
  if (!/^[0-9a-fA-F]{13}$/.test(head)) throw new RangeError(`not a hex hash: ${JSON.stringify(hex)}`);
  return BigInt(`0x${head}`);
}

/** Shown before a round: keccak256(secret + ":" + roundId + ":" + dayOfMonth). */
export function publicHash(secret: string, roundId: number, dayOfMonth: number): string {
  return keccakHex(`${secret}:${decimal(roundId)}:${decimal(dayOfMonth)}`);
}

/** The outcome hash: keccak256(secret + ":" + salt). */
export function roundHash(secret: string, salt: string): string {
  return keccakHex(`${secret}:${salt}`);
}

/** Exact crash point in hundredths for n (BigInt, never rounded by a float). */
export function crashPointFromN(n: bigint): bigint {
  if (n < 0n || n >= E) throw new RangeError(`n out of range: ${n}`);
  if (n % INSTANT_CRASH_MODULUS === 0n) return BigInt(INSTANT_CRASH_HUNDREDTHS);
  return ceilDiv(100n * E, E - n);
}

/**
 * Crash point in hundredths (202 = ×2.02) from the round hash. Exact as a number up to 2^53
 * hundredths; larger values need E − n ≤ 50 (probability ~1e-14) and lose their last digits.
 */
export function crashPointFromHash(roundHashHex: string): number {
  return Number(crashPointFromN(hashToN(roundHashHex)));
}

/** Crash point in hundredths of the round with this secret under this salt. */
export function crashPoint(secret: string, salt: string): number {
  return crashPointFromHash(roundHash(secret, salt));
}

/** Wheel: segment index in [0, segments). */
export function wheelSegment(secret: string, salt: string, segments: number): number {
  const count = positiveInt(segments, "segments");
  return Number(hashToN(roundHash(secret, salt)) % count);
}

/** Jackpot: winning ticket in [1, tickets] (tickets numbered from 1 in bet order). */
export function jackpotTicket(secret: string, salt: string, tickets: number): number {
  const total = positiveInt(tickets, "tickets");
  return Number((hashToN(roundHash(secret, salt)) * total) / E) + 1;
}

/** Cases: index of the item picked by the integer weights (each ≥ 0, total > 0). */
export function casesPick(serverSeed: string, clientSeed: string, nonce: number, weights: readonly number[]): number {
  const big = weights.map((w, i) => {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`weight ${i} is not a non-negative integer: ${w}`);
    return BigInt(w);
  });
  const total = big.reduce((a, b) => a + b, 0n);
  if (total <= 0n) throw new RangeError("weights must add up to more than 0");
  const n = hashToN(keccakHex(`${serverSeed}:${clientSeed}:${decimal(nonce)}:cases`));
  const t = (n * total) / E;
  let cumulative = 0n;
  for (let i = 0; i < big.length; i++) {
    cumulative += big[i]!;
    if (cumulative > t) return i;
  }
  // unreachable: t < total because n < E
  throw new Error("casesPick: no item picked");
}

/** One step down the chain: x_{k-1} = keccak256(x_k). */
export function chainPrev(x: string): string {
  return keccakHex(x);
}

/** Does `secret` (x_k) hash to `previousSecret` (x_{k-1}, or the terminating hash for k = 1)? */
export function verifyChainLink(secret: string, previousSecret: string): boolean {
  return isHash(secret) && chainPrev(secret) === previousSecret.toLowerCase();
}

/** Walks `steps` links down from x_k: keccak^steps(x_k) (= x_{k-steps}). */
export function chainWalk(x: string, steps: number): string {
  if (!Number.isSafeInteger(steps) || steps < 0) throw new RangeError(`steps must be a non-negative integer: ${steps}`);
  let h = x;
  for (let i = 0; i < steps; i++) h = keccakHex(h);
  return h;
}

/** Day of month (1..31) in UTC at this epoch ms: the `dayOfMonth` of publicHash. */
export function utcDayOfMonth(epochMs: number): number {
  return new Date(epochMs).getUTCDate();
}

export interface CrashRoundCheck {
  secret: string;
  roundId: number;
  dayOfMonth: number;
  salt: string;
  /** the public hash shown before the round, if known */
  publicHash?: string;
  /** the previous round's secret (x_{k-1}), if known */
  previousSecret?: string;
}

export interface CrashRoundVerdict {
  /** crash point in hundredths */
  crashPoint: number;
  roundHash: string;
  publicHash: string;
  /** null when no public hash was given */
  publicHashMatches: boolean | null;
  /** null when no previous secret was given */
  chainLinkHolds: boolean | null;
}

/** Everything a player checks about one crash round (the provably-fair page and round details). */
export function verifyCrashRound(check: CrashRoundCheck): CrashRoundVerdict {
  const secret = check.secret.trim().toLowerCase();
  const rh = roundHash(secret, check.salt.trim());
  const ph = publicHash(secret, check.roundId, check.dayOfMonth);
  return {
    crashPoint: crashPointFromHash(rh),
    roundHash: rh,
    publicHash: ph,
    publicHashMatches: check.publicHash === undefined ? null : check.publicHash.trim().toLowerCase() === ph,
    chainLinkHolds: check.previousSecret === undefined ? null : verifyChainLink(secret, check.previousSecret.trim()),
  };
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

function positiveInt(value: number, name: string): bigint {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer: ${value}`);
  return BigInt(value);
}

/** A number as it appears inside a hashed string: base 10, no padding, integers only. */
function decimal(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
  return String(value);
}
