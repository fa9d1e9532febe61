import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousFindings } from "./axe";
import { baseUrl, devLogin, launch, newPage, screenshot } from "./browser";

// The support desk (spec §5 Tickets, docs/support.md): a player asks support about a crash round
// from its page, the new-ticket form carries the round ("О чём: Раунд краша №1") and states its
// bounds; an empty send shows the validation; the ticket is created and a second one cannot be
// opened while it is open (the form gives way to a note; the API refuses has_open_ticket). A
// moderator sees it in /admin/tickets with the round's hash, replies; the player's open ticket
// page shows the reply live (the hub's `ticket` frame) and the bell has it. The player closes the
// ticket: the reply box is off. The staff queue moves it to the closed filter live. Then both
// pages on a 390 px phone: no sideways scroll, no serious axe findings.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Resolves once the page's hub socket has bound the signed-in user (set up before the page loads). */
function hubBound(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    page.on("websocket", (ws) => {
      let identified = false;
      ws.on("framesent", (f) => {
        if (String(f.payload).includes('"identity"') && !String(f.payload).includes('"apiToken":""')) identified = true;
      });
      ws.on("framereceived", (f) => {
        const frame = JSON.parse(String(f.payload)) as { event: string };
        if (identified && frame.event === "online") resolve();
      });
    });
  });
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function axeClean(page: Page, where: string) {
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
  const findings = await seriousFindings(page);
  expect(findings, `${where}: ${JSON.stringify(findings, null, 2)}`).toEqual([]);
}

describe("support tickets", () => {
  it("a player opens a ticket about a round, staff reply, the player sees it live and closes it", { timeout: 150_000 }, async () => {
    const stamp = Date.now().toString(36);
    const player = await newPage(browser);
    const staff = await newPage(browser);
    try {
      const token = await devLogin(player.page, `sup_player_${stamp}`);
      await devLogin(staff.page, `sup_mod_${stamp}`, "moderator");
      const { page } = player;

      // the round page links to the form, with the round as the reference
      await page.goto("/crash/1");
      await page.getByTestId("crash-round").or(page.getByTestId("crash-round-missing")).waitFor({ timeout: 60_000 });
      await screenshot(page, "support-crash-round");
      await page.getByTestId("crash-round").waitFor({ timeout: 1_000 });
      await page.getByTestId("support-link").click();
      await page.waitForURL(/\/support\?ref=crash:1#new-ticket$/);
      const form = page.locator("form#new-ticket");
      await form.waitFor();
      expect(await form.getByTestId("ticket-form-reference").textContent()).toContain("Раунд краша №1");
      await form.getByText("От 3 до 100 символов").waitFor();
      await form.getByText("От 2 до 2000 символов").waitFor();
      // nothing typed: both fields say what they need
      await form.getByTestId("ticket-create").click();
      await form.getByTestId("ticket-subject-issue").waitFor();
      expect(await form.getByTestId("ticket-message-issue").textContent()).toBe("В сообщении нужно не меньше 2 символов");
      expect(await form.getByLabel("Тема").getAttribute("aria-invalid")).toBe("true");
      await screenshot(page, "support-form");

      const subject = `Раунд не засчитан ${stamp}`;
      await form.getByLabel("Тема").fill(subject);
      await form.getByLabel("Сообщение").fill("Поставил на раунд, а выигрыш не пришёл. Проверьте, пожалуйста.");
      expect(await form.getByText("62 / 2000").count()).toBe(1);
      await form.getByTestId("ticket-create").click();
      await page.waitForURL(/\/ticket\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      await page.getByTestId("ticket-subject-title").getByText(subject).waitFor();
      expect(await page.getByTestId("ticket-reference").textContent()).toBe("Раунд краша №1");
      expect(await page.getByTestId("ticket-message").count()).toBe(1);

      // one open ticket at a time: the form gives way to a note, and the API refuses a second one
      await page.goto("/support");
      const note = page.getByTestId("ticket-open-note");
      await note.waitFor();
      expect(await note.textContent()).toContain(`№${id}`);
      expect(await page.locator("form#new-ticket").count()).toBe(0);
      expect(await page.getByTestId("ticket-row").first().textContent()).toContain(subject);
      const second = await fetch(`${baseUrl()}/api/tickets/create`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ ticket: { subject: "Второе обращение", message: "Ещё один вопрос" } }),
      });
      expect(second.status).toBe(409);
      expect(((await second.json()) as { message: string }).message).toBe("ticket_api.has_open_ticket");
      await screenshot(page, "support-open-note");
      // past the FAQ: the jump link brings the tickets into view
      await page.getByTestId("support-jump").click();
      await expect.poll(() => note.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);

      // the player waits on the ticket page with the hub bound: what comes next arrives live
      const bound = hubBound(page);
      await page.goto(`/ticket/${id}`);
      await bound;
      await page.getByTestId("ticket-thread").waitFor();

      // staff: the queue lists it; the ticket shows the round's verification and the player
      await staff.page.goto("/admin/tickets");
      const row = staff.page.getByTestId("staff-queue-row").filter({ hasText: subject });
      await row.waitFor();
      expect(await row.textContent()).toContain(`sup_player_${stamp}`);
      await screenshot(staff.page, "support-staff-queue");
      await row.click();
      await staff.page.getByTestId("staff-ticket-subject").getByText(subject).waitFor();
      const reference = staff.page.getByTestId("staff-reference");
      await reference.getByText("Публичный хеш").waitFor();
      expect(await staff.page.getByTestId("staff-context").textContent()).toContain(`sup_player_${stamp}`);
      const reply = `Проверили раунд, всё верно ${stamp}`;
      await staff.page.getByTestId("ticket-reply-text").fill(reply);
      await staff.page.getByTestId("ticket-reply-send").click();
      await staff.page.getByTestId("ticket-message").filter({ hasText: reply }).waitFor();
      await screenshot(staff.page, "support-staff-ticket");
      await reference.scrollIntoViewIfNeeded();
      await screenshot(staff.page, "support-staff-reference");

      // the player sees the reply without reloading, under the staff member's name, and the bell has it
      const answer = page.getByTestId("ticket-message").filter({ hasText: reply });
      await answer.waitFor({ timeout: 15_000 });
      expect(await answer.textContent()).toContain(`sup_mod_${stamp}`);
      expect(await answer.textContent()).toContain("Поддержка");
      await page.locator("header.header").getByRole("button", { name: "Уведомления", exact: true }).click();
      const bell = page.locator(".notifications__item", { hasText: "Ответ поддержки" }).first();
      await bell.waitFor({ timeout: 15_000 });
      expect(await bell.textContent()).toContain(`#${id} · ${subject}`);
      await screenshot(page, "support-bell");
      await page.keyboard.press("Escape");
      await screenshot(page, "support-ticket-reply");

      // the player closes it: the reply box is off with a note; staff see it move to the closed filter live
      await page.getByTestId("ticket-close").click();
      await page.getByTestId("ticket-close-confirm").click();
      await page.getByTestId("ticket-closed-note").waitFor();
      expect(await page.getByTestId("ticket-reply-text").isDisabled()).toBe(true);
      expect(await page.getByTestId("ticket-reply-send").isDisabled()).toBe(true);
      await screenshot(page, "support-ticket-closed");
      await staff.page.getByTestId("staff-reopen").waitFor({ timeout: 15_000 });
      await staff.page.goto("/admin/tickets?status=closed");
      await staff.page.getByTestId("staff-queue-row").filter({ hasText: subject }).waitFor();
      await axeClean(staff.page, "/admin/tickets?status=closed");

      // desktop axe, then a 390 px phone: both pages fit and stay clean
      await axeClean(page, `/ticket/${id}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/support");
      await page.getByTestId("ticket-row").first().waitFor();
      await page.locator("form#new-ticket").waitFor();
      await screenshot(page, "support-390");
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await axeClean(page, "/support 390");
      await page.goto(`/ticket/${id}`);
      await page.getByTestId("ticket-message").filter({ hasText: reply }).waitFor();
      await screenshot(page, "support-ticket-390");
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await axeClean(page, `/ticket/${id} 390`);

      // an id that is not a number, and a ticket of someone else
      await page.goto("/ticket/abc");
      await page.getByTestId("ticket-missing").getByText("Неверный номер обращения").waitFor();
      const other = await newPage(browser);
      try {
        await devLogin(other.page, `sup_other_${stamp}`);
        await other.page.goto(`/ticket/${id}`);
        await other.page.getByTestId("ticket-missing").getByText("Обращение не найдено").waitFor();
        await other.page.goto("/admin/tickets");
        await other.page.getByTestId("console-forbidden").waitFor();
      } finally {
        await other.context.close();
      }
    } finally {
      await player.context.close();
      await staff.context.close();
    }
  });
});
