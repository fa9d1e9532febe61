import { describe, expect, it } from "vitest";
import { casesPick, keccakHex } from "../../shared/fairness";
import { verifyCaseRoll } from "../../web/src/features/cases/caseRollCheck";

const SEED = "7f".repeat(32);
const WEIGHTS = [7992, 1598, 320, 64, 26];

describe("verifyCaseRoll (the case screen's in-browser check)", () => {
  it("picks what casesPick picks and compares the seed with the hash shown before", () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      const check = verifyCaseRoll({ serverSeed: SEED, clientSeed: "  my seed ", nonce: String(nonce), serverSeedHash: keccakHex(SEED) }, WEIGHTS);
      expect(check).toEqual({ ok: true, verdict: { index: casesPick(SEED, "my seed", nonce, WEIGHTS), hash: keccakHex(SEED), hashMatches: true } });
    }
  });

  it("says so when the seed does not match the hash, and skips the comparison without one", () => {
    const wrong = verifyCaseRoll({ serverSeed: SEED, clientSeed: "c", nonce: "0", serverSeedHash: "ab".repeat(32) }, WEIGHTS);
    expect(wrong.ok && wrong.verdict.hashMatches).toBe(false);
    const none = verifyCaseRoll({ serverSeed: SEED.toUpperCase(), clientSeed: "c", nonce: "0", serverSeedHash: "" }, WEIGHTS);
    expect(none.ok && none.verdict.hashMatches).toBeNull();
  });

  it("names every bad field", () => {
    expect(verifyCaseRoll({ serverSeed: "xyz", clientSeed: " ", nonce: "-1", serverSeedHash: "abc" }, WEIGHTS)).toEqual({
      ok: false,
      errors: ["serverSeed", "clientSeed", "nonce", "serverSeedHash"],
    });
    expect(verifyCaseRoll({ serverSeed: SEED, clientSeed: "c", nonce: "1.5", serverSeedHash: "" }, WEIGHTS)).toEqual({ ok: false, errors: ["nonce"] });
    expect(verifyCaseRoll({ serverSeed: SEED, clientSeed: "x".repeat(65), nonce: "1", serverSeedHash: "" }, WEIGHTS)).toEqual({
      ok: false,
      errors: ["clientSeed"],
    });
  });
});
