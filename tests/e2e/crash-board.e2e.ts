import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRASH } from "../../shared/constants";
import { seriousFindings } from "./axe";
import { baseUrl, launch, newPage, screenshot } from "./browser";

// The crash board (docs/api.md "Sockets"): with more bets in a round than the board's ten
// biggest, a visitor's list shows those ten and the count of all, and "Show all" fetches every bet
// of the round into a dialog. The bets come from a dozen players on their own sockets.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PLAYERS = CRASH.boardTop + 2;

async function token(username: string, role?: "admin"): Promise<string> {
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

type Frame = { event: string; data: Record<string, unknown> };

/** A crash socket identified as `bearer`, resolving frames by event. */
function crashSocket(bearer: string) {
  const ws = new WebSocket(`${baseUrl().replace(/^http/, "ws")}/ws/crash`);
  const frames: Frame[] = [];
  const waiters: { event: string; resolve: (f: Frame) => void }[] = [];
  ws.addEventListener("message", (e) => {
    const f = JSON.parse(String(e.data)) as Frame;
    frames.push(f);
    for (const w of waiters.filter((x) => x.event === f.event)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(f);
    }
  });
  const next = (event: string) => new Promise<Frame>((resolve) => waiters.push({ event, resolve }));
  const opened = new Promise<void>((resolve) => ws.addEventListener("open", () => resolve()));
  return {
    frames,
    next,
    async ready() {
      await opened;
      const init = next("crashInit");
      ws.send(JSON.stringify({ event: "identity", data: { apiToken: bearer } }));
      return init;
    },
    send: (f: Frame) => ws.send(JSON.stringify(f)),
    close: () => ws.close(),
  };
}

describe("crash board", () => {
  it(`a visitor sees the ${CRASH.boardTop} biggest of ${PLAYERS} bets and opens them all`, { timeout: 120_000 }, async () => {
    const admin = await token(`e2e_board_admin_${Date.now().toString(36)}`, "admin");
    const players = await Promise.all(
      [...Array(PLAYERS).keys()].map(async (i) => {
        const bearer = await token(`e2e_board_${i}_${Date.now().toString(36)}`);
        const { user } = await call<{ user: { id: number } }>("/api/user/get", bearer);
        await call("/api/admin/users/adjust", admin, { user_id: user.id, amount: 5, reason: "e2e crash board" });
        return { bearer, socket: crashSocket(bearer) };
      }),
    );
    const inits = await Promise.all(players.map((p) => p.socket.ready()));
    // bets are taken in the countdown: wait for the next one if a round is running
    if ((inits.at(-1)!.data.round as { phase: string }).phase !== "waiting") await players[0]!.socket.next("crashStartTimer");
    const acks = await Promise.all(
      players.map((p, i) => {
        const ack = p.socket.next("successBet");
        p.socket.send({ event: "newBet", data: { items: [], value: 1 + i * 0.25, autoWithdraw: 2 } });
        return ack;
      }),
    );
    expect(acks).toHaveLength(PLAYERS);

    const { context, page } = await newPage(browser, { locale: "en-US" });
    try {
      await page.goto("/load");
      await page.evaluate(() => localStorage.setItem("language", "en"));
      await page.goto("/");
      const bets = page.getByRole("region", { name: "Bets of the round" });
      await bets.getByRole("heading", { name: `${PLAYERS} bets` }).waitFor();
      expect(await bets.getByTestId("crash-bet-row").count()).toBe(CRASH.boardTop);
      await screenshot(page, "crash-board");

      await bets.getByRole("button", { name: `Show all: ${PLAYERS} bets` }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByTestId("crash-all-bets").waitFor();
      await expect.poll(() => dialog.getByTestId("crash-bet-row").count()).toBe(PLAYERS);
      // the dialog's and the rows' entry animations finished: axe reads the colours as shown
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
            .map((a) => a.finished.catch(() => undefined)),
        ),
      );
      expect(await seriousFindings(page)).toEqual([]);
      await screenshot(page, "crash-board-all");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    } finally {
      await context.close();
      for (const p of players) p.socket.close();
    }
  });
});
