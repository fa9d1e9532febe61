import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT } from "../../shared/constants";
import { devLogin, launch, newPage, screenshot } from "./browser";

// The chat quiz: a moderator starts a quiz from the chat's staff dialog (question, answer, a house
// item as the prize); a player sees the banner, answers right in the chat and wins.
// Demo users from scripts/seed/demo.ts: ProGamer has a deposit, mod_Olga is a moderator.

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

async function openChat(username: string): Promise<Page> {
  const { page, context } = await newPage(browser);
  contexts.push(context);
  await devLogin(page, username);
  const live = new Promise<void>((resolve) => {
    page.on("websocket", (ws) => ws.on("framereceived", (f) => String(f.payload).startsWith('{"event":"loadChat"') && resolve()));
  });
  await page.goto("/");
  await live;
  await page.getByRole("textbox", { name: "Сообщение в чат" }).waitFor();
  return page;
}

describe("chat quiz (staff dialog)", () => {
  it("a moderator starts a quiz with a house prize; a player answers right and wins", async () => {
    const [olga, player] = await Promise.all([openChat("mod_Olga"), openChat("ProGamer")]);

    await olga.getByRole("button", { name: "Викторина", exact: true }).click();
    const dialog = olga.getByRole("dialog", { name: "Начать викторину" });
    await dialog.waitFor();
    // starting without anything filled names the first problem
    await dialog.getByRole("button", { name: "Начать" }).click();
    await dialog
      .getByRole("alert")
      .getByText(/Напишите вопрос/)
      .waitFor();
    await dialog.getByLabel("Вопрос").fill("Столица Франции?");
    expect(await dialog.getByRole("alert").count()).toBe(0);
    await dialog.getByLabel("Ответ", { exact: true }).fill("Париж");
    const prizes = dialog.getByRole("radio");
    await prizes.first().waitFor({ timeout: 10_000 });
    await prizes.first().check();
    await screenshot(olga, "chat-quiz-dialog");
    const started = olga.waitForResponse((r) => r.url().endsWith("/api/admin/chat/quiz/start"));
    await dialog.getByRole("button", { name: "Начать" }).click();
    expect((await started).status()).toBe(200);
    await dialog.waitFor({ state: "detached" });
    // while it runs the same link stops it
    await olga.getByRole("button", { name: "Остановить викторину" }).waitFor({ timeout: 10_000 });

    const banner = player.getByRole("region", { name: "Викторина" });
    await banner.getByText("Столица Франции?").waitFor({ timeout: 10_000 });
    await player.waitForTimeout(CHAT.minIntervalMs);
    await player.getByRole("textbox", { name: "Сообщение в чат" }).fill("париж");
    const sent = player.waitForResponse((r) => r.url().endsWith("/api/chat/sendMessage"));
    await player.getByRole("button", { name: "Отправить" }).click();
    expect((await sent).status()).toBe(200);
    await banner.waitFor({ state: "detached", timeout: 10_000 });
    const list = player.getByRole("region", { name: "Сообщения чата" });
    await list.getByText(/ProGamer — победитель викторины! Приз: /).waitFor({ timeout: 10_000 });
    await olga.getByRole("button", { name: "Викторина", exact: true }).waitFor({ timeout: 10_000 });
  });
});
