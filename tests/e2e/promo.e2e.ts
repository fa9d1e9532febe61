// A player redeems the seeded balance code (scripts/seed/promo.ts: WELCOME5, +$5.00) in the
// profile: the balance changes in the header and the card, the notice says so, and a second
// try is refused with the §8 text. The /promo page shows the same field.
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

describe("promo codes in the profile", () => {
  it("a player redeems the demo code once and sees the balance and the notice", { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      await devLogin(page, `promo_${Date.now().toString(36)}`);
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto("/profile");
      const balance = page.locator("header .header-balance-amount");
      await expect.poll(() => balance.textContent()).toMatch(/\$0\.00/);

      const field = page.getByRole("textbox", { name: "Promo code" });
      const apply = page.getByRole("button", { name: "Apply", exact: true });
      expect(await apply.isDisabled()).toBe(true);
      await field.fill(" welcome5 ");
      await apply.click();
      await page.getByRole("status").filter({ hasText: "Promo code activated: the balance is credited" }).waitFor();
      await expect.poll(() => balance.textContent()).toMatch(/\$5\.00/);
      await expect.poll(() => page.locator(".profile-card__money .profile-money").textContent()).toMatch(/\$5\.00/);
      expect(await field.inputValue()).toBe("");
      await screenshot(page, "promo-redeemed");

      await field.fill("WELCOME5");
      await apply.click();
      await page.getByRole("alert").filter({ hasText: "You have already used this promo code" }).waitFor();
      await expect.poll(() => balance.textContent()).toMatch(/\$5\.00/);

      // the referral block: the player's own link
      const link = page.getByRole("textbox", { name: "Your referral link" });
      expect(await link.inputValue()).toMatch(/\/\?ref=[0-9A-Z]+$/);

      await page.goto("/promo");
      await page.getByRole("heading", { level: 1, name: "Promo" }).waitFor();
      await page.getByRole("textbox", { name: "Promo code" }).waitFor();
    } finally {
      await context.close();
    }
  });
});
