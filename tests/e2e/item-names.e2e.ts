import type { APIRequestContext, Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASES } from "../../shared/constants";
import { EXTERIORS } from "../../shared/items";
import { baseUrl, devLogin, launch, newPage, screenshot } from "./browser";

// Item names in the reader's language, avatars from the site:
// - a ru session (ru-RU, the default) signed in with items walks the crash picker, the store, the
//   inventory, the notifications (a case drop names its item), the profile, a case's contents and
//   a case's win notice: no English exterior anywhere — in the text, nor in titles, labels or alt
//   texts; the Russian words are there. An en session sees the English exteriors.
// - on the crash, jackpot, wheel and chat screens every <img> is the site's own (players' avatars
//   through /img/avatar/<id>), and a player whose picture fails gets a letter.

let browser: Browser;
let adminToken = "";
let caseId = 0;

const ENGLISH = EXTERIORS.map((e) => e.name);
const RUSSIAN: Record<string, string> = {
  "Factory New": "Прямо с завода",
  "Minimal Wear": "Немного поношенное",
  "Field-Tested": "После полевых испытаний",
  "Well-Worn": "Поношенное",
  "Battle-Scarred": "Закалённое в боях",
};

async function call<T>(request: APIRequestContext, method: "GET" | "POST", path: string, token: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${baseUrl()}${path}`, { method, headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function tokenOf(request: APIRequestContext, username: string, role?: "admin"): Promise<string> {
  const q = new URLSearchParams({ username, ...(role ? { role } : {}) });
  return ((await (await request.get(`${baseUrl()}/api/auth/test-login?${q}`)).json()) as { api_token: string }).api_token;
}

/** Everything a reader sees or hears of the page: its text, and the titles, labels and alt texts. */
function shownWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attrs = [...document.querySelectorAll("[title], [aria-label], img[alt]")].flatMap((el) =>
      ["title", "aria-label", "alt"].map((a) => el.getAttribute(a) ?? ""),
    );
    return [document.body.textContent ?? "", ...attrs].join("\n");
  });
}

const englishIn = (text: string) => ENGLISH.filter((e) => text.includes(e));

/** A player with money, two drops of the test case in the inventory and a case_drop notification. */
async function playerWithDrops(page: Page, username: string): Promise<{ won: string[] }> {
  const token = await devLogin(page, username);
  const { user } = await call<{ user: { id: number } }>(page.request, "POST", "/api/user/get", token, {});
  await call(page.request, "POST", "/api/admin/users/adjust", adminToken, { user_id: user.id, amount: 500, reason: "item names e2e" });
  const won: string[] = [];
  for (let i = 0; i < 2; i++) {
    const open = await call<{ winItem: { market_hash_name: string } }>(page.request, "POST", "/api/cases/open", token, { id: caseId });
    won.push(open.winItem.market_hash_name);
  }
  return { won };
}

async function openPanel(page: Page, button: string, content: string) {
  await page.locator(`header.header ${button}`).click();
  await page.locator(content).first().waitFor();
}

beforeAll(async () => {
  browser = await launch();
  const { page, context } = await newPage(browser);
  try {
    adminToken = await tokenOf(page.request, "admin_Ivan", "admin");
    // a Covert skin with an exterior from the seeded cases: its drop always notifies (NOTIFY)
    const { cases } = await call<{ cases: { id: number }[] }>(page.request, "GET", "/api/cases/get", adminToken);
    let covert: { id: number } | undefined;
    for (const c of cases) {
      const one = await call<{ case: { items: { id: number; rarity: string; exterior: string | null }[] } }>(
        page.request,
        "GET",
        `/api/cases/getOne?id=${c.id}`,
        adminToken,
      );
      covert = one.case.items.find((i) => i.rarity === "Covert" && i.exterior);
      if (covert) break;
    }
    expect(covert, "a Covert skin with an exterior in the seeded cases").toBeDefined();
    const saved = await call<{ case: { id: number } }>(page.request, "POST", "/api/admin/cases/create", adminToken, {
      name: "Item names e2e",
      image: "",
      priority: -1_000_000,
      active: true,
      items: [{ catalogue_id: covert!.id, weight: 1 }],
    });
    caseId = saved.case.id;
  } finally {
    await context.close();
  }
});

afterAll(async () => {
  // the test case leaves the list again (other journeys open the first listed case)
  if (caseId) {
    const { page, context } = await newPage(browser);
    await call(page.request, "POST", "/api/admin/cases/update", adminToken, { id: caseId, active: false }).catch(() => undefined);
    await context.close();
  }
  await browser?.close();
});

describe("item names follow the language", () => {
  it("a ru session shows no English exterior on any screen that names items", { timeout: 180_000 }, async () => {
    const { page, context } = await newPage(browser); // ru-RU, the default
    await page.emulateMedia({ reducedMotion: "reduce" });
    try {
      const { won } = await playerWithDrops(page, "names_ru");
      const exterior = /\(([^()]+)\)$/.exec(won[0]!)![1]!;
      expect(ENGLISH).toContain(exterior);
      const checks: [string, string][] = [];
      const check = async (where: string, shot: string) => {
        const words = await shownWords(page);
        checks.push([where, englishIn(words).join(", ")]);
        await screenshot(page, `names-ru-${shot}`);
        return words;
      };

      // the crash picker (the full names are the cards' titles)
      await page.goto("/");
      await page.locator(".crash-inventory-item").first().waitFor();
      expect(await page.locator(".crash-inventory-item").first().getAttribute("title")).toMatch(/\((Прямо|Немного|После|Поношенное|Закалённое)/);
      await check("crash picker", "crash");

      await openPanel(page, ".header-store", ".store-card");
      await check("store", "store");
      await openPanel(page, ".header-inventory", ".item-card");
      await check("inventory", "inventory");
      await openPanel(page, ".header-bell", ".notifications__item");
      const bell = await check("notifications", "notifications");
      expect(bell).toContain(`(${RUSSIAN[exterior]}) · $`);

      await page.goto("/profile");
      await page.locator(".profile-card").waitFor();
      await check("profile", "profile");

      // the case's contents, then an opening's win notice (reduced motion: straight to the result)
      await page.goto(`/cases/${caseId}`);
      await page.locator(".case-item").first().waitFor();
      await check("case contents", "case");
      await page.getByRole("button", { name: /^Открыть за \$/ }).click();
      await page.getByTestId("cases-win-notice").waitFor({ timeout: CASES.reel.spinMs + 5_000 });
      const notice = await page.getByTestId("cases-win-notice").textContent();
      expect(notice).toContain(`(${RUSSIAN[exterior]})`);
      await check("case win notice", "case-win");

      expect(checks.filter(([, found]) => found)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an en session shows the English exteriors", { timeout: 120_000 }, async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      const { won } = await playerWithDrops(page, "names_en");
      await page.evaluate(() => localStorage.setItem("language", "en"));
      const exterior = /\(([^()]+)\)$/.exec(won[0]!)![1]!;
      await page.goto("/");
      await page.locator(".crash-inventory-item").first().waitFor();
      await openPanel(page, ".header-inventory", ".item-card");
      expect(await shownWords(page)).toContain(won[0]);
      await openPanel(page, ".header-bell", ".notifications__item");
      expect(await page.locator(".notifications__list").textContent()).toContain(`(${exterior}) · $`);
      await screenshot(page, "names-en-notifications");
      await page.goto(`/cases/${caseId}`);
      await page.locator(".case-item").first().waitFor();
      expect(await page.locator(".case-item").first().textContent()).toContain(exterior);
      await screenshot(page, "names-en-case");
    } finally {
      await context.close();
    }
  });
});

describe("avatars come from the site", () => {
  it("no picture on the crash, jackpot, wheel and chat screens is another host's; a failing one is a letter", { timeout: 120_000 }, async () => {
    for (const locale of ["ru-RU", "en-US"]) {
      const { page, context } = await newPage(browser, { locale });
      const foreign: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "image" && new URL(r.url()).origin !== new URL(baseUrl()).origin) foreign.push(r.url());
      });
      try {
        const token = await devLogin(page, "Artem"); // a Steam avatar (served by the fake avatar host)
        await page.evaluate((lng) => localStorage.setItem("language", lng), locale.slice(0, 2));
        const me = await call<{ user: { id: number } }>(page.request, "POST", "/api/user/get", token, {});
        // a chat message of his: its avatar is in the chat column of every screen
        const said = `Аватар с сайта ${locale} ${Date.now()}`;
        await call(page.request, "POST", "/api/chat/sendMessage", token, { message: said });
        for (const path of ["/", "/jackpot", "/wheel"]) {
          await page.goto(path);
          // the header's own avatar, loaded from the site
          const avatar = page.locator("header.header .header-profile img.user-avatar");
          await avatar.waitFor();
          await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
          expect(new URL((await avatar.getAttribute("src"))!, baseUrl()).pathname).toBe(`/img/avatar/${me.user.id}`);
          // the chat column is on every desktop screen: the message's avatar is the site's too
          const mine = page.getByTestId("chat-message").filter({ hasText: said });
          await mine.waitFor();
          const chatAvatar = mine.locator("img.user-avatar");
          await expect.poll(() => chatAvatar.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
          expect(new URL((await chatAvatar.getAttribute("src"))!, baseUrl()).pathname).toBe(`/img/avatar/${me.user.id}`);
          const srcs = await page.locator("img").evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
          for (const src of srcs) expect(new URL(src).origin, src).toBe(new URL(baseUrl()).origin);
          await screenshot(page, `names-avatars-${locale.slice(0, 2)}${path === "/" ? "-crash" : path.replace("/", "-")}`);
        }
        expect(foreign).toEqual([]);
      } finally {
        await context.close();
      }
    }

    // Max_TV's stored picture fails at its host: the site answers his letter avatar
    const { page, context } = await newPage(browser);
    try {
      await devLogin(page, "Max_TV");
      const token = await page.evaluate(() => localStorage.getItem("api_token") ?? "");
      const { user } = await call<{ user: { id: number; avatar: string } }>(page.request, "POST", "/api/user/get", token, {});
      expect(user.avatar).toMatch(/^https:\/\/avatars\.steamstatic\.com\//);
      const res = await page.request.get(`${baseUrl()}/img/avatar/${user.id}`);
      expect(res.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(await res.text()).toContain(">M</text>");
      await page.goto("/");
      const avatar = page.locator("header.header .header-profile img.user-avatar");
      await avatar.waitFor();
      await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
      await screenshot(page, "names-avatars-letter");
    } finally {
      await context.close();
    }
  });
});
