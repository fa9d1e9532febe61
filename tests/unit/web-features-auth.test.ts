import { describe, expect, it } from "vitest";
import { SIGN_IN_NONCE_PATTERN } from "../../shared/api/auth";
import { CLIENT_KEYS, SERVER_KEYS } from "../../shared/errors";
import { AUTH_MESSAGE_SOURCE, catalogueError, readAuthMessage, readCallbackHash, stripBearer } from "../../web/src/features/auth/authMessage";
import { newNonce, startAttempt, takeAttempt } from "../../web/src/features/auth/signInAttempt";
import { avatarColor, avatarInitial, hasPicture } from "../../shared/avatars";
import { testLoginPath } from "../../web/src/features/auth/testLogin";

const origin = "https://skinrush.example";

describe("stripBearer", () => {
  it("cuts exactly the 7-character 'Bearer ' prefix", () => {
    expect(stripBearer("Bearer abc.def")).toBe("abc.def");
    expect(stripBearer("Bearer Bearer x")).toBe("Bearer x");
  });
  it("leaves a bare token and other casings alone", () => {
    expect(stripBearer("abc")).toBe("abc");
    expect(stripBearer("bearer abc")).toBe("bearer abc");
  });
});

const NONCE = "a".repeat(64);
const OTHER_NONCE = "b".repeat(64);
/** Stands for the popup's WindowProxy: only identity matters. */
const popup = { name: "login" };
const pending = { origin, popup, nonce: NONCE };
const ok = { source: AUTH_MESSAGE_SOURCE, token: "Bearer tok123", nonce: NONCE };

describe("readAuthMessage", () => {
  it("accepts a token from our popup on our origin with the attempt's nonce, prefix cut", () => {
    expect(readAuthMessage({ origin, source: popup, data: ok }, pending)).toEqual({ kind: "token", token: "tok123" });
  });
  it("ignores another origin, even with the right payload and window", () => {
    expect(readAuthMessage({ origin: "https://evil.example", source: popup, data: ok }, pending)).toBeNull();
    expect(readAuthMessage({ origin: "null", source: popup, data: ok }, pending)).toBeNull();
  });
  it("ignores any window but the popup this tab opened (a same-origin frame or tab)", () => {
    expect(readAuthMessage({ origin, source: { name: "login" }, data: ok }, pending)).toBeNull();
    expect(readAuthMessage({ origin, source: null, data: ok }, pending)).toBeNull();
    expect(readAuthMessage({ origin, source: null, data: ok }, { ...pending, popup: null })).toBeNull();
  });
  it("ignores messages without our source tag or without an object", () => {
    expect(readAuthMessage({ origin, source: popup, data: { token: "Bearer x", nonce: NONCE } }, pending)).toBeNull();
    expect(readAuthMessage({ origin, source: popup, data: { source: "other", token: "Bearer x", nonce: NONCE } }, pending)).toBeNull();
    expect(readAuthMessage({ origin, source: popup, data: "Bearer x" }, pending)).toBeNull();
    expect(readAuthMessage({ origin, source: popup, data: null }, pending)).toBeNull();
  });
  it("refuses a token with another attempt's nonce, none, or when no attempt is pending", () => {
    const mismatch = { kind: "error", message: "app_error.login_mismatch" };
    expect(readAuthMessage({ origin, source: popup, data: { ...ok, nonce: OTHER_NONCE } }, pending)).toEqual(mismatch);
    expect(readAuthMessage({ origin, source: popup, data: { source: AUTH_MESSAGE_SOURCE, token: "Bearer tok123" } }, pending)).toEqual(mismatch);
    expect(readAuthMessage({ origin, source: popup, data: ok }, { ...pending, nonce: null })).toEqual(mismatch);
    // A malformed pending value never matches, not even itself.
    expect(readAuthMessage({ origin, source: popup, data: { ...ok, nonce: "x" } }, { ...pending, nonce: "x" })).toEqual(mismatch);
  });
  it("turns a provider error or an empty token into a catalogue error, never free text", () => {
    const error = (data: Record<string, unknown>) => readAuthMessage({ origin, source: popup, data: { source: AUTH_MESSAGE_SOURCE, ...data } }, pending);
    expect(error({ error: "app_error.login" })).toEqual({ kind: "error", message: "app_error.login" });
    expect(error({ error: "user_api.banned", nonce: NONCE })).toEqual({ kind: "error", message: "user_api.banned" });
    expect(error({ token: "Bearer ", nonce: NONCE })).toEqual({ kind: "error", message: "app_error.login" });
    expect(error({ error: "Your account is hacked, call +1 555" })).toEqual({ kind: "error", message: "app_error.login" });
    expect(error({ error: "not_a.key" })).toEqual({ kind: "error", message: "app_error.login" });
    expect(error({ error: "user_api.banned", nonce: OTHER_NONCE })).toEqual({ kind: "error", message: "app_error.login_mismatch" });
  });
});

describe("readCallbackHash", () => {
  const hash = (p: Record<string, string>) => `#${new URLSearchParams(p)}`;

  it("reads an url-encoded bearer token when its nonce is the pending attempt's", () => {
    expect(readCallbackHash(`#token=${encodeURIComponent("Bearer a/b+c=")}&nonce=${NONCE}`, NONCE)).toEqual({ kind: "token", token: "a/b+c=" });
    expect(readCallbackHash(hash({ token: "Bearer tok", nonce: NONCE }), NONCE)).toEqual({ kind: "token", token: "tok" });
  });
  it("refuses a forged link: no pending attempt, no nonce, or another nonce", () => {
    const mismatch = { kind: "error", message: "app_error.login_mismatch" };
    expect(readCallbackHash(hash({ token: "Bearer tok" }), null)).toEqual(mismatch);
    expect(readCallbackHash(hash({ token: "Bearer tok", nonce: NONCE }), null)).toEqual(mismatch);
    expect(readCallbackHash(hash({ token: "Bearer tok" }), NONCE)).toEqual(mismatch);
    expect(readCallbackHash(hash({ token: "Bearer tok", nonce: OTHER_NONCE }), NONCE)).toEqual(mismatch);
    expect(readCallbackHash(hash({ token: "Bearer tok", nonce: "" }), "")).toEqual(mismatch);
  });
  it("accepts an attempt once: the taken nonce is gone, so the same link replayed is refused", () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    };
    const nonce = startAttempt(store);
    expect(nonce).toMatch(SIGN_IN_NONCE_PATTERN);
    const link = hash({ token: "Bearer tok", nonce });
    expect(readCallbackHash(link, takeAttempt(store))).toEqual({ kind: "token", token: "tok" });
    expect(readCallbackHash(link, takeAttempt(store))).toEqual({ kind: "error", message: "app_error.login_mismatch" });
  });
  it("shows only catalogue keys for an error: free or script-ish text becomes the generic failure", () => {
    expect(readCallbackHash("#error=app_error.login", null)).toEqual({ kind: "error", message: "app_error.login" });
    expect(readCallbackHash("#error=user_api.banned", null)).toEqual({ kind: "error", message: "user_api.banned" });
    expect(readCallbackHash(hash({ error: "<img src=x onerror=alert(1)> Send BTC to win" }), null)).toEqual({ kind: "error", message: "app_error.login" });
    expect(readCallbackHash(hash({ error: "errors:app_error.login" }), null)).toEqual({ kind: "error", message: "app_error.login" });
    expect(readCallbackHash("#error=", null)).toEqual({ kind: "error", message: "app_error.login" });
    expect(readCallbackHash(hash({ token: "", nonce: NONCE }), NONCE)).toEqual({ kind: "error", message: "app_error.login" });
  });
  it("returns null for a hash with neither", () => {
    expect(readCallbackHash("", NONCE)).toBeNull();
    expect(readCallbackHash("#foo=1", NONCE)).toBeNull();
  });
});

describe("catalogueError", () => {
  it("passes every catalogue key and nothing else", () => {
    for (const key of [...Object.values(SERVER_KEYS).flat(), ...CLIENT_KEYS]) expect(catalogueError(key)).toBe(key);
    expect(catalogueError("Free text")).toBe("app_error.login");
    expect(catalogueError(42)).toBe("app_error.login");
  });
});

describe("sign-in attempt nonce", () => {
  it("is 64 random hex characters, new each time", () => {
    const a = newNonce();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toMatch(SIGN_IN_NONCE_PATTERN);
    expect(newNonce()).not.toBe(a);
  });
  it("no storage keeps no attempt", () => {
    expect(takeAttempt(null)).toBeNull();
  });
});

describe("generated avatars", () => {
  it("uses the first letter, upper-cased, and ? for a blank name", () => {
    expect(avatarInitial("petya")).toBe("P");
    expect(avatarInitial("  ёжик")).toBe("Ё");
    expect(avatarInitial("😀 smile")).toBe("😀");
    expect(avatarInitial("   ")).toBe("?");
  });
  it("gives the same colour to the same name", () => {
    expect(avatarColor("alice")).toBe(avatarColor("alice"));
    expect(avatarColor("alice")).toMatch(/^#[0-9a-f]{6}$/);
  });
  it('treats "default" and non-URLs as no picture', () => {
    expect(hasPicture("default")).toBe(false);
    expect(hasPicture("")).toBe(false);
    expect(hasPicture(null)).toBe(false);
    expect(hasPicture("javascript:alert(1)")).toBe(false);
    expect(hasPicture("https://avatars.example/a.jpg")).toBe(true);
    expect(hasPicture("/avatars/a.png")).toBe(true);
  });
});

describe("testLoginPath", () => {
  it("sends the trimmed, encoded username and a staff role only when asked", () => {
    expect(testLoginPath(" alice ", "player")).toBe("/api/auth/test-login?username=alice");
    expect(testLoginPath("a b&c", "admin")).toBe("/api/auth/test-login?username=a+b%26c&role=admin");
    expect(testLoginPath("mod", "moderator")).toBe("/api/auth/test-login?username=mod&role=moderator");
  });
});
