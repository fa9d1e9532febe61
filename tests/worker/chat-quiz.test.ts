// The chat quiz: staff start it with a house item as the prize (reserved in D1), the
// first right answer in chat wins the item exactly once, a stop returns it.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { QuizJson } from "../../shared/api/chat";
import { CHAT } from "../../shared/constants";
import { awardQuizItem } from "../../worker/chat/quiz";
import { reconcile } from "../../worker/books/reconcile";
import { chatRoom } from "../../worker/rooms/chat/stub";
import { adminChatCall, admin, all, auditOf, chatCall, connectChat, houseItem, moderator, next, player, say } from "./chat-client";
import { advanceClock } from "./crash-client";
import { count, giveItem, itemRow } from "./crash-fixtures";
import { bindHub, closeAll, connectHub } from "./hub-client";

let open: { close(): void }[] = [];
async function socket(who?: Parameters<typeof connectChat>[0]) {
  const c = await connectChat(who);
  open.push(c);
  return c;
}
afterEach(async () => {
  closeAll(open);
  open = [];
  // leave no quiz running for the next test
  const boss = await admin();
  await adminChatCall("quiz/stop", {}, boss.token);
});

type StartAnswer = { success: true; message: string; quiz: QuizJson };
const start = (token: string, body: Record<string, unknown>) => adminChatCall<StartAnswer>("quiz/start", body, token);

describe("starting and stopping", () => {
  it("start reserves the house item, shows the banner (without the answer), audits; a second start is refused", async () => {
    const mod = await moderator();
    const item = await houseItem(2_500, "available", `Quiz Prize ${crypto.randomUUID().slice(0, 6)}`);
    const watcher = await socket();
    const skip = all(watcher, "quizInit").length;

    const res = await start(mod.token, { question: " 2 + 2 = ? ", answer: " Four ", item_id: item });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: "chat_api.quiz_started",
      quiz: { isActive: true, question: "2 + 2 = ?", item: { id: item, price: 25 } },
    });
    expect(await itemRow(item)).toMatchObject({ owner_id: null, status: "quiz" });
    const banner = await next(watcher, "quizInit", (f) => f.data.isActive, skip);
    expect(banner.data).toEqual(res.body.quiz);
    expect(JSON.stringify(banner.data).toLowerCase()).not.toContain("four");
    expect(await chatRoom(env).quizState()).toEqual(res.body.quiz);
    // a new socket sees the running quiz on connect
    expect(all(await socket(), "quizInit")[0]!.data).toEqual(res.body.quiz);
    expect((await auditOf("chat.quiz_start")).at(-1)).toMatchObject({
      actor_id: mod.user.id,
      details: { quiz_id: res.body.quiz.id, question: "2 + 2 = ?", answer: "Four", item_id: item },
    });

    const other = await houseItem();
    expect(await start(mod.token, { question: "q", answer: "a", item_id: other })).toMatchObject({ status: 409, body: { message: "chat_api.quiz_running" } });
    expect(await itemRow(other)).toMatchObject({ status: "available" });
  });

  it("stop returns the item to the house stock, closes the banner, audits; stopping again is refused", async () => {
    const boss = await admin();
    const item = await houseItem();
    const c = await socket();
    const started = await start(boss.token, { question: "q?", answer: "a", item_id: item });
    expect(started.status).toBe(200);
    const skip = all(c, "quizInit").length;

    expect(await adminChatCall("quiz/stop", {}, boss.token)).toEqual({ status: 200, body: { success: true, message: "chat_api.quiz_stopped" } });
    expect(await itemRow(item)).toMatchObject({ owner_id: null, status: "available" });
    expect((await next(c, "quizInit", () => true, skip)).data).toMatchObject({ isActive: false, item: null });
    expect((await auditOf("chat.quiz_stop")).at(-1)).toMatchObject({ actor_id: boss.user.id, details: { quiz_id: started.body.quiz.id, item_id: item } });
    expect(await adminChatCall("quiz/stop", {}, boss.token)).toMatchObject({ status: 409, body: { message: "chat_api.quiz_not_running" } });
  });

  it("a prize left reserved by a start cut short (no quiz in the room) returns to the stock at the next start", async () => {
    const mod = await moderator();
    const orphan = await houseItem(700, "quiz");
    const prize = await houseItem();
    expect((await start(mod.token, { question: "q", answer: "a", item_id: prize })).status).toBe(200);
    expect(await itemRow(orphan)).toMatchObject({ owner_id: null, status: "available" });
    expect(await itemRow(prize)).toMatchObject({ owner_id: null, status: "quiz" });
  });

  it("refuses an item that is not an available house item, and changes nothing", async () => {
    const mod = await moderator();
    const p = await player();
    const owned = await giveItem(p.user.id, 1_000);
    const withdrawing = await houseItem(1_000, "lost");
    const audits = (await auditOf("chat.quiz_start")).length;
    for (const id of [owned, withdrawing, 99_999_999]) {
      expect(await start(mod.token, { question: "q", answer: "a", item_id: id }), String(id)).toMatchObject({
        status: 409,
        body: { message: "chat_api.quiz_item_unavailable" },
      });
    }
    expect(await itemRow(owned)).toMatchObject({ owner_id: p.user.id, status: "available" });
    expect(await itemRow(withdrawing)).toMatchObject({ owner_id: null, status: "lost" });
    expect((await chatRoom(env).quizState()).isActive).toBe(false);
    expect((await auditOf("chat.quiz_start")).length).toBe(audits);
    // an item reserved by a running quiz cannot be the prize of a second one either
    const prize = await houseItem();
    expect((await start(mod.token, { question: "q", answer: "a", item_id: prize })).status).toBe(200);
    await adminChatCall("quiz/stop", {}, mod.token);
    expect(await start(mod.token, { question: "", answer: "a", item_id: prize })).toMatchObject({ status: 400, body: { message: "app_api.invalid_request" } });
    expect(await start(mod.token, { question: "q", answer: "x".repeat(CHAT.quizAnswerMax + 1), item_id: prize })).toMatchObject({ status: 400 });
  });

  it('item_id is a JSON number only: true, [id] and "1e2" are refused with 400 and reserve nothing (docs/security.md "Strict ids and pages")', async () => {
    const mod = await moderator();
    const prize = await houseItem();
    const audits = (await auditOf("chat.quiz_start")).length;
    for (const item_id of [true, [prize], "1e2", ` ${prize}`, `0${prize}`, `${prize}e0`, prize + 0.5, 2 ** 53, null]) {
      expect(await start(mod.token, { question: "q", answer: "a", item_id }), JSON.stringify(item_id)).toMatchObject({
        status: 400,
        body: { message: "app_api.invalid_request" },
      });
    }
    expect(await itemRow(prize)).toMatchObject({ owner_id: null, status: "available" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM inventory_items WHERE status = 'quiz'").first<{ n: number }>()).toEqual({ n: 0 });
    expect((await chatRoom(env).quizState()).isActive).toBe(false);
    expect((await auditOf("chat.quiz_start")).length).toBe(audits);
  });
});

describe("answering", () => {
  it("a wrong answer is a normal message; the right one posts, then wins the item once", async () => {
    const mod = await moderator();
    const name = `Quiz Knife ${crypto.randomUUID().slice(0, 6)}`;
    const item = await houseItem(4_000, "available", name);
    const p = await player();
    const watcher = await socket();
    const c = await socket(p);
    const bells = await connectHub(); // the winner's bell rings on the hub's socket
    open.push(bells);
    await bindHub(bells, p);
    expect((await start(mod.token, { question: "Capital of France?", answer: "Paris", item_id: item })).status).toBe(200);

    expect(await say(c, "London")).toEqual({ status: "success", message: "chat_api.message_sent" });
    expect((await chatRoom(env).quizState()).isActive).toBe(true);
    // the starter knows the answer and cannot win
    expect((await chatCall("sendMessage", { message: "paris" }, mod.token)).status).toBe(200);
    expect((await chatRoom(env).quizState()).isActive).toBe(true);

    advanceClock(CHAT.minIntervalMs);
    const skipMsgs = all(watcher, "newMessage").length;
    expect(await say(c, "  PARIS ")).toEqual({ status: "success", message: "chat_api.message_sent" });
    const posted = await next(watcher, "newMessage", (f) => f.data.message === "PARIS", skipMsgs);
    expect(posted.data.user.id).toBe(p.user.id);
    const system = await next(watcher, "newMessage", (f) => f.data.user.id === 0 && f.data.message === "system.quiz_won", skipMsgs);
    expect(system.data).toMatchObject({ type: "MESSAGE", params: { username: p.user.username, item: name } });
    expect(system.data.id).toBeGreaterThan(posted.data.id);
    expect(all(watcher, "quizInit").at(-1)!.data).toMatchObject({ isActive: false });

    expect(await itemRow(item)).toMatchObject({ owner_id: p.user.id, status: "available" });
    const bell = await bells.waitFor((f) => f.event === "notification" && f.data.name === "quiz_won", "the winner's bell");
    expect(bell.data).toMatchObject({ content: name, is_read: false });
    expect(c.frames.some((f) => (f.event as string) === "notification")).toBe(false); // not on the chat's socket
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?1 AND name = 'quiz_won'", p.user.id)).toBe(1);
    expect((await auditOf("chat.quiz_won")).at(-1)).toMatchObject({ actor_id: mod.user.id, target_user_id: p.user.id, details: { item_id: item } });
    // the winner's inventory now lists it
    const inv = await (await import("./user-fixtures")).post("/api/user/getInventory", { appId: 730 }, p.token);
    expect(JSON.stringify(await inv.json())).toContain(name);

    // the quiz is over: the answer is just a message now, and stopping is refused
    advanceClock(CHAT.minIntervalMs);
    expect(await say(c, "paris")).toMatchObject({ status: "success" });
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?1 AND name = 'quiz_won'", p.user.id)).toBe(1);
    expect(await adminChatCall("quiz/stop", {}, mod.token)).toMatchObject({ status: 409 });
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("the bell row lands in the award's batch: a retried award (the first one committed) writes no second row", async () => {
    const mod = await moderator();
    const name = `Quiz Batch ${crypto.randomUUID().slice(0, 6)}`;
    const item = await houseItem(1_500, "quiz", name);
    const p = await player();
    const quiz = { id: 1, question: "q", answer: "a", itemId: item, actorId: mod.user.id };
    const first = await awardQuizItem(env, quiz, p.user.id, name);
    expect(first).toMatchObject({ result: "awarded", notification: { name: "quiz_won", content: name, is_read: false } });
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?1 AND name = 'quiz_won'", p.user.id)).toBe(1);
    // the room restarted before it pushed: the retry finds the item awarded and the row written
    expect(await awardQuizItem(env, quiz, p.user.id, name)).toEqual({ result: "awarded", notification: null });
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?1 AND name = 'quiz_won'", p.user.id)).toBe(1);
  });

  it("two right answers at the same moment: exactly one wins the item", async () => {
    const mod = await moderator();
    const item = await houseItem(3_000);
    const players = [await player(), await player(), await player()];
    const sockets = await Promise.all(players.slice(0, 2).map((p) => socket(p)));
    const watcher = await socket();
    expect((await start(mod.token, { question: "Best game?", answer: "crash", item_id: item })).status).toBe(200);

    // two sockets and one HTTP call, all at once
    sockets[0]!.send({ event: "sendMessage", data: { message: "crash" } });
    sockets[1]!.send({ event: "sendMessage", data: { message: "CRASH" } });
    const http = await chatCall("sendMessage", { message: "Crash" }, players[2]!.token);
    expect(http.status).toBe(200);
    await Promise.all(sockets.map((s) => next(s, "chatAnswer")));
    await next(watcher, "newMessage", (f) => f.data.message === "system.quiz_won");
    // the prize is handed over by the room's award step (its alarm), after the announcement
    await vi.waitFor(async () => expect(players.map((p) => p.user.id)).toContain((await itemRow(item))?.owner_id));

    const row = await itemRow(item);
    const winner = players.find((p) => p.user.id === row!.owner_id);
    expect(winner).toBeDefined();
    expect(row!.status).toBe("available");
    expect(all(watcher, "newMessage").filter((f) => f.data.message === "system.quiz_won")).toHaveLength(1);
    const ids = players.map((p) => p.user.id);
    expect(await count(`SELECT COUNT(*) AS n FROM notifications WHERE name = 'quiz_won' AND user_id IN (${ids.join(",")})`)).toBe(1);
    expect((await auditOf("chat.quiz_won")).filter((a) => ids.includes(a.target_user_id!))).toHaveLength(1);
    // all three answers were posted as messages
    expect(all(watcher, "newMessage").filter((f) => f.data.message.toLowerCase() === "crash")).toHaveLength(3);
  });

  it("refused messages (too fast, links, muted) never win", async () => {
    const mod = await moderator();
    const item = await houseItem();
    const p = await player();
    const c = await socket(p);
    expect((await start(mod.token, { question: "Domain?", answer: "site.com", item_id: item })).status).toBe(200);
    expect(await say(c, "site.com")).toMatchObject({ message: "chat_api.links" });
    expect((await say(c, "hello")).status).toBe("success");
    expect(await say(c, "site.com")).toMatchObject({ message: "chat_api.links" });
    expect((await chatRoom(env).quizState()).isActive).toBe(true);
    expect(await itemRow(item)).toMatchObject({ owner_id: null, status: "quiz" });
  });
});
