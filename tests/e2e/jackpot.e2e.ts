import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, devLogin, launch, newPage, screenshot } from "./browser";

// The journey: two players bet on the MEDIUM room; the countdown starts
// with the second player; the spinner stops on the drawn winner (the avatar under the marker is
// the winner's, also for a visitor who opens the room mid-spin, with or without reduced motion)
// and the banner names him; the winner's inventory holds every staked item but the commission's,
// the loser's has none of his; the round verifies on /jackpot/{id}. The e2e server runs the rooms
// with short timers (scripts/lib/site.mjs jackpotDevVars: countdown 6 s, spin 4 s, winner shown
// 3 s). Demo players of scripts/seed/demo.ts whose items no other e2e journey uses
// (admin_Ivan only twists crash rounds, mod_Olga only moderates the chat).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Player {
  page: Page;
  id: number;
  close(): Promise<void>;
}

async function player(username: string, mobile = false): Promise<Player> {
  const { page, context } = await newPage(browser, { mobile });
  const token = await devLogin(page, username);
  const me = await page.request.post("/api/user/get", { headers: { Authorization: `Bearer ${token}` } });
  const id = ((await me.json()) as { user: { id: number } }).user.id;
  await page.goto("/jackpot?level=medium");
  await page.getByTestId("jackpot-rules").waitFor();
  return { page, id, close: () => context.close() };
}

interface Item {
  myId: number;
  price: number;
  status: string;
}

async function inventory(page: Page): Promise<Item[]> {
  return page.evaluate(async () => {
    const res = await fetch("/api/user/getInventory", {
      method: "POST",
      headers: { Authorization: `Bearer ${localStorage.getItem("api_token")}`, "Content-Type": "application/json" },
      body: JSON.stringify({ appId: 730 }),
    });
    return ((await res.json()) as { items: Item[] }).items;
  });
}

/** The dearest available items, until their sum reaches the room's minimum ($1.00 on medium). */
function itemsFor(items: Item[], minCents: number): number[] {
  const picked: number[] = [];
  let cents = 0;
  for (const item of [...items].filter((i) => i.status === "available").sort((a, b) => b.price - a.price)) {
    if (cents >= minCents) break;
    picked.push(item.myId);
    cents += Math.round(item.price * 100);
  }
  expect(cents).toBeGreaterThanOrEqual(minCents);
  return picked;
}

const phase = (page: Page) => page.getByTestId("jackpot-timer").getAttribute("data-phase");

async function bet(p: Player): Promise<number[]> {
  const ids = itemsFor(await inventory(p.page), 100);
  for (const id of ids) await p.page.locator(`.jackpot-inventory-list [data-item-id="${id}"]`).click();
  const button = p.page.getByTestId("jackpot-bet");
  await expect.poll(() => button.getAttribute("data-state")).toBe("ready");
  await button.click();
  await p.page.locator(`[data-testid=jackpot-bet-row][data-user-id="${p.id}"]`).first().waitFor();
  return ids;
}

/** The user id on the strip card under the centre marker. */
const underMarker = (page: Page) =>
  page.evaluate(() => {
    const marker = document.querySelector(".jackpot-spinner-marker")!.getBoundingClientRect();
    const x = marker.left + marker.width / 2;
    const card = [...document.querySelectorAll<HTMLElement>(".jackpot-strip-card")].find((c) => {
      const r = c.getBoundingClientRect();
      return r.left <= x && x <= r.right;
    });
    return Number(card?.dataset.userId ?? 0);
  });

describe("jackpot round", () => {
  it("two players bet on medium, the spinner stops on the drawn winner, the items move, the round verifies", { timeout: 180_000 }, async () => {
    const a = await player("admin_Ivan");
    const b = await player("mod_Olga");
    // two visitors wait on another room and switch to medium once the spin has begun; the second
    // asks for reduced motion
    const visitor = await newPage(browser);
    const still = await newPage(browser);
    await still.page.emulateMedia({ reducedMotion: "reduce" });
    for (const v of [visitor, still]) {
      await v.page.goto("/jackpot?level=low");
      await v.page.getByTestId("jackpot-rules").waitFor();
    }
    try {
      // a fresh round (a previous one may still be drawing)
      await expect.poll(() => phase(a.page), { timeout: 30_000 }).toBe("first");
      const staked = new Map<number, number[]>();
      staked.set(a.id, await bet(a));
      expect(await phase(a.page)).toBe("first");
      const aChance = a.page.locator(`[data-testid=jackpot-bet-row][data-user-id="${a.id}"] [data-testid=jackpot-bet-chance]`);
      expect(await aChance.textContent()).toContain("100,00");
      staked.set(b.id, await bet(b));
      // the second distinct player starts the countdown, on both screens; chances show live
      await expect.poll(() => phase(a.page)).toBe("second");
      await expect.poll(() => b.page.locator("[data-testid=jackpot-bet-row]").count()).toBe(2);
      // the first player's chance moved with the second bet (his tickets of the round's, live from the board)
      await expect.poll(() => aChance.textContent()).not.toContain("100,00");
      await screenshot(a.page, "jackpot-countdown");

      // the spin: the strip moves, then lands on the drawn winner at end time − 5 s
      const spinner = a.page.getByTestId("jackpot-spinner");
      await spinner.waitFor({ timeout: 20_000 });
      const winnerId = Number(await spinner.getAttribute("data-winner"));
      expect([a.id, b.id]).toContain(winnerId);
      expect(await spinner.getAttribute("data-landed")).toBe("false");
      await screenshot(a.page, "jackpot-spinning");
      await visitor.page.getByTestId("jackpot-level-medium").click();
      const joined = visitor.page.getByTestId("jackpot-spinner");
      await joined.waitFor();
      // opened mid-spin: still moving while the clock says spinning, then lands on the same winner
      if ((await phase(visitor.page)) === "spinning") expect(await joined.getAttribute("data-landed")).toBe("false");
      // reduced motion: the strip stands still while spinning, then shows the winner at the stop
      await still.page.getByTestId("jackpot-level-medium").click();
      const stillStrip = still.page.locator(".jackpot-strip");
      await stillStrip.waitFor();
      const at = () => stillStrip.evaluate((el) => (el as HTMLElement).style.transform);
      const first = await at();
      await still.page.waitForTimeout(300);
      if ((await phase(still.page)) === "spinning") expect(await at()).toBe(first);
      await a.page.locator("[data-testid=jackpot-spinner][data-landed=true]").waitFor({ timeout: 15_000 });
      expect(await underMarker(a.page)).toBe(winnerId);
      // the other viewer lands on the same player
      for (const page of [b.page, visitor.page, still.page]) {
        await page.locator("[data-testid=jackpot-spinner][data-landed=true]").waitFor({ timeout: 5_000 });
        expect(await underMarker(page)).toBe(winnerId);
      }
      const banner = a.page.getByTestId("jackpot-winner");
      await banner.waitFor();
      expect(Number(await banner.getAttribute("data-user-id"))).toBe(winnerId);
      // a lost round says so to the loser (who won, what it took); the winner gets no such notice
      const losing = winnerId === a.id ? b : a;
      await losing.page.getByTestId("jackpot-loss-notice").waitFor({ timeout: 5_000 });
      expect(await (winnerId === a.id ? a : b).page.getByTestId("jackpot-loss-notice").count()).toBe(0);
      await screenshot(losing.page, "jackpot-loss-notice");
      await screenshot(a.page, "jackpot-landed");
      const href = await banner.getByRole("link").getAttribute("href");
      const roundId = Number(href?.match(/^\/jackpot\/(\d+)$/)?.[1]);
      expect(roundId).toBeGreaterThan(0);

      // the items: the winner holds every staked item but the commission's; the loser none of his
      const round = await a.page.evaluate(async (id) => {
        const res = await fetch("/api/jackpot/round", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ id }) });
        return (await res.json()) as {
          round: { winner: { id: number }; commissionItems: { item: { id: number } }[]; commission: number; commissionDue: number };
        };
      }, roundId);
      expect(round.round.winner.id).toBe(winnerId);
      expect(round.round.commission).toBeLessThanOrEqual(round.round.commissionDue);
      const commission = new Set(round.round.commissionItems.map((c) => c.item.id));
      const winner = winnerId === a.id ? a : b;
      const loser = winnerId === a.id ? b : a;
      const all = [...staked.values()].flat();
      // the winner's own items are never the commission
      for (const id of staked.get(winnerId)!) expect(commission.has(id)).toBe(false);
      await expect
        .poll(async () => {
          const mine = new Set((await inventory(winner.page)).filter((i) => i.status === "available").map((i) => i.myId));
          return all.filter((id) => !commission.has(id)).every((id) => mine.has(id)) && [...commission].every((id) => !mine.has(id));
        })
        .toBe(true);
      const loserNow = new Set((await inventory(loser.page)).map((i) => i.myId));
      for (const id of staked.get(loser.id)!) expect(loserNow.has(id)).toBe(false);

      // the round page recomputes the draw in the browser
      await a.page.goto(`/jackpot/${roundId}`);
      await a.page.getByTestId("jackpot-verify").waitFor();
      // the chain link too: to the previous round's secret, or for a level's first round to its
      // published terminating hash (/api/getConfig)
      for (const check of ["public", "ticket", "winner", "chain"])
        expect(await a.page.getByTestId(`jackpot-verify-${check}`).getAttribute("data-state")).toBe("ok");
      expect(Number(await a.page.getByTestId("jackpot-round-winner").getAttribute("data-user-id"))).toBe(winnerId);
      await screenshot(a.page, "jackpot-round");
    } finally {
      await a.close();
      await b.close();
      await visitor.context.close();
      await still.context.close();
    }
  });

  it("a player with a balance and no items joins from the balance: the typed amount, debited at once", { timeout: 60_000 }, async () => {
    const login = async (username: string, role?: "admin") =>
      (
        (await (await fetch(`${baseUrl()}/api/auth/test-login?${new URLSearchParams({ username, ...(role ? { role } : {}) })}`)).json()) as {
          api_token: string;
        }
      ).api_token;
    const call = (path: string, token: string, body: unknown = {}) =>
      fetch(`${baseUrl()}${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const token = await login("jp_Cash");
    const me = ((await (await call("/api/user/get", token)).json()) as { user: { id: number } }).user;
    const adjusted = await call("/api/admin/users/adjust", await login("admin_jp_e2e", "admin"), {
      user_id: me.id,
      amount: 5,
      reason: "e2e jackpot balance",
      idempotency_key: "e2e-jackpot-cash",
    });
    expect(adjusted.status).toBe(200);
    const { page, context } = await newPage(browser);
    try {
      await devLogin(page, "jp_Cash");
      await page.goto("/jackpot?level=low");
      await page.getByTestId("jackpot-rules").waitFor();
      await page.getByTestId("jackpot-amount").getByRole("textbox").fill("1,5");
      const button = page.getByTestId("jackpot-bet");
      await expect.poll(() => button.getAttribute("data-state")).toBe("ready");
      await button.click();
      await page.locator(`[data-testid=jackpot-bet-row][data-user-id="${me.id}"]`).first().waitFor();
      await expect.poll(() => page.locator("header .header-balance-amount").textContent(), { timeout: 10_000 }).toBe("$3.50");
      await screenshot(page, "jackpot-balance-bet-desktop-ru");
    } finally {
      await context.close();
    }
  });

  it("a phone at 390 px: the screen fits without sideways scroll", async () => {
    const p = await player("mod_Olga", true);
    try {
      await p.page.waitForTimeout(300);
      expect(await p.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(p.page, "jackpot-390");
    } finally {
      await p.close();
    }
  });
});
