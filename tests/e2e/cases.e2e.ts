import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASES } from "../../shared/constants";
import { devLogin, launch, newPage, screenshot } from "./browser";

// The journey: a player opens a case; the reel lands on the server's item,
// the item shows up in the inventory panel and a second browser sees the drop in its live drops.
// Also: the provably-fair check of that roll, a visitor's disabled Open button, the server's
// notice for an empty balance, and reduced motion on a phone (no spin, straight to the result).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface WinItem {
  myId: number;
  market_hash_name: string;
  name: string;
  price: number;
}

async function sitePage(opts: { username?: string; mobile?: boolean; reducedMotion?: boolean } = {}): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await newPage(browser, { locale: "en-US", mobile: opts.mobile });
  if (opts.reducedMotion) await page.emulateMedia({ reducedMotion: "reduce" });
  if (opts.username) await devLogin(page, opts.username);
  else await page.goto("/load");
  await page.evaluate(() => localStorage.setItem("language", "en"));
  return { page, context };
}

/** The first case in the list (the seeded cases; the server's priority order). */
async function firstCase(page: Page): Promise<{ id: number; name: string; price: number }> {
  const res = await page.request.get("/api/cases/get");
  const { cases } = (await res.json()) as { cases: { id: number; name: string; price: number }[] };
  expect(cases.length, "seeded cases").toBeGreaterThan(0);
  return cases[0]!;
}

/** The accessible name of the reel card whose box contains the centre marker's x. */
async function cardUnderMarker(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const marker = document.querySelector("[data-testid=case-reel-marker]")!.getBoundingClientRect();
    const x = marker.left + marker.width / 2;
    for (const card of document.querySelectorAll(".case-reel__card")) {
      const r = card.getBoundingClientRect();
      if (r.left <= x && x < r.right) return card.getAttribute("aria-label");
    }
    return null;
  });
}

async function inventoryCount(page: Page, marketHashName: string): Promise<number> {
  return page.evaluate(async (name) => {
    const res = await fetch("/api/user/getInventory", {
      method: "POST",
      headers: { Authorization: `Bearer ${localStorage.getItem("api_token")}`, "Content-Type": "application/json" },
      body: JSON.stringify({ appId: 730 }),
    });
    const { items } = (await res.json()) as { items: { market_hash_name: string }[] };
    return items.filter((i) => i.market_hash_name === name).length;
  }, marketHashName);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("cases", () => {
  it("opens a case: the reel lands on the won item, the inventory gets it, another browser sees the drop", { timeout: 120_000 }, async () => {
    const a = await sitePage({ username: "ProGamer" });
    const b = await sitePage();
    try {
      // B watches the live drops on /cases
      await b.page.goto("/cases");
      await b.page.getByRole("heading", { level: 1, name: "Cases" }).waitFor();
      const kase = await firstCase(b.page);
      const caseLink = b.page.getByRole("list", { name: "Cases", exact: true }).getByRole("link").first();
      expect(await caseLink.getAttribute("aria-label")).toContain(kase.name);
      await screenshot(b.page, "cases-main-desktop");

      // A opens the first case from the list
      await a.page.goto("/cases");
      await a.page
        .getByRole("list", { name: "Cases", exact: true })
        .getByRole("link", { name: new RegExp(`^${escapeRe(kase.name)},`) })
        .click();
      await a.page.getByRole("heading", { level: 1, name: kase.name }).waitFor();
      await a.page.getByText("RTP").waitFor();
      await a.page.getByRole("heading", { name: /items? can drop/ }).waitFor();
      await screenshot(a.page, "case-open-desktop");

      const openButton = a.page.getByRole("button", { name: /^Open for \$/ });
      const answer = a.page.waitForResponse((r) => r.url().endsWith("/api/cases/open") && r.request().method() === "POST");
      // a watcher set before the click notes the disabled "Spinning…" button the moment it appears
      // (on a loaded CI machine a check begun after the answer could start too late and miss it)
      await a.page.evaluate(() => {
        const w = window as unknown as { sawSpinning: boolean };
        w.sawSpinning = false;
        const check = () => {
          if ([...document.querySelectorAll("button")].some((b) => b.textContent?.trim() === "Spinning…" && b.disabled)) w.sawSpinning = true;
        };
        new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      const startedAt = Date.now();
      await openButton.click();
      const body = (await (await answer).json()) as { winItem: WinItem; roll: { nonce: number; server_seed_hash: string } };
      const win = body.winItem;
      expect(win.market_hash_name).toBeTruthy();
      // while spinning the button is disabled: label and state read together in the page (two
      // separate reads raced the landing on a loaded CI machine), by the watcher set above
      await a.page.waitForFunction(() => (window as unknown as { sawSpinning: boolean }).sawSpinning, null, { timeout: CASES.reel.spinMs + 5_000 });
      await a.page.waitForTimeout(CASES.reel.spinMs / 3);
      await screenshot(a.page, "case-spinning-desktop");

      // the win notice after the landing (the reel takes CASES.reel.spinMs)
      const notice = a.page.getByTestId("cases-win-notice");
      await notice.waitFor({ timeout: CASES.reel.spinMs + 5_000 });
      expect(Date.now() - startedAt).toBeGreaterThan(CASES.reel.spinMs * 0.8);
      // only a drop worth more than the case is celebrated; a cheaper one is shown plainly
      const gain = win.price > kase.price;
      await expect.poll(() => notice.textContent()).toContain(gain ? "Congratulation!" : "Your drop");
      expect(await notice.textContent()).toContain(gain ? "You won new item!" : "The item is in your inventory");
      expect(await notice.textContent()).not.toContain(gain ? "Your drop" : "Congratulation!");
      expect(await notice.textContent()).toContain(win.market_hash_name);
      // under the reel the drop stays with its full name and its price
      const result = a.page.getByRole("region", { name: "The dropped item" });
      await result.waitFor();
      expect(await result.textContent()).toContain(win.market_hash_name);
      expect(await result.textContent()).toMatch(/\$\d/);
      // the card under the centre marker is the server's item; it is the one card the reel exposes at rest
      expect(await cardUnderMarker(a.page)).toBe(win.market_hash_name);
      const resting = a.page.getByRole("list", { name: "Reel" }).getByRole("listitem");
      expect(await resting.count()).toBe(1);
      expect(await resting.getAttribute("aria-label")).toBe(win.market_hash_name);
      await a.page.getByRole("button", { name: /^Open again/ }).waitFor();
      await screenshot(a.page, "case-landed-desktop");

      // the item is in A's inventory panel
      const owned = await inventoryCount(a.page, win.market_hash_name);
      expect(owned).toBeGreaterThan(0);
      await a.page.getByRole("button", { name: "Inventory", exact: true }).click();
      const panel = a.page.getByRole("region", { name: "Inventory" });
      await expect.poll(() => panel.getByRole("button", { name: new RegExp(escapeRe(win.market_hash_name)) }).count(), { timeout: 10_000 }).toBe(owned);
      await screenshot(a.page, "case-inventory-desktop");
      await a.page.keyboard.press("Escape");

      // B sees the drop in the live drops strip
      const drop = b.page.getByRole("list", { name: "Live drops" }).getByRole("link", { name: new RegExp(`^${escapeRe(win.market_hash_name)}.*ProGamer`) });
      await drop.first().waitFor({ timeout: 10_000 });
      await screenshot(b.page, "cases-live-drop-desktop");

      // provably fair: the nonce moved on; rotating reveals the seed, and the in-browser check
      // of the last roll picks the item that was won
      await expect.poll(() => a.page.getByTestId("case-nonce").textContent()).toBe(String(body.roll.nonce + 1));
      expect(await a.page.getByTestId("case-server-hash").textContent()).toBe(body.roll.server_seed_hash);
      await a.page.getByRole("button", { name: "Change server seed" }).click();
      await a.page.getByTestId("case-revealed-seed").waitFor();
      await expect.poll(() => a.page.getByTestId("case-server-hash").textContent()).not.toBe(body.roll.server_seed_hash);
      await a.page.getByRole("button", { name: "Check the last roll" }).click();
      expect(await a.page.getByLabel("Nonce", { exact: true }).inputValue()).toBe(String(body.roll.nonce));
      await a.page.getByRole("button", { name: "Check", exact: true }).click();
      const verdict = a.page.getByTestId("case-verify-result");
      await verdict.waitFor();
      expect(await verdict.textContent()).toContain("matches the hash shown before");
      expect(await verdict.textContent()).toContain(`These seeds pick: ${win.market_hash_name}`);
      await verdict.scrollIntoViewIfNeeded();
      await screenshot(a.page, "case-verify-desktop");

      // a new client seed keeps the nonce (it counts the server seed's opens; 0 right after the rotation)
      const nonceBefore = await a.page.getByTestId("case-nonce").textContent();
      const seedInput = a.page.getByLabel("Client seed", { exact: true });
      await seedInput.fill("e2e seed ✓");
      await a.page.getByRole("button", { name: "Save", exact: true }).click();
      await a.page.getByRole("status").filter({ hasText: "Client seed saved" }).waitFor();
      expect(nonceBefore).toBe("0");
      expect(await a.page.getByTestId("case-nonce").textContent()).toBe(nonceBefore);
      expect(await seedInput.inputValue()).toBe("e2e seed ✓");
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  it("a visitor sees the Open button disabled with a sign-in prompt", async () => {
    const v = await sitePage({ mobile: true });
    try {
      const kase = await firstCase(v.page);
      await v.page.goto("/cases");
      await v.page.getByRole("list", { name: "Cases", exact: true }).waitFor();
      await screenshot(v.page, "cases-main-mobile");
      await v.page.goto(`/cases/${kase.id}`);
      await v.page.getByRole("heading", { level: 1, name: kase.name }).waitFor();
      expect(await v.page.getByRole("button", { name: /^Open for \$/ }).isDisabled()).toBe(true);
      await v.page.getByText("Sign in to open cases.").waitFor();
      await v.page.getByText("Sign in to see your seeds.").waitFor();
      await screenshot(v.page, "case-visitor-mobile");
      // the same screen in Russian (the default language)
      await v.page.evaluate(() => localStorage.setItem("language", "ru"));
      await v.page.reload();
      expect(await v.page.getByRole("button", { name: /^Открыть за \$/ }).isDisabled()).toBe(true);
      await v.page.getByText("Войдите, чтобы открывать кейсы.").waitFor();
      await v.page.getByRole("heading", { name: /Может выпасть \d+ предмет/ }).waitFor();
      await screenshot(v.page, "case-visitor-mobile-ru");
      await v.page.evaluate(() => localStorage.setItem("language", "en"));
      // an unknown case
      await v.page.goto("/cases/999999");
      await v.page.getByRole("alert").filter({ hasText: "Case not found" }).waitFor();
    } finally {
      await v.context.close();
    }
  });

  it("an empty balance gets the server's notice and nothing spins", async () => {
    const p = await sitePage({ username: `broke_${Date.now() % 100000}` });
    try {
      const kase = await firstCase(p.page);
      await p.page.goto(`/cases/${kase.id}`);
      const open = p.page.getByRole("button", { name: /^Open for \$/ });
      await open.click();
      await p.page.getByRole("alert").filter({ hasText: "Insufficient funds" }).waitFor();
      // the button is back, ready, and no win notice showed
      await expect.poll(() => open.isEnabled()).toBe(true);
      expect(await p.page.getByTestId("cases-win-notice").count()).toBe(0);
    } finally {
      await p.context.close();
    }
  });

  it("on a phone with reduced motion the reel goes straight to the result", { timeout: 60_000 }, async () => {
    const m = await sitePage({ username: "Max_TV", mobile: true, reducedMotion: true });
    try {
      const kase = await firstCase(m.page);
      await m.page.goto(`/cases/${kase.id}`);
      await m.page.getByRole("heading", { level: 1, name: kase.name }).waitFor();
      await screenshot(m.page, "case-open-mobile");
      // every transition the strip is given from now on: a spin animates its transform
      await m.page.evaluate(() => {
        const strip = document.querySelector<HTMLElement>(".case-reel__strip")!;
        const given: string[] = [];
        new MutationObserver(() => given.push(strip.style.transition)).observe(strip, { attributes: true, attributeFilter: ["style"] });
        (window as unknown as { reelTransitions: string[] }).reelTransitions = given;
      });
      const answer = m.page.waitForResponse((r) => r.url().endsWith("/api/cases/open"));
      await m.page.getByRole("button", { name: /^Open for \$/ }).click();
      const { winItem } = (await (await answer).json()) as { winItem: WinItem };
      await m.page.getByTestId("cases-win-notice").waitFor({ timeout: CASES.reel.spinMs + 5_000 });
      // straight to the result: the strip was moved there, never animated
      const transitions = await m.page.evaluate(() => (window as unknown as { reelTransitions: string[] }).reelTransitions);
      expect(transitions.filter((t) => t.includes("transform"))).toEqual([]);
      expect(await cardUnderMarker(m.page)).toBe(winItem.market_hash_name);
      await screenshot(m.page, "case-landed-mobile");

      // keyboard: focus is on "Open again" after the landing; Enter opens the next one
      await expect.poll(() => m.page.evaluate(() => document.activeElement?.textContent ?? "")).toMatch(/^Open again/);
      const again = m.page.waitForResponse((r) => r.url().endsWith("/api/cases/open"));
      await m.page.keyboard.press("Enter");
      const second = ((await (await again).json()) as { winItem: WinItem }).winItem;
      expect(second.myId).not.toBe(winItem.myId);
      await expect.poll(() => cardUnderMarker(m.page), { timeout: 3_000 }).toBe(second.market_hash_name);
    } finally {
      await m.context.close();
    }
  });
});
