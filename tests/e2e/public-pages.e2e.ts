// Public pages as a visitor sees them: another player's profile without signing in,
// the unknown-id state, and the crawler files served by the worker instead of the SPA's HTML.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, newPage, screenshot } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A player made through the dev sign-in; answers their id. */
async function makePlayer(username: string): Promise<number> {
  const login = await fetch(`${baseUrl()}/api/auth/test-login?${new URLSearchParams({ username })}`);
  const { api_token } = (await login.json()) as { api_token: string };
  const me = await fetch(`${baseUrl()}/api/user/get`, {
    method: "POST",
    headers: { Authorization: `Bearer ${api_token}`, "Content-Type": "application/json" },
    body: "{}",
  });
  return ((await me.json()) as { user: { id: number } }).user.id;
}

describe("a player's public profile for a visitor", () => {
  it("shows the name as the h1, the statistics and the histories — no 401, no retry", async () => {
    const id = await makePlayer("PublicPavel");
    const { page, context } = await newPage(browser);
    const failed: string[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/api/") && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`/user/${id}`);
    await page.getByRole("heading", { level: 1, name: "PublicPavel" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Статистика" }).waitFor();
    expect(await page.getByRole("button", { name: "Повторить" }).count()).toBe(0);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(failed).toEqual([]);
    await screenshot(page, "public-profile-visitor");
    await context.close();
  });

  it("shows a not-found state with an h1 for an unknown id", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/user/987654321");
    const state = page.getByTestId("public-profile-not-found");
    await state.waitFor();
    expect(await state.getByRole("heading", { level: 1 }).textContent()).toBe("Пользователь не найден");
    await state.getByRole("link", { name: "На главную" }).waitFor();
    await screenshot(page, "public-profile-not-found");
    await context.close();
  });
});

describe("crawler files through wrangler dev (run_worker_first, not the SPA fallback)", () => {
  it("serves robots.txt as text and sitemap.xml as XML", async () => {
    const robots = await fetch(`${baseUrl()}/robots.txt`);
    expect(robots.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await robots.text();
    expect(text).toContain("Disallow: /api/");
    expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(await sitemap.text()).toContain("<urlset");
    // the SPA still answers its routes and its assets
    const home = await fetch(`${baseUrl()}/cases`);
    expect(home.headers.get("Content-Type")).toContain("text/html");
  });
});
