import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT } from "../../shared/constants";
import { baseUrl, devLogin, launch, newPage, screenshot } from "./browser";

// The chat's journeys in Chromium with separate browser contexts (own storage, own hub socket):
// a player's message reaches another player live; a link is refused with the links notice;
// !stats renders a stats card; an XSS payload stays text; a moderator mutes the player for
// 5 minutes with a reason and the player's next message gets the banned notice with it.
// Demo users from scripts/seed/demo.ts: Artem and Dasha have deposits, mod_Olga is a moderator.

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

interface ChatUser {
  page: Page;
  input: Locator;
  list: Locator;
  /** Types and sends; resolves with the HTTP status of /api/chat/sendMessage. */
  send(text: string): Promise<number>;
}

/** Resolves when the page's chat socket (/ws/chat) delivered the chat history (the socket is live). */
function chatHistoryArrives(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    page.on("websocket", (ws) => {
      ws.on("framereceived", (f) => {
        if (String(f.payload).startsWith('{"event":"loadChat"')) resolve();
      });
    });
  });
}

async function openChat(username: string | null, opts: { mobile?: boolean; streamerMode?: boolean } = {}): Promise<ChatUser> {
  const { page, context } = await newPage(browser, { mobile: opts.mobile });
  contexts.push(context);
  if (username) await devLogin(page, username);
  if (opts.streamerMode) {
    if (!username) await page.goto("/load");
    await page.evaluate(() => localStorage.setItem("settings", JSON.stringify({ sound: false, streamerMode: true })));
  }
  const live = chatHistoryArrives(page);
  await page.goto("/");
  if (opts.mobile) await page.getByRole("button", { name: "Чат", exact: true }).click();
  await live;
  const input = page.getByRole("textbox", { name: "Сообщение в чат" });
  const list = page.getByRole("region", { name: "Сообщения чата" });
  await input.waitFor();
  let lastSent = 0;
  return {
    page,
    input,
    list,
    async send(text) {
      // one player's messages closer than CHAT.minIntervalMs are refused as too fast
      const wait = lastSent + CHAT.minIntervalMs + 200 - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
      await input.fill(text);
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/chat/sendMessage"));
      await page.getByRole("button", { name: "Отправить" }).click();
      const res = await answer;
      lastSent = Date.now();
      return res.status();
    },
  };
}

const notice = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });
const success = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

async function adminCall(path: string, body: unknown): Promise<Response> {
  const login = await fetch(`${baseUrl()}/api/auth/test-login?username=admin_chat_e2e&role=admin`);
  const { api_token } = (await login.json()) as { api_token: string };
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${api_token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Starts a quiz on the first house item that is available (the seed's stock follows the players' items). */
async function startQuiz(question: string, answer: string): Promise<void> {
  for (let itemId = 1; itemId <= 500; itemId++) {
    const res = await adminCall("/api/admin/chat/quiz/start", { question, answer, item_id: itemId });
    if (res.status === 200) return;
    const { message } = (await res.json()) as { message: string };
    expect(message).toBe("chat_api.quiz_item_unavailable");
  }
  throw new Error("no house item for the quiz");
}

describe("chat", () => {
  let artem: ChatUser;
  let dasha: ChatUser;
  let olga: ChatUser;

  beforeAll(async () => {
    [artem, dasha] = await Promise.all([openChat("Artem"), openChat("Dasha")]);
  });

  it("a player's message appears live for another player", async () => {
    const text = `Привет всем, e2e ${Date.now()}`;
    expect(await artem.send(text)).toBe(200);
    await dasha.list.getByText(text).waitFor({ timeout: 10_000 });
    // the sender's field is cleared, and the message shows for the sender too
    expect(await artem.input.inputValue()).toBe("");
    await artem.list.getByText(text).waitFor();
    // the name links to the public profile
    const row = dasha.list.getByTestId("chat-message").filter({ hasText: text });
    expect(await row.getByRole("link", { name: /Artem/ }).first().getAttribute("href")).toMatch(/^\/user\/\d+$/);
    await screenshot(dasha.page, "chat-desktop-live");
  });

  it("a link is refused with the links notice and the text stays in the field", async () => {
    expect(await artem.send("visit site.com")).toBe(400);
    await notice(artem.page, "Ссылки в чате запрещены").waitFor();
    expect(await artem.input.inputValue()).toBe("visit site.com");
    await screenshot(artem.page, "chat-desktop-links");
    expect(await dasha.list.getByText("visit site.com").count()).toBe(0);
  });

  it("a player without deposits is told the minimum deposit before typing, with a Deposit button instead of the field", async () => {
    const { page, context } = await newPage(browser);
    contexts.push(context);
    const { api_token } = (await (await page.request.get(`/api/auth/test-login?username=chat_newbie_${Date.now() % 100_000}`)).json()) as { api_token: string };
    await page.goto("/load");
    await page.evaluate((t) => localStorage.setItem("api_token", t), api_token);
    await page.goto("/");
    const why = page.getByText("Писать в чат можно после пополнений от $1.00 в сумме.");
    await why.waitFor();
    expect(await page.getByRole("textbox", { name: "Сообщение в чат" }).count()).toBe(0);
    const deposit = page.getByTestId("chat-deposit-first").getByRole("button", { name: "Пополнить" });
    expect(await deposit.getAttribute("aria-describedby")).toBe(await why.getAttribute("id"));
    await screenshot(page, "chat-desktop-deposit-first");
    await deposit.click();
    await page.getByRole("dialog", { name: "Пополнение" }).waitFor();
    // the server refuses all the same (the field is only the client's courtesy)
    const res = await page.request.post("/api/chat/sendMessage", { headers: { Authorization: `Bearer ${api_token}` }, data: { message: "Всем привет!" } });
    expect(res.status()).toBe(403);
  });

  it("!stats renders a stats card for everyone", async () => {
    expect(await dasha.send("!stats")).toBe(200);
    const card = (u: ChatUser) => u.list.getByRole("region", { name: "Статистика" }).last();
    await card(artem).waitFor({ timeout: 10_000 });
    await card(dasha).waitFor();
    expect(await card(dasha).textContent()).toMatch(/Игры/);
    expect(await card(dasha).textContent()).toMatch(/\$/);
    await screenshot(dasha.page, "chat-desktop-stats");
  });

  it("the commands modal inserts !balance, which answers with a balance card", async () => {
    await dasha.page.getByRole("button", { name: "Команды" }).click();
    const dialog = dasha.page.getByRole("dialog", { name: "Команды чата" });
    await dialog.getByText("!bet <номер раунда>").waitFor();
    await dasha.page.waitForTimeout(400); // the modal's fade-in, for the screenshot
    await screenshot(dasha.page, "chat-desktop-commands");
    await dialog.getByRole("button", { name: "Вставить !balance" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await dasha.input.inputValue()).toBe("!balance");
    expect(await dasha.send("!balance")).toBe(200);
    const card = artem.list.getByRole("region", { name: "Баланс" }).last();
    await card.waitFor({ timeout: 10_000 });
    expect(await card.textContent()).toContain("$48.20");
  });

  it("an XSS payload shows as text and never runs", async () => {
    const img = `<img src=x onerror="window.__xss=1">`;
    const js = "javascript:alert(1)";
    let dialogs = 0;
    for (const u of [artem, dasha])
      u.page.on("dialog", (d) => {
        dialogs += 1;
        void d.dismiss();
      });
    expect(await dasha.send(img)).toBe(200);
    expect(await dasha.send(js)).toBe(200);
    for (const u of [artem, dasha]) {
      await u.list.getByText(img, { exact: true }).waitFor({ timeout: 10_000 });
      await u.list.getByText(js, { exact: true }).waitFor({ timeout: 10_000 });
      // no element came out of the text: no <img src=x>, no link to javascript:
      expect(await u.list.locator('img[src="x"]').count()).toBe(0);
      expect(await u.list.locator('a[href^="javascript"]').count()).toBe(0);
      expect(await u.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    }
    expect(dialogs).toBe(0);
  });

  it("a moderator mutes the player for 5 minutes with a reason; the player sees the banned notice", async () => {
    olga = await openChat("mod_Olga");
    const text = `Сообщение для модерации ${Date.now()}`;
    expect(await artem.send(text)).toBe(200);
    const row = olga.list.getByTestId("chat-message").filter({ hasText: text });
    await row.waitFor({ timeout: 10_000 });
    // only staff get the manage button
    expect(await dasha.list.getByRole("button", { name: /Модерация сообщения/ }).count()).toBe(0);
    await row.hover();
    await row.getByRole("button", { name: "Модерация сообщения Artem" }).click();
    const dialog = olga.page.getByRole("dialog", { name: "Модерация" });
    await dialog.waitFor();
    const apply = dialog.getByRole("button", { name: "Применить" });
    expect(await apply.isDisabled()).toBe(true);
    await dialog.getByRole("radio", { name: "Заблокировать в чате" }).check();
    await dialog.getByRole("combobox", { name: "Срок" }).selectOption({ label: "5 минут" });
    // a duration without a reason cannot be applied (§5)
    expect(await apply.isDisabled()).toBe(true);
    await dialog.getByRole("combobox", { name: "Причина" }).selectOption({ label: "Спам" });
    await screenshot(olga.page, "chat-desktop-moderation");
    await apply.click();
    await success(olga.page, "Пользователь заблокирован").waitFor();
    await dialog.waitFor({ state: "detached" });

    expect(await artem.send("Можно мне ещё написать?")).toBe(403);
    await notice(artem.page, "Вы заблокированы в чате на 5 мин. Причина: Спам").waitFor();
    await screenshot(artem.page, "chat-desktop-banned");
  });

  it("the moderator lifts the mute from the list of active mutes; the player writes again", async () => {
    await olga.page.getByRole("button", { name: "Блокировки", exact: true }).click();
    const dialog = olga.page.getByRole("dialog", { name: "Блокировки в чате" });
    await dialog.waitFor();
    const entry = dialog.getByRole("listitem").filter({ hasText: "Artem" });
    await entry.getByText(/причина: Спам/).waitFor();
    await entry.getByText(/выдал mod_Olga/).waitFor();
    await screenshot(olga.page, "chat-desktop-mutes");
    await entry.getByRole("button", { name: "Разблокировать Artem" }).click();
    await success(olga.page, "Пользователь разблокирован").waitFor();
    await entry.waitFor({ state: "detached" });
    await olga.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await artem.send(`Снова в чате ${Date.now()}`)).toBe(200);
  });

  it("a moderator deletes a message and it disappears for everyone", async () => {
    const text = `Удалите меня ${Date.now()}`;
    expect(await dasha.send(text)).toBe(200);
    const row = olga.list.getByTestId("chat-message").filter({ hasText: text });
    await row.waitFor({ timeout: 10_000 });
    await artem.list.getByText(text).waitFor({ timeout: 10_000 });
    // keyboard only: focus the manage button, open, pick "delete", apply
    await row.getByRole("button", { name: "Модерация сообщения Dasha" }).focus();
    await olga.page.keyboard.press("Enter");
    const dialog = olga.page.getByRole("dialog", { name: "Модерация" });
    await dialog.getByRole("radio", { name: "Удалить сообщение" }).check();
    await dialog.getByRole("button", { name: "Применить" }).click();
    await success(olga.page, "Сообщение удалено").waitFor();
    for (const u of [artem, dasha, olga]) await u.list.getByText(text).waitFor({ state: "detached", timeout: 10_000 });
  });

  it("a quiz shows its banner; the first right answer wins, a system message names the winner and the inventory reloads", async () => {
    await startQuiz("Сколько будет дважды два?", "четыре");
    const banner = (u: ChatUser) => u.page.getByRole("region", { name: "Викторина" });
    for (const u of [artem, dasha]) await banner(u).getByText("Сколько будет дважды два?").waitFor({ timeout: 10_000 });
    await screenshot(dasha.page, "chat-desktop-quiz");
    const reload = dasha.page.waitForRequest((r) => r.url().endsWith("/api/user/getInventory"), { timeout: 15_000 });
    expect(await dasha.send("Четыре")).toBe(200);
    for (const u of [artem, dasha]) {
      await banner(u).waitFor({ state: "detached", timeout: 10_000 });
      await u.list.getByText(/Dasha — победитель викторины! Приз: /).waitFor({ timeout: 10_000 });
    }
    await reload;
    await screenshot(dasha.page, "chat-desktop-quiz-won");
  });

  it("a reader scrolled up stays put; the scroll-to-last button counts what came and goes down", async () => {
    await dasha.page.setViewportSize({ width: 1280, height: 480 });
    const distance = () => dasha.list.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
    // enough history to be more than the threshold above the bottom
    for (let i = 0; (await dasha.list.evaluate((el) => el.scrollHeight - el.clientHeight)) <= CHAT.scrollThresholdPx + 100; i++) {
      expect(await olga.send(`Заполняю ленту ${i}`)).toBe(200);
      await dasha.list.getByText(`Заполняю ленту ${i}`).waitFor({ timeout: 10_000 });
    }
    await dasha.list.evaluate((el) => el.scrollTo({ top: 0 }));
    expect(await distance()).toBeGreaterThan(CHAT.scrollThresholdPx);
    // the app saw the reader leave the bottom (scroll events come a frame later)
    await dasha.page.getByRole("button", { name: "К последним сообщениям" }).waitFor();
    const text = `Новость дня ${Date.now()}`;
    expect(await olga.send(text)).toBe(200);
    const toLast = dasha.page.getByRole("button", { name: "1 новое сообщение" });
    await toLast.waitFor({ timeout: 10_000 });
    expect(await dasha.list.evaluate((el) => el.scrollTop)).toBe(0);
    await screenshot(dasha.page, "chat-desktop-scrolled-up");
    await toLast.click();
    await expect.poll(distance, { timeout: 5_000 }).toBeLessThan(2);
    await toLast.waitFor({ state: "detached" });
    await dasha.page.setViewportSize({ width: 1280, height: 800 });
  });

  it("a visitor reads the chat with the field disabled, and commands ask to sign in", async () => {
    const visitor = await openChat(null, { streamerMode: true });
    expect(await visitor.input.isDisabled()).toBe(true);
    expect(await visitor.list.getByTestId("chat-message").count()).toBeGreaterThan(0);
    // no quote or manage actions for a visitor; streamer mode blurs the players' names
    expect(await visitor.list.getByRole("button").count()).toBe(0);
    const name = visitor.list.getByRole("link", { name: /Artem/ }).last();
    expect(await name.evaluate((el) => getComputedStyle(el).filter)).toContain("blur");
    // also the winner's name inside the quiz system message, and only the name
    const system = visitor.list.getByTestId("chat-message").filter({ hasText: "победитель викторины" });
    expect(await system.locator(".participant-name").evaluate((el) => [el.textContent, getComputedStyle(el).filter])).toEqual([
      "Dasha",
      expect.stringContaining("blur"),
    ]);
    await visitor.page.getByRole("button", { name: "Войти" }).last().waitFor();
    await screenshot(visitor.page, "chat-desktop-visitor");
    await visitor.page.getByRole("button", { name: "Команды" }).click();
    const dialog = visitor.page.getByRole("dialog", { name: "Команды чата" });
    await dialog.getByText("Команды доступны после входа.").waitFor();
    await screenshot(visitor.page, "chat-desktop-visitor-commands");
    await visitor.page.keyboard.press("Escape");
    await visitor.page.getByRole("button", { name: "Правила", exact: true }).click();
    await visitor.page.getByRole("dialog", { name: "Правила чата" }).getByText("не пишите капсом.").waitFor();
  });

  it("works in the mobile chat panel at 390 px", async () => {
    const mobile = await openChat("Dasha", { mobile: true });
    await mobile.list.getByTestId("chat-message").first().waitFor();
    const text = `С телефона ${Date.now()}`;
    expect(await mobile.send(text)).toBe(200);
    await mobile.list.getByText(text).waitFor({ timeout: 10_000 });
    await artem.list.getByText(text).waitFor({ timeout: 10_000 });
    await screenshot(mobile.page, "chat-mobile");
  });

  it("staff clear the chat after confirming; everyone sees only the system note", async () => {
    expect(await artem.page.getByRole("button", { name: "Очистить", exact: true }).count()).toBe(0);
    await olga.page.getByRole("button", { name: "Очистить", exact: true }).click();
    const dialog = olga.page.getByRole("dialog", { name: "Очистить чат" });
    await dialog.getByRole("button", { name: "Очистить", exact: true }).click();
    await success(olga.page, "Чат очищен").waitFor();
    for (const u of [artem, dasha, olga]) {
      await u.list.getByText("Чат очищен модератором").waitFor({ timeout: 10_000 });
      await expect.poll(() => u.list.getByTestId("chat-message").count(), { timeout: 10_000 }).toBe(1);
    }
    await screenshot(dasha.page, "chat-desktop-cleared");
  });
});
