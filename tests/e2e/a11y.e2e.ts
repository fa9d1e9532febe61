import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Finding, seriousFindings } from "./axe";
import { baseUrl, launch, screenshot } from "./browser";
import { screens } from "./routes";

// axe-core on every screen and the main overlays, as a visitor and signed in, at
// 1440×900 and 390×844: no serious or critical finding, and nothing wider than a 390 px phone
// on any route of the router (tests/e2e/routes.ts; the staff pages as an admin).
// axe runs through page.evaluate (the devtools protocol), so a strict CSP with no inline scripts
// cannot block it the way an injected <script> would be.

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  // a chat message, so the chat's timestamps are on the screens too
  const { api_token } = (await (await fetch(`${baseUrl()}/api/auth/test-login?username=Max_TV`)).json()) as { api_token: string };
  const res = await fetch(`${baseUrl()}/api/chat/sendMessage`, {
    method: "POST",
    headers: { Authorization: `Bearer ${api_token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ message: "Всем привет, удачи в раунде!" }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

interface Combo {
  signedIn: boolean;
  mobile: boolean;
  admin?: boolean;
}

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function openSite({ signedIn, mobile, admin }: Combo): Promise<{ page: Page; context: BrowserContext; ownId: number }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: "ru-RU", viewport: mobile ? PHONE : DESKTOP });
  // no network here: pictures from other hosts fail at once instead of hanging
  await context.route(
    (url) => !url.href.startsWith(baseUrl()),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  let ownId = 0;
  if (signedIn) {
    const res = await page.request.get(admin ? "/api/auth/test-login?username=Admin_Phone&role=admin" : "/api/auth/test-login?username=Artem");
    const { api_token } = (await res.json()) as { api_token: string };
    const me = await page.request.post("/api/user/get", { headers: { Authorization: `Bearer ${api_token}` } });
    ownId = ((await me.json()) as { user: { id: number } }).user.id;
    await page.goto("/load");
    await page.evaluate((t) => localStorage.setItem("api_token", t), api_token);
  }
  return { page, context, ownId };
}

/** Overlays opened from the header or the mode bar: [button name, what appears]. */
function overlays({ signedIn, mobile }: Combo): { open: string | RegExp; name: string }[] {
  const list: { open: string | RegExp; name: string }[] = [
    { open: "Меню", name: "nav" },
    { open: "Склад", name: "store" },
  ];
  if (!signedIn) list.push({ open: "Войти", name: "login" });
  else list.push({ open: "Инвентарь", name: "inventory" }, { open: "Уведомления", name: "notifications" }, { open: "Пополнить", name: "deposit" });
  // the header's cashback chip (its name is the amount; on a phone it sits in the "more" panel)
  if (signedIn && !mobile) list.push({ open: /^Кэшбэк \$/, name: "cashback" });
  if (mobile) list.push({ open: "Чат", name: "chat" });
  return list;
}

function report(where: string, findings: Finding[]): string {
  return `${where}:\n${findings.map((f) => `  ${f.impact} ${f.id} (${f.help})\n${f.nodes.map((n) => `    ${n.target}\n      ${n.summary?.replace(/\n/g, "\n      ")}`).join("\n")}`).join("\n")}`;
}

async function waitForScreen(page: Page, title: string) {
  await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(title);
  await page.locator("main h1").first().waitFor({ state: "attached", timeout: 15_000 });
  // lazy data (lists, live counters) settles
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
  await page.waitForTimeout(300);
}

/** The header's and mode bar's overlays, over the home screen: axe, and the phone width. */
async function walkOverlays(page: Page, combo: Combo, tag: string, failures: string[], widths: string[]) {
  // with the chat and its timestamps on desktop
  await page.goto("/");
  await waitForScreen(page, "Краш — SkinRush");
  if (!combo.mobile) await page.locator(".chat-msg-time").first().waitFor();
  for (const overlay of overlays(combo)) {
    const button = page.getByRole("button", { name: overlay.open, exact: true }).first();
    await button.click();
    const layer = ["login", "deposit", "cashback"].includes(overlay.name) ? page.getByRole("dialog") : page.locator(".panel");
    await layer.first().waitFor();
    if (overlay.name === "chat") await page.locator(".chat-msg-time").first().waitFor();
    await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
    await page.waitForTimeout(400); // opening animation
    await screenshot(page, `${tag}-${overlay.name}`);
    const findings = await seriousFindings(page);
    if (findings.length) failures.push(report(`${tag} ${overlay.name} overlay`, findings));
    if (combo.mobile) {
      const width = await pageWidth(page);
      if (width > PHONE.width) widths.push(`${overlay.name} overlay: ${width}px`);
    }
    await page.keyboard.press("Escape");
    await layer.first().waitFor({ state: "detached" });
  }
}

async function walk(combo: Combo) {
  const { page, context, ownId } = await openSite(combo);
  const tag = `a11y-${combo.admin ? "admin" : combo.signedIn ? "in" : "visitor"}-${combo.mobile ? "390" : "1440"}`;
  const failures: string[] = [];
  const widths: string[] = [];
  try {
    for (const screen of screens(ownId + 1)) {
      if (screen.signedInOnly && !combo.signedIn) continue;
      // the staff pages as an admin; the admin's pass walks those alone
      if (!!screen.adminOnly !== !!combo.admin) continue;
      await page.goto(screen.path);
      await waitForScreen(page, screen.title);
      const findings = await seriousFindings(page);
      if (findings.length) failures.push(report(`${tag} ${screen.path}`, findings));
      if (combo.mobile) {
        const width = await pageWidth(page);
        if (width > PHONE.width) widths.push(`${screen.path}: ${width}px`);
      }
    }
    if (!combo.admin) await walkOverlays(page, combo, tag, failures, widths);
    await screenshot(page, tag);
  } finally {
    await context.close();
  }
  if (failures.length) console.log(failures.join("\n\n"));
  expect(failures, failures.join("\n\n")).toEqual([]);
  expect(widths, "wider than the phone").toEqual([]);
}

describe("accessibility (axe: no serious or critical findings) and phone width", () => {
  it("a visitor at 1440×900", () => walk({ signedIn: false, mobile: false }), 240_000);
  it("a visitor at 390×844", () => walk({ signedIn: false, mobile: true }), 240_000);
  it("a signed-in player at 1440×900", () => walk({ signedIn: true, mobile: false }), 240_000);
  it("a signed-in player at 390×844", () => walk({ signedIn: true, mobile: true }), 240_000);
  it("an admin on the staff pages at 1440×900 and 390×844", async () => {
    await walk({ signedIn: true, mobile: false, admin: true });
    await walk({ signedIn: true, mobile: true, admin: true });
  }, 120_000);
});
