// Opening the withdraw dialog without a trade link must not fire
// POST /api/withdraws/preview (it could only answer 400): the dialog asks for the link first and
// previews the fee once the link is saved.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devLogin, launch, newPage, screenshot } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const LINK = "https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=aB3_-xYz";

describe("the withdraw dialog of a player without a trade link", () => {
  it("shows the trade-link form first; the fee preview is asked only after the link is saved", { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US", mobile: true });
    const previews: number[] = [];
    const errors: string[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/api/withdraws/preview")) previews.push(r.status());
      else if (r.url().includes("/api/") && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    try {
      // a demo player with items and a deposit, never given a trade link
      await devLogin(page, "mod_Olga");
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto("/");
      await page.locator("header.header").getByRole("button", { name: "Inventory", exact: true }).click();
      const inventory = page.locator(".panel-inventory").getByRole("region", { name: "Inventory" });
      await inventory.locator(".item-card:not(:disabled)").first().click();
      await inventory.getByRole("button", { name: "Take", exact: true }).click();
      const take = page.getByRole("dialog", { name: "How to withdraw the item" });
      await take.waitFor();
      const form = take.getByTestId("take-trade-link");
      await form.waitFor();
      expect(await take.getByRole("button", { name: "Send trade offer" }).isDisabled()).toBe(true);
      await page.waitForTimeout(500);
      expect(previews).toEqual([]);
      await screenshot(page, "take-trade-link-first");

      await form.getByRole("textbox").fill(LINK);
      await form.getByRole("button", { name: /save/i }).click();
      await form.waitFor({ state: "detached" });
      await expect.poll(() => previews).toEqual([200]);
      await take.getByText(/Site fee 20%: \$[\d,]+\.\d\d/).waitFor();
      await expect.poll(() => take.getByRole("button", { name: "Send trade offer" }).isDisabled()).toBe(false);
      expect(errors).toEqual([]);
      await screenshot(page, "take-after-link");
    } finally {
      await context.close();
    }
  });
});
