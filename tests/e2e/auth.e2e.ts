import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, screenshot } from "./browser";
import { TERMS } from "../../shared/constants";

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
    // the header's profile link (the chat may hold Artem's messages with links of their own)
    await page.getByRole("banner").getByRole("link", { name: /Artem/ }).waitFor();
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

  it("Steam sign-in without a popup (full page) comes back through /auth/callback with this tab's nonce", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/");
    // What openLoginPopup does when the popup is blocked: keep the nonce, go to the provider in this tab.
    const nonce = "c".repeat(64);
    await page.evaluate((n) => sessionStorage.setItem("sign_in_nonce", n), nonce);
    await page.goto(`/socialite/steam?nonce=${nonce}&terms=${TERMS.version}`);
    const token = await page.waitForFunction(() => localStorage.getItem("api_token"));
    expect(String(await token.jsonValue())).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole("link", { name: /steam_/ }).waitFor();
    expect(new URL(page.url()).hash).toBe("");
    expect(await page.evaluate(() => sessionStorage.getItem("sign_in_nonce"))).toBeNull();
    await context.close();
  });
});

describe("forged sign-in links (login CSRF)", () => {
  it("a link carrying another user's valid token does not sign the visitor in", async () => {
    const { page, context } = await newPage(browser);
    const res = await page.request.get("/api/auth/test-login?username=Dasha");
    const { api_token } = (await res.json()) as { api_token: string };
    expect(api_token).toMatch(/^[0-9a-f]{64}$/);
    // The attacker's own attempt nonce rides along: it is not this tab's attempt.
    await page.goto(`/auth/callback#token=${encodeURIComponent(`Bearer ${api_token}`)}&nonce=${"d".repeat(64)}`);
    await page.getByText(/Этот вход начат не в этом окне/).waitFor();
    await page.getByRole("banner").getByRole("button", { name: "Войти" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("api_token"))).toBeNull();
    expect(page.url()).not.toContain(api_token);
    expect(await page.getByRole("link", { name: /Dasha/ }).count()).toBe(0);

    // Without any nonce, too; and a reload does not change that.
    await page.goto(`/auth/callback#token=${encodeURIComponent(`Bearer ${api_token}`)}`);
    await page.getByText(/Этот вход начат не в этом окне/).waitFor();
    await page.reload();
    await page.getByRole("banner").getByRole("button", { name: "Войти" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("api_token"))).toBeNull();
    await context.close();
  });

  it("a link with #error=<text> shows the generic catalogue message, never the text", async () => {
    const { page, context } = await newPage(browser);
    const text = "<img src=x onerror=window.__pwned=1> Аккаунт заблокирован, пишите на evil.example";
    await page.goto(`/auth/callback#error=${encodeURIComponent(text)}`);
    await page.getByText("Не удалось войти").first().waitFor();
    expect(await page.getByText(/evil\.example/).count()).toBe(0);
    expect(await page.content()).not.toContain("evil.example");
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(new URL(page.url()).hash).toBe("");
    await context.close();
  });
});
