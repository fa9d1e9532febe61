// docs/security.md "Security headers": every answer of the worker (API, the SPA's HTML and its deep-link fallback, the
// pictures, errors) carries the security headers; HSTS only in production over https; a route's
// own stricter header (the sign-in popup's nonce CSP) is kept.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../worker/index";

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("style-src 'self';");
  // pictures are the site's own, avatars included (docs/security.md "Avatars are served by the site")
  expect(csp).toContain("img-src 'self' data:;");
  expect(csp).toMatch(/connect-src 'self' wss?:\/\//);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
  expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
}

describe("security headers", () => {
  it("are sent on an /api call, its errors and an unknown API path", async () => {
    const ok = await exports.default.fetch("http://x/api/getConfig", { method: "POST" });
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok);
    const bad = await exports.default.fetch("http://x/api/getConfig", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" });
    expect(bad.status).toBe(400);
    expectSecurityHeaders(bad);
    expectSecurityHeaders(await exports.default.fetch("http://x/api/nope", { method: "POST" }));
  });

  it("are sent on the SPA's HTML at / and on a deep link (the SPA fallback)", async () => {
    for (const path of ["/", "/cases/1", "/store", "/user/5"]) {
      const res = await exports.default.fetch(`http://x${path}`);
      expectSecurityHeaders(res);
      // the build is there in a full run (npm test builds before the e2e tier; a worker-only run
      // after `vite build` serves the real index.html)
      if (res.status === 200) expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
      await res.body?.cancel();
    }
  });

  it("name the socket origin of the request's scheme", async () => {
    const http = await exports.default.fetch("http://x/api/getConfig", { method: "POST" });
    expect(http.headers.get("Content-Security-Policy")).toContain("connect-src 'self' ws://x");
    const https = await exports.default.fetch("https://x/api/getConfig", { method: "POST" });
    expect(https.headers.get("Content-Security-Policy")).toContain("connect-src 'self' wss://x");
  });

  it("add HSTS only in production over https", async () => {
    const prod = { ...env, DEV_MODE: "false" };
    const httpsProd = await app.request("https://skinrush.example/api/getConfig", { method: "POST" }, prod);
    expect(httpsProd.headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const httpProd = await app.request("http://skinrush.example/api/getConfig", { method: "POST" }, prod);
    expect(httpProd.headers.get("Strict-Transport-Security")).toBeNull();
    const httpsDev = await app.request("https://skinrush.example/api/getConfig", { method: "POST" }, env);
    expect(httpsDev.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("keep the sign-in popup's own nonce CSP and no-referrer", async () => {
    // a callback without valid provider parameters renders the popup page with an error message
    const res = await exports.default.fetch("http://x/socialite/steam/callback");
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/script-src 'nonce-[0-9a-f]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    await res.body?.cancel();
  });
});
