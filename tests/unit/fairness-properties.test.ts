// Properties of shared/fairness.ts beyond the vectors: exact values at known n, the 4 %
// instant crash and P(crash > m) = 0.96 / m over random hashes, ranges and bad input.
import { randomBytes } from "node:crypto";
import sha3 from "js-sha3";
import { describe, expect, it } from "vitest";
import { keccak256Hex } from "../../scripts/verify-crash.mjs";
import { FAIRNESS } from "../../shared/constants";
import {
  casesPick,
  crashPointFromHash,
  crashPointFromN,
  E,
  hashToN,
  INSTANT_CRASH_MODULUS,
  isHash,
  jackpotTicket,
  keccakHex,
  publicHash,
  utcDayOfMonth,
  wheelSegment,
} from "../../shared/fairness";

const { keccak256 } = sha3;
const SAMPLES = 200_000;
/** hex of n as the first 13 digits of a hash */
const hashOf = (n: bigint) => `${n.toString(16).padStart(13, "0")}${"f".repeat(51)}`;

describe("crash point arithmetic", () => {
  it("is exact at known n", () => {
    expect(crashPointFromN(0n)).toBe(100n); // 0 mod 25 == 0: instant
    expect(crashPointFromN(25n)).toBe(100n);
    expect(crashPointFromN(1n)).toBe(101n); // 100E/(E−1) is just above 100
    expect(crashPointFromN(E / 2n)).toBe(200n); // 2^51 is not divisible by 5
    expect(crashPointFromN((3n * E) / 4n)).toBe(400n);
    expect(crashPointFromN(E - 1n)).toBe(100n * E); // the largest possible
    expect(crashPointFromN(E - 2n)).toBe(50n * E);
  });

  it("reads n from the first 13 hex digits only", () => {
    expect(hashToN(hashOf(E / 2n))).toBe(E / 2n);
    expect(hashToN("fffffffffffff")).toBe(E - 1n);
    expect(crashPointFromHash(hashOf(E / 2n))).toBe(200);
    expect(crashPointFromHash(`${"0".repeat(13)}${"a".repeat(51)}`)).toBe(100);
  });

  it("rounds up: the multiplier is never below the exact quotient", () => {
    for (let i = 0; i < 2000; i++) {
      const n = hashToN(randomBytes(7).toString("hex"));
      if (n % INSTANT_CRASH_MODULUS === 0n) continue;
      const c = crashPointFromN(n);
      // c = ceil(100E / (E − n)): c·(E − n) ≥ 100E > (c − 1)·(E − n)
      expect(c * (E - n) >= 100n * E).toBe(true);
      expect((c - 1n) * (E - n) < 100n * E).toBe(true);
    }
  });

  it("refuses n outside [0, E) and non-hex input", () => {
    expect(() => crashPointFromN(E)).toThrow(RangeError);
    expect(() => crashPointFromN(-1n)).toThrow(RangeError);
    expect(() => hashToN("xyz")).toThrow(RangeError);
    expect(() => hashToN("123")).toThrow(RangeError);
    expect(() => crashPointFromHash("g".repeat(64))).toThrow(RangeError);
  });
});

describe("crash distribution over random hashes", () => {
  const points = Array.from({ length: SAMPLES }, () => crashPointFromHash(randomBytes(32).toString("hex")));
  /** |observed − p| within 6 standard deviations of a binomial share */
  const near = (count: number, p: number) => {
    const sd = Math.sqrt((p * (1 - p)) / SAMPLES);
    expect(Math.abs(count / SAMPLES - p)).toBeLessThan(6 * sd);
  };

  it(`crashes instantly (×1.00) in ${FAIRNESS.instantCrashPercent} % of rounds`, () => {
    near(points.filter((c) => c === 100).length, FAIRNESS.instantCrashPercent / 100);
  });

  it.each([1.01, 1.5, 2, 3, 5, 10, 50])("P(crash > ×%s) ≈ 0.96 / m", (m) => {
    const hundredths = Math.round(m * 100);
    near(points.filter((c) => c > hundredths).length, 0.96 / m);
  });

  it("never gives a crash point between ×1.00 and ×1.01", () => {
    expect(points.every((c) => Number.isInteger(c) && c >= 100)).toBe(true);
  });
});

describe("wheel, jackpot and cases ranges", () => {
  const secrets = Array.from({ length: 500 }, () => randomBytes(32).toString("hex"));

  it("wheel segments stay in [0, segments) and hit them all", () => {
    const seen = new Set(secrets.map((s) => wheelSegment(s, "salt", 7)));
    expect([...seen].every((i) => i >= 0 && i < 7)).toBe(true);
    expect(seen.size).toBe(7);
    expect(wheelSegment(secrets[0]!, "salt", 1)).toBe(0);
  });

  it("jackpot tickets stay in [1, T]", () => {
    const tickets = secrets.map((s) => jackpotTicket(s, "salt", 10));
    expect(tickets.every((t) => t >= 1 && t <= 10)).toBe(true);
    expect(new Set(tickets).size).toBe(10);
    expect(jackpotTicket(secrets[0]!, "salt", 1)).toBe(1);
  });

  it("cases never pick a zero-weight item and follow the weights", () => {
    const picks = secrets.map((s, i) => casesPick(s, "client", i, [0, 3, 0, 1]));
    expect(picks.every((p) => p === 1 || p === 3)).toBe(true);
    const ones = picks.filter((p) => p === 1).length / picks.length;
    expect(ones).toBeGreaterThan(0.6); // 0.75 expected
    expect(ones).toBeLessThan(0.9);
    expect(casesPick(secrets[0]!, "client", 0, [5])).toBe(0);
  });

  it("refuses bad counts and weights", () => {
    expect(() => wheelSegment(secrets[0]!, "salt", 0)).toThrow(RangeError);
    expect(() => jackpotTicket(secrets[0]!, "salt", 1.5)).toThrow(RangeError);
    expect(() => casesPick(secrets[0]!, "c", 0, [])).toThrow(RangeError);
    expect(() => casesPick(secrets[0]!, "c", 0, [0, 0])).toThrow(RangeError);
    expect(() => casesPick(secrets[0]!, "c", 0, [1, -1])).toThrow(RangeError);
    expect(() => casesPick(secrets[0]!, "c", 0.5, [1])).toThrow(RangeError);
    expect(() => publicHash(secrets[0]!, 1.5, 3)).toThrow(RangeError);
  });
});

describe("helpers", () => {
  it("keccakHex is original Keccak, not NIST SHA3-256", () => {
    expect(keccakHex("")).toBe("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    expect(keccakHex("")).not.toBe("a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
  });

  it("keccakHex hashes the UTF-8 bytes, even with a multi-byte character across the block boundary", () => {
    for (let pad = 130; pad <= 140; pad++) {
      const text = `${"a".repeat(pad)}😀ж`;
      expect(keccakHex(text)).toBe(keccak256(new TextEncoder().encode(text)));
      expect(keccakHex(text)).toBe(keccak256Hex(text)); // the standalone verifier agrees
    }
  });

  it("isHash accepts 64 lowercase hex only", () => {
    expect(isHash("a".repeat(64))).toBe(true);
    expect(isHash("A".repeat(64))).toBe(false);
    expect(isHash("a".repeat(63))).toBe(false);
  });

  it("utcDayOfMonth uses UTC", () => {
    expect(utcDayOfMonth(Date.UTC(2026, 0, 31, 23, 59))).toBe(31);
    expect(utcDayOfMonth(Date.UTC(2026, 1, 1, 0, 0))).toBe(1);
  });
});
