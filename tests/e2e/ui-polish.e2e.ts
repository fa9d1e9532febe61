import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, devLogin, launch, screenshot } from "./browser";
import { running, twistNextRound, untilCrash } from "./crash-twist";

// What a new player tripped over: the cash-out button looked disabled, popups
// covered controls, the bet board cropped its grid, the phone header had no store, every tab was
// "SkinRush", and rarity, exterior and the profile's mode tabs stayed English in Russian.

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

async function open(opts: { user?: string; role?: "admin"; mobile?: boolean; lang?: "ru" | "en" } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: "ru-RU",
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1440, height: 900 },
  });
  contexts.push(context);
  // no network here: pictures from other hosts fail at once, the drawn cards stand in
  await context.route(
    (url) => !url.href.startsWith(baseUrl()),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  if (opts.user) await devLogin(page, opts.user, opts.role);
  else await page.goto("/load");
  await page.evaluate((lng) => localStorage.setItem("language", lng), opts.lang ?? "ru");
  return page;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  if (!b) throw new Error("not on screen");
  return b;
}

/** WCAG contrast of two "rgb(r, g, b)" colours. */
function contrast(fg: string, bg: string): number {
  const lum = (c: string) => {
    const [r, g, b] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

async function cashOut(mobile: boolean) {
  const admin = await open({ user: "admin_Ivan", role: "admin" });
  const player = await open({ user: mobile ? "Max_TV" : "Dasha", mobile });
  await admin.goto("/");
  await player.goto("/");
  await admin.getByTestId("crash-screen").waitFor();
  await player.getByTestId("crash-screen").waitFor();
  // the inventory panel once before the round (its chunk and items loaded), so that opening it
  // after the cash-out shows it well within the win popup's 5 s, however busy the machine
  await player.locator("header.header").getByRole("button", { name: "Инвентарь", exact: true }).click();
  await player.locator(".panel .inventory__actions").waitFor();
  await player.keyboard.press("Escape");
  await player.locator(".panel").waitFor({ state: "detached" });

  // the next round flies to 20×: time to cash out by hand
  const twisted = await twistNextRound(admin, "20");

  // the bet board's grid keeps its first row whole (room for the focus ring at the edge)
  const list = player.locator(".crash-inventory-list");
  const first = player.locator(".crash-inventory-item").first();
  await first.focus();
  const [listBox, firstBox] = [await box(list), await box(first)];
  expect(firstBox.y - listBox.y).toBeGreaterThanOrEqual(4);
  expect(firstBox.x - listBox.x).toBeGreaterThanOrEqual(4);

  await player.locator(".crash-inventory-item:not([disabled])").first().click();
  await player.locator(".crash-multiplier-option", { hasText: "∞" }).click();
  const bet = player.getByTestId("crash-bet");
  await bet.click();
  // the "bet accepted" toast is clear of the chat column's header
  const toast = player.locator(".notice").first();
  await toast.waitFor();
  if (!mobile) expect(overlaps(await box(toast), await box(player.locator(".chat-column .chat-head")))).toBe(false);

  // the take shows once the twisted round flies
  await untilCrash(player, (s) => s.round === twisted && running(s), 60_000);
  const take = player.getByTestId("crash-take");
  await take.waitFor({ timeout: 10_000 });
  // the pointer still rests where the bet button was, i.e. on the cash-out button
  await take.hover();
  await player.waitForTimeout(250);
  const style = await take.evaluate((e) => {
    const s = getComputedStyle(e);
    return { color: s.color, background: s.backgroundColor };
  });
  expect(style.background).toBe("rgb(34, 197, 94)");
  expect(contrast(style.color, style.background)).toBeGreaterThanOrEqual(4.5);
  await screenshot(player, `polish-cash-out-hover${mobile ? "-390" : ""}`);

  // cash out: the win popup sits in the game column, clear of the chat column
  await take.click();
  const win = player.getByTestId("crash-win-notice");
  await win.waitFor({ timeout: 10_000 });
  if (!mobile) expect(overlaps(await box(win), await box(player.locator(".chat-column")))).toBe(false);
  // with the inventory open: on desktop clear of the whole panel; on a phone (the panel is
  // the screen) clear of its head (title, close) and its footer (Sell / Withdraw)
  await player.locator("header.header").getByRole("button", { name: "Инвентарь", exact: true }).click();
  const panel = player.locator(".panel");
  await panel.locator(".inventory__actions").waitFor();
  await player.waitForTimeout(300);
  if (!mobile) expect(overlaps(await box(win), await box(panel))).toBe(false);
  for (const part of [".inventory__head", ".inventory__actions"]) expect(overlaps(await box(win), await box(panel.locator(part))), part).toBe(false);
  await screenshot(player, `polish-win-with-inventory${mobile ? "-390" : ""}`);
}

describe("a live round's cash-out and the popups", () => {
  it(
    "the cash-out is the green button (>= 4.5:1) even under the pointer; popups leave the chat header and the inventory panel free",
    { timeout: 180_000 },
    () => cashOut(false),
  );
  it("on a phone the popups leave the inventory panel's head and footer free", { timeout: 180_000 }, () => cashOut(true));
});

describe("names in the player's language", () => {
  it("the tab names the screen, in Russian and in English", async () => {
    const page = await open();
    await page.goto("/cases");
    await expect.poll(() => page.title()).toBe("Кейсы — SkinRush");
    await page.goto("/provably-fair");
    await expect.poll(() => page.title()).toBe("Честная игра — SkinRush");
    await page.getByRole("button", { name: "EN", exact: true }).first().click();
    await expect.poll(() => page.title()).toBe("Provably fair — SkinRush");
    await page.getByRole("link", { name: /Crash/ }).first().click();
    await expect.poll(() => page.title()).toBe("Crash — SkinRush");
  });

  it("rarity and exterior are Russian in ru and English in en; skin names stay as the game names them", async () => {
    const page = await open();
    await page.goto("/cases/1");
    const meta = page.locator(".case-item__meta").first();
    await meta.waitFor();
    const ru = await page.locator(".case-item__meta").allTextContents();
    const english =
      /Consumer Grade|Industrial Grade|Mil-Spec|Restricted|Classified|Covert|Extraordinary|Factory New|Minimal Wear|Field-Tested|Well-Worn|Battle-Scarred/;
    for (const text of ru) expect(text).not.toMatch(english);
    expect(ru.join(" ")).toMatch(/Тайное|Засекреченное|Запрещённое|Армейское качество|Экстраординарного типа/);
    // the skin names themselves are untouched
    const names = await page.locator(".case-item__name").allTextContents();
    expect(names.some((n) => /[A-Za-z]/.test(n))).toBe(true);
    await screenshot(page, "polish-case-items-ru");

    await page.evaluate(() => localStorage.setItem("language", "en"));
    await page.reload();
    await page.locator(".case-item__meta").first().waitFor();
    expect((await page.locator(".case-item__meta").allTextContents()).join(" ")).toMatch(english);
  });

  it("the profile's history tabs carry the mode names of the current language", async () => {
    const page = await open({ user: "Artem" });
    await page.goto("/profile");
    const tabs = page.getByRole("tab");
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual([
      expect.stringMatching(/^Краш/),
      expect.stringMatching(/^Джекпот/),
      expect.stringMatching(/^Колесо/),
      expect.stringMatching(/^Кейсы/),
    ]);
  });
});

describe("the signed-in phone header", () => {
  it("has a store entry on screen at 390 px, which opens the storehouse", async () => {
    const page = await open({ user: "Artem", mobile: true });
    await page.goto("/");
    const store = page.locator("header.header").getByRole("button", { name: "Склад", exact: true });
    await store.waitFor();
    const b = await box(store);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await store.click();
    await page.getByRole("region", { name: "Склад" }).waitFor();
    await screenshot(page, "polish-phone-store");
  });
});
