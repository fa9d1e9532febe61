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

describe("the shell for a visitor", () => {
  it("shows the home page in Russian and switches to English", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Войти" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    await expect.poll(() => page.getByRole("link", { name: /Краш/ }).first().isVisible()).toBe(true);
    // the lazy home screen has loaded inside the layout
    await page.getByRole("heading", { name: "Краш", level: 1 }).waitFor();
    await screenshot(page, "home-ru");

    await page.getByRole("button", { name: "EN", exact: true }).first().click();
    await page.getByRole("banner").getByRole("button", { name: "Log in" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.getByRole("heading", { name: "Crash", level: 1 }).waitFor();
    await screenshot(page, "home-en");

    // the choice survives a reload
    await page.reload();
    await page.getByRole("banner").getByRole("button", { name: "Log in" }).waitFor();
    await context.close();
  });

  it("opens and closes modals with Escape and an outside click", async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Войти" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await page.waitForTimeout(400); // let the opening animation finish for the screenshot
    await screenshot(page, "login-modal");
    // the provider buttons stay disabled until the agreement is ticked
    expect(await page.getByRole("button", { name: /Steam/ }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Настройки" }).first().click();
    await dialog.waitFor();
    await page.mouse.click(5, 795);
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  it("redirects an unknown path to the home screen and lays out on mobile", async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    await page.goto("/no/such/page");
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("banner").getByRole("button", { name: "Войти" }).waitFor();
    await page.getByRole("heading", { name: "Краш", level: 1 }).waitFor();
    await screenshot(page, "home-mobile");
    await context.close();
  });

  it("fits a signed-in header into a 390 px phone: every control stays on screen", async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    await devLogin(page, "Artem");
    await page.goto("/");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Уведомления" }).waitFor();
    for (const name of ["Меню", "Ссылки, язык и настройки", "Уведомления"]) {
      const box = await header.getByRole("button", { name, exact: false }).first().boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    const profile = await header.getByRole("link", { name: /Artem/ }).boundingBox();
    expect(profile!.x + profile!.width).toBeLessThanOrEqual(390);
    await screenshot(page, "home-mobile-signed-in");
    await context.close();
  });
});
