// The cases roll: casesPick (shared/fairness.ts) through worker/cases/seeds.ts against a hand
// computation and the independent vectors, the standalone scripts/verify-cases.mjs, and the
// seeds (random server seed, its keccak hash, client seed rules).
import { spawnSync } from "node:child_process";
import path from "node:path";
import sha3 from "js-sha3";
import { describe, expect, it } from "vitest";
import { clientSeedSchema } from "../../shared/api/cases";
import { CASES } from "../../shared/constants";
import { casesPick } from "../../shared/fairness";
import { main, parseArgs, UsageError, verifyCases } from "../../scripts/verify-cases.mjs";
import { newClientSeed, newServerSeed, normalizeClientSeed, rollIndex, serverSeedHash } from "../../worker/cases/seeds";
import vectors from "./fixtures/fairness-vectors.json";

const root = path.resolve(import.meta.dirname, "../..");
const SEED = "e0c1b40d6f7c3f9c3d8f5361f6165c7482f31730e96c942a35a2d51e379ea897";

/** The hash's first hex digit decides any pick over weights that split 16 evenly. */
function firstHexDigit(serverSeed: string, clientSeed: string, nonce: number): number {
  return parseInt(sha3.keccak256(`${serverSeed}:${clientSeed}:${nonce}:cases`)[0]!, 16);
}

describe("the roll against a hand computation", () => {
  it("weights [1, 1]: the second item exactly when the hash starts with 8..f", () => {
    for (let nonce = 0; nonce < 64; nonce++) {
      const d = firstHexDigit(SEED, "hand", nonce);
      expect(rollIndex({ serverSeed: SEED, clientSeed: "hand", nonce }, [1, 1])).toBe(d >= 8 ? 1 : 0);
    }
  });

  it("weights [12, 3, 1] over 16ths: 0..b → 0, c..e → 1, f → 2", () => {
    const seen = new Set<number>();
    for (let nonce = 0; nonce < 200; nonce++) {
      const d = firstHexDigit(SEED, "sixteenths", nonce);
      const expected = d <= 0xb ? 0 : d <= 0xe ? 1 : 2;
      seen.add(expected);
      expect(rollIndex({ serverSeed: SEED, clientSeed: "sixteenths", nonce }, [12, 3, 1])).toBe(expected);
    }
    expect(seen).toEqual(new Set([0, 1, 2]));
  });

  it("worked example: n from the first 13 hex digits, t = floor(n·W / 2^52), first cumulative weight above t", () => {
    const h = sha3.keccak256(`${SEED}:my-lucky-seed:0:cases`);
    expect(h).toBe("aab6d2f174f94e36db3eb16bac8e26346dba4e330b8e452a29f8d20742cab052");
    const n = BigInt(`0x${h.slice(0, 13)}`); // 0xaab6d2f174f94 = 3003235196948372
    expect(n).toBe(3_003_235_196_948_372n);
    // W = 10000: t = floor(3003235196948372 · 10000 / 4503599627370496) = 6668 < 7992 → item 0
    expect((n * 10_000n) / 2n ** 52n).toBe(6_668n);
    expect(rollIndex({ serverSeed: SEED, clientSeed: "my-lucky-seed", nonce: 0 }, [7992, 1598, 320, 64, 26])).toBe(0);
    // the same W, so the same t = 6668: over [6668, 3332] the cumulative 6668 is not > t → item 1
    expect(rollIndex({ serverSeed: SEED, clientSeed: "my-lucky-seed", nonce: 0 }, [6668, 3332])).toBe(1);
    expect(rollIndex({ serverSeed: SEED, clientSeed: "my-lucky-seed", nonce: 0 }, [6669, 3331])).toBe(0);
  });

  it("matches every cases vector of the independent implementation, and so does the script", () => {
    for (const v of vectors.cases) {
      expect(rollIndex({ serverSeed: v.server_seed, clientSeed: v.client_seed, nonce: v.nonce }, v.weights)).toBe(v.index);
      expect(verifyCases({ serverSeed: v.server_seed, clientSeed: v.client_seed, nonce: v.nonce, weights: v.weights }).index).toBe(v.index);
    }
  });

  it("the script agrees with casesPick on random seeds, unicode client seeds and odd weights", () => {
    for (let i = 0; i < 300; i++) {
      const serverSeed = newServerSeed();
      const clientSeed = i % 3 === 0 ? `жёлтый 😀 ${i}` : newClientSeed();
      const weights = Array.from({ length: 1 + (i % 9) }, (_, k) => 1 + ((i * 7919 + k * 104729) % 5000));
      expect(verifyCases({ serverSeed, clientSeed, nonce: i, weights }).index).toBe(casesPick(serverSeed, clientSeed, i, weights));
    }
  });
});

describe("scripts/verify-cases.mjs (CLI)", () => {
  const args = ["--server-seed", SEED, "--client-seed", "my-lucky-seed", "--nonce", "2", "--weights", "7992,1598,320,64,26"];

  it("prints the pick and checks the seed hash", () => {
    const out: string[] = [];
    const io = { log: (s: string) => out.push(s), error: (s: string) => out.push(s) };
    expect(main([...args, "--hash", serverSeedHash(SEED)], io)).toBe(0);
    expect(out.join("\n")).toMatch(/picked item {3}#3 \(index 2, weight 320\)/);
    expect(out.join("\n")).toMatch(/OK/);
    out.length = 0;
    expect(main([...args, "--hash", "0".repeat(64)], io)).toBe(1);
    expect(out.join("\n")).toMatch(/MISMATCH/);
  });

  it("refuses bad usage", () => {
    expect(() => parseArgs(["--server-seed", "xyz", "--client-seed", "a", "--nonce", "0", "--weights", "1"])).toThrow(UsageError);
    expect(() => parseArgs([...args.slice(0, 6), "--weights", "1,0,2"])).toThrow(UsageError);
    expect(() => parseArgs([...args.slice(0, 4), "--nonce", "-1", "--weights", "1"])).toThrow(UsageError);
    expect(() => parseArgs(args.slice(0, 4))).toThrow(UsageError);
  });

  it("runs under plain Node as `npm run verify:cases`", () => {
    const r = spawnSync(process.execPath, [path.join(root, "scripts/verify-cases.mjs"), ...args, "--json"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ index: 2, ok: true, total: "10000" });
  });
});

describe("seeds", () => {
  it("a server seed is 64 random lowercase hex characters, hashed with keccak-256 of its text", () => {
    const a = newServerSeed();
    const b = newServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(serverSeedHash(a)).toBe(sha3.keccak256(a));
    expect(serverSeedHash(SEED)).toBe("0b48458eb699b062efa120aacfaf1087ff5130440470655f7da856263d6e6118");
    expect(newClientSeed()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("a client seed is 1..max printable characters, trimmed; anything else is refused", () => {
    expect(normalizeClientSeed("  lucky 7 ")).toBe("lucky 7");
    expect(normalizeClientSeed("жёлтый 😀")).toBe("жёлтый 😀");
    expect(normalizeClientSeed("x".repeat(CASES.clientSeedMaxLength))).toHaveLength(CASES.clientSeedMaxLength);
    for (const bad of [
      "",
      "   ",
      "x".repeat(CASES.clientSeedMaxLength + 1),
      "a\u0000b",
      "tab\there",
      "new\nline",
      "bidi\u202e",
      "\ud800",
      42,
      null,
      ["a"],
      { a: 1 },
    ]) {
      expect(normalizeClientSeed(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(clientSeedSchema.safeParse("ok").success).toBe(true);
  });
});
