import { existsSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";

// Debian's Chromium here and in CI; elsewhere CHROMIUM_PATH or Playwright's own browser.
function executablePath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
}

const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: executablePath(), headless: true, args: FLAGS });
}

export const baseUrl = () => inject("baseUrl");

/** A fresh context (own local storage) on the site; ru by default like a new visitor. */
export async function newPage(browser: Browser, opts: { locale?: string; mobile?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: opts.locale ?? "ru-RU",
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  return { context, page };
}

/** Dev sign-in through the API, then the token in local storage like the login dialog does. */
export async function devLogin(page: Page, username: string, role?: "admin" | "moderator", secondFactor?: "required"): Promise<string> {
  // a staff session has passed the second factor unless `required` (docs/security.md "Second factor")
  const q = new URLSearchParams({ username, ...(role ? { role } : {}), ...(secondFactor ? { second_factor: secondFactor } : {}) });
  const res = await page.request.get(`/api/auth/test-login?${q}`);
  const { api_token } = (await res.json()) as { api_token: string };
  await page.goto("/load");
  await page.evaluate((t) => localStorage.setItem("api_token", t), api_token);
  return api_token;
}

export async function screenshot(page: Page, name: string) {
  const dir = path.join(os.tmpdir(), "skinrush-screens");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
