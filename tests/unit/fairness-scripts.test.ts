// scripts/verify-crash.mjs (standalone keccak + CLI), scripts/new-crash-chain.mjs, and the jackpot's
// scripts/verify-jackpot.mjs and scripts/new-jackpot-chain.mjs.
import { spawnSync } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sha3 from "js-sha3";
import { describe, expect, it } from "vitest";
import { DEFAULT_LENGTH, terminatingHash } from "../../scripts/new-crash-chain.mjs";
import { levelSeed } from "../../scripts/new-jackpot-chain.mjs";
import { chainWalk, crashPointFromHash, keccak256Hex, main, parseArgs, UsageError } from "../../scripts/verify-crash.mjs";
import { winningTicket } from "../../scripts/verify-jackpot.mjs";
import { CRASH_CHAIN } from "../../shared/constants";
import { jackpotTicket, publicHash } from "../../shared/fairness";
import vectors from "./fixtures/fairness-vectors.json";

const root = path.resolve(import.meta.dirname, "../..");
const verifyScript = path.join(root, "scripts/verify-crash.mjs");
const { keccak256 } = sha3;

function randomText(length: number): string {
  const alphabet = ["a", "Z", "0", ":", " ", "é", "ж", "€", "😀", "\u0000"];
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");
}

describe("the embedded keccak-256", () => {
  it("equals js-sha3 keccak256 of the UTF-8 bytes on random strings, across the 136-byte block boundaries", () => {
    for (let i = 0; i < 300; i++) {
      const text = randomText(randomInt(0, 300));
      expect(keccak256Hex(text)).toBe(keccak256(new TextEncoder().encode(text)));
    }
  });

  it("equals js-sha3 keccak256 on random ASCII strings (js-sha3's own string path)", () => {
    for (let i = 0; i < 300; i++) {
      const text = randomBytes(randomInt(0, 200)).toString("base64");
      expect(keccak256Hex(text)).toBe(keccak256(text));
    }
  });

  it("equals js-sha3 on random bytes of every length 0..410", () => {
    for (let len = 0; len <= 410; len++) {
      const bytes = new Uint8Array(randomBytes(len));
      expect(keccak256Hex(bytes)).toBe(keccak256(bytes));
    }
  });

  it("is original Keccak (0x01 padding), not NIST SHA3-256", () => {
    expect(keccak256Hex("")).toBe("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    expect(keccak256Hex("abc")).not.toBe("3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  });
});

describe("verify-crash as a module", () => {
  it("gives the vectors' crash points", () => {
    for (const v of vectors.crash) expect(crashPointFromHash(v.round_hash)).toBe(BigInt(v.crash_hundredths));
  });

  it("parses arguments and refuses bad ones", () => {
    const v = vectors.crash[0]!;
    const base = ["--secret", v.secret_hash, "--round", "1000", "--day", "1", "--salt", vectors.salt];
    expect(parseArgs(base)).toMatchObject({ round: 1000, day: 1, salt: vectors.salt, public: undefined });
    expect(() => parseArgs(base.slice(2))).toThrow(UsageError);
    expect(() => parseArgs([...base, "--day"])).toThrow(UsageError);
    expect(() => parseArgs(base.map((a) => (a === "1" ? "32" : a)))).toThrow(/--day/);
    expect(() => parseArgs([...base, "--public", "abc"])).toThrow(/--public/);
    expect(() => parseArgs([...base, "--bogus", "1"])).toThrow(/unknown/);
  });

  it("main returns 1 when a given hash does not match", () => {
    const v = vectors.crash[1]!;
    const lines: string[] = [];
    const io = { log: (s: string) => lines.push(s), error: (s: string) => lines.push(s) };
    const code = main(
      [
        "--secret",
        v.secret_hash,
        "--round",
        String(v.round_id),
        "--day",
        String(v.day_of_month),
        "--salt",
        vectors.salt,
        "--previous",
        vectors.chain.terminating_hash,
      ],
      io,
    );
    expect(code).toBe(1);
    expect(lines.join("\n")).toMatch(/previous .* MISMATCH/);
    expect(lines.join("\n")).toContain("x1.29");
  });
});

describe("verify-crash as a command", () => {
  const run = (args: string[]) => spawnSync(process.execPath, [verifyScript, ...args], { encoding: "utf8" });

  it("verifies a vector: crash point, public hash, chain link and terminal", () => {
    const v = vectors.crash[0]!;
    const r = run([
      "--secret",
      v.secret_hash,
      "--round",
      String(v.round_id),
      "--day",
      String(v.day_of_month),
      "--salt",
      vectors.salt,
      "--public",
      v.public_hash,
      "--previous",
      vectors.chain.terminating_hash,
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("crash point   x2.02");
    expect(r.stdout).toMatch(/public hash .* OK/);
    expect(r.stdout).toMatch(/previous .* OK/);
    expect(r.stdout).toContain("all checks hold");
  });

  it("checks the whole chain down to the terminating hash (round = chain index)", () => {
    const secret = vectors.chain.secrets[11]!; // x_12
    const args = ["--secret", secret, "--round", "12", "--day", "5", "--salt", vectors.salt, "--terminal", vectors.chain.terminating_hash, "--json"];
    const ok = run(args);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ terminalMatches: true, ok: true, round: 12 });
    const wrongIndex = run(args.map((a) => (a === "12" ? "11" : a)));
    expect(wrongIndex.status).toBe(1);
    expect(JSON.parse(wrongIndex.stdout)).toMatchObject({ terminalMatches: false, ok: false });
  });

  it("exits 1 on a tampered public hash and 2 on bad usage", () => {
    const v = vectors.crash[12]!;
    const tampered = run([
      "--secret",
      v.secret_hash,
      "--round",
      String(v.round_id),
      "--day",
      String(v.day_of_month),
      "--salt",
      vectors.salt,
      "--public",
      vectors.crash[0]!.public_hash,
    ]);
    expect(tampered.status).toBe(1);
    expect(tampered.stdout).toContain("(instant crash)");
    expect(tampered.stdout).toContain("VERIFICATION FAILED");
    const usage = run(["--round", "1"]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("usage:");
  });
});

describe("new-crash-chain", () => {
  it("defaults to the shared chain length", () => {
    expect(DEFAULT_LENGTH).toBe(CRASH_CHAIN.defaultLength);
  });

  it("terminatingHash is keccak applied N times", () => {
    const seed = randomBytes(32).toString("hex");
    expect(terminatingHash(seed, 50)).toBe(chainWalk(seed, 50));
    expect(terminatingHash(seed, 1)).toBe(keccak256(seed));
  });

  it("makes a chain whose printed seed leads to its printed terminal", () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), "crash-chain-")), "chain.json");
    const r = spawnSync(process.execPath, [path.join(root, "scripts/new-crash-chain.mjs"), "2000", "--dev", "--out", out], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain("hashed 2,000 / 2,000 (100 %)");
    const chain = JSON.parse(readFileSync(out, "utf8")) as { seed: string; length: number; terminal: string; salt: string };
    expect(chain.length).toBe(2000);
    expect(chain.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(chain.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(chainWalk(chain.seed, 2000)).toBe(chain.terminal);
    expect(r.stdout).toContain(`CRASH_CHAIN_SEED      ${chain.seed}`);
    expect(r.stdout).toContain(`CRASH_CHAIN_TERMINAL = "${chain.terminal}"`);
    const bad = spawnSync(process.execPath, [path.join(root, "scripts/new-crash-chain.mjs"), "abc"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
  });
});

describe("verify-jackpot", () => {
  const script = path.join(root, "scripts/verify-jackpot.mjs");
  const run = (args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: "utf8" });
  const dev = JSON.parse(readFileSync(path.join(root, "scripts/dev-jackpot-chain.json"), "utf8")) as {
    seed: string;
    length: number;
    terminals: Record<string, string>;
    salt: string;
  };
  const toml = readFileSync(path.join(root, "wrangler.toml"), "utf8");

  it.each(vectors.jackpot.map((v, i) => [i, v] as const))("winning ticket of vector %i", (_i, v) => {
    expect(winningTicket(v.secret_hash, vectors.salt, v.total_tickets)).toBe(v.winning_ticket);
  });

  it("verifies a round as the room plays it: ticket, public hash, previous round of the level and the terminal", () => {
    // medium's chain: x_N = keccak(seed:medium); round id of chain index k = 3·(k − 1) + 2
    const top = keccak256(new TextEncoder().encode(`${dev.seed}:medium`));
    const k = 3;
    const secret = chainWalk(top, dev.length - k);
    const previous = keccak256(secret);
    const round = 3 * (k - 1) + 2;
    const ticket = jackpotTicket(secret, dev.salt, 2_540);
    const ph = publicHash(secret, round, 17);
    const args = ["--secret", secret, "--salt", dev.salt, "--tickets", "2540", "--round", String(round), "--day", "17", "--public", ph];
    const ok = run([...args, "--winner-ticket", String(ticket), "--previous", previous, "--terminal", dev.terminals.medium!, "--json"]);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      winningTicket: ticket,
      chainIndex: k,
      ticketMatches: true,
      publicHashMatches: true,
      chainLinkHolds: true,
      terminalMatches: true,
      ok: true,
    });
    const text = run(args);
    expect(text.stdout).toContain("all checks hold");
    const wrong = run([...args, "--winner-ticket", String((ticket % 2_540) + 1)]);
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toContain("VERIFICATION FAILED");
    expect(run(["--secret", secret]).status).toBe(2);
    expect(run([...args, "--tickets", "0"]).status).toBe(2);
  });

  it("the committed dev chains match wrangler.toml and new-jackpot-chain's derivation", () => {
    expect(toml).toContain(`JACKPOT_CHAIN_LENGTH = "${dev.length}"`);
    expect(toml).toContain(`JACKPOT_SALT = "${dev.salt}"`);
    expect(toml).toContain(`JACKPOT_CHAIN_TERMINALS = '${JSON.stringify(dev.terminals)}'`);
    for (const level of ["low", "medium", "high"]) expect(terminatingHash(levelSeed(dev.seed, level), dev.length)).toBe(dev.terminals[level]);
  });
});

describe("verify-wheel", () => {
  const wheelScript = path.join(root, "scripts/verify-wheel.mjs");
  const run = (args: string[]) => spawnSync(process.execPath, [wheelScript, ...args], { encoding: "utf8" });

  it("gives the vectors' segments, and the shared module's segment and rotate on random secrets", async () => {
    const wheel = await import("../../scripts/verify-wheel.mjs");
    const { roundHash, wheelSegment } = await import("../../shared/fairness");
    const { wheelRotate } = await import("../../shared/wheel-layout");
    for (const v of vectors.wheel) expect(wheel.segmentFromHash(roundHash(v.secret_hash, vectors.salt), v.segments)).toBe(v.segment);
    for (let i = 0; i < 200; i++) {
      const secret = randomBytes(32).toString("hex");
      const segments = 4 + randomInt(100);
      const r = wheel.verifyWheel({ secret, round: 1 + i, day: 1 + (i % 31), salt: vectors.salt, segments });
      expect(r.segment).toBe(wheelSegment(secret, vectors.salt, segments));
      expect(r.rotate).toBe(wheelRotate(r.segment, roundHash(secret, vectors.salt), segments));
    }
  });

  it("verifies a vector as a command: segment, colour, public hash, chain link", () => {
    const v = vectors.wheel[0]!;
    const secret = v.secret_hash;
    const ok = run(["--secret", secret, "--round", "3", "--day", "7", "--salt", vectors.salt, "--segments", String(v.segments), "--json"]);
    expect(ok.status).toBe(0);
    const r = JSON.parse(ok.stdout);
    expect(r).toMatchObject({ segment: v.segment, ok: true });
    const link = run(["--secret", secret, "--round", "3", "--day", "7", "--salt", vectors.salt, "--segments", "54", "--previous", keccak256Hex(secret)]);
    expect(link.status).toBe(0);
    expect(link.stdout).toMatch(/segment +\d+ of 54 \((black|green|red|yellow) ×\d+\)/);
    expect(link.stdout).toMatch(/previous .* OK/);
    const tampered = run(["--secret", secret, "--round", "3", "--day", "7", "--salt", vectors.salt, "--segments", "54", "--public", "0".repeat(64)]);
    expect(tampered.status).toBe(1);
    expect(run(["--secret", secret, "--round", "3"]).status).toBe(2);
    expect(run(["--secret", secret, "--round", "3", "--day", "7", "--salt", "s", "--segments", "54", "--layout", "bbb"]).status).toBe(2);
  });
});
