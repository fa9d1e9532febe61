import { describe, expect, it } from "vitest";
import { AUTH_MESSAGE_SOURCE, readAuthMessage, readCallbackHash, stripBearer } from "../../web/src/features/auth/authMessage";
import { avatarColor, avatarInitial, hasPicture } from "../../web/src/ui/avatarColor";
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

describe("readAuthMessage", () => {
  const ok = { source: AUTH_MESSAGE_SOURCE, token: "Bearer tok123" };

  it("accepts our source from our own origin and strips the prefix", () => {
    expect(readAuthMessage({ origin, data: ok }, origin)).toEqual({ kind: "token", token: "tok123" });
  });
  it("ignores another origin, even with the right payload", () => {
    expect(readAuthMessage({ origin: "https://evil.example", data: ok }, origin)).toBeNull();
    expect(readAuthMessage({ origin: "null", data: ok }, origin)).toBeNull();
  });
  it("ignores messages without our source tag or without an object", () => {
    expect(readAuthMessage({ origin, data: { token: "Bearer x" } }, origin)).toBeNull();
    expect(readAuthMessage({ origin, data: { source: "other", token: "Bearer x" } }, origin)).toBeNull();
    expect(readAuthMessage({ origin, data: "Bearer x" }, origin)).toBeNull();
    expect(readAuthMessage({ origin, data: null }, origin)).toBeNull();
  });
  it("turns a provider error or an empty token into an error", () => {
    expect(readAuthMessage({ origin, data: { source: AUTH_MESSAGE_SOURCE, error: "app_error.login" } }, origin)).toEqual({
      kind: "error",
      message: "app_error.login",
    });
    expect(readAuthMessage({ origin, data: { source: AUTH_MESSAGE_SOURCE, token: "Bearer " } }, origin)).toEqual({
      kind: "error",
      message: "app_error.login",
    });
  });
});

describe("readCallbackHash", () => {
  it("reads an url-encoded bearer token", () => {
    expect(readCallbackHash(`#token=${encodeURIComponent("Bearer a/b+c=")}`)).toEqual({ kind: "token", token: "a/b+c=" });
  });
  it("reads an error, and treats an empty token as an error", () => {
    expect(readCallbackHash("#error=app_error.login")).toEqual({ kind: "error", message: "app_error.login" });
    expect(readCallbackHash("#token=")).toEqual({ kind: "error", message: "app_error.login" });
  });
  it("returns null for a hash with neither", () => {
    expect(readCallbackHash("")).toBeNull();
    expect(readCallbackHash("#foo=1")).toBeNull();
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
