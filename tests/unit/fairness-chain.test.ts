// worker/lib/hash-chain.ts in Node: a small chain (N = 5000) in an in-memory store.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { chainWalk, isHash, verifyChainLink } from "../../shared/fairness";
import { ChainCursor, ChainError, chainConfigFromEnv, type ChainConfig, type ChainStore } from "../../worker/lib/hash-chain";

const N = 5000;

/** DurableObjectStorage's get/put over a Map, values cloned like the real storage does. */
class MemoryStore implements ChainStore {
  readonly map = new Map<string, unknown>();
  puts = 0;
  async get<T>(key: string): Promise<T | undefined> {
    const v = this.map.get(key);
    return v === undefined ? undefined : (structuredClone(v) as T);
  }
  async put<T>(key: string, value: T): Promise<void> {
    this.puts++;
    this.map.set(key, structuredClone(value));
  }
}

function newChain(length = N): ChainConfig {
  const seed = randomBytes(32).toString("hex");
  return { seed, length, terminal: chainWalk(seed, length) };
}

/** x_k by brute force: keccak^(N−k)(x_N) */
const brute = (c: ChainConfig, k: number) => chainWalk(c.seed, c.length - k);

async function expectChainError(p: Promise<unknown>, code: ChainError["code"], message?: RegExp) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChainError);
  expect((err as ChainError).code).toBe(code);
  if (message) expect((err as ChainError).message).toMatch(message);
}

describe("the chain store", () => {
  it("is what a Durable Object's storage offers (the room passes its storage)", () => {
    expectTypeOf<DurableObjectStorage>().toExtend<ChainStore>();
  });
});

describe("ChainCursor", () => {
  const config = newChain();

  it("gives x_k for every kind of k, each linking to the one before and x_1 to the terminal", async () => {
    const cursor = new ChainCursor(config, new MemoryStore());
    for (const k of [1, 2, 999, 1000, 1001, 2500, 4000, 4999, 5000]) expect(await cursor.secretFor(k)).toBe(brute(config, k));
    expect(verifyChainLink(await cursor.secretFor(1), config.terminal)).toBe(true);
    expect(await cursor.secretFor(N)).toBe(config.seed);
    for (let k = 2; k <= 40; k++) expect(verifyChainLink(await cursor.secretFor(k), await cursor.secretFor(k - 1))).toBe(true);
  });

  it("walks the chain once to verify it, then a lookup costs fewer hashes than the interval", async () => {
    const store = new MemoryStore();
    const cursor = new ChainCursor(config, store);
    await cursor.ready();
    expect(cursor.hashesComputed).toBe(N);
    for (const k of [1, 1234, 3001, 4999]) {
      const before = cursor.hashesComputed;
      await new ChainCursor(config, store).secretFor(k).then((x) => expect(x).toBe(brute(config, k)));
      const fresh = new ChainCursor(config, store);
      await fresh.secretFor(k);
      expect(fresh.hashesComputed).toBeLessThan(1000);
      expect(cursor.hashesComputed).toBe(before);
    }
  });

  it("serves consecutive rounds from memory after one walk", async () => {
    const cursor = new ChainCursor(config, new MemoryStore());
    await cursor.ready();
    const start = cursor.hashesComputed;
    await cursor.secretFor(2001);
    const afterFirst = cursor.hashesComputed;
    expect(afterFirst - start).toBe(999); // from checkpoint x_3000 down to x_2001
    for (let k = 2002; k <= 3000; k++) await cursor.secretFor(k);
    expect(cursor.hashesComputed).toBe(afterFirst);
  });

  it("does not walk the chain again for the same chain in the same storage (after eviction)", async () => {
    const store = new MemoryStore();
    await new ChainCursor(config, store).ready();
    const putsAfterBuild = store.puts;
    const again = new ChainCursor(config, store);
    await again.ready();
    expect(again.hashesComputed).toBe(0);
    expect(store.puts).toBe(putsAfterBuild);
  });

  it("handles a length that is not a multiple of the interval and a small interval", async () => {
    const odd = newChain(2345);
    const cursor = new ChainCursor(odd, new MemoryStore(), { interval: 7, perKey: 5 });
    for (const k of [1, 6, 7, 8, 2338, 2339, 2344, 2345]) expect(await cursor.secretFor(k)).toBe(brute(odd, k));
    const fresh = new ChainCursor(odd, new MemoryStore(), { interval: 7, perKey: 5 });
    await fresh.ready();
    const before = fresh.hashesComputed;
    await fresh.secretFor(1000);
    expect(fresh.hashesComputed - before).toBeLessThan(7);
  });

  it("refuses a chain that does not end at the terminal, storing nothing", async () => {
    const store = new MemoryStore();
    const wrong = { ...config, terminal: chainWalk(config.seed, N - 1) };
    const cursor = new ChainCursor(wrong, store);
    await expectChainError(cursor.ready(), "terminal_mismatch", /CRASH_CHAIN_TERMINAL/);
    await expectChainError(cursor.secretFor(10), "terminal_mismatch");
    expect(store.map.size).toBe(0);
    // off by one in length is caught too
    await expectChainError(new ChainCursor({ ...config, length: N + 1 }, store).ready(), "terminal_mismatch");
  });

  it("re-verifies when the seed changes, even with checkpoints of another chain stored", async () => {
    const store = new MemoryStore();
    await new ChainCursor(config, store).ready();
    const otherSeed = { ...config, seed: randomBytes(32).toString("hex") };
    await expectChainError(new ChainCursor(otherSeed, store).ready(), "terminal_mismatch");
    const other = newChain();
    const cursor = new ChainCursor(other, store);
    expect(await cursor.secretFor(77)).toBe(brute(other, 77));
    expect(cursor.hashesComputed).toBeGreaterThanOrEqual(N);
  });

  it("says clearly when rounds run past the chain length", async () => {
    const cursor = new ChainCursor(config, new MemoryStore());
    await expectChainError(cursor.secretFor(N + 1), "exhausted", /past CRASH_CHAIN_LENGTH 5000.*crash:new-chain/);
    expect(cursor.remainingAfter(N - 1)).toBe(1);
    expect(cursor.remainingAfter(N)).toBe(0);
    await expectChainError(cursor.secretFor(0), "out_of_range");
    await expectChainError(cursor.secretFor(1.5), "out_of_range");
  });

  it("reports storage that lost a checkpoint", async () => {
    const store = new MemoryStore();
    await new ChainCursor(config, store).ready();
    store.map.delete("crashChain:cp:0");
    await expectChainError(new ChainCursor(config, store).secretFor(5), "config", /checkpoint group 0/);
  });
});

describe("chainConfigFromEnv", () => {
  const good = { CRASH_CHAIN_SEED: "a".repeat(64), CRASH_CHAIN_LENGTH: "100", CRASH_CHAIN_TERMINAL: "B".repeat(64) };

  it("reads and normalises the three vars", () => {
    expect(chainConfigFromEnv(good)).toEqual({ seed: "a".repeat(64), length: 100, terminal: "b".repeat(64) });
  });

  it.each([
    ["missing seed", { ...good, CRASH_CHAIN_SEED: undefined }, /CRASH_CHAIN_SEED/],
    ["short seed", { ...good, CRASH_CHAIN_SEED: "abc" }, /CRASH_CHAIN_SEED/],
    ["bad terminal", { ...good, CRASH_CHAIN_TERMINAL: "z".repeat(64) }, /CRASH_CHAIN_TERMINAL/],
    ["zero length", { ...good, CRASH_CHAIN_LENGTH: "0" }, /CRASH_CHAIN_LENGTH/],
    ["float length", { ...good, CRASH_CHAIN_LENGTH: "1e3" }, /CRASH_CHAIN_LENGTH/],
    ["empty length", { ...good, CRASH_CHAIN_LENGTH: "" }, /CRASH_CHAIN_LENGTH/],
  ])("refuses %s", (_name, env, message) => {
    expect(() => chainConfigFromEnv(env)).toThrow(message);
    expect(() => ChainCursor.fromEnv(env, new MemoryStore())).toThrow(ChainError);
  });
});

describe("the committed dev chain", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const dev = JSON.parse(readFileSync(path.join(root, "scripts/dev-crash-chain.json"), "utf8")) as Record<string, unknown>;
  const toml = readFileSync(path.join(root, "wrangler.toml"), "utf8");
  const tomlVar = (name: string) => toml.match(new RegExp(`^${name} = "([^"]*)"`, "m"))?.[1];

  it("matches the public values in wrangler.toml", () => {
    expect(tomlVar("CRASH_CHAIN_LENGTH")).toBe(String(dev.length));
    expect(tomlVar("CRASH_CHAIN_TERMINAL")).toBe(dev.terminal);
    expect(tomlVar("CRASH_SALT")).toBe(dev.salt);
    expect(isHash(String(dev.salt))).toBe(true);
  });

  it("its seed leads to its terminal (what the room checks at start)", async () => {
    const cursor = ChainCursor.fromEnv(
      { CRASH_CHAIN_SEED: String(dev.seed), CRASH_CHAIN_LENGTH: tomlVar("CRASH_CHAIN_LENGTH"), CRASH_CHAIN_TERMINAL: tomlVar("CRASH_CHAIN_TERMINAL") },
      new MemoryStore(),
    );
    await cursor.ready();
    expect(verifyChainLink(await cursor.secretFor(1), cursor.terminal)).toBe(true);
  });
});
