import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devLogin, launch, newPage, screenshot } from "./browser";

// The storehouse end to end: a demo player searches the storehouse, buys an item with balance (the header's
// balance drops at once), sells it back from the inventory (the confirm shows the tax; the
// balance rises by the price less the tax), and cannot buy an item dearer than the balance.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function signedIn(username: string, opts: { mobile?: boolean } = {}) {
  const { page, context } = await newPage(browser, { locale: "en-US", mobile: opts.mobile });
  await devLogin(page, username);
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto("/");
  await page.locator(".header-balance-amount").waitFor();
  return { page, close: () => context.close() };
}

const headerBalance = async (page: Page) => cents((await page.locator(".header-balance-amount").textContent()) ?? "");

/** The store cards → { name, price } (the full market_hash_name and the price they show). */
async function storeCards(page: Page): Promise<{ name: string; price: number }[]> {
  const cards = await page
    .locator(".store-card")
    .evaluateAll((els) => els.map((e) => [e.querySelector(".store-card__full")?.textContent ?? "", e.querySelector(".store-card__price")?.textContent ?? ""]));
  return cards.map(([name, price]) => {
    if (!name || !/^\$[\d,]+\.\d\d$/.test(price!)) throw new Error(`unexpected card: ${name} ${price}`);
    return { name: name!, price: cents(price!) };
  });
}

async function openStore(page: Page) {
  const headerButton = page.locator("header.header").getByRole("button", { name: "Store", exact: true });
  if (await headerButton.isVisible()) await headerButton.click();
  else {
    // phones: from the inventory panel
    await page.locator("header.header").getByRole("button", { name: "Inventory", exact: true }).click();
    await page.locator(".panel-inventory").getByRole("button", { name: "Store", exact: true }).click();
  }
  await page.getByRole("region", { name: "Store" }).waitFor();
  await page.locator(".store-card").first().waitFor();
}

describe("the storehouse", () => {
  it("searches, buys with balance, sells back taxed, and refuses an item dearer than the balance", { timeout: 120_000 }, async () => {
    const { page, close } = await signedIn("Dasha");
    try {
      const start = await headerBalance(page);
      expect(start).toBeGreaterThan(0);
      await openStore(page);
      const store = page.getByRole("region", { name: "Store" });
      // the max price defaults to the balance: nothing dearer is listed
      expect(cents(await store.getByLabel("Price to, $").inputValue())).toBe(start);
      const listed = await storeCards(page);
      expect(listed.length).toBeGreaterThan(0);
      for (const c of listed) expect(c.price).toBeLessThanOrEqual(start);
      await screenshot(page, "store-desktop");

      // search by a part of a listed item's name
      const target = listed[listed.length - 1]!; // the cheapest
      const word = target.name
        .replace(/^★\s*/, "")
        .replace(/^StatTrak™\s*/, "")
        .split(" | ")[0]!;
      await store.getByLabel("Name").fill(word);
      await expect
        .poll(async () => {
          const cards = await storeCards(page);
          return cards.length > 0 && cards.every((c) => c.name.toLowerCase().includes(word.toLowerCase()));
        })
        .toBe(true);
      const found = (await storeCards(page)).find((c) => c.name === target.name);
      expect(found).toBeTruthy();

      // buy it
      const card = store.getByRole("button", { name: new RegExp(`^${escapeRe(target.name)} \\$`) });
      await card.click();
      expect(await card.getAttribute("aria-pressed")).toBe("true");
      await store.getByText("1 item selected").waitFor();
      await store.getByRole("button", { name: "Accept" }).click();
      await page.getByText("Items bought").waitFor();
      await expect.poll(() => headerBalance(page)).toBe(start - target.price);
      await screenshot(page, "store-bought");

      // sell it back from the inventory: the confirm shows the tax
      await store.getByRole("button", { name: "My inventory" }).click();
      const inventory = page.locator(".panel-inventory").getByRole("region", { name: "Inventory" });
      const owned = inventory.getByRole("button", { name: new RegExp(escapeRe(target.name)) }).first();
      await owned.waitFor();
      await owned.click();
      await inventory.getByRole("button", { name: "Sell", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Sell 1 item to the site?" });
      await dialog.waitFor();
      const taxRow = dialog.getByText(/^Sell tax \((\d+)%\)$/);
      const percent = Number(/\((\d+)%\)/.exec((await taxRow.textContent()) ?? "")![1]);
      expect(percent).toBeGreaterThan(0);
      const tax = Math.floor((target.price * percent) / 100);
      const receive = target.price - tax;
      await dialog.getByRole("button", { name: `Sell for $${(receive / 100).toFixed(2)}` }).waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, "store-sell-confirm");
      await dialog.getByRole("button", { name: /^Sell for / }).click();
      await page.getByText("Items sold").waitFor();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => headerBalance(page)).toBe(start - target.price + receive);

      // sad path: lift the max bound, pick the dearest item (above the balance) → insufficient funds
      const balance = await headerBalance(page);
      await page.locator("header.header").getByRole("button", { name: "Inventory", exact: true }).click();
      await openStore(page);
      await store.getByLabel("Name").fill("");
      await store.getByLabel("Price to, $").fill("100000");
      await expect.poll(async () => (await storeCards(page))[0]?.price ?? 0).toBeGreaterThan(balance);
      const dearest = (await storeCards(page))[0]!;
      await store.getByRole("button", { name: new RegExp(`^${escapeRe(dearest.name)} \\$`) }).click();
      await store.getByText("Your balance is not enough for this purchase.").waitFor();
      await store.getByRole("button", { name: "Accept" }).click();
      await page.getByText("Insufficient funds").waitFor();
      expect(await headerBalance(page)).toBe(balance);
      // back to the balance bound: the dear item is gone from the list
      await store.getByRole("button", { name: "Back to my balance" }).click();
      await expect.poll(async () => (await storeCards(page)).every((c) => c.price <= balance)).toBe(true);
      await screenshot(page, "store-insufficient");
    } finally {
      await close();
    }
  });

  it("works on a 390 px phone: opened from the inventory, sell dialog keyboard-friendly", { timeout: 60_000 }, async () => {
    const { page, close } = await signedIn("Max_TV", { mobile: true });
    try {
      await openStore(page);
      await page.waitForTimeout(300);
      await screenshot(page, "store-mobile");
      const store = page.getByRole("region", { name: "Store" });
      await store.getByRole("button", { name: "My inventory" }).click();
      const inventory = page.locator(".panel-inventory").getByRole("region", { name: "Inventory" });
      await inventory.locator(".item-card:not(:disabled)").first().click();
      await inventory.getByRole("button", { name: "Take", exact: true }).click();
      const take = page.getByRole("dialog", { name: "How to withdraw the item" });
      await take.waitFor();
      await take.getByText(/Site fee 20%: \$[\d,]+\.\d\d/).waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, "store-take-mobile");
      await page.keyboard.press("Escape");
      await take.waitFor({ state: "detached" });
      await inventory.getByRole("button", { name: "Sell", exact: true }).click();
      const sell = page.getByRole("dialog", { name: /^Sell 1 item/ });
      await sell.waitFor();
      await screenshot(page, "store-sell-mobile");
      await page.keyboard.press("Escape");
      await sell.waitFor({ state: "detached" });
      // the inventory panel stays open under a closed dialog
      await inventory.waitFor();
    } finally {
      await close();
    }
  });
});
