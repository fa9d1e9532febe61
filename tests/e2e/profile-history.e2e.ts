// The profile's paged history (spec §3 History columns, Statistics, Public user view): a player
// with 45 settled crash bets (history-seed.ts, written before the site starts) sees 20 of them on
// /profile, "Show more" brings 40 and then 45 and goes away; the rows are newest first and each
// links to its round. The tabs follow the URL (?tab=wheel) and the arrow keys; a list that fails
// to load says so and retries. /user/{id} shows the same game tabs and statistics and no money
// list. A case row's check link fills the case's roll check. At 390 px nothing scrolls the page
// sideways; axe finds nothing serious.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousFindings } from "./axe";
import { devLogin, launch, newPage, screenshot } from "./browser";
import { HISTORY_CRASH_BETS, HISTORY_PLAYER, STUCK_PLAYER } from "./history-seed";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function playerId(page: Page, token: string): Promise<number> {
  const res = await page.request.post("/api/user/get", { headers: { Authorization: `Bearer ${token}` }, data: {} });
  return ((await res.json()) as { user: { id: number } }).user.id;
}

const expectedRounds = (n: number) => Array.from({ length: n }, (_, i) => `/crash/${HISTORY_CRASH_BETS - i}`);

async function noSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

describe("profile history", () => {
  it("pages the crash history 20 at a time, newest first, each row linking to its round", { timeout: 90_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      await devLogin(page, HISTORY_PLAYER);
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto("/profile");
      const section = page.locator("section.profile-section", { has: page.locator("#profile-history") });
      const rows = section.getByTestId("history-row");
      const more = section.getByRole("button", { name: "Show more" });

      await expect.poll(() => rows.count()).toBe(20);
      expect(await section.getByRole("tab", { selected: true }).textContent()).toBe("Crash");
      expect(await section.getByTestId("history-shown").textContent()).toBe("20 rows shown, there are more");
      expect(await rows.locator("a.history-round-link").evaluateAll((a) => a.map((x) => x.getAttribute("href")))).toEqual(expectedRounds(20));
      // the newest bet (round 45, odd: won at 1.50×) shows its columns
      await expect.poll(() => rows.first().locator("td").allTextContents()).toEqual(["#45", "$1.45", "—", "x1.50", "Won", "$2.17", expect.any(String)]);

      await more.click();
      await expect.poll(() => rows.count()).toBe(40);
      // the last page by keyboard: the button goes and the count takes the focus
      await more.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => rows.count()).toBe(45);
      expect(await more.count()).toBe(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("history-shown");
      expect(await section.getByTestId("history-shown").textContent()).toBe("That’s all: 45 rows");
      expect(await rows.locator("a.history-round-link").evaluateAll((a) => a.map((x) => x.getAttribute("href")))).toEqual(expectedRounds(45));

      // a row opens its round
      await rows.nth(44).getByRole("link", { name: "#1" }).click();
      await page.waitForURL(/\/crash\/1$/);
      await page.goBack();

      // the statistics cover every mode: 45 games, 23 won
      const stats = page.locator(".profile-stats");
      await expect.poll(() => stats.locator(".profile-stats__tile dd").first().textContent()).toBe("45");
      expect(await page.getByText("Across all games: Crash, Jackpot, Wheel and Cases.").count()).toBe(1);

      // the tabs: a click and the arrow keys select and put the tab in the URL
      await section.getByRole("tab", { name: "Wheel" }).click();
      await page.waitForURL(/[?&]tab=wheel\b/);
      await section.getByText("No Wheel bets yet.").waitFor();
      await page.keyboard.press("ArrowRight");
      await page.waitForURL(/[?&]tab=cases\b/);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cases");
      await section.getByText("No case openings yet.").waitFor();
      await page.keyboard.press("Home");
      await page.waitForURL(/[?&]tab=crash\b/);

      // a reload keeps the tab
      await page.goto("/profile?tab=wheel");
      await section.getByText("No Wheel bets yet.").waitFor();
      expect(await section.getByRole("tab", { selected: true }).textContent()).toBe("Wheel");

      // a list that fails says so, and Retry loads it
      await page.route("**/api/user/history/jackpot", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
      await section.getByRole("tab", { name: "Jackpot" }).click();
      const failed = section.getByRole("alert").filter({ hasText: "Could not load the game history." });
      await failed.waitFor({ timeout: 30_000 });
      await page.unroute("**/api/user/history/jackpot");
      await failed.getByRole("button", { name: "Retry" }).click();
      await section.getByText("No Jackpot bets yet.").waitFor();

      // the money lists are paged too (empty for this player)
      await page.getByText("No money deposits yet").waitFor();
      await page.getByText("No skins deposits yet").waitFor();
      await page.getByText("No withdrawals yet.").waitFor();

      await section.getByRole("tab", { name: "Crash" }).click();
      await expect.poll(() => rows.count()).toBe(20);
      expect(await seriousFindings(page)).toEqual([]);
      await screenshot(page, "profile-history-desktop");
    } finally {
      await context.close();
    }
  });

  it("says (in Russian) a skin withdrawal waits on the trade bot, its items reserved", { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await devLogin(page, STUCK_PLAYER);
      await page.goto("/profile");
      const row = page.getByTestId("withdrawal-row").filter({ hasText: "$12.34" });
      // in Russian, the default language
      await row.getByText("Торговый бот пока не ответил. Предметы зарезервированы за вами").waitFor();
      expect(await seriousFindings(page)).toEqual([]);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, "profile-withdrawal-waiting-bot");
    } finally {
      await context.close();
    }
  });

  it("shows the public view of /user/{id}: name, statistics and the game tabs, no money list", { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      await devLogin(page, `e2e_viewer_${Date.now().toString(36)}`);
      await page.evaluate(() => localStorage.setItem("language", "en"));
      const { page: other, context: otherContext } = await newPage(browser);
      const id = await playerId(other, await devLogin(other, HISTORY_PLAYER));
      await otherContext.close();

      await page.goto(`/user/${id}`);
      await page.getByRole("heading", { level: 1, name: HISTORY_PLAYER }).waitFor();
      const rows = page.getByTestId("history-row");
      await expect.poll(() => rows.count()).toBe(20);
      expect(await rows.locator("a.history-round-link").evaluateAll((a) => a.map((x) => x.getAttribute("href")))).toEqual(expectedRounds(20));
      expect(await page.getByRole("tab").allTextContents()).toEqual(["Crash", "Jackpot", "Wheel", "Cases"]);
      await expect.poll(() => page.locator(".profile-stats__tile dd").first().textContent()).toBe("45");
      await page.getByRole("button", { name: "Show more" }).click();
      await expect.poll(() => rows.count()).toBe(40);
      // nothing private: no money lists, no referrals, no settings
      for (const title of ["Money deposits", "Skins deposits", "Withdrawal history", "Referrals", "Settings"]) {
        expect(await page.getByRole("heading", { name: title }).count(), title).toBe(0);
      }
      await page.getByRole("tab", { name: "Wheel" }).click();
      await page.waitForURL(/\/user\/\d+\?tab=wheel$/);
      expect(await seriousFindings(page)).toEqual([]);
      await screenshot(page, "profile-public");
    } finally {
      await context.close();
    }
  });

  it("fills a case's roll check from a history link's query", { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      await page.goto("/load");
      await page.evaluate(() => localStorage.setItem("language", "en"));
      const res = await page.request.get("/api/cases/get");
      const { cases } = (await res.json()) as { cases: { id: number }[] };
      const hash = "ab".repeat(32);
      await page.goto(`/cases/${cases[0]!.id}?server_seed_hash=${hash}&client_seed=my%20seed&nonce=7#case-fair`);
      await expect.poll(() => page.locator("#case-verify-serverSeedHash").inputValue()).toBe(hash);
      expect(await page.locator("#case-verify-clientSeed").inputValue()).toBe("my seed");
      expect(await page.locator("#case-verify-nonce").inputValue()).toBe("7");
    } finally {
      await context.close();
    }
  });

  it("at 390 px the profile never scrolls sideways (a wide table scrolls in its own box)", { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    try {
      await devLogin(page, HISTORY_PLAYER);
      await page.goto("/profile");
      const rows = page.getByTestId("history-row");
      await expect.poll(() => rows.count()).toBe(20);
      expect(await page.getByTestId("history-shown").textContent()).toBe("Показано 20 записей, есть ещё");
      await noSideways(page);
      await screenshot(page, "profile-mobile");
      await page.locator("#profile-history").scrollIntoViewIfNeeded();
      await screenshot(page, "profile-mobile-history");
      await page.getByRole("button", { name: "Показать ещё" }).click();
      await expect.poll(() => rows.count()).toBe(40);
      await page.getByRole("button", { name: "Показать ещё" }).scrollIntoViewIfNeeded();
      await screenshot(page, "profile-mobile-more");
      await page.getByRole("tab", { name: "Колесо" }).click();
      await page.getByText("Ставок в Колесе пока нет.").waitFor();
      await noSideways(page);
      expect(await seriousFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
