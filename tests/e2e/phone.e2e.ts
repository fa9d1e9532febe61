import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, screenshot } from "./browser";
import { phoneOffenders } from "./phone-measure";
import { screens } from "./routes";

// A signed-in player's phone (390×844, touch) on every route of the router and the header's and
// mode bar's overlays: nothing wider than the screen, every visible control at least 40×40 px
// and every visible text at least 12 px (tests/e2e/phone-measure.ts says what counts and what
// is skipped: hidden and off-page elements, screen-reader-only text, links inside a sentence,
// the drawn item pictures). The game screens keep their stake button on screen with the game.

const PHONE = { width: 390, height: 844 };
const MIN_TARGET = 40;
const MIN_FONT = 12;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function phone(username: string, role?: "admin"): Promise<{ page: Page; context: BrowserContext; ownId: number }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: "ru-RU", viewport: PHONE, hasTouch: true });
  // no network here: pictures from other hosts fail at once instead of hanging
  await context.route(
    (url) => !url.href.startsWith(baseUrl()),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  const q = new URLSearchParams({ username, ...(role ? { role } : {}) });
  const { api_token } = (await (await page.request.get(`/api/auth/test-login?${q}`)).json()) as { api_token: string };
  const me = await page.request.post("/api/user/get", { headers: { Authorization: `Bearer ${api_token}` } });
  const ownId = ((await me.json()) as { user: { id: number } }).user.id;
  await page.goto("/load");
  await page.evaluate((t) => localStorage.setItem("api_token", t), api_token);
  return { page, context, ownId };
}

async function settle(page: Page, title: string) {
  await expect.poll(() => page.title()).toBe(title);
  await page.locator("main h1").first().waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
}

/** Everything too small or too wide on the page as it is now, one line each. */
async function offenders(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(phoneOffenders, { minTarget: MIN_TARGET, minFont: MIN_FONT });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  return [
    ...(width > PHONE.width ? [`${where}: the page is ${width}px wide`] : []),
    ...found.targets.map((t) => `${where}: target under ${MIN_TARGET}px: ${t}`),
    ...found.texts.map((t) => `${where}: text under ${MIN_FONT}px: ${t}`),
  ];
}

/** Overlays opened from the header and the mode bar: the button, the layer, what shows it loaded. */
const OVERLAYS: { open: string; layer: "panel" | "dialog"; name: string; ready: string }[] = [
  { open: "Меню", layer: "panel", name: "nav", ready: ".main-nav-link" },
  { open: "Склад", layer: "panel", name: "store", ready: ".store-card" },
  { open: "Инвентарь", layer: "panel", name: "inventory", ready: ".item-card" },
  { open: "Уведомления", layer: "panel", name: "notifications", ready: ".notifications" },
  { open: "Ссылки, язык и настройки", layer: "panel", name: "toolbar", ready: ".toolbar-panel" },
  { open: "Чат", layer: "panel", name: "chat", ready: ".chat-send" },
  { open: "Пополнить", layer: "dialog", name: "deposit", ready: "[data-testid='money-deposit']" },
];

async function walk(page: Page, ownId: number, admin: boolean): Promise<string[]> {
  const problems: string[] = [];
  for (const screen of screens(ownId + 1)) {
    if (!!screen.adminOnly !== admin) continue;
    await page.goto(screen.path);
    await settle(page, screen.title);
    problems.push(...(await offenders(page, screen.path)));
    await screenshot(page, `phone-route${screen.path.replace(/\//g, "-")}`);
  }
  return problems;
}

describe("a phone (390×844, touch)", () => {
  it("every route and overlay fits the screen, with 40 px targets and 12 px text", { timeout: 300_000 }, async () => {
    const player = await phone("Artem");
    const admin = await phone("Phone_Admin", "admin");
    const problems: string[] = [];
    try {
      problems.push(...(await walk(player.page, player.ownId, false)));
      problems.push(...(await walk(admin.page, admin.ownId, true)));
      const { page } = player;
      for (const overlay of OVERLAYS) {
        await page.goto("/");
        await settle(page, "Краш — SkinRush");
        await page.getByRole("button", { name: overlay.open, exact: true }).first().click();
        const layer = overlay.layer === "dialog" ? page.getByRole("dialog") : page.locator(".panel");
        await layer.first().locator(overlay.ready).first().waitFor();
        await expect.poll(() => layer.first().locator(".spinner, .skeleton").count()).toBe(0);
        problems.push(...(await offenders(page, `${overlay.name} overlay`)));
        await screenshot(page, `phone-overlay-${overlay.name}`);
        await page.keyboard.press("Escape");
        await layer.first().waitFor({ state: "detached" });
      }
    } finally {
      await player.context.close();
      await admin.context.close();
    }
    if (problems.length) console.log(problems.join("\n"));
    expect(problems, problems.join("\n")).toEqual([]);
  });

  /** Between the sticky header and the bottom mode bar: what the player actually sees. */
  async function inView(page: Page, what: Locator): Promise<boolean> {
    const box = await what.boundingBox();
    const top = await page.locator("header.header").evaluate((h) => h.getBoundingClientRect().bottom);
    const bottom = await page.locator(".mode-bar").evaluate((b) => b.getBoundingClientRect().top);
    return box !== null && box.y >= top - 1 && box.y + box.height <= bottom + 1;
  }

  it("the stake button stays on screen together with the game: crash, jackpot, wheel", async () => {
    const { page, context } = await phone("Artem");
    try {
      await page.goto("/");
      await settle(page, "Краш — SkinRush");
      expect(await inView(page, page.locator(".crash-widget")), "crash graph").toBe(true);
      expect(await inView(page, page.getByTestId("crash-bet")), "crash bet button").toBe(true);

      await page.goto("/jackpot");
      await settle(page, "Джекпот — SkinRush");
      expect(await inView(page, page.getByTestId("jackpot-stage")), "jackpot strip").toBe(true);
      expect(await inView(page, page.getByTestId("jackpot-bet")), "jackpot bet button").toBe(true);

      // the wheel's colour buttons sit below the items: the disc stays pinned above them
      await page.goto("/wheel");
      await settle(page, "Колесо — SkinRush");
      for (const colour of ["black", "yellow"]) {
        const button = page.getByTestId(`wheel-bet-${colour}`);
        await button.scrollIntoViewIfNeeded();
        expect(await inView(page, button), `wheel ${colour} button`).toBe(true);
        expect(await inView(page, page.getByTestId("wheel-stage")), `wheel disc with the ${colour} button`).toBe(true);
      }
      await screenshot(page, "phone-wheel-bet-with-disc");
    } finally {
      await context.close();
    }
  });

  it("the burger menu has Profile, and the store's header entry shows its word", async () => {
    const { page, context } = await phone("Artem");
    try {
      await page.goto("/jackpot");
      await settle(page, "Джекпот — SkinRush");
      const store = page.getByRole("banner").getByRole("button", { name: "Склад", exact: true });
      expect((await store.textContent())?.trim()).toBe("Склад");
      const box = await store.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      await page.getByRole("button", { name: "Меню", exact: true }).click();
      await page.getByRole("navigation", { name: "Главное меню" }).getByRole("link", { name: "Профиль", exact: true }).click();
      await expect.poll(() => page.title()).toBe("Профиль — SkinRush");
    } finally {
      await context.close();
    }
  });
});
