// /robots.txt and /sitemap.xml for search engines, served by the worker (wrangler.toml
// run_worker_first lets these paths reach it before the SPA fallback would answer index.html).
// URLs are absolute on APP_ORIGIN. The sitemap lists the public pages of the SPA router
// (web/src/app/router.tsx) and one page per active case; private or per-session screens
// (profile, tickets, sign-in callback, the /load helper) are left out.
import { Hono } from "hono";
import { exactOrigin } from "../../auth/popup-page";
import { activeCaseIds } from "../../cases/queries";
import type { AppEnv } from "../../env";

/** Public screens of the SPA that make sense to index, home first. */
export const SITEMAP_PAGES = ["/", "/jackpot", "/wheel", "/cases", "/tournament", "/top", "/provably-fair", "/user-agreement"] as const;

/** Paths crawlers should stay out of: the API, sockets, sign-in, the admin area and personal screens. */
export const ROBOTS_DISALLOW = ["/api/", "/ws/", "/socialite/", "/admin", "/profile", "/auth/", "/load", "/ticket/"] as const;

const CACHE = "public, max-age=3600";

export function robotsTxt(origin: string): string {
  return ["User-agent: *", ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), "Allow: /", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${xmlEscape(origin + p)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}

export const crawlerRoutes = new Hono<AppEnv>()
  .get("/robots.txt", (c) => c.body(robotsTxt(exactOrigin(c.env.APP_ORIGIN)), 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE }))
  .get("/sitemap.xml", async (c) => {
    const paths = [...SITEMAP_PAGES, ...(await activeCaseIds(c.env)).map((id) => `/cases/${id}`)];
    return c.body(sitemapXml(exactOrigin(c.env.APP_ORIGIN), paths), 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE });
  });
