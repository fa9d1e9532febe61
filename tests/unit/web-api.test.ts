import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorAnswer } from "../../shared/api/common";
import { adminCalls } from "../../shared/api/admin";
import { userCalls } from "../../shared/api/user";
import { UI } from "../../shared/constants";
import { api, ApiError, errorKeyOf, failureKey, handleBanned, onBanned } from "../../web/src/lib/api";

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
  };
}

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("api client", () => {
  let storage: ReturnType<typeof fakeStorage>;
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    storage = fakeStorage({ api_token: "tok123" });
    fetchMock = vi.fn();
    vi.stubGlobal("localStorage", storage);
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("POSTs JSON with the Bearer token and returns the parsed answer", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { balance: 12.5 }));
    await expect(api(userCalls.getBalance, { a: 1 })).resolves.toEqual({ balance: 12.5 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/user/getBalance");
    expect(init.method).toBe("POST");
    expect(init.headers.Authorization).toBe("Bearer tok123");
    expect(JSON.parse(init.body)).toEqual({ a: 1 });
  });

  it("sends GET parameters in the query and no Authorization without a token", async () => {
    storage.data.clear();
    fetchMock.mockResolvedValue(jsonResponse(200, { youtubers: [] }));
    await api(userCalls.youtubers, { id: 7, skip: undefined } as never);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/youtubers?id=7");
    expect(init.body).toBeUndefined();
    expect(init.headers.Authorization).toBeUndefined();
  });

  it("throws ApiError{status, key} with the answer's message key", async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { status: "error", type: "error", success: false, message: "user_api.invalid_trade_link" }));
    const err = await api(userCalls.saveUrl, { trade_link: "x" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, key: "user_api.invalid_trade_link" });
  });

  it("a network failure or a body without a key becomes app_error.load", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(api(userCalls.get)).rejects.toMatchObject({ status: 0, key: "app_error.load" });
    fetchMock.mockResolvedValueOnce(new Response("<html>oops</html>", { status: 502 }));
    await expect(api(userCalls.get)).rejects.toMatchObject({ status: 502, key: "app_error.load" });
  });

  it("on 403 user_api.banned forgets the token and tells the app", async () => {
    const banned = vi.fn();
    const off = onBanned(banned);
    fetchMock.mockResolvedValue(jsonResponse(403, { status: "error", message: "user_api.banned" }));
    await expect(api(userCalls.get)).rejects.toMatchObject({ status: 403, key: "user_api.banned" });
    expect(storage.data.has("api_token")).toBe(false);
    expect(banned).toHaveBeenCalledTimes(1);
    off();
  });

  it("a burst of banned answers (and the hub's userBanned) tells the app once, later bursts again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2100, 0, 1)); // well after any earlier burst of this file
    const banned = vi.fn();
    const off = onBanned(banned);
    fetchMock.mockImplementation(async () => jsonResponse(403, { status: "error", message: "user_api.banned" }));
    await Promise.allSettled([api(userCalls.get), api(userCalls.getInventory, { appId: 730 })]);
    handleBanned();
    expect(banned).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + UI.bannedNoticeDedupeMs - 1);
    storage.data.set("api_token", "again");
    handleBanned();
    expect(storage.data.has("api_token")).toBe(false); // the token always goes
    expect(banned).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + UI.bannedNoticeDedupeMs + 1);
    handleBanned();
    expect(banned).toHaveBeenCalledTimes(2);
    off();
  });

  it("an answer that breaks its schema is a failed call (app_error.load, so the feature's client key shows), never a crash", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonResponse(200, { balance: "12.50" }));
    const err = await api(userCalls.getBalance).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 200, key: "app_error.load", body: { balance: "12.50" } });
    expect(failureKey(err, "user_error.load_profile")).toBe("user_error.load_profile");
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it("resolves with the schema's output: unknown keys of a plain object are dropped", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { balance: 3, extra: true }));
    await expect(api(userCalls.getBalance)).resolves.toStrictEqual({ balance: 3 });
  });

  it("takes a lazy call too (modules of the first load keep zod out of it); a failed load is a network failure", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { balance: 4 }));
    const lazy = { method: "POST" as const, path: "/api/user/getBalance" as const };
    await expect(api({ ...lazy, load: async () => userCalls.getBalance })).resolves.toEqual({ balance: 4 });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/user/getBalance");
    await expect(
      api<typeof userCalls.getBalance>({ ...lazy, load: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")) }),
    ).rejects.toMatchObject({
      status: 0,
      key: "app_error.load",
    });
  });

  it("a call cancelled while its body arrives rejects with the AbortError (not a schema failure)", async () => {
    const aborted = new Response(JSON.stringify({ balance: 1 }), { status: 200 });
    vi.spyOn(aborted, "json").mockRejectedValue(new DOMException("The operation was aborted.", "AbortError"));
    fetchMock.mockResolvedValue(aborted);
    await expect(api(userCalls.getBalance)).rejects.toMatchObject({ name: "AbortError" });
  });

  it("another 403 (forbidden) keeps the token", async () => {
    const banned = vi.fn();
    const off = onBanned(banned);
    fetchMock.mockResolvedValue(jsonResponse(403, { status: "error", message: "user_api.forbidden" }));
    await expect(api(adminCalls.ban, { user_id: 1 })).rejects.toMatchObject({ key: "user_api.forbidden" });
    expect(storage.data.get("api_token")).toBe("tok123");
    expect(banned).not.toHaveBeenCalled();
    off();
  });
});

describe("errorAnswer (shared/api/common.ts)", () => {
  it("is the worker's error body, extra fields allowed", () => {
    expect(errorAnswer.safeParse({ status: "error", type: "error", success: false, message: "chat_api.banned", duration: 5 }).success).toBe(true);
    expect(errorAnswer.safeParse({ status: "error", message: "user_api.banned" }).success).toBe(false);
  });
});

describe("errorKeyOf", () => {
  it("reads message, else the fallback", () => {
    expect(errorKeyOf({ message: "chat_api.banned_forever" }, "f")).toBe("chat_api.banned_forever");
    expect(errorKeyOf({ message: "" }, "f")).toBe("f");
    expect(errorKeyOf(null, "f")).toBe("f");
    expect(errorKeyOf({ message: 3 }, "f")).toBe("f");
  });
});
