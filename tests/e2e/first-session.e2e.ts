// A new player's first session, as a new user would try it: deposits $10 through the sandbox
// provider and then, without ever visiting the store, bets $1.00 on crash and cashes out by hand,
// bets $1.00 on a wheel colour (the spin says won or lost) and joins a jackpot with $1.00 of
// balance. Then crash auto-bet: $1.00 a round at ×10 with a $3.00 loss limit runs three rounds
// (an admin crashes each one early) and stops on its own, never betting a fourth time.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, devLogin, launch, newPage, screenshot } from "./browser";
import { crashSeen, running, twistNextRound, untilCrash } from "./crash-twist";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function tokenOf(username: string, role?: "admin"): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/test-login?${new URLSearchParams({ username, ...(role ? { role } : {}) })}`);
  return ((await res.json()) as { api_token: string }).api_token;
}

async function post<T>(path: string, token: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const cents = async (token: string) => Math.round((await post<{ user: { balance: number } }>("/api/user/get", token)).user.balance * 100);

async function adminCrashPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser, { locale: "en-US" });
  await devLogin(page, "admin_first_session", "admin");
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto("/");
  await page.getByTestId("crash-admin-crash").waitFor();
  return { page, close: () => context.close() };
}

describe("a new player's first session", () => {
  it("deposits $10 through the sandbox, then stakes the balance on crash, the wheel and a jackpot without the store", { timeout: 240_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    const admin = await adminCrashPage();
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    try {
      const username = `first_${Date.now().toString(36)}`;
      const token = await devLogin(page, username);
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto("/");
      await page.getByTestId("crash-screen").waitFor();

      // the empty board tells the truth: neither items nor balance → it offers the deposit, right there
      await page.getByTestId("crash-inventory").getByText("Nothing to stake yet: deposit money or skins to play.").waitFor();
      await screenshot(page, "first-session-empty-board");
      // deposit $10 by card on the sandbox page
      await page.getByTestId("stake-deposit").click();
      const dialog = page.getByRole("dialog", { name: "Deposit" });
      const linkForm = dialog.getByTestId("money-deposit-link");
      await linkForm.getByRole("textbox").fill(`https://steamcommunity.com/tradeoffer/new/?partner=${200_000 + (Date.now() % 700_000)}&token=First_12`);
      await linkForm.getByRole("button", { name: /save/i }).click();
      await linkForm.waitFor({ state: "detached" });
      await dialog.getByRole("radio", { name: /Bank card/ }).click();
      await dialog.getByRole("button", { name: /^Pay \$10\.00$/ }).click();
      await page.getByText("Sandbox payment").first().waitFor();
      await page.getByRole("button", { name: "Pay" }).click();
      await page.waitForURL(/\/deposit\/success/);
      await expect.poll(() => cents(token), { timeout: 20_000 }).toBe(1000);

      // crash: the next round crashes at 3.00 (an admin's twist); $1.00 by hand, taken while it runs
      const twisted = await twistNextRound(admin.page, "3");
      await page.goto("/");
      await page.getByTestId("crash-amount").getByRole("textbox").fill("1");
      await page.locator(".crash-multiplier-option", { hasText: "∞" }).click();
      await page.getByTestId("crash-bet").click();
      await page.locator("[data-testid=crash-bet-row][data-kind=in-round]").first().waitFor();
      await expect.poll(() => cents(token)).toBe(900);
      await untilCrash(page, (s) => s.round === twisted && running(s) && s.multiplier >= 1.3, 60_000);
      await page.getByTestId("crash-take").click();
      await page.getByTestId("crash-win-notice").waitFor({ timeout: 10_000 });
      // paid to the balance: $1.00 × the multiplier at the take, floored to the cent (≥ 1.30 and < 3.00)
      await expect.poll(() => cents(token)).toBeGreaterThanOrEqual(1030);
      const afterCrash = await cents(token);
      expect(afterCrash).toBeLessThan(1200);
      await screenshot(page, "first-session-crash-cashout");

      // the wheel: $1.00 on black while betting is open; the spin says won or lost
      await page.goto("/wheel");
      await page.getByTestId("wheel-stage").waitFor();
      const wheelPhase = () =>
        page.evaluate(() => ({
          phase: document.querySelector("[data-testid=wheel-stage]")?.getAttribute("data-phase") ?? "",
          seconds: Number(document.querySelector("[data-testid=wheel-seconds]")?.textContent ?? 0),
        }));
      await expect
        .poll(
          async () => {
            const w = await wheelPhase();
            return w.phase === "betting" && w.seconds >= 3;
          },
          { timeout: 60_000 },
        )
        .toBe(true);
      await page.getByTestId("wheel-amount").getByRole("textbox").fill("1");
      await page.getByTestId("wheel-bet-black").click();
      await page.locator("[data-testid=wheel-panel-black] .wheel-row.is-own").waitFor({ timeout: 10_000 });
      await expect.poll(() => cents(token)).toBe(afterCrash - 100);
      await page.locator("[data-testid=wheel-win-notice], [data-testid=wheel-loss-notice]").first().waitFor({ timeout: 60_000 });
      await screenshot(page, "first-session-wheel-result");

      // a jackpot with $1.00 of balance
      const beforeJackpot = await cents(token);
      await page.goto("/jackpot?level=low");
      await page.getByTestId("jackpot-rules").waitFor();
      await page.getByTestId("jackpot-amount").getByRole("textbox").fill("1");
      const join = page.getByTestId("jackpot-bet");
      await expect.poll(() => join.getAttribute("data-state")).toBe("ready");
      await join.click();
      await expect.poll(() => cents(token)).toBe(beforeJackpot - 100);
      await screenshot(page, "first-session-jackpot");

      expect(visited.filter((p) => p.startsWith("/store"))).toEqual([]);
    } finally {
      await Promise.all([context.close(), admin.close()]);
    }
  });

  it("crash auto-bet: $1.00 a round at ×10 with a $3.00 loss limit plays three lost rounds and stops on its own", { timeout: 240_000 }, async () => {
    const adminToken = await tokenOf("admin_first_session", "admin");
    const username = `auto_${Date.now().toString(36)}`;
    const token = await tokenOf(username);
    const me = await post<{ user: { id: number } }>("/api/user/get", token);
    await post("/api/admin/users/adjust", adminToken, { user_id: me.user.id, amount: 5, reason: "e2e auto-bet", idempotency_key: `e2e-auto-${username}` });
    const { page, context } = await newPage(browser, { locale: "en-US" });
    const admin = await adminCrashPage();
    try {
      await devLogin(page, username);
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto("/");
      await page.getByTestId("crash-screen").waitFor();
      // the crash rules, from the board: the limits from the constants, a link to the fairness page, Escape closes
      await page.getByTestId("crash-screen").getByRole("button", { name: "Crash rules", exact: true }).click();
      const rules = page.getByRole("dialog", { name: "Crash rules" });
      await rules.getByText("Up to 3 bets per round, at most 1 of them without auto cash-out.", { exact: false }).waitFor();
      expect(await rules.getByRole("link", { name: "Check any round on the Provably fair page" }).getAttribute("href")).toBe("/provably-fair");
      await screenshot(page, "first-session-crash-rules");
      await page.keyboard.press("Escape");
      await rules.waitFor({ state: "detached" });

      await page.getByTestId("crash-amount").getByRole("textbox").fill("1");
      await page.locator(".crash-multiplier-option", { hasText: /^×10$/ }).click();
      const auto = page.getByTestId("crash-auto");
      await auto.getByRole("button", { name: "Auto-bet" }).click();
      await auto.getByRole("textbox", { name: "Rounds" }).fill("10");
      await auto.getByRole("textbox", { name: "Stop on loss, $" }).fill("3");
      await screenshot(page, "first-session-auto-form");
      await auto.getByRole("button", { name: "Start auto-bet" }).click();

      // every running round is crashed at once by the admin, so every ×10 bet loses
      const status = page.getByTestId("crash-auto-status");
      const rounds = new Set<number>();
      const crashRunning = async () => {
        const s = await crashSeen(admin.page);
        if (running(s) && !rounds.has(s.round)) {
          rounds.add(s.round);
          await admin.page.getByTestId("crash-admin-crash").click();
        }
        return s;
      };
      const end = Date.now() + 200_000;
      while ((await status.getAttribute("data-stopped")) === null) {
        if (Date.now() > end) throw new Error(`auto-bet never stopped: ${await status.textContent()}`);
        await crashRunning();
        await page.waitForTimeout(100);
      }
      expect(await status.getAttribute("data-stopped")).toBe("loss");
      expect(await status.textContent()).toBe("Played 3 of 10 rounds · net −$3.00. Stopped: loss limit reached.");
      expect(await cents(token)).toBe(200);
      await screenshot(page, "first-session-auto-stopped");

      // the next round starts running without a fourth bet
      const last = await crashSeen(page);
      await untilCrash(page, (s) => s.round > last.round && running(s), 90_000);
      expect(await page.locator("[data-testid=crash-bet-row]").count()).toBe(0);
      expect(await cents(token)).toBe(200);
      await crashRunning();
      expect(await auto.getByRole("button", { name: "Start auto-bet" }).isEnabled()).toBe(true);
    } finally {
      await Promise.all([context.close(), admin.close()]);
    }
  });
});
