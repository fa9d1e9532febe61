// The skins deposit end to end on a phone (390 px): a new player opens Deposit → Skins tab,
// saves a trade link (asked first), picks two items of the fake bot's seeded Steam inventory
// (tests/fakes/trade-bot.mjs: real catalogue skins, one not tradable, one unknown), sends the
// offer; the fake bot accepts it (its default: ~2 s after the offer), the trade-bot queue credits
// the items, and they show in the site inventory with a bell notification and in the profile.
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

const LINK = "https://steamcommunity.com/tradeoffer/new/?partner=246813579&token=SkIns_e2";

describe("skins deposit", () => {
  it("Deposit → Skins: two items sent, accepted by the bot, credited to the inventory with a notification", { timeout: 90_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US", mobile: true });
    const errors: string[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/api/") && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    try {
      await devLogin(page, `skins_e2e_${Date.now() % 100_000}`);
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto("/");
      await page.locator("header.header").getByRole("button", { name: "Deposit", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Deposit" });
      await dialog.waitFor();
      // the dialog opens on Money; the skins deposit is its second tab
      await dialog.getByRole("tab", { name: "Skins" }).click();
      expect(await dialog.getByRole("tab", { name: "Skins" }).getAttribute("aria-selected")).toBe("true");

      // no trade link yet: the form comes first
      const linkForm = dialog.getByTestId("skins-deposit-link");
      await linkForm.waitFor();
      await linkForm.getByRole("textbox").fill(LINK);
      await linkForm.getByRole("button", { name: /save/i }).click();

      const items = dialog.getByTestId("skins-deposit-item");
      await items.first().waitFor();
      const accepted = dialog.locator('[data-testid="skins-deposit-item"][data-accepted="true"]');
      expect(await accepted.count()).toBeGreaterThanOrEqual(2);
      expect(await dialog.locator('[data-testid="skins-deposit-item"][data-accepted="false"]').count()).toBeGreaterThanOrEqual(1);
      const names: string[] = [];
      for (const i of [0, 1]) {
        const item = accepted.nth(i);
        names.push(((await item.locator(".skins-deposit__name").textContent()) ?? "").trim());
        await item.click();
        expect(await item.getAttribute("aria-pressed")).toBe("true");
      }
      await screenshot(page, "skins-deposit-picked");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);

      await dialog.getByTestId("skins-deposit-send").click();
      await dialog.getByTestId("skins-deposit-offer").waitFor();
      await screenshot(page, "skins-deposit-offer");
      // the bot accepts, the queue credits, the dialog shows the result
      const result = dialog.getByTestId("skins-deposit-result");
      await result.waitFor({ timeout: 45_000 });
      expect(await result.getAttribute("data-state")).toBe("accepted");
      expect(await result.textContent()).toMatch(/Deposit credited/);
      await screenshot(page, "skins-deposit-credited");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      await page.locator("header.header").getByRole("button", { name: "Inventory", exact: true }).click();
      const inventory = page.locator(".panel-inventory").getByRole("region", { name: "Inventory" });
      for (const name of names) await inventory.getByText(name.split(" (")[0]!, { exact: false }).first().waitFor();
      await screenshot(page, "skins-deposit-inventory");
      await page.keyboard.press("Escape");

      await page.locator("header.header").getByRole("button", { name: "Notifications", exact: true }).click();
      await page.locator(".notifications__item", { hasText: "Skins deposit credited" }).first().waitFor();

      await page.goto("/profile");
      await page.getByTestId("skin-deposit-row").first().waitFor();
      expect(await page.getByTestId("skin-deposit-row").first().getAttribute("data-state")).toBe("accepted");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
