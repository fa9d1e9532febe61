import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetSession } from "../../web/src/lib/session/forgetSession";
import { fetchCurrentUser } from "../../web/src/lib/session/useCurrentUser";

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("forgetSession", () => {
  it("turns the cached user into a visitor and drops that user's data, keeping public answers", () => {
    const qc = new QueryClient();
    qc.setQueryData(["user"], { id: 1, username: "u" });
    qc.setQueryData(["inventory"], { items: [1] });
    qc.setQueryData(["profile"], { stats: {} });
    qc.setQueryData(["config"], { maintenance: false });
    qc.setQueryData(["youtubers"], { youtubers: [] });
    qc.setQueryData(["publicUser", "7"], { id: 7 });
    forgetSession(qc);
    expect(qc.getQueryData(["user"])).toBeNull();
    expect(qc.getQueryData(["inventory"])).toBeUndefined();
    expect(qc.getQueryData(["profile"])).toBeUndefined();
    expect(qc.getQueryData(["config"])).toEqual({ maintenance: false });
    expect(qc.getQueryData(["youtubers"])).toEqual({ youtubers: [] });
    expect(qc.getQueryData(["publicUser", "7"])).toEqual({ id: 7 });
  });
});

describe("fetchCurrentUser", () => {
  let store: Map<string, string>;
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    store = new Map([["api_token", "tok"]]);
    fetchMock = vi.fn();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is a visitor without asking when no token is stored", async () => {
    store.clear();
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a banned user on load (403 user_api.banned) ends up a visitor with the token gone, not an error", async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { message: "user_api.banned" }));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(store.has("api_token")).toBe(false);
  });

  it("a stale token (401) is forgotten; other failures stay errors", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: "user_api.unauthorized" }));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(store.has("api_token")).toBe(false);
    store.set("api_token", "tok");
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: "app_error.load" }));
    await expect(fetchCurrentUser()).rejects.toMatchObject({ status: 500 });
    expect(store.get("api_token")).toBe("tok");
  });
});
