import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, devLogin, launch, newPage, screenshot } from "./browser";
import { crashSeen, twistNextRound, untilCrash } from "./crash-twist";

// The journey: an admin (dev flag) schedules a 3.00 crash; in that round
// a player bets two items with auto-withdraw 2.00 and wins (row turns to a win, the win item
// lands in the inventory), while a second player's manual bet loses at the crash (and its
// cashback shows in the header).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function crashPage(username: string, role?: "admin"): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser, { locale: "en-US" });
  await devLogin(page, username, role);
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto("/");
  await page.getByTestId("crash-screen").waitFor();
  return { page, close: () => context.close() };
}

/** A session token of `username` (the dev sign-in, as the pages' devLogin uses). */
async function testLogin(username: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/test-login?${new URLSearchParams({ username })}`);
  return ((await res.json()) as { api_token: string }).api_token;
}

/** A call of the site's API as the holder of `token`. */
async function call<T = unknown>(path: string, token: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function inventoryIds(page: Page): Promise<Map<number, string>> {
  const entries = await page.evaluate(async () => {
    const res = await fetch("/api/user/getInventory", {
      method: "POST",
      headers: { Authorization: `Bearer ${localStorage.getItem("api_token")}`, "Content-Type": "application/json" },
      body: JSON.stringify({ appId: 730 }),
    });
    const { items } = (await res.json()) as { items: { myId: number; market_hash_name: string; status: string }[] };
    return items.filter((i) => i.status === "available").map((i) => [i.myId, i.market_hash_name] as [number, string]);
  });
  return new Map(entries);
}

describe("crash round", () => {
  it("an auto-withdraw 2.00 bet wins in a 3.00 round, a manual bet loses", { timeout: 180_000 }, async () => {
    const admin = await crashPage("admin_Ivan", "admin");
    const winner = await crashPage("Artem");
    const loser = await crashPage("ProGamer");
    // a third player has balance and no items: $5 from an admin before the page opens, a $1.00 bet from the balance at 2.00
    const saverToken = await testLogin("Saver");
    const adminToken = await admin.page.evaluate(() => localStorage.getItem("api_token") ?? "");
    const saverId = (await call<{ user: { id: number } }>("/api/user/get", saverToken)).user.id;
    await call("/api/admin/users/adjust", adminToken, { user_id: saverId, amount: 5, reason: "e2e crash balance", idempotency_key: "e2e-crash-saver" });
    const saver = await crashPage("Saver");
    const saverCents = async () => Math.round((await call<{ balance: number }>("/api/user/getBalance", saverToken)).balance * 100);
    try {
      // schedule the next round's crash point, and wait for that round's betting time
      const twisted = await twistNextRound(admin.page, "3");

      const before = await inventoryIds(winner.page);
      const board = winner.page.locator(".crash-inventory-item:not([disabled])");
      await board.nth(0).click();
      await board.nth(1).click();
      await winner.page.locator(".crash-multiplier-option", { hasText: /^×2$/ }).click();
      await winner.page.getByTestId("crash-bet").click();
      await winner.page.locator("[data-testid=crash-bet-row][data-kind=in-round]").first().waitFor();

      await saver.page.getByTestId("crash-amount").getByRole("textbox").fill("1");
      await saver.page.locator(".crash-multiplier-option", { hasText: /^×2$/ }).click();
      // by keyboard: Space places the bet once no control has the focus
      await saver.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await saver.page.keyboard.press("Space");
      await saver.page.locator("[data-testid=crash-bet-row][data-kind=in-round]").first().waitFor();
      expect(await saverCents()).toBe(400);
      await expect.poll(() => saver.page.locator("header .header-balance-amount").textContent(), { timeout: 10_000 }).toBe("$4.00");
      await screenshot(saver.page, "crash-balance-bet");

      await loser.page.locator(".crash-inventory-item:not([disabled])").first().click();
      await loser.page.locator(".crash-multiplier-option", { hasText: "∞" }).click();
      await loser.page.getByTestId("crash-bet").click();
      await expect.poll(() => loser.page.locator("[data-testid=crash-bet-row]").count(), { timeout: 10_000 }).toBe(3);
      expect((await crashSeen(winner.page)).round).toBe(twisted);

      // 2.00 is reached at about 11.6 s of running: the row turns to a win and the notice shows
      const notice = winner.page.getByTestId("crash-win-notice");
      await notice.waitFor({ timeout: 60_000 });
      // the notice names the win item; it is gone after 5 s, so read it now
      const wonName = await notice.locator(".win-notice__name").textContent({ timeout: 2_000 });
      expect(wonName).toBeTruthy();
      await screenshot(winner.page, "crash-win");
      const winRow = winner.page.locator("[data-testid=crash-bet-row][data-kind=win]");
      await winRow.first().waitFor();
      expect(await winRow.first().locator(".crash-bet-target").textContent()).toBe("×2.00");
      // the balance bet is paid in cash: $2.00 for $1.00 at 2.00
      await expect.poll(saverCents, { timeout: 15_000 }).toBe(600);

      // the round crashes at exactly 3.00; the manual bet that was never taken loses
      await untilCrash(loser.page, (s) => s.round === twisted && s.stage === "crashed", 30_000);
      expect(await loser.page.getByTestId("crash-multiplier").textContent()).toBe("3.00×");
      await loser.page.locator("[data-testid=crash-bet-row][data-kind=lose]").waitFor();
      // a lost round says so, with the stake it took
      await loser.page.getByTestId("crash-loss-notice").waitFor();
      await screenshot(loser.page, "crash-lose");

      // the lost stake accrued 2.5 % cashback: the header shows it live (updateCashback), the modal too
      const chip = loser.page.locator(".header-cashback .cashback-chip-amount");
      await expect.poll(() => chip.textContent(), { timeout: 15_000 }).not.toBe("$0.00");
      const shown = await chip.textContent();
      await loser.page.locator(".header-cashback").click();
      expect(await loser.page.getByTestId("cashback-amount").textContent({ timeout: 10_000 })).toBe(shown);
      await screenshot(loser.page, "crash-lose-cashback");
      await loser.page.keyboard.press("Escape");
      // on a phone the header has no room: the chip sits atop the "more" panel
      await loser.page.setViewportSize({ width: 1024, height: 768 });
      await screenshot(loser.page, "cashback-header-1024");
      await loser.page.setViewportSize({ width: 390, height: 844 });
      expect(await loser.page.locator(".header-cashback").isVisible()).toBe(false);
      await loser.page.locator(".header-more").click();
      await loser.page.locator(".toolbar-cashback").waitFor();
      await loser.page.waitForTimeout(500); // the panel's slide
      expect(await loser.page.locator(".toolbar-cashback .cashback-chip-amount").textContent()).toBe(shown);
      await screenshot(loser.page, "cashback-more-390");
      await loser.page.locator(".toolbar-cashback").click();
      await loser.page.getByTestId("cashback-amount").waitFor();
      await loser.page.waitForTimeout(500);
      await screenshot(loser.page, "cashback-modal-390");

      // the win item is now in the winner's inventory (two items × 2.00 always buy a catalogue item)
      const after = await inventoryIds(winner.page);
      const fresh = [...after].filter(([id]) => !before.has(id)).map(([, name]) => name);
      expect(fresh).toContain(wonName);

      // the win reached the bell (docs/money.md "Notifications"): pushed live, titled in the UI's language
      await winner.page.locator("header.header").getByRole("button", { name: "Notifications", exact: true }).click();
      const note = winner.page.locator(".notifications__item", { hasText: "Crash win" }).first();
      await note.waitFor({ timeout: 15_000 });
      expect(await note.locator(".notifications__content").textContent()).toContain(`×2.00 · ${wonName}`);
      await screenshot(winner.page, "crash-win-notification");

      // the round page shows the result, marked as set by an admin
      await winner.page.goto(`/crash/${twisted}`);
      await winner.page.getByTestId("crash-round-point").waitFor();
      expect(await winner.page.getByTestId("crash-round-point").textContent()).toBe("3.00×");
      await winner.page.getByText("not provably fair").waitFor();
    } finally {
      await Promise.all([admin.close(), winner.close(), loser.close(), saver.close()]);
    }
  });
});
