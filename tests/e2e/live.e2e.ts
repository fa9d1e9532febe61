import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, devLogin, launch, newPage, screenshot } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function adminToken(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/test-login?username=admin_e2e&role=admin`);
  return ((await res.json()) as { api_token: string }).api_token;
}

async function admin(path: string, token: string, body: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

async function signedInPlayer(name: string): Promise<{ page: Page; userId: number; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser);
  await devLogin(page, name);
  // Act only once the hub socket has bound this user, so the test checks the live push itself
  // (a late socket would also catch up through its resync-on-connect).
  const bound = new Promise<void>((resolve) => {
    page.on("websocket", (ws) => {
      let identified = false;
      ws.on("framesent", (f) => {
        if (String(f.payload).includes('"identity"') && !String(f.payload).includes('"apiToken":""')) identified = true;
      });
      ws.on("framereceived", (f) => {
        const frame = JSON.parse(String(f.payload)) as { event: string; data: { users?: number } };
        if (identified && frame.event === "online" && (frame.data.users ?? 0) >= 1) resolve();
      });
    });
  });
  await page.goto("/");
  await bound;
  await page.getByRole("link", { name: new RegExp(name) }).waitFor();
  const userId = await page.evaluate(async () => {
    const res = await fetch("/api/user/get", { method: "POST", headers: { Authorization: `Bearer ${localStorage.getItem("api_token")}` } });
    return ((await res.json()) as { user: { id: number } }).user.id;
  });
  // a marker that a reload would wipe
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  return { page, userId, close: () => context.close() };
}

describe("live updates over the hub socket", () => {
  it("an admin adjustment updates the header balance without a reload", async () => {
    const player = await signedInPlayer("live_player");
    const balance = player.page.locator(".header-balance-amount");
    const before = await balance.textContent();
    await admin("/api/admin/users/adjust", await adminToken(), { user_id: player.userId, amount: 12.34, reason: "e2e bonus" });
    await expect.poll(() => balance.textContent(), { timeout: 10_000 }).not.toBe(before);
    expect(await balance.textContent()).toContain("12.34");
    expect(await player.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await screenshot(player.page, "live-balance");
    await player.close();
  });

  it("a banned user is logged out with the banned notice", async () => {
    const player = await signedInPlayer("banned_player");
    await admin("/api/admin/users/ban", await adminToken(), { user_id: player.userId, reason: "e2e" });
    await player.page.getByRole("banner").getByRole("button", { name: "Войти" }).waitFor({ timeout: 15_000 });
    expect(await player.page.evaluate(() => localStorage.getItem("api_token"))).toBeNull();
    await player.close();
  });

  it("a session logged out elsewhere (the same token, another place) is forgotten on the page at once", async () => {
    const player = await signedInPlayer("signed_out_player");
    const token = await player.page.evaluate(() => localStorage.getItem("api_token"));
    await admin("/api/auth/logout", token!, {});
    // the hub closes the page's socket (4001 signed_out): the page forgets the session, no reload
    // (before, the socket stayed open and bound to the dead session, and the page never noticed)
    await player.page.getByRole("banner").getByRole("button", { name: "Войти" }).waitFor({ timeout: 15_000 });
    expect(await player.page.evaluate(() => localStorage.getItem("api_token"))).toBeNull();
    expect(await player.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await player.close();
  });
});
