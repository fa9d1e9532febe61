// The tournament end to end: an admin starts a short one (the staff template, start_now); a new
// player is told to deposit, deposits $10 through the sandbox from the page's own button, joins,
// stakes $1.00 on a crash round and cashes out: 100 points, seen live by the player's tab and by a
// visitor at 390 px (in Russian) without a reload; axe and the phone measure on the live page. At the end the prize reaches the balance in the header and
// the past tournaments list the win. Then /top lists the player among today's net winners.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousFindings } from "./axe";
import { baseUrl, devLogin, launch, newPage, screenshot } from "./browser";
import { running, twistNextRound, untilCrash } from "./crash-twist";
import { phoneOffenders } from "./phone-measure";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Long enough for the deposit, the join and one crash round; short enough to wait out. */
const DURATION_MS = 150_000;

async function tokenOf(username: string, role?: "admin"): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/test-login?${new URLSearchParams({ username, ...(role ? { role } : {}) })}`);
  return ((await res.json()) as { api_token: string }).api_token;
}

async function post<T>(path: string, token: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const cents = async (token: string) => Math.round((await post<{ user: { balance: number } }>("/api/user/get", token)).user.balance * 100);

async function english(page: Page, path: string) {
  // local storage needs the site's origin first
  if (page.url() === "about:blank") await page.goto("/load");
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto(path);
}

/** At 390 px: nothing scrolls sideways, 40 px targets, 12 px text (tests/e2e/phone-measure.ts). */
async function checkPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(phoneOffenders, { minTarget: 40, minFont: 12 })).toEqual({ targets: [], texts: [] });
}

describe("tournament", () => {
  it("a player deposits, joins, earns points live, and wins the prize at the end", { timeout: 300_000 }, async () => {
    const adminToken = await tokenOf("admin_tournament", "admin");
    const { page, context } = await newPage(browser, { locale: "en-US" });
    // the visitor keeps the default language (Russian: the longer texts) on a phone
    const visitor = await newPage(browser, { mobile: true });
    const admin = await newPage(browser, { locale: "en-US" });
    try {
      const username = `tour_${Date.now().toString(36)}`;
      const token = await devLogin(page, username);
      await english(page, "/tournament");
      await page.getByText("No tournament running").waitFor();
      await screenshot(page, "tournament-empty");

      // the admin starts a short one; none follows it (enabled off)
      await post("/api/admin/tournaments/save-template", adminToken, {
        enabled: false,
        name_ru: "Спринт e2e",
        name_en: "E2E sprint",
        description_ru: "Короткий турнир теста.",
        description_en: "A short tournament of the test.",
        duration_ms: DURATION_MS,
        prizes: [3, 2, 1, 0.5, 0.25],
        min_payment: 5,
        start_now: true,
      });
      await page.reload();
      await page.getByTestId("tournament-name").filter({ hasText: "E2E sprint" }).waitFor();
      const join = page.getByTestId("tournament-join");
      await join.getByText("Deposit $5.00 more during the tournament to join.").waitFor();
      await join.getByText("$0.00 of $5.00 deposited during the tournament").waitFor();
      await expect.poll(() => page.getByTestId("tournament-countdown").textContent()).toMatch(/Ends in/);
      await screenshot(page, "tournament-deposit");

      // the visitor sees a sign-in offer instead of Join
      await visitor.page.goto("/tournament");
      await visitor.page.getByTestId("tournament-join").getByText("Войдите, чтобы участвовать в турнире.").waitFor();

      // deposit $10 by card on the sandbox page, from the join card's own button
      await join.getByTestId("stake-deposit").click();
      const dialog = page.getByRole("dialog", { name: "Deposit" });
      const linkForm = dialog.getByTestId("money-deposit-link");
      await linkForm.getByRole("textbox").fill(`https://steamcommunity.com/tradeoffer/new/?partner=${300_000 + (Date.now() % 600_000)}&token=Tour_123`);
      await linkForm.getByRole("button", { name: /save/i }).click();
      await linkForm.waitFor({ state: "detached" });
      await dialog.getByRole("radio", { name: /Bank card/ }).click();
      await dialog.getByRole("button", { name: /^Pay \$10\.00$/ }).click();
      await page.getByText("Sandbox payment").first().waitFor();
      await page.getByRole("button", { name: "Pay" }).click();
      await page.waitForURL(/\/deposit\/success/);
      await expect.poll(() => cents(token), { timeout: 20_000 }).toBe(1000);

      // back on the page: the condition is met, Join opens; after it, "You're in" and the own row
      await page.goto("/tournament");
      await join.getByText("$10.00 of $5.00 deposited during the tournament").waitFor();
      await join.getByTestId("tournament-join-button").click();
      await join.getByRole("button", { name: "You're in" }).waitFor();
      await expect(join.getByRole("button", { name: "You're in" }).isDisabled()).resolves.toBe(true);
      await page.getByTestId("tournament-own-row").waitFor();
      await expect.poll(() => page.getByTestId("tournament-own-row").getByTestId("tournament-points").textContent()).toBe("0");
      // the visitor's table moved without a reload
      await expect.poll(() => visitor.page.getByTestId("tournament-row").count(), { timeout: 20_000 }).toBe(1);

      // a crash round: $1.00 at ∞ in the next waiting stage (the admin ends a running one early), cashed out by hand
      await devLogin(admin.page, "admin_tournament", "admin");
      await english(admin.page, "/");
      await admin.page.getByTestId("crash-admin-crash").waitFor();
      const play = await context.newPage();
      await play.goto("/");
      await play.getByTestId("crash-screen").waitFor();
      // the next round crashes at 3.00 (an admin's twist, dev only), so the cash-out by hand has time
      const twisted = await twistNextRound(admin.page, "3");
      await play.getByTestId("crash-amount").getByRole("textbox").fill("1");
      await play.locator(".crash-multiplier-option", { hasText: "∞" }).click();
      await play.getByTestId("crash-bet").click();
      await play.locator("[data-testid=crash-bet-row][data-kind=in-round]").first().waitFor();
      await expect.poll(() => cents(token)).toBe(900);
      await untilCrash(play, (s) => s.round === twisted && running(s) && s.multiplier >= 1.2, 60_000);
      await play.getByTestId("crash-take").click();
      await play.getByTestId("crash-win-notice").waitFor({ timeout: 10_000 });
      await expect.poll(() => cents(token)).toBeGreaterThanOrEqual(1020);
      const afterCrash = await cents(token);
      await play.close();

      // one point per cent staked: 100, live on the player's tab and the visitor's
      await expect.poll(() => page.getByTestId("tournament-own-row").getByTestId("tournament-points").textContent(), { timeout: 30_000 }).toBe("100");
      await page.getByTestId("tournament-own-summary").getByText("Place 1 · 100 points").waitFor();
      await expect.poll(() => visitor.page.getByTestId("tournament-points").first().textContent(), { timeout: 30_000 }).toBe("100");
      await screenshot(page, "tournament-live");
      await screenshot(visitor.page, "tournament-390");
      await checkPhone(visitor.page);
      expect(await seriousFindings(page)).toEqual([]);
      expect(await seriousFindings(visitor.page)).toEqual([]);

      // the end: the prize of place 1 ($3.00) reaches the balance in the header, the win is listed
      await page.getByText("No tournament running").waitFor({ timeout: DURATION_MS + 30_000 });
      await expect.poll(() => cents(token)).toBe(afterCrash + 300);
      const header = `$${((afterCrash + 300) / 100).toFixed(2)}`;
      await expect.poll(() => page.locator("header .header-balance-amount").textContent(), { timeout: 20_000 }).toBe(header);
      const win = page.getByTestId("tournament-history").getByTestId("tournament-winner").first();
      await win.getByText(username).waitFor();
      await win.getByText("$3.00").waitFor();
      await win.getByText("100 points").waitFor();
      await page.getByTestId("tournament-history").scrollIntoViewIfNeeded();
      await screenshot(page, "tournament-finished");

      // /top: today's net winners list the player with the cash-out's gain (what it paid − $1.00)
      await page.goto("/top?period=today&metric=net");
      const own = page.getByTestId("top-table").getByTestId("top-own-row");
      await own.getByText(username).waitFor();
      await expect.poll(() => own.getByTestId("top-value").textContent()).toBe(`$${((afterCrash - 1000) / 100).toFixed(2)}`);
      await page.getByRole("link", { name: "Wagered" }).click();
      await expect.poll(() => own.getByTestId("top-value").textContent()).toBe("$1.00");
      expect(page.url()).toContain("metric=wagered");
      await screenshot(page, "top-wagered");
      expect(await seriousFindings(page)).toEqual([]);
      await visitor.page.goto("/top?period=today&metric=net");
      await visitor.page.getByTestId("top-table").getByText(username).waitFor();
      await screenshot(visitor.page, "top-390");
      await checkPhone(visitor.page);
      expect(await seriousFindings(visitor.page)).toEqual([]);
    } finally {
      await context.close();
      await visitor.context.close();
      await admin.context.close();
    }
  });
});
