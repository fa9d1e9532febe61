import { describe, expect, it } from "vitest";
import { authMessage } from "../../shared/api/auth";
import { newState, nonceOfState } from "../../worker/auth/states";
import { errorMessage, exactOrigin, fallbackUrl, renderPopupPage, scriptJson, successMessage } from "../../worker/auth/popup-page";

const TOKEN = "0123456789abcdef".repeat(4);
const NONCE = "n0nce_-".repeat(6);

describe("scriptJson", () => {
  it("cannot close the script element or break a JS line", () => {
    const out = scriptJson({ name: "</script><script>alert(1)</script>", amp: "a&b", ls: "x\u2028y\u2029z" });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual({ name: "</script><script>alert(1)</script>", amp: "a&b", ls: "x\u2028y\u2029z" });
  });
});

describe("renderPopupPage", () => {
  it("posts the success message to the exact APP_ORIGIN, never to *", () => {
    const page = renderPopupPage("https://skinrush.example/", successMessage(TOKEN, NONCE));
    expect(page.html).toContain('var origin = "https://skinrush.example";');
    expect(page.html).toContain(`var message = {"source":"skinrush-auth","token":"Bearer ${TOKEN}","nonce":"${NONCE}"};`);
    expect(page.html).toContain("opener.postMessage(message, origin)");
    expect(page.html).not.toContain('"*"');
    expect(page.html).not.toContain("'*'");
  });

  it("allows only its own inline script (CSP nonce) and is never cached", () => {
    const page = renderPopupPage("http://127.0.0.1:8787", errorMessage());
    const nonce = /script-src 'nonce-([0-9a-f]+)'/.exec(page.headers["Content-Security-Policy"]!)?.[1];
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(page.html).toContain(`<script nonce="${nonce}">`);
    expect(page.headers["Cache-Control"]).toBe("no-store");
    expect(page.headers["Referrer-Policy"]).toBe("no-referrer");
    expect(renderPopupPage("http://127.0.0.1:8787", errorMessage()).headers["Content-Security-Policy"]).not.toContain(nonce);
  });

  it("falls back to /auth/callback with the answer and the attempt's nonce in the hash when there is no opener", () => {
    expect(fallbackUrl(successMessage(TOKEN, NONCE))).toBe(`/auth/callback#token=Bearer%20${TOKEN}&nonce=${NONCE}`);
    expect(fallbackUrl(errorMessage())).toBe("/auth/callback#error=app_error.login");
    expect(fallbackUrl(errorMessage("user_api.banned", NONCE))).toBe(`/auth/callback#error=user_api.banned&nonce=${NONCE}`);
    const page = renderPopupPage("http://127.0.0.1:8787", errorMessage("user_api.banned"));
    expect(page.html).toContain('var fallback = "/auth/callback#error=user_api.banned";');
    expect(page.html).toContain("window.location.replace(fallback)");
  });

  it("messages match the shared schema", () => {
    expect(authMessage.safeParse(successMessage(TOKEN, NONCE)).success).toBe(true);
    expect(authMessage.safeParse(errorMessage()).success).toBe(true);
    expect(authMessage.safeParse(errorMessage("user_api.banned", NONCE)).success).toBe(true);
    expect(authMessage.safeParse({ source: "other", token: `Bearer ${TOKEN}`, nonce: NONCE }).success).toBe(false);
    // A token always travels with its attempt's nonce.
    expect(authMessage.safeParse({ source: "skinrush-auth", token: `Bearer ${TOKEN}` }).success).toBe(false);
  });
});

describe("exactOrigin", () => {
  it("keeps scheme, host and port only", () => {
    expect(exactOrigin("http://127.0.0.1:8787/")).toBe("http://127.0.0.1:8787");
    expect(exactOrigin("https://skinrush.example/some/path")).toBe("https://skinrush.example");
    expect(() => exactOrigin("not a url")).toThrow();
    expect(() => exactOrigin("*")).toThrow();
  });
});

describe("sign-in states carry the attempt's nonce", () => {
  it("puts a well-formed nonce after the random part and reads it back", () => {
    const state = newState(NONCE);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}\./);
    expect(nonceOfState(state)).toBe(NONCE);
    expect(newState(NONCE)).not.toBe(state);
  });
  it("refuses to make a state for a malformed nonce and finds none in a foreign state", () => {
    for (const bad of ["", "short", "x".repeat(65), `${"a".repeat(40)}.b`, `${"a".repeat(40)}<`]) expect(() => newState(bad), bad).toThrow();
    expect(nonceOfState("plainstate")).toBeUndefined();
    expect(nonceOfState(`abc.${"a".repeat(20)}`)).toBeUndefined();
  });
});
