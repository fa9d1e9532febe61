// Every vector of fixtures/fairness-vectors.json (computed by an independent implementation of
// docs/fairness.md "Provably fair") against shared/fairness.ts and scripts/verify-crash.mjs.
import { describe, expect, it } from "vitest";
import { verifyCrash } from "../../scripts/verify-crash.mjs";
import {
  casesPick,
  chainPrev,
  chainWalk,
  crashPoint,
  crashPointFromHash,
  jackpotTicket,
  publicHash,
  roundHash,
  verifyChainLink,
  verifyCrashRound,
  wheelSegment,
} from "../../shared/fairness";
import vectors from "./fixtures/fairness-vectors.json";

const { salt, chain } = vectors;

describe("chain vectors", () => {
  it("the first secret hashes to the terminating hash", () => {
    expect(chainPrev(chain.secrets[0]!)).toBe(chain.terminating_hash);
    expect(verifyChainLink(chain.secrets[0]!, chain.terminating_hash)).toBe(true);
  });

  it.each(chain.secrets.slice(1).map((s, i) => [i + 2, s, chain.secrets[i]!] as const))("x_%i links to x_(k-1)", (_k, secret, previous) => {
    expect(chainPrev(secret)).toBe(previous);
    expect(verifyChainLink(secret, previous)).toBe(true);
    expect(verifyChainLink(secret, chain.terminating_hash)).toBe(false);
  });

  it("every secret walks back to the terminating hash in k steps", () => {
    for (const [i, secret] of chain.secrets.entries()) expect(chainWalk(secret, i + 1)).toBe(chain.terminating_hash);
    expect(chainWalk(chain.secrets[5]!, 5)).not.toBe(chain.terminating_hash);
  });

  it("a link in the wrong direction or to a tampered hash fails", () => {
    expect(verifyChainLink(chain.secrets[0]!, chain.secrets[1]!)).toBe(false);
    const tampered = `${chain.terminating_hash.slice(0, 63)}${chain.terminating_hash.endsWith("0") ? "1" : "0"}`;
    expect(verifyChainLink(chain.secrets[0]!, tampered)).toBe(false);
    expect(verifyChainLink("not a hash", chainPrev("not a hash"))).toBe(false);
  });
});

describe("crash vectors", () => {
  it.each(vectors.crash.map((v) => [v.round_id, v] as const))("round %i", (_id, v) => {
    expect(publicHash(v.secret_hash, v.round_id, v.day_of_month)).toBe(v.public_hash);
    expect(roundHash(v.secret_hash, salt)).toBe(v.round_hash);
    expect(crashPointFromHash(v.round_hash)).toBe(v.crash_hundredths);
    expect(crashPoint(v.secret_hash, salt)).toBe(v.crash_hundredths);

    const verdict = verifyCrashRound({ secret: v.secret_hash, roundId: v.round_id, dayOfMonth: v.day_of_month, salt, publicHash: v.public_hash });
    expect(verdict).toMatchObject({ crashPoint: v.crash_hundredths, roundHash: v.round_hash, publicHashMatches: true, chainLinkHolds: null });

    const script = verifyCrash({ secret: v.secret_hash, round: v.round_id, day: v.day_of_month, salt, public: v.public_hash });
    expect(script.crashHundredths).toBe(BigInt(v.crash_hundredths));
    expect(script.roundHash).toBe(v.round_hash);
    expect(script.ok).toBe(true);
  });

  it("the vectors include an instant crash", () => {
    expect(vectors.crash.some((v) => v.crash_hundredths === 100)).toBe(true);
  });

  it("another day, round or salt gives another hash", () => {
    const v = vectors.crash[0]!;
    expect(publicHash(v.secret_hash, v.round_id, v.day_of_month + 1)).not.toBe(v.public_hash);
    expect(publicHash(v.secret_hash, v.round_id + 1, v.day_of_month)).not.toBe(v.public_hash);
    expect(roundHash(v.secret_hash, salt.replace(/^0/, "1"))).not.toBe(v.round_hash);
    const verdict = verifyCrashRound({ secret: v.secret_hash, roundId: v.round_id, dayOfMonth: v.day_of_month + 1, salt, publicHash: v.public_hash });
    expect(verdict.publicHashMatches).toBe(false);
  });

  it("rounds 1000.. use consecutive chain secrets: each reveals the previous one", () => {
    const rounds = vectors.crash.filter((v) => v.round_id >= 1000);
    rounds.forEach((v, i) => {
      const previous = i === 0 ? chain.terminating_hash : rounds[i - 1]!.secret_hash;
      expect(verifyCrashRound({ secret: v.secret_hash, roundId: v.round_id, dayOfMonth: v.day_of_month, salt, previousSecret: previous }).chainLinkHolds).toBe(
        true,
      );
    });
  });
});

describe("wheel vectors", () => {
  it.each(vectors.wheel.map((v, i) => [i, v] as const))("wheel %i", (_i, v) => {
    expect(wheelSegment(v.secret_hash, salt, v.segments)).toBe(v.segment);
  });
});

describe("jackpot vectors", () => {
  it.each(vectors.jackpot.map((v, i) => [i, v] as const))("jackpot %i", (_i, v) => {
    expect(jackpotTicket(v.secret_hash, salt, v.total_tickets)).toBe(v.winning_ticket);
  });
});

describe("cases vectors", () => {
  it.each(vectors.cases.map((v) => [v.nonce, v] as const))("nonce %i", (_n, v) => {
    expect(casesPick(v.server_seed, v.client_seed, v.nonce, v.weights)).toBe(v.index);
  });
});
