// Money deposits end to end through the sandbox payment provider (tests/fakes/payments.mjs,
// configured by scripts/lib/site.mjs as `npm start` configures it): a new player saves a trade link,
// deposits 25 by card with the seeded deposit code BONUS10 (+10 %), pays on the sandbox's
// FreeKassa-style page, comes back to /deposit/success and sees $27.50 in the header and the bell.
// A player who declines on Stripe's sandbox checkout comes back to /deposit/fail with nothing
// credited; a wallet A deposit pays on the sandbox wallet page and is credited by its receipt number.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devLogin, launch, newPage, screenshot } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh trade link: Steam's tokens are exactly 8 characters (a shorter one is refused as invalid). */
const link = () =>
  `https://steamcommunity.com/tradeoffer/new/?partner=${100_000 + Math.floor(Math.random() * 800_000)}&token=Pay_${String(Date.now() % 10_000).padStart(4, "0")}`;

/** A fresh player on the home page in English with the deposit dialog open on Money and a trade link saved in it. */
async function openMoneyTab(page: Page, name: string) {
  await devLogin(page, `${name}_${Date.now().toString(36)}`);
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto("/");
  await page.locator("header.header").getByRole("button", { name: "Deposit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Deposit" });
  await dialog.waitFor();
  expect(await dialog.getByRole("tab", { name: "Money" }).getAttribute("aria-selected")).toBe("true");
  // a new player has no trade link: the dialog asks for it before paying
  await dialog.getByText("Deposits need a Steam trade link: save it first.").waitFor();
  const form = dialog.getByTestId("money-deposit-link");
  await form.getByRole("textbox").fill(link());
  await form.getByRole("button", { name: /save/i }).click();
  // the form goes once the saved link is the player's (Pay stays off until then)
  await form.waitFor({ state: "detached" });
  await dialog.getByRole("textbox", { name: "Amount, USD" }).waitFor();
  return dialog;
}

const headerBalance = (page: Page) => page.locator("header .header-balance-amount").textContent();

describe("money deposit through the sandbox provider", () => {
  it("a new player deposits 25 by card with a deposit code, pays on the sandbox page, and sees $27.50 and the bell", { timeout: 90_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      const dialog = await openMoneyTab(page, "card");
      const amount = dialog.getByRole("textbox", { name: "Amount, USD" });
      expect(await amount.inputValue()).toBe("10");
      await amount.fill("25");
      // placeholders are shown but cannot be chosen
      expect(await dialog.getByRole("radio", { name: /Prepaid wallet/ }).getAttribute("aria-disabled")).toBe("true");
      await dialog.getByRole("radio", { name: /Bank card/ }).click();
      const promo = dialog.getByRole("textbox", { name: "Deposit promo code" });
      await promo.fill("bonus10");
      await dialog.getByRole("button", { name: "Check", exact: true }).click();
      await dialog.getByText("+10% to this deposit").waitFor();
      expect(await promo.isDisabled()).toBe(true);
      await screenshot(page, "money-deposit-form");

      await dialog.getByRole("button", { name: /^Pay \$25\.00$/ }).click();
      // the sandbox's payment form (FreeKassa SCI): signed query checked, Pay posts the notification
      await page.getByText("Sandbox payment").first().waitFor();
      expect(await page.locator(".sum").textContent()).toContain("25 USD");
      await screenshot(page, "money-deposit-sandbox");
      await page.getByRole("button", { name: "Pay" }).click();

      await page.waitForURL(/\/deposit\/success/);
      await page.getByText("Credited", { exact: true }).first().waitFor({ timeout: 20_000 });
      // one title for one state: confirmed, not "sent" above "confirmed"
      expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["Payment confirmed"]);
      await expect.poll(() => headerBalance(page)).toMatch(/\$27\.50/);
      await screenshot(page, "money-deposit-success");

      await page.locator("header.header").getByRole("button", { name: "Notifications", exact: true }).click();
      await page.locator(".notifications__item", { hasText: "Deposit credited" }).filter({ hasText: "$27.50" }).first().waitFor();
      await page.keyboard.press("Escape");

      // the profile's deposit history
      await page.goto("/profile");
      await page.getByText("Credited", { exact: true }).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it("declining on the sandbox checkout (card via the second provider) lands on /deposit/fail with nothing credited", { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      const dialog = await openMoneyTab(page, "decline");
      await dialog.getByRole("radio", { name: /Card, another provider/ }).click();
      await dialog.getByRole("button", { name: /^Pay \$10\.00$/ }).click();
      await page.getByText("Sandbox checkout").first().waitFor();
      await page.getByRole("button", { name: "Decline" }).click();
      await page.waitForURL(/\/deposit\/fail/);
      await page.getByRole("heading", { name: "Payment cancelled" }).waitFor();
      await expect.poll(() => headerBalance(page)).toMatch(/\$0\.00/);
      await screenshot(page, "money-deposit-fail");
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("dialog", { name: "Deposit" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("wallet A: the second step shows the details, the sandbox wallet gives a receipt, the receipt credits it", { timeout: 90_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US", mobile: true });
    try {
      const dialog = await openMoneyTab(page, "wallet");
      await dialog.getByRole("textbox", { name: "Amount, USD" }).fill("12.5");
      await dialog.getByRole("radio", { name: /Wallet A/ }).click();
      await dialog.getByRole("button", { name: /^Pay \$12\.50$/ }).click();
      const step = dialog.getByTestId("deposit-wallet");
      await step.getByRole("heading", { name: "Payment via Wallet A" }).waitFor();
      const comment = ((await step.getByTestId("deposit-wallet-comment").textContent()) ?? "").trim();
      expect(comment).toMatch(/^dep_/);
      await screenshot(page, "money-deposit-wallet");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);

      // the player pays in the wallet (the sandbox's page, as WALLET_A_PAY_URL links it) and reads the receipt
      const payUrl = await step.getByRole("link", { name: "Open the wallet to pay" }).getAttribute("href");
      expect(new URL(payUrl as string).searchParams.get("comment")).toBe(comment);
      const wallet = await context.newPage();
      await wallet.goto(payUrl as string);
      await wallet.getByRole("button", { name: "Pay" }).click();
      const receipt = ((await wallet.locator("#receipt").textContent()) ?? "").trim();
      await wallet.close();

      const check = step.getByRole("button", { name: "Check payment" });
      await step.getByRole("textbox", { name: "Receipt number" }).fill(receipt.slice(0, 10));
      expect(await check.isDisabled()).toBe(true);
      await step.getByRole("textbox", { name: "Receipt number" }).fill(receipt);
      await check.click();
      await step.getByText("Payment received: $12.50 credited to your balance").waitFor();
      await expect.poll(() => headerBalance(page)).toMatch(/\$12\.50/);
      await screenshot(page, "money-deposit-wallet-credited");
    } finally {
      await context.close();
    }
  });
});
