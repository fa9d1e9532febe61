// /robots.txt and /sitemap.xml: answered by the worker with their own content types,
// never the SPA's index.html; absolute URLs on APP_ORIGIN (http://127.0.0.1:8787 in these tests).
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeCase } from "./cases-fixtures";

const ORIGIN = "http://127.0.0.1:8787";
const get = (path: string) => exports.default.fetch(`http://x${path}`);

describe("GET /robots.txt", () => {
  it("is plain text: the API, sockets, sign-in, admin and personal screens disallowed, the rest allowed, the sitemap absolute", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).not.toContain("<html");
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const p of ["/api/", "/admin", "/ws/", "/socialite/", "/profile"]) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain("Allow: /");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("GET /sitemap.xml", () => {
  it("is XML listing the public pages and every active case (an inactive one left out), absolute URLs", async () => {
    const active = await makeCase(100);
    const hidden = await makeCase(100, undefined, { active: false });
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of ["/", "/jackpot", "/wheel", "/cases", "/top", "/provably-fair", "/user-agreement"]) expect(locs).toContain(`${ORIGIN}${p}`);
    expect(locs).toContain(`${ORIGIN}/cases/${active.id}`);
    expect(locs).not.toContain(`${ORIGIN}/cases/${hidden.id}`);
    for (const loc of locs) expect(loc!.startsWith(`${ORIGIN}/`)).toBe(true);
    expect(locs.some((l) => l!.includes("/profile") || l!.includes("/api/"))).toBe(false);
  });
});
