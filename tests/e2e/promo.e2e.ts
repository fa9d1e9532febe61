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

describe("a referral link", () => {
  it("binds a visitor who signs up through it; the referrer sees them in the profile", { timeout: 60_000 }, async () => {
    const referrer = await newPage(browser, { locale: "en-US" });
    const visitor = await newPage(browser);
    try {
      const token = await devLogin(referrer.page, `ref_${Date.now().toString(36)}`);
      const me = await referrer.page.request.post("/api/user/get", { headers: { Authorization: `Bearer ${token}` }, data: {} });
      const code = ((await me.json()) as { user: { id: number } }).user.id.toString(36).toUpperCase();

      // a fresh Steam identity for the fake provider (the default one may exist already)
      const steamId = `765611980${String(Date.now()).slice(-8)}`;
      // (the provider is reached by a redirect, which routes do not see: rewrite the redirect)
      const steamStarts: string[] = [];
      await visitor.context.route(/\/socialite\/steam\?/, async (route) => {
        steamStarts.push(route.request().url());
        const res = await route.fetch({ maxRedirects: 0 });
        const location = new URL(res.headers().location ?? "");
        location.searchParams.set("fake_steamid", steamId);
        await route.fulfill({ status: 302, headers: { Location: location.href } });
      });
      await visitor.page.goto(`/?ref=${code}`);
      await expect.poll(() => new URL(visitor.page.url()).search).toBe("");
      expect(await visitor.page.evaluate(() => localStorage.getItem("referral_code"))).toBe(code);
      await visitor.page.getByRole("banner").getByRole("button", { name: "Войти" }).click();
      await visitor.page.getByRole("checkbox").check();
      const [popup] = await Promise.all([visitor.page.waitForEvent("popup"), visitor.page.getByRole("button", { name: /Steam/ }).click()]);
      await popup.waitForEvent("close");
      await visitor.page.waitForFunction(() => localStorage.getItem("api_token"));
      expect(steamStarts).toHaveLength(1);
      expect(new URL(steamStarts[0]!).searchParams.get("ref")).toBe(code);

      await referrer.page.evaluate(() => localStorage.setItem("language", "en"));
      await referrer.page.goto("/profile");
      const list = referrer.page.getByRole("list", { name: "Players you invited" });
      await list.getByRole("link", { name: `steam_${steamId.slice(-6)}` }).waitFor();
      await referrer.page.getByText("1 player", { exact: true }).waitFor();
      await list.scrollIntoViewIfNeeded();
      await screenshot(referrer.page, "referral-bound");
    } finally {
      await referrer.context.close();
      await visitor.context.close();
    }
  });
});
