import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wheelGetAnswer, wheelRoundAnswer, type WheelRoundJson } from "../../shared/api/wheel";
import { segmentAt } from "../../shared/wheel-layout";
import { baseUrl, devLogin, launch, newPage, screenshot } from "./browser";

// The journey: two players cover the four colours between them (two
// colours each, the most a player may take), so exactly one of them wins the round. The wheel
// stops with the drawn segment under the pointer (the rendered transform, checked against the
// round's result), a player who opens the page mid-spin sees the wheel where everyone sees it,
// the winner gets the win item and the remainder (inventory + balance), and /wheel/{id}
// verifies in the browser. The e2e server runs short wheel rounds (scripts/lib/site.mjs).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

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

async function tokenOf(username: string, role?: "admin"): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/test-login?${new URLSearchParams({ username, ...(role ? { role } : {}) })}`);
  return ((await res.json()) as { api_token: string }).api_token;
}

interface Owned {
  myId: number;
  market_hash_name: string;
  price: number;
  status: string;
}

const inventory = async (token: string) => (await post<{ items: Owned[] }>("/api/user/getInventory", token, { appId: 730 })).items;
const balance = async (token: string) => (await post<{ user: { balance: number; id: number } }>("/api/user/get", token)).user;

/** A fresh player with $60 from an admin and two store items of $1–$15 (one bet per colour). */
async function fundedPlayer(username: string, adminToken: string): Promise<{ token: string; items: Owned[] }> {
  const token = await tokenOf(username);
  const me = await balance(token);
  await post("/api/admin/users/adjust", adminToken, { user_id: me.id, amount: 60, reason: "e2e wheel", idempotency_key: `e2e-wheel-${username}` });
  const list = await post<{ data: { id: number; price: number }[] }>("/api/all-items/getList", token, { appId: 730, page: 1, minPrice: 1, maxPrice: 15 });
  const picks = list.data.slice(0, 2).map((i) => i.id);
  expect(picks).toHaveLength(2);
  await post("/api/user/buy", token, { buyIds: picks, sellIds: [] });
  const items = (await inventory(token)).filter((i) => i.status === "available");
  expect(items.length).toBeGreaterThanOrEqual(2);
  return { token, items };
}

async function wheelPage(username: string, mobile = false): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser, { mobile });
  if (username) await devLogin(page, username);
  await page.goto("/wheel");
  await page.getByTestId("wheel-stage").waitFor();
  return { page, close: () => context.close() };
}

interface Seen {
  phase: string;
  round: number;
  seconds: number;
  angle: number;
}

const seen = (page: Page): Promise<Seen> =>
  page.evaluate(() => {
    const stage = document.querySelector("[data-testid=wheel-stage]");
    return {
      phase: stage?.getAttribute("data-phase") ?? "",
      round: Number(stage?.getAttribute("data-round") || 0),
      seconds: Number(document.querySelector("[data-testid=wheel-seconds]")?.textContent ?? 0),
      angle: Number(document.querySelector("[data-testid=wheel-rotor]")?.getAttribute("data-angle") ?? 0),
    };
  });

async function until(page: Page, what: (s: Seen) => boolean, timeoutMs: number): Promise<Seen> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const s = await seen(page);
    if (what(s)) return s;
    if (Date.now() > end) throw new Error(`gave up waiting; last seen ${JSON.stringify(s)}`);
    await page.waitForTimeout(100);
  }
}

/** The rotor's rendered angle (degrees, 0–360) from its computed transform matrix. */
const renderedAngle = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const m = new DOMMatrix(getComputedStyle(document.querySelector("[data-testid=wheel-rotor]")!).transform);
    return ((((Math.atan2(m.b, m.a) * 180) / Math.PI) % 360) + 360) % 360;
  });

/** Picks one item by its inventory id and bets it on `colour`; waits for the own row. */
async function bet(page: Page, itemId: number, colour: string) {
  await page.locator(`[data-testid=wheel-item][data-item-id="${itemId}"]`).click();
  await page.getByTestId(`wheel-bet-${colour}`).click();
  await page.locator(`[data-testid=wheel-panel-${colour}] .wheel-row.is-own`).waitFor({ timeout: 10_000 });
}

describe("wheel round", () => {
  it("two players on four colours: the wheel stops on the drawn segment, the winner is paid, the round verifies", { timeout: 180_000 }, async () => {
    const adminToken = await tokenOf("admin_wheel_e2e", "admin");
    const anna = await fundedPlayer("wheel_Anna", adminToken);
    const boris = await fundedPlayer("wheel_Boris", adminToken);
    const a = await wheelPage("wheel_Anna");
    const b = await wheelPage("wheel_Boris");
    let late: { page: Page; close: () => Promise<void> } | null = null;
    try {
      // a fresh betting phase with time for four bets: wait out the current round if it is late
      let open = await until(a.page, (s) => s.phase === "betting" || s.phase === "spinning" || s.phase === "result", 30_000);
      if (open.phase !== "betting" || open.seconds < 5) {
        const stale = open.round;
        open = await until(a.page, (s) => s.phase === "betting" && s.round > stale, 60_000);
      }
      const round = open.round;

      await Promise.all([
        (async () => {
          await bet(a.page, anna.items[0]!.myId, "black");
          await bet(a.page, anna.items[1]!.myId, "red");
        })(),
        (async () => {
          await bet(b.page, boris.items[0]!.myId, "green");
          await bet(b.page, boris.items[1]!.myId, "yellow");
        })(),
      ]);
      // two colours taken: the other two say why they are closed (§5), before anything is sent
      expect(await a.page.getByTestId("wheel-bet-green").getAttribute("data-block")).toBe("colours");
      expect(await a.page.getByTestId("wheel-bet-green").isDisabled()).toBe(true);
      // both players see all four bets
      await expect.poll(() => a.page.locator("[data-testid=wheel-row]").count(), { timeout: 10_000 }).toBe(4);
      await a.page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(a.page, "wheel-bets-desktop-ru");
      const balanceBefore = { anna: (await balance(anna.token)).balance, boris: (await balance(boris.token)).balance };
      const idsBefore = {
        anna: new Set((await inventory(anna.token)).map((i) => i.myId)),
        boris: new Set((await inventory(boris.token)).map((i) => i.myId)),
      };

      // the spin: the disc turns forward
      await until(a.page, (s) => s.phase === "spinning" && s.round === round, 60_000);
      const first = (await seen(a.page)).angle;
      await b.page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(b.page, "wheel-spin-desktop-ru");
      expect((await seen(a.page)).angle).toBeGreaterThanOrEqual(first);

      // stopped: the segment under the pointer is the drawn one
      await until(a.page, (s) => s.phase === "result" && s.round === round, 30_000);
      const result = a.page.getByTestId("wheel-result");
      const segment = Number(await result.getAttribute("data-segment"));
      const colour = await result.getAttribute("data-colour");
      const answer = wheelRoundAnswer.parse(await post("/api/wheel/round", anna.token, { id: round }));
      const g: WheelRoundJson = answer.game;
      expect(g.segment).toBe(segment);
      expect(g.colour).toBe(colour);
      const segments = g.layout.segments.length;
      expect(segmentAt(await renderedAngle(a.page), segments)).toBe(segment);
      expect(segmentAt(Number((await seen(b.page)).angle), segments)).toBe(segment);
      expect(await a.page.getByTestId("wheel-announce").textContent()).not.toBe("");

      // exactly one of the two players won: the one who holds the landed colour
      const winnerName = colour === "black" || colour === "red" ? "anna" : "boris";
      const winner = winnerName === "anna" ? { ...anna, ...a } : { ...boris, ...b };
      const loser = winnerName === "anna" ? b : a;
      const won = g.bets.find((x) => x.is_win === 1);
      expect(won?.colour).toBe(colour);
      expect(g.bets.filter((x) => x.is_win === 1)).toHaveLength(1);
      await winner.page.getByTestId("wheel-win-notice").waitFor({ timeout: 10_000 });
      await screenshot(winner.page, "wheel-win-desktop-ru");
      expect(await loser.page.getByTestId("wheel-win-notice").count()).toBe(0);
      // the loser is told the round was lost (the colour it stopped on), the winner is not
      await loser.page.getByTestId("wheel-loss-notice").waitFor({ timeout: 5_000 });
      expect(await winner.page.getByTestId("wheel-loss-notice").count()).toBe(0);
      await screenshot(loser.page, "wheel-loss-desktop-ru");
      await winner.page.locator(`[data-testid=wheel-panel-${colour}] .wheel-row.is-own[data-kind=win]`).waitFor();

      // paid: the win item joins the inventory and the remainder the balance
      const winItem = won!.winItem;
      const remainderCents = Math.round(won!.win * 100) - (winItem ? Math.round(winItem.price * 100) : 0);
      await expect
        .poll(async () => Math.round((await balance(winner.token)).balance * 100), { timeout: 15_000 })
        .toBe(Math.round(balanceBefore[winnerName] * 100) + remainderCents);
      if (winItem) {
        const fresh = (await inventory(winner.token)).filter((i) => !idsBefore[winnerName].has(i.myId));
        expect(fresh.map((i) => i.market_hash_name)).toContain(winItem.market_hash_name);
      }

      // the round page verifies in the browser
      await winner.page.goto(`/wheel/${round}`);
      await winner.page.getByTestId("wheel-verify").waitFor();
      for (const check of ["verify-public", "verify-segment", "verify-rotate"])
        expect(await winner.page.getByTestId(check).getAttribute("data-state"), check).toBe("ok");
      // the chain link: to the previous round's secret (round 1: to the published x_0)
      await expect.poll(() => winner.page.getByTestId("verify-chain").getAttribute("data-state")).toBe("ok");
      expect(await winner.page.getByTestId("wheel-round-segment").textContent()).toContain(String(segment));
      await screenshot(winner.page, "wheel-round-desktop-ru");

      // the provably-fair page recomputes the same segment from the revealed values (salt prefilled)
      await winner.page.goto("/provably-fair#wheel");
      const form = winner.page.getByTestId("fair-wheel");
      await expect.poll(() => form.locator("input[name=wheel-salt]").inputValue()).toBe(g.salt);
      await form.locator("input[name=wheel-roundId]").fill(String(g.id));
      await form.locator("input[name=wheel-dayOfMonth]").fill(String(g.day_of_month));
      await form.locator("input[name=wheel-secret]").fill(g.secret_hash!);
      await form.locator("input[name=wheel-publicHash]").fill(g.public_hash);
      await winner.page.getByTestId("fair-wheel-verify").click();
      expect(await winner.page.getByTestId("fair-wheel-segment").textContent()).toBe(String(segment));
      await screenshot(winner.page, "wheel-fair-desktop-ru");

      // a visitor who opens the wheel mid-spin sees it where everyone sees it, not a restart.
      // Spins are short here: the visitor's page is loaded beforehand and waits on /cases, then
      // comes back to the wheel (a client-side navigation: a fresh socket and wheelInit) while a
      // spin is deep in flight; a few rounds are tried until one is caught before its stop. The
      // angle grows with the time since the spin started, so the first angle the visitor's disc
      // draws must be at least the angle the other page showed before the visitor came back (a
      // restart would draw from 0 up) — an order of events, not a duration.
      late = await wheelPage("");
      const modeLink = (to: string) => late!.page.locator(`nav.mode-bar a[href="${to}"]`);
      let compared = false;
      for (let attempt = 0; attempt < 4 && !compared; attempt++) {
        await modeLink("/cases").click();
        await late.page.waitForURL(/\/cases$/);
        const now = await seen(loser.page);
        const spinning = await until(loser.page, (s) => s.phase === "spinning" && s.round > now.round && s.angle > 400, 30_000);
        // record the first non-zero angle the visitor's next rotor draws (its rAF loop sets data-angle)
        await late.page.evaluate(() => {
          const w = window as unknown as { firstAngle: number | null };
          w.firstAngle = null;
          new MutationObserver((records) => {
            for (const r of records) {
              const value = Number((r.target as Element).getAttribute("data-angle"));
              if (w.firstAngle === null && value > 0) w.firstAngle = value;
            }
          }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-angle"] });
        });
        const before = await seen(loser.page);
        await modeLink("/wheel").click();
        const caught = await until(late.page, (s) => s.phase === "spinning" && s.angle > 0, 2_000).catch(() => null);
        if (!caught || before.round !== spinning.round || before.phase !== "spinning") continue;
        const first = await late.page.evaluate(() => (window as unknown as { firstAngle: number | null }).firstAngle);
        const live = wheelGetAnswer.parse(await post("/api/wheel/get", anna.token));
        if (first === null || !live.spin || live.spin.roundId !== spinning.round || live.spin.ms <= 1) continue;
        if (first >= live.spin.rotate - 0.5) continue; // the visitor arrived after the stop
        expect(first, `the visitor's first angle ${first} vs ${before.angle} shown before it came`).toBeGreaterThanOrEqual(before.angle);
        compared = true;
      }
      expect(compared, "a mid-spin visitor was compared").toBe(true);
    } finally {
      await Promise.all([a.close(), b.close(), late?.close()]);
    }
  });

  it("a player with a balance and no items bets from the balance: the typed amount, debited at once", { timeout: 120_000 }, async () => {
    const adminToken = await tokenOf("admin_wheel_e2e", "admin");
    const token = await tokenOf("wheel_Cash");
    const me = await balance(token);
    await post("/api/admin/users/adjust", adminToken, { user_id: me.id, amount: 5, reason: "e2e wheel balance", idempotency_key: "e2e-wheel-cash" });
    const c = await wheelPage("wheel_Cash");
    try {
      await until(c.page, (s) => s.phase === "betting" && s.seconds >= 3, 60_000);
      const before = Math.round((await balance(token)).balance * 100);
      const field = c.page.getByTestId("wheel-amount").getByRole("textbox");
      // a comma works as the decimal mark; more than the balance says so before anything is sent
      await field.fill("6");
      expect(await c.page.getByTestId("wheel-bet-black").getAttribute("data-block")).toBe("bad_amount");
      await field.fill("1,00");
      await c.page.getByTestId("wheel-bet-black").click();
      await c.page.locator("[data-testid=wheel-panel-black] .wheel-row.is-own").waitFor({ timeout: 10_000 });
      expect(Math.round((await balance(token)).balance * 100)).toBe(before - 100);
      // the header follows without a reload (the hub's updateBalance)
      await expect.poll(() => c.page.locator("header .header-balance-amount").textContent(), { timeout: 10_000 }).toBe(`$${((before - 100) / 100).toFixed(2)}`);
      await screenshot(c.page, "wheel-balance-bet-desktop-ru");
    } finally {
      await c.close();
    }
  });

  it('a colour with more bets than its panel shows: "Show all" opens the round page at that colour with every bet', { timeout: 120_000 }, async () => {
    const adminToken = await tokenOf("admin_wheel_e2e", "admin");
    const tokens = await Promise.all(
      [...Array(12).keys()].map(async (i) => {
        const token = await tokenOf(`wheel_All${i}`);
        const me = await balance(token);
        await post("/api/admin/users/adjust", adminToken, { user_id: me.id, amount: 2, reason: "e2e wheel show all", idempotency_key: `e2e-wheel-all-${i}` });
        return token;
      }),
    );
    const v = await wheelPage(""); // a visitor watching
    try {
      const { round } = await until(v.page, (s) => s.phase === "betting" && s.seconds >= 4, 60_000);
      await Promise.all(tokens.map((token) => post("/api/wheel/setBet", token, { colour: "black", value: 1 })));
      // the panel shows the ten biggest; the link names them all (ru plural; other journeys may bet
      // on black in the same round, so at least these twelve)
      const link = v.page.getByTestId("wheel-show-all-black");
      await expect
        .poll(async () => Number(/^Показать все: (\d+) ставок$/.exec((await link.textContent({ timeout: 10_000 })) ?? "")?.[1] ?? 0), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(12);
      expect(await v.page.getByRole("link", { name: /^Показать все: \d+ ставок$/ }).count()).toBe(1);
      expect(await v.page.locator("[data-testid=wheel-panel-black] .wheel-row").count()).toBe(10);
      await screenshot(v.page, "wheel-show-all-desktop-ru");
      await link.click();
      await v.page.waitForURL(`**/wheel/${round}#wheel-round-black`);
      await expect.poll(() => v.page.locator("#wheel-round-black .wheel-row").count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(12);
    } finally {
      await v.close();
    }
  });

  it("at 390 px the screen fits without sideways scroll", { timeout: 60_000 }, async () => {
    const phone = await wheelPage("wheel_Anna", true);
    try {
      await phone.page.getByTestId("wheel-screen").waitFor();
      await phone.page.waitForTimeout(500);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(phone.page, "wheel-mobile-ru");
      await phone.page.getByTestId("wheel-panel-black").scrollIntoViewIfNeeded();
      await screenshot(phone.page, "wheel-mobile-panels-ru");
    } finally {
      await phone.close();
    }
  });
});
