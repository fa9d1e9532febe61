// Money withdrawals end to end: a player deposits through the sandbox card, stakes the
// deposit on a one-item case (so bets reach deposits, §5) and gets two items worth more than the
// auto-approve threshold; withdraws both to a card: `moderation`; an admin approves on
// /admin/withdraws; the sandbox pays the payout (tests/fakes/payments.mjs) and the player sees
// `completed` and the bell. Another player cancels a withdrawal in moderation and gets the items back.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONEY_WITHDRAW } from "../../shared/constants";
import { devLogin, launch, newPage, screenshot } from "./browser";
import { oneItemCase, playerWithItems, withdrawAllToCard } from "./money-setup";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("money withdrawals", () => {
  it("deposit → two items to a card → moderation → staff approve → the sandbox pays → completed and the bell", { timeout: 150_000 }, async () => {
    const staff = await newPage(browser, { locale: "en-US" });
    const player = await newPage(browser, { locale: "en-US" });
    try {
      const adminToken = await devLogin(staff.page, `e2e_admin_${Date.now().toString(36)}`, "admin");
      await staff.page.evaluate(() => localStorage.setItem("language", "en"));
      // two items above the auto-approve threshold together, so the request waits for staff
      const kase = await oneItemCase(staff.page, adminToken, MONEY_WITHDRAW.autoApproveCents / 100 / 2 + 1);
      await playerWithItems(player.page, "wd", kase, 2);

      await withdrawAllToCard(player.page, 2);
      await player.page.goto("/profile");
      const history = player.page.locator("section.profile-section", { has: player.page.locator("#profile-withdrawals") });
      await history.getByText("Under review", { exact: true }).first().waitFor();
      expect(await history.getByText("****4242").count()).toBeGreaterThan(0);

      await staff.page.goto("/admin/withdraws");
      const row = staff.page.getByTestId("admin-withdraw").filter({ hasText: "4242424242424242" });
      await row.waitFor();
      await screenshot(staff.page, "money-withdraw-admin");
      await row.getByTestId("admin-withdraw-approve").click();
      // every console action confirms first
      await staff.page
        .getByRole("dialog", { name: /^Approve withdrawal #\d+\?$/ })
        .getByRole("button", { name: "Confirm" })
        .click();
      await row.waitFor({ state: "detached" });

      // the payout pass sends it to the sandbox and polls it: completed within seconds
      await expect
        .poll(
          async () => {
            await player.page.reload();
            const status = history.locator(".profile-status").first();
            await status.waitFor();
            return status.textContent();
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toBe("Completed");
      await screenshot(player.page, "money-withdraw-completed");
      await player.page.locator("header.header").getByRole("button", { name: "Notifications", exact: true }).click();
      await player.page.locator(".notifications__item", { hasText: "Your withdrawal was paid out" }).first().waitFor();
    } finally {
      await staff.context.close();
      await player.context.close();
    }
  });

  it("a player cancels a withdrawal in moderation and gets the items back", { timeout: 120_000 }, async () => {
    const staff = await newPage(browser, { locale: "en-US" });
    const player = await newPage(browser, { locale: "en-US", mobile: true });
    try {
      const adminToken = await devLogin(staff.page, `e2e_admin2_${Date.now().toString(36)}`, "admin");
      const kase = await oneItemCase(staff.page, adminToken, MONEY_WITHDRAW.autoApproveCents / 100 / 2 + 1);
      await playerWithItems(player.page, "wdc", kase, 2);
      await withdrawAllToCard(player.page, 2);

      await player.page.goto("/profile");
      const history = player.page.locator("section.profile-section", { has: player.page.locator("#profile-withdrawals") });
      const cancel = history.getByTestId("withdraw-cancel");
      await cancel.first().waitFor();
      await cancel.first().click();
      await history.getByText("Canceled", { exact: true }).first().waitFor();
      expect(await cancel.count()).toBe(0);

      await player.page.goto("/");
      await player.page.locator("header.header").getByRole("button", { name: "Inventory", exact: true }).click();
      const inventory = player.page.locator(".panel-inventory").getByRole("region").first();
      await expect.poll(() => inventory.locator(".item-card:not(:disabled)").count()).toBe(2);
      await screenshot(player.page, "money-withdraw-canceled");
    } finally {
      await staff.context.close();
      await player.context.close();
    }
  });
});
