import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, screenshot } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("signing in", () => {
  it("dev login from the login dialog shows the balance and avatar", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Войти" }).click();
    const form = page.getByRole("form", { name: /Dev|Вход для разработки|Dev-вход/i });
    await form.getByLabel(/^(Имя|Username)$/).fill("Artem");
    await form.getByRole("button", { name: /Войти|Dev login/ }).click();
    await page.getByRole("link", { name: /Artem/ }).waitFor();
    await expect.poll(() => page.locator(".header-balance-amount").textContent()).toMatch(/\$\s?\d/);
    await screenshot(page, "signed-in");

    await page.getByRole("button", { name: "Выйти" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Войти" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("api_token"))).toBeNull();
    await context.close();
  });

  it("Steam sign-in through the popup and the local OpenID provider", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Войти" }).click();
    const steam = page.getByRole("button", { name: /Steam/ });
    expect(await steam.isDisabled()).toBe(true);
    await page.getByRole("checkbox").check();
    const [popup] = await Promise.all([page.waitForEvent("popup"), steam.click()]);
    await popup.waitForEvent("close");
    await page.waitForLoadState("load");
    const token = await page.waitForFunction(() => localStorage.getItem("api_token"));
    expect(String(await token.jsonValue())).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole("link", { name: /steam_/ }).waitFor();
    await context.close();
  });
});
