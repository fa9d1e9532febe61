// A money withdrawal waiting for staff, set up as a player would make it: an admin's one-item case,
// a player who pays the sandbox card and opens it, then withdraws the items to a card
// (tests/e2e/money-withdraw.e2e.ts, tests/e2e/admin-console.e2e.ts).
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { devLogin, screenshot } from "./browser";

export const auth = (token: string) => ({ Authorization: `Bearer ${token}`, "Content-Type": "application/json" });
const tradeLink = () =>
  `https://steamcommunity.com/tradeoffer/new/?partner=${100_000 + Math.floor(Math.random() * 800_000)}&token=Wdr_${String(Date.now() % 10_000).padStart(4, "0")}`;

interface CaseItem {
  id: number;
  price: number;
}

/** An admin's one-item case (every open yields the item) priced by the server at its RTP. */
export async function oneItemCase(admin: Page, adminToken: string, minItemDollars: number): Promise<{ id: number; price: number; item: CaseItem }> {
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
export async function playerWithItems(page: Page, name: string, kase: { id: number; price: number }, opens: number): Promise<string> {
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
export async function withdrawAllToCard(page: Page, count: number) {
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
