import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_OTP } from "../../shared/constants";
import { seriousFindings } from "./axe";
import { devLogin, launch, newPage, screenshot } from "./browser";

// The operator console (docs/security.md "Staff roles", "Second factor"): an admin whose session
// has not passed the second factor enrols TOTP at /admin (the test computes the codes from the
// secret the page shows, as an authenticator app would), sees the recovery codes once, and is
// let in; a new session of the same account passes with the next code. A moderator sees only the
// chat and support pages, and an admin page tells them it is for admins.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const codeAt = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
const consoleNav = (page: Page) => page.getByRole("navigation", { name: "Console sections" });

describe("the operator console", () => {
  it("an admin enrols the second factor, keeps the recovery codes and is let in; a new session passes with the next code", { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser, { locale: "en-US" });
    try {
      const name = `e2e_otp_${Date.now().toString(36)}`;
      await devLogin(page, name, "admin", "required");
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto("/admin");
      await page.getByRole("heading", { name: "Set up the authenticator" }).waitFor();
      await page.getByRole("button", { name: "Start" }).click();
      const secret = (await page.getByTestId("otp-secret").textContent())?.trim() ?? "";
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByRole("img", { name: "QR code of the authenticator secret" }).waitFor();
      await screenshot(page, "console-otp-enrol");

      // a wrong code first: refused with its text, nothing let in
      const now = Date.now();
      const good = codeAt(secret, now);
      await page.getByLabel("Code from the app").fill(good === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.getByRole("alert").filter({ hasText: "Wrong or already used code" }).waitFor();
      await page.getByLabel("Code from the app").fill(good);
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.getByRole("heading", { name: "Recovery codes" }).waitFor();
      await expect.poll(() => page.getByTestId("recovery-codes").getByRole("listitem").count()).toBe(STAFF_OTP.recoveryCodes);
      expect(await seriousFindings(page)).toEqual([]);
      await screenshot(page, "console-otp-codes");
      await page.getByRole("button", { name: "I saved them" }).click();
      await consoleNav(page).waitFor();
      await consoleNav(page).getByRole("link", { name: "Second factor" }).click();
      await page
        .getByTestId("recovery-left")
        .filter({ hasText: String(STAFF_OTP.recoveryCodes) })
        .waitFor();

      // the same account signs in again: this session must pass; the code just used is a replay,
      // the next step's code (one step ahead is inside the window) is not
      await devLogin(page, name, "admin", "required");
      await page.goto("/admin");
      await page.getByRole("heading", { name: "Confirm it is you" }).waitFor();
      await page.getByLabel("Code from the app").fill(good);
      await page.getByRole("button", { name: "Confirm", exact: true }).click();
      await page.getByRole("alert").filter({ hasText: "Wrong or already used code" }).waitFor();
      await page.getByLabel("Code from the app").fill(codeAt(secret, now + STAFF_OTP.periodSeconds * 1000));
      await page.getByRole("button", { name: "Confirm", exact: true }).click();
      await consoleNav(page).waitFor();
      await screenshot(page, "console-admin-home");
    } finally {
      await context.close();
    }
  });

  it("a moderator sees the chat and support pages only; an admin page says it is for admins", { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser, { locale: "en-US" });
    try {
      await devLogin(page, `e2e_mod_${Date.now().toString(36)}`, "moderator");
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto("/admin");
      const nav = consoleNav(page);
      await nav.waitFor();
      const links = (await nav.getByRole("link").allTextContents()).map((s) => s.trim());
      expect(links).toEqual(expect.arrayContaining(["Tickets", "Second factor"]));
      for (const adminOnly of ["Withdrawals", "Game tools"]) expect(links).not.toContain(adminOnly);
      await page.goto("/admin/withdraws");
      await page.getByTestId("console-admins-only").waitFor();
      await screenshot(page, "console-moderator");
    } finally {
      await context.close();
    }
  });
});
