import type { Browser, BrowserContext, ConsoleMessage, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devLogin, launch, newPage, screenshot } from "./browser";

// docs/security.md "Security headers" and §7 in a real browser: the app runs under its Content-Security-Policy with no
// violation (screens as a visitor and signed in, the Steam sign-in popup), the documents carry
// the headers, and a case page shows no broken picture (the site serves them; the fake CDN fails
// for some, which get the rarity-coloured fallback) and no console error.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Watch {
  context: BrowserContext;
  page: Page;
  /** securitypolicyviolation events and the browser's own "Refused to …" console reports */
  violations: string[];
  /** console errors (with the page they came from) and uncaught page errors */
  errors: string[];
}

const TAG = "[csp-violation]";

/** A context whose every page (popups too) reports CSP violations and console errors. */
async function watched(): Promise<Watch> {
  const { context, page } = await newPage(browser, { locale: "en-US" });
  const violations: string[] = [];
  const errors: string[] = [];
  // runs before the page's own scripts (injected by the browser, not subject to the page's CSP)
  await context.addInitScript((tag) => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`${tag} ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  }, TAG);
  const onConsole = (msg: ConsoleMessage) => {
    const text = msg.text();
    if (text.startsWith(TAG) || /Content Security Policy/i.test(text)) violations.push(`${msg.page()?.url()}: ${text}`);
    else if (msg.type() === "error") errors.push(`${msg.page()?.url()} (${msg.location().url}): ${text}`);
  };
  context.on("console", onConsole);
  context.on("weberror", (e) => errors.push(`page error: ${e.error().message}`));
  return { context, page, violations, errors };
}

function expectDocumentHeaders(res: Response | null, path: string) {
  expect(res, path).not.toBeNull();
  const h = res!.headers();
  expect(h["content-type"], path).toMatch(/text\/html/);
  expect(h["content-security-policy"], path).toMatch(/default-src 'self'; script-src 'self'; style-src 'self';/);
  expect(h["content-security-policy"], path).toContain("frame-ancestors 'none'");
  expect(h["x-frame-options"], path).toBe("DENY");
  expect(h["x-content-type-options"], path).toBe("nosniff");
  expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  // wrangler dev is http: no HSTS there
  expect(h["strict-transport-security"], path).toBeUndefined();
}

async function firstCaseId(page: Page): Promise<number> {
  const res = await page.request.get("/api/cases/get");
  const { cases } = (await res.json()) as { cases: { id: number }[] };
  expect(cases.length, "seeded cases").toBeGreaterThan(0);
  return cases[0]!.id;
}

/** Loads every picture (lazy ones included) and returns those that did not decode. */
async function brokenImages(page: Page): Promise<string[]> {
  // Generous: a picture the CDN is slow for waits the worker's upstream timeout before its
  // fallback, and the browser loads six at a time per host; on a busy CI machine that adds up.
  // Pictures keep arriving while we wait (a chat message's avatar, a live list): each poll turns
  // every lazy one eager, or an off-screen lazy picture would never load and never be complete.
  await page.waitForFunction(
    () => {
      const imgs = [...document.querySelectorAll("img")];
      for (const img of imgs) if (img.loading !== "eager") img.loading = "eager";
      return imgs.every((img) => img.complete);
    },
    null,
    { timeout: 40_000, polling: 250 },
  );
  return page.evaluate(() => [...document.querySelectorAll("img")].filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src));
}

/** Lets lazy chunks, sockets and pictures settle before the violations are read. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
}

describe("security headers in the browser", () => {
  it("a visitor's screens run under the CSP with no violation, and each document carries the headers", { timeout: 120_000 }, async () => {
    const w = await watched();
    try {
      const caseId = await firstCaseId(w.page);
      for (const path of ["/", "/store", "/cases", `/cases/${caseId}`, "/provably-fair", "/no-such-screen"]) {
        const res = await w.page.goto(path);
        expectDocumentHeaders(res, path);
        await w.page.locator("#root > *").first().waitFor();
        await settle(w.page);
      }
      // the hashed build files come straight from the assets (web/public/_headers)
      const script = await w.page.locator("script[type=module]").first().getAttribute("src");
      const asset = await w.page.request.get(script!);
      expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
      expect(asset.headers()["cache-control"]).toContain("immutable");
      // …without the worker (run_worker_first excludes /assets/*): no CSP of the worker on them
      expect(asset.headers()["content-security-policy"]).toBeUndefined();
      // nothing in the built page is inline
      expect(await w.page.locator("script:not([src])").count()).toBe(0);
      expect(await w.page.locator("style").count()).toBe(0);
      expect(w.violations).toEqual([]);
    } finally {
      await w.context.close();
    }
  });

  it("a signed-in player's crash, store, case and profile screens and inventory run with no violation", { timeout: 120_000 }, async () => {
    const w = await watched();
    try {
      // a seeded demo player with items in the inventory
      await devLogin(w.page, "Artem");
      const caseId = await firstCaseId(w.page);
      for (const path of ["/store", `/cases/${caseId}`, "/profile", "/"]) {
        expectDocumentHeaders(await w.page.goto(path), path);
        await w.page.locator("#root > *").first().waitFor();
        await settle(w.page);
      }
      await w.page.getByRole("button", { name: /^(Inventory|Инвентарь)$/ }).click();
      await w.page.locator(".item-image img").first().waitFor();
      expect(await brokenImages(w.page)).toEqual([]);
      await settle(w.page);
      await screenshot(w.page, "csp-signed-in");
      expect(w.violations).toEqual([]);
    } finally {
      await w.context.close();
    }
  });

  it("the Steam sign-in popup signs in with no violation", { timeout: 60_000 }, async () => {
    const w = await watched();
    try {
      await w.page.goto("/");
      await w.page
        .getByRole("banner")
        .getByRole("button", { name: /Sign in|Log in|Login|Войти/ })
        .click();
      await w.page.getByRole("checkbox").check();
      const [popup] = await Promise.all([w.page.waitForEvent("popup"), w.page.getByRole("button", { name: /Steam/ }).click()]);
      await popup.waitForEvent("close");
      await w.page.waitForFunction(() => localStorage.getItem("api_token"));
      await settle(w.page);
      expect(w.violations).toEqual([]);
    } finally {
      await w.context.close();
    }
  });

  it("a case page shows no broken picture and no console error (the site serves them, with fallbacks)", { timeout: 60_000 }, async () => {
    const w = await watched();
    try {
      const caseId = await firstCaseId(w.page);
      const failed: string[] = [];
      w.page.on("response", (r) => {
        if (new URL(r.url()).pathname.startsWith("/img/") && r.status() !== 200) failed.push(`${r.status()} ${r.url()}`);
      });
      await w.page.goto(`/cases/${caseId}`);
      const items = w.page.locator(".item-image img");
      await items.first().waitFor();
      const broken = await brokenImages(w.page);
      await settle(w.page);
      await screenshot(w.page, "case-pictures");
      expect(broken).toEqual([]);
      expect(failed).toEqual([]);
      // every picture is the site's own, and both kinds of answer occur (the fake CDN fails for some)
      const srcs = await w.page.locator("img").evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
      // (players' avatars are the site's too: /img/avatar/<id>, checked in item-names.e2e.ts)
      const pictures = srcs.filter((s) => !new URL(s).pathname.startsWith("/img/avatar/"));
      expect(pictures.length).toBeGreaterThan(3);
      for (const s of pictures) expect(new URL(s).pathname).toMatch(/^\/img\/(item|case)\/[0-9a-f]{64}\.webp$/);
      const types = await w.page.evaluate(async (urls) => Promise.all(urls.map(async (u) => (await fetch(u)).headers.get("Content-Type"))), pictures);
      expect(types).toContain("image/png");
      expect(types.some((t) => t?.startsWith("image/svg+xml"))).toBe(true);
      expect(await w.page.locator(".item-image--drawn").count()).toBe(0);
      expect(w.errors).toEqual([]);
      expect(w.violations).toEqual([]);
    } finally {
      await w.context.close();
    }
  });
});
