import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UI } from "../../shared/constants";
import { ChunkLoadError, isChunkLoadError, retryAction, withTimeout } from "../../web/src/app/lazy";

describe("withTimeout (lazy screen loads, §2: 120 s)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("rejects with an error named ChunkLoadError when the import takes longer than 120 s", async () => {
    const pending = withTimeout(new Promise(() => {}));
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(UI.lazyLoadTimeoutMs - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const err = settled.mock.calls[0]?.[0];
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(err.name).toBe("ChunkLoadError");
  });

  it("resolves with the module when it arrives in time", async () => {
    const mod = { default: () => null };
    const p = withTimeout(new Promise((r) => setTimeout(() => r(mod), 1_000)));
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(p).resolves.toBe(mod);
  });

  it("turns a failed import into ChunkLoadError, keeping the cause", async () => {
    const cause = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    const err = await withTimeout(Promise.reject(cause)).catch((e: unknown) => e);
    expect(isChunkLoadError(err)).toBe(true);
    expect((err as Error).cause).toBe(cause);
    expect((err as Error).message).toContain("Failed to fetch");
  });

  it("passes a ChunkLoadError through unchanged", async () => {
    const original = new ChunkLoadError("gone");
    await expect(withTimeout(Promise.reject(original))).rejects.toBe(original);
  });
});

describe("retryAction (Retry after a ChunkLoadError)", () => {
  it("imports again after the first failure", () => {
    expect(retryAction(1, false)).toBe("import");
  });
  it("reloads the page once when the chunk keeps failing (gone after a deploy)", () => {
    expect(retryAction(2, false)).toBe("reload");
    expect(retryAction(5, false)).toBe("reload");
  });
  it("never reloads twice in one tab session", () => {
    expect(retryAction(2, true)).toBe("import");
    expect(retryAction(9, true)).toBe("import");
  });
});

describe("isChunkLoadError", () => {
  it("recognises the name, not just the class", () => {
    const e = new Error("x");
    e.name = "ChunkLoadError";
    expect(isChunkLoadError(e)).toBe(true);
    expect(isChunkLoadError(new Error("x"))).toBe(false);
    expect(isChunkLoadError("ChunkLoadError")).toBe(false);
  });
});
