// ChainCursor inside workerd: the dev chain from the test bindings (CRASH_CHAIN_SEED) and
// wrangler.toml (length, terminal) over a real Durable Object's storage.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { chainWalk, verifyChainLink } from "../../shared/fairness";
import { ChainCursor, ChainError } from "../../worker/lib/hash-chain";

describe("ChainCursor over DurableObjectStorage", () => {
  it("verifies the dev chain once, keeps checkpoints and survives a new cursor", async () => {
    const stub = env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName("chain-storage-test"));
    await runInDurableObject(stub, async (_room, state) => {
      const cursor = ChainCursor.fromEnv(env, state.storage);
      expect(cursor.length).toBe(Number(env.CRASH_CHAIN_LENGTH));
      await cursor.ready();
      expect(cursor.hashesComputed).toBe(cursor.length);
      expect(await state.storage.get("crashChain:meta")).toMatchObject({ length: cursor.length, terminal: env.CRASH_CHAIN_TERMINAL });

      const x1 = await cursor.secretFor(1);
      expect(verifyChainLink(x1, env.CRASH_CHAIN_TERMINAL)).toBe(true);

      const again = ChainCursor.fromEnv(env, state.storage);
      const x1234 = await again.secretFor(1234);
      expect(again.hashesComputed).toBeLessThan(1000); // no second walk: checkpoints came from storage
      expect(chainWalk(x1234, 1233)).toBe(x1);
      await expect(again.secretFor(cursor.length + 1)).rejects.toBeInstanceOf(ChainError);
    });
  });

  it("refuses to start when the seed does not lead to the published terminal", async () => {
    const stub = env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName("chain-storage-mismatch"));
    await runInDurableObject(stub, async (_room, state) => {
      const cursor = ChainCursor.fromEnv({ ...env, CRASH_CHAIN_LENGTH: String(Number(env.CRASH_CHAIN_LENGTH) - 1) }, state.storage);
      await expect(cursor.ready()).rejects.toMatchObject({ code: "terminal_mismatch" });
      expect(await state.storage.get("crashChain:meta")).toBeUndefined();
    });
  });
});
