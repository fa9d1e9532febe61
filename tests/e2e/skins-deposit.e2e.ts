// The skins deposit end to end on a phone (390 px): a new player opens Deposit → Skins tab,
// saves a trade link (asked first), picks two items of the fake bot's seeded Steam inventory
// (tests/fakes/trade-bot.mjs: real catalogue skins, one not tradable, one unknown), sends the
// offer; the fake bot accepts it (its default: ~2 s after the offer), the trade-bot queue credits
// the items, and they show in the site inventory with a bell notification and in the profile.
import type { Browser } from "playwright-core";
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

const LINK = "https://steamcommunity.com/tradeoffer/new/?partner=246813579&token=SkIns_e2";

describe("skins deposit", () => {
  it("Deposit → Skins: two items sent, accepted by the bot, credited to the inventory with a notification", { timeout: 90_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US", mobile: true });
    const errors: string[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/api/") && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    try {
      const token = await devLogin(page, `skins_e2e_${Date.now() % 100_000}`);
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
      // the fake's held Desert Eagle says when Steam lets it be traded
      expect(
        await dialog
          .getByTestId("skins-deposit-item")
          .filter({ hasText: /Tradable from \d/ })
          .count(),
      ).toBe(1);
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
      // the code the bot wrote in the offer's message, to compare before accepting in Steam
      const shownCode = ((await dialog.getByTestId("security-code").locator("code").textContent()) ?? "").trim();
      expect(shownCode).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
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
      expect(await page.getByTestId("skin-deposit-row").first().textContent()).toContain(shownCode);

      // the offer check, from the menu: this offer is the site's, with the same code; another is not
      const offerId = (await (await page.request.post("/api/payment/skins/history", { data: {}, headers: { Authorization: `Bearer ${token}` } })).json())
        .deposits[0].offer_id as string;
      await page.goto("/offer-check");
      const field = page.getByRole("textbox", { name: "Trade offer link or number" });
      await field.fill(`https://steamcommunity.com/tradeoffer/${offerId}/`);
      await page.getByRole("button", { name: "Check", exact: true }).click();
      const verdict = page.getByTestId("offer-check-verdict");
      await verdict.waitFor();
      expect(await verdict.getAttribute("data-ours")).toBe("true");
      expect(await verdict.textContent()).toContain(shownCode);
      expect(await seriousFindings(page)).toEqual([]);
      await screenshot(page, "offer-check-ours");
      await field.fill("https://steamcommunity.com/tradeoffer/5566778899/");
      await page.getByRole("button", { name: "Check", exact: true }).click();
      await page.locator('[data-testid="offer-check-verdict"][data-ours="false"]').waitFor();
      expect(await page.getByTestId("offer-check-verdict").textContent()).toMatch(/NOT sent by us/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, "offer-check-not-ours");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
