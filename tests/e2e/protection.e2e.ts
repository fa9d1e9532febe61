// Player protection in Chromium (docs/protection.md): a player sets a deposit limit on /limits and a
// sandbox deposit over it is refused with the instant the limit starts again; the reality check
// after the interval kept on the account (Playwright's clock); a loss limit shows
// its headroom under the crash stake; a 7-day time-out
// taken on the page closes the crash bet button with its end time; the page on a phone, no
// sideways scroll, and no serious axe findings.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousFindings } from "./axe";
import { devLogin, launch, newPage, screenshot } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const link = () =>
  `https://steamcommunity.com/tradeoffer/new/?partner=${100_000 + Math.floor(Math.random() * 800_000)}&token=Lim_${String(Date.now() % 10_000).padStart(4, "0")}`;

async function limitsPage(page: Page, name: string): Promise<string> {
  const token = await devLogin(page, `${name}_${Date.now().toString(36)}`);
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto("/");
  // one click from the header
  await page.locator("header.header").getByRole("link", { name: "Limits and breaks" }).click();
  await page.getByRole("heading", { level: 1, name: "Limits and breaks" }).waitFor();
  await page.getByTestId("limit-deposit_day").waitFor();
  return token;
}

describe("player protection", () => {
  it("a deposit limit set on /limits refuses a sandbox deposit over it, with when it starts again", { timeout: 90_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      await limitsPage(page, "limit");
      const day = page.getByTestId("limit-deposit_day");
      await day.getByRole("textbox", { name: "New limit for Deposits per day, dollars" }).fill("20");
      await day.getByRole("button", { name: "Set", exact: true }).click();
      await day.getByText("$20.00", { exact: true }).waitFor();
      await day.getByText(/Used \$0\.00, \$20\.00 left until/).waitFor();
      await screenshot(page, "protection-limits");
      expect(await seriousFindings(page)).toEqual([]);

      // the deposit dialog: a trade link, then 30 by card — over the day's 20
      await page.locator("header.header").getByRole("button", { name: "Deposit", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Deposit" });
      await dialog.waitFor();
      // the limits are one click from the dialog too
      await dialog.getByRole("link", { name: "Deposit limits and breaks" }).waitFor();
      const form = dialog.getByTestId("money-deposit-link");
      await form.getByRole("textbox").fill(link());
      await form.getByRole("button", { name: /save/i }).click();
      await form.waitFor({ state: "detached" });
      await dialog.getByRole("textbox", { name: "Amount, USD" }).fill("30");
      await dialog.getByRole("radio", { name: /Bank card/ }).click();
      await dialog.getByRole("button", { name: /^Pay \$30\.00$/ }).click();
      const problem = dialog.getByTestId("money-deposit-problem");
      await problem.getByText(/over the deposit limit you set\. The limit starts again on \w+ \d+, \d{4}/).waitFor();
      await screenshot(page, "protection-deposit-refused");
    } finally {
      await context.close();
    }
  });

  it("a loss limit set on /limits shows what it leaves under the crash stake, and an amount over it is flagged", { timeout: 90_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      const token = await limitsPage(page, "loss");
      const day = page.getByTestId("limit-loss_day");
      await day.getByRole("textbox", { name: "New limit for Net loss per day, dollars" }).fill("5");
      await day.getByRole("button", { name: "Set", exact: true }).click();
      await day.getByText(/Net loss \$0\.00, \$5\.00 left until/).waitFor();
      await page.goto("/");
      const amount = page.getByTestId("crash-amount");
      await amount
        .getByTestId("stake-headroom")
        .getByText(/Loss limit: \$5\.00 left until/)
        .waitFor();
      await amount.getByRole("textbox", { name: "From the balance" }).fill("6");
      await amount.getByText("Over your own limit: at most $5.00").waitFor();
      await screenshot(page, "protection-loss-headroom");
      expect(await seriousFindings(page)).toEqual([]);
      // a case dearer than what the limit leaves cannot be opened: the limit lowered (at once) below the first case's price
      const { cases } = (await (await page.request.get("/api/cases/get")).json()) as { cases: { id: number; price: number }[] };
      // (at least 2 cents, so that half of it is below it)
      const kase = cases.find((c) => c.price >= 0.02)!;
      const lower = Math.round(kase.price * 50) / 100;
      const set = await page.request.post("/api/user/protection/setLimit", {
        headers: { Authorization: `Bearer ${token}` },
        data: { kind: "loss_day", amount: lower },
      });
      expect(set.status()).toBe(200);
      await page.goto(`/cases/${kase.id}`);
      await page.getByText("Over the limit you set: this case costs more than your limits leave").waitFor();
      expect(await page.getByRole("button", { name: /^Open for/ }).isDisabled()).toBe(true);
      await page
        .getByTestId("stake-headroom")
        .getByText(/Loss limit: \$[\d.]+ left until/)
        .waitFor();
      await screenshot(page, "protection-loss-case");
    } finally {
      await context.close();
    }
  });

  it("a 7-day time-out closes the crash bet button and shows when it ends; it cannot be shortened; the page fits a phone", { timeout: 90_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US", mobile: true });
    try {
      await devLogin(page, `break_${Date.now().toString(36)}`);
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto("/limits");
      await page.getByTestId("limit-stake").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.getByRole("button", { name: "7 days", exact: true }).click();
      const confirm = page.getByRole("alertdialog", { name: "Start a break of 7 days?" });
      await confirm.waitFor();
      await screenshot(page, "protection-break-confirm-mobile");
      await confirm.getByRole("button", { name: "Start the break" }).click();
      await page
        .getByTestId("break-status")
        .getByText(/You are on a time-out until/)
        .waitFor();
      // a shorter time-out is refused by the server: a running break cannot be shortened
      await page.getByRole("button", { name: "24 hours", exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Start the break" }).click();
      await page.getByText("A break that is running cannot be shortened").waitFor();
      await screenshot(page, "protection-break-mobile");
      expect(await seriousFindings(page)).toEqual([]);

      await page.goto("/");
      const bet = page.getByTestId("crash-bet");
      await bet.getByText(/On a break until \d/).waitFor();
      expect(await bet.isDisabled()).toBe(true);
      await screenshot(page, "protection-crash-blocked-mobile");
    } finally {
      await context.close();
    }
  });

  it("the reality check comes after the interval chosen on the account, waits for another dialog, and its log out ends the session", {
    timeout: 90_000,
  }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      const name = `reality_${Date.now().toString(36)}`;
      const token = await devLogin(page, name);
      await page.evaluate(() => {
        localStorage.setItem("language", "en");
        localStorage.setItem("settings", JSON.stringify({ sound: false, streamerMode: false, sessionFigures: true }));
      });
      // the page's clock is Playwright's: it runs on, and the check's minutes pass at a fastForward
      await page.clock.install();
      await page.goto("/");
      await page.getByTestId("session-figures").getByText("+$0.00").waitFor();
      const openSettings = async () => {
        await page.getByRole("button", { name: "Settings" }).first().click();
        const settings = page.getByRole("dialog", { name: "Settings" });
        await settings.waitFor();
        return settings;
      };
      // the interval is chosen in the settings and kept on the account
      let settings = await openSettings();
      const saved = page.waitForResponse((r) => r.url().endsWith("/api/user/protection/setRealityCheck"));
      await settings.getByRole("combobox", { name: "Reality check" }).selectOption("15");
      expect((await saved).status()).toBe(200);
      await page.keyboard.press("Escape");
      await settings.waitFor({ state: "detached" });

      await page.clock.fastForward("15:00");
      const dialog = page.getByRole("dialog", { name: "Reality check" });
      await dialog.waitFor();
      await dialog.getByText("Session length").waitFor();
      await dialog.getByText("Net result").waitFor();
      await screenshot(page, "protection-reality-check");
      expect(await seriousFindings(page)).toEqual([]);
      // "continue" closes it until the next interval; falling due while another dialog is open, it
      // waits for that one to close instead of taking its place
      await dialog.getByRole("button", { name: "Continue playing" }).click();
      await dialog.waitFor({ state: "detached" });
      settings = await openSettings();
      const due = page.waitForResponse((r) => r.url().endsWith("/api/user/protection/session"));
      await page.clock.fastForward("15:00");
      await due;
      expect(await dialog.count()).toBe(0);
      expect(await settings.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await settings.waitFor({ state: "detached" });
      await dialog.waitFor();

      // another device of the same player shows the same choice
      const other = await newPage(browser, { locale: "en-US" });
      try {
        await devLogin(other.page, name);
        await other.page.evaluate(() => localStorage.setItem("language", "en"));
        await other.page.goto("/");
        await other.page.getByRole("button", { name: "Settings" }).first().click();
        const choice = other.page.getByRole("dialog", { name: "Settings" }).getByRole("combobox", { name: "Reality check" });
        await choice.waitFor();
        expect(await choice.inputValue()).toBe("15");
      } finally {
        await other.context.close();
      }

      await dialog.getByRole("button", { name: "Log out" }).click();
      await page.locator("header.header").getByRole("button", { name: "Log in" }).waitFor();
      // the session is revoked on the server, not only forgotten by the page
      const res = await page.request.post("/api/user/get", { headers: { Authorization: `Bearer ${token}` }, data: {} });
      expect(res.status()).toBe(401);
    } finally {
      await context.close();
    }
  });

  it("before a first deposit the dialog offers a deposit limit; set there, it is in force on /limits", { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      await devLogin(page, `prompt_${Date.now().toString(36)}`);
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto("/");
      await page.locator("header.header").getByRole("button", { name: "Deposit", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Deposit" });
      const prompt = dialog.getByTestId("deposit-limit-prompt");
      await prompt.getByRole("heading", { name: "Set a deposit limit?" }).waitFor();
      await screenshot(page, "protection-first-deposit-prompt");
      await prompt.getByRole("textbox", { name: "Limit, $" }).fill("100");
      await prompt.getByRole("combobox", { name: "Period" }).selectOption("deposit_week");
      await prompt.getByRole("button", { name: "Set limit" }).click();
      await prompt.waitFor({ state: "detached" });
      await dialog.getByRole("link", { name: "Deposit limits and breaks" }).click();
      await page.getByTestId("limit-deposit_week").getByText("$100.00", { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
