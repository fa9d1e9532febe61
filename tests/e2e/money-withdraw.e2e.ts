// Money withdrawals end to end: a player deposits through the sandbox card, stakes the
// deposit on a one-item case (so bets reach deposits, §5) and gets two items worth more than the
// auto-approve threshold; withdraws both to a card: `moderation`; an admin approves on
// /admin/withdraws; the sandbox pays the payout (tests/fakes/payments.mjs) and the player sees
// `completed` and the bell. Another player cancels a withdrawal in moderation and gets the items back.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONEY_WITHDRAW } from "../../shared/constants";
import { devLogin, launch, newPage, screenshot } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}`, "Content-Type": "application/json" });
const tradeLink = () =>
  `https://steamcommunity.com/tradeoffer/new/?partner=${100_000 + Math.floor(Math.random() * 800_000)}&token=Wdr_${String(Date.now() % 10_000).padStart(4, "0")}`;

interface CaseItem {
  id: number;
  price: number;
}

/** An admin's one-item case (every open yields the item) priced by the server at its RTP. */
async function oneItemCase(admin: Page, adminToken: string, minItemDollars: number): Promise<{ id: number; price: number; item: CaseItem }> {
  const listed = (await (await admin.request.post("/api/admin/cases/list", { headers: auth(adminToken), data: {} })).json()) as {
    cases: { items: CaseItem[] }[];
  };
  const items = listed.cases.flatMap((c) => c.items).filter((i) => i.price >= minItemDollars && i.price <= minItemDollars * 2);
  const item = items.sort((a, b) => a.price - b.price)[0];
  expect(item, "a seeded case item in the price range").toBeTruthy();
  const created = await admin.request.post("/api/admin/cases/create", {
    headers: auth(adminToken),
    data: { name: `E2E one item ${Date.now()}`, image: "", priority: -1000, active: true, items: [{ catalogue_id: item!.id, weight: 1 }] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { case: kase } = (await created.json()) as { case: { id: number; price: number } };
  return { id: kase.id, price: kase.price, item: item! };
}

/** A fresh player with a trade link who deposited `opens` × the case price through the sandbox card and opened the case that often. */
async function playerWithItems(page: Page, name: string, kase: { id: number; price: number }, opens: number): Promise<string> {
  const token = await devLogin(page, `${name}_${Date.now().toString(36)}`);
  await page.evaluate(() => localStorage.setItem("language", "en"));
  expect((await page.request.post("/api/user/saveUrl", { headers: auth(token), data: { trade_link: tradeLink() } })).status()).toBe(200);
  const sum = Math.round(kase.price * opens * 100) / 100;
  const created = await page.request.post("/api/payment/sum/create", { headers: auth(token), data: { sum, depositMethod: "card" } });
  expect(created.status(), await created.text()).toBe(200);
  const { url } = (await created.json()) as { url: string };
  // the sandbox's payment page, as a player would pay on it
  await page.goto(url);
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/deposit\/success/);
  await page.getByText("Credited", { exact: true }).first().waitFor({ timeout: 20_000 });
  for (let i = 0; i < opens; i++) {
    const opened = await page.request.post("/api/cases/open", { headers: auth(token), data: { id: kase.id } });
    expect(opened.status(), await opened.text()).toBe(200);
  }
  return token;
}

/** Inventory → select every item → Take → Withdraw money → card → confirm. */
async function withdrawAllToCard(page: Page, count: number) {
  await page.goto("/");
  await page.locator("header.header").getByRole("button", { name: "Inventory", exact: true }).click();
  const inventory = page.locator(".panel-inventory").getByRole("region").first();
  const cards = inventory.locator(".item-card:not(:disabled)");
  await expect.poll(() => cards.count()).toBe(count);
  for (let i = 0; i < count; i++) await cards.nth(i).click();
  await inventory.getByRole("button", { name: "Take", exact: true }).click();
  await page.getByRole("button", { name: "Withdraw money" }).click();
  const modal = page.getByTestId("money-withdraw");
  await modal.waitFor();
  await modal.getByText("Bank card").click();
  await modal.getByTestId("withdraw-wallet").fill("4242 4242 4242 4242");
  await modal.getByTestId("withdraw-confirm-box").check();
  await screenshot(page, "money-withdraw-modal");
  await modal.getByTestId("withdraw-submit").click();
  await modal.waitFor({ state: "detached" });
}

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
