import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, devLogin, launch, newPage, screenshot } from "./browser";
import { phoneOffenders } from "./phone-measure";

// The bonus pool's journey (global-setup's shortBonusVars: a 12 s round whose timer starts at 1
// cent, one chat message and $1 of crash bets to join, the tag "skinrush" in the nickname). A
// player whose nickname carries the tag opens the Bonus panel and sees what is missing, posts in
// the chat and bets $1 in Crash through the screens, joins once the round has a timer (the crash
// round's 1 % share fills the bank), and wins the draw: the win popup, the winners list and a
// bigger balance. A moderator, because the chat lets staff write without a deposit.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Serious and critical axe findings, one line each (as tests/e2e/a11y.e2e.ts runs axe). */
async function seriousFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type AxeRun = (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] }>;
    const axe = (window as unknown as { axe: { run: AxeRun } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

async function token(username: string, role?: "admin" | "moderator"): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/test-login?${new URLSearchParams({ username, ...(role ? { role } : {}) })}`);
  return ((await res.json()) as { api_token: string }).api_token;
}

async function call<T>(path: string, bearer: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const balanceCents = async (bearer: string) => Math.round((await call<{ balance: number }>("/api/user/getBalance", bearer)).balance * 100);

async function openPanel(page: Page) {
  await page.getByTestId("mode-bonus").click();
  await page.getByTestId("bonus-panel").waitFor();
}

/** The panel's opening animation finished (axe reads colours, the phone check measures boxes). */
async function panelSettled(page: Page) {
  // endless ones (spinners, the crash curve's glow) never finish: only the finite ones are waited for
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function closePanel(page: Page) {
  await page.keyboard.press("Escape");
  await page.getByTestId("bonus-panel").waitFor({ state: "detached" });
}

describe("bonus pool", () => {
  it("a player meets the conditions through the screens, joins and wins the draw", { timeout: 240_000 }, async () => {
    const username = `Fan_SkinRush_${Date.now() % 100_000}`;
    const { page, context } = await newPage(browser);
    const phone = await newPage(browser, { mobile: true });
    try {
      const bearer = await devLogin(page, username, "moderator");
      // $5 to bet with, from an admin (the conditions count crash bets, not deposits)
      const adminBearer = await token("admin_Ivan", "admin");
      const { user } = await call<{ user: { id: number } }>("/api/user/get", bearer);
      await call("/api/admin/users/adjust", adminBearer, {
        user_id: user.id,
        amount: 5,
        reason: "e2e bonus balance",
        idempotency_key: `e2e-bonus-${username}`,
      });
      await page.goto("/");
      await page.getByTestId("crash-screen").waitFor();

      // what is missing: the tag is there, a chat message and $1 of crash bets are not
      await openPanel(page);
      const condition = (name: string) => page.getByTestId(`bonus-condition-${name}`);
      await expect.poll(() => condition("username").getAttribute("data-state")).toBe("done");
      expect(await condition("chat_messages").getAttribute("data-state")).toBe("missing");
      expect(await condition("total_bet_sum").getAttribute("data-state")).toBe("missing");
      expect(await condition("username").textContent()).toContain("«skinrush»");
      const join = page.getByTestId("bonus-join");
      expect(await join.isDisabled()).toBe(true);
      expect(await page.getByTestId("bonus-join-reason").textContent()).toBe("Напишите в чате ещё 1 сообщение.");
      await screenshot(page, "bonus-desktop-conditions");
      const panelFindings = await seriousFindings(page);
      expect(panelFindings, panelFindings.join("\n")).toEqual([]);
      await closePanel(page);

      // a chat message through the chat column
      await page.getByRole("textbox", { name: "Сообщение в чат" }).fill("Иду за бонусом!");
      const sent = page.waitForResponse((r) => r.url().endsWith("/api/chat/sendMessage"));
      await page.getByRole("button", { name: "Отправить" }).click();
      expect((await sent).status()).toBe(200);

      // a $1 crash bet from the balance, as soon as the board takes bets
      await page.getByTestId("crash-amount").getByRole("textbox").fill("1");
      await expect.poll(() => page.getByTestId("crash-bet").getAttribute("data-state"), { timeout: 90_000 }).toBe("ready");
      await page.getByTestId("crash-bet").click();
      await page.locator("[data-testid=crash-bet-row][data-kind=in-round]").first().waitFor();

      // both conditions met; Join opens once the round has a timer (the crash round's share)
      await openPanel(page);
      await expect.poll(() => condition("chat_messages").getAttribute("data-state")).toBe("done");
      await expect.poll(() => condition("total_bet_sum").getAttribute("data-state")).toBe("done");
      await expect.poll(() => join.isEnabled(), { timeout: 120_000 }).toBe(true);
      await page.getByTestId("bonus-timer").waitFor();
      await screenshot(page, "bonus-desktop-ready");
      // a click in the instant the round closes is refused (409) and the next round takes it
      await expect
        .poll(
          async () => {
            if (await join.isEnabled()) await join.click();
            return join.textContent();
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe("Вы участвуете");
      expect(
        Number(
          await page
            .getByTestId("bonus-participants")
            .textContent()
            .then((t) => t?.match(/\d+/)?.[0]),
        ),
      ).toBeGreaterThanOrEqual(1);
      const before = await balanceCents(bearer);
      await screenshot(page, "bonus-desktop-joined");
      // the same player on a 390 px phone while the countdown runs (the mode bar's timer)
      await phone.page.goto("/load");
      await phone.page.evaluate((t) => localStorage.setItem("api_token", t), bearer);
      await phone.page.goto("/");
      await phone.page.getByTestId("crash-screen").waitFor();
      // the bonus socket is live: the countdown shows, or the draw already came with its popup
      await phone.page.locator(".mode-bonus .bonus-timer, [data-testid=bonus-win-notice]").first().waitFor();
      await screenshot(phone.page, "bonus-phone-modebar");

      // the draw: the popup with the sum, the result announced, the player among the winners
      const notice = page.getByTestId("bonus-win-notice");
      await notice.waitFor({ timeout: 60_000 });
      expect(await notice.textContent()).toMatch(/1 место: \$\d+\.\d\d зачислено на баланс/);
      await expect.poll(() => page.getByTestId("bonus-draw-result").textContent()).toMatch(/^Раунд #\d+ разыгран/);
      await expect.poll(() => page.getByTestId("bonus-winners").textContent()).toContain(username);
      await expect.poll(() => balanceCents(bearer)).toBeGreaterThan(before);
      await screenshot(page, "bonus-desktop-win");

      // the drawn round recomputed on /provably-fair: the public hash, the winners and their sums
      const drawn = (await page.getByTestId("bonus-draw-result").textContent())?.match(/#(\d+)/)?.[1] ?? "";
      await page.goto("/provably-fair#bonus");
      const fair = page.getByTestId("fair-bonus");
      await fair.getByRole("textbox", { name: "Номер раунда" }).fill(drawn);
      await page.getByTestId("fair-bonus-verify").click();
      await page.getByTestId("fair-bonus-result").waitFor();
      expect(await page.getByTestId("fair-bonus-hash").textContent()).toBe("Публичный хеш совпадает.");
      expect(await page.getByTestId("fair-bonus-winners").textContent()).toBe("Победители и суммы совпадают с объявленными.");
      expect(await page.getByTestId("fair-bonus-salt-check").getAttribute("class")).toBe("fair-ok");
      await page.getByTestId("fair-bonus-result").scrollIntoViewIfNeeded();
      await screenshot(page, "bonus-desktop-fair");

      // on the phone: the panel fits, 40 px targets, 12 px text, no axe finding
      await openPanel(phone.page);
      await phone.page.getByTestId("bonus-winners").waitFor();
      await panelSettled(phone.page);
      await screenshot(phone.page, "bonus-phone-panel");
      const found = await phone.page.evaluate(phoneOffenders, { minTarget: 40, minFont: 12 });
      const small = [...found.targets, ...found.texts];
      expect(small, small.join("\n")).toEqual([]);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const phoneFindings = await seriousFindings(phone.page);
      expect(phoneFindings, phoneFindings.join("\n")).toEqual([]);
    } finally {
      await context.close();
      await phone.context.close();
    }
  });

  it("a visitor sees the pool and is offered the sign-in instead of Join (axe: nothing serious)", async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    try {
      await page.goto("/");
      await openPanel(page);
      expect(await page.getByTestId("bonus-join").isDisabled()).toBe(true);
      expect(await page.getByTestId("bonus-join-reason").textContent()).toBe("Участвовать могут только вошедшие игроки.");
      await panelSettled(page);
      const findings = await seriousFindings(page);
      expect(findings, findings.join("\n")).toEqual([]);
      await page.getByTestId("bonus-panel").getByRole("button", { name: "Войти" }).click();
      await page.getByRole("dialog").waitFor();
      await screenshot(page, "bonus-phone-visitor-login");
    } finally {
      await context.close();
    }
  });
});
