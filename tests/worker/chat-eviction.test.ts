// The chat survives its Durable Object being evicted or restarted: history (and its ids), mutes,
// a running quiz, and a prize whose hand-over was cut short all come back from storage and D1.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { CHAT } from "../../shared/constants";
import type { QuizState } from "../../worker/rooms/chat/quiz";
import { chatRoom } from "../../worker/rooms/chat/stub";
import { adminChatCall, all, banReason, chatCall, connectChat, houseItem, moderator, next, player, say } from "./chat-client";
import { advanceClock } from "./crash-client";
import { count, itemRow } from "./crash-fixtures";
import { closeAll, type ChatClient } from "./hub-client";

let open: ChatClient[] = [];
async function socket(who?: Parameters<typeof connectChat>[0]) {
  const c = await connectChat(who);
  open.push(c);
  return c;
}
afterEach(() => {
  closeAll(open);
  open = [];
});
afterAll(() => vi.useRealTimers());

describe("eviction", () => {
  it("keeps history, mutes and the running quiz; ids keep counting; the quiz can still be won", async () => {
    const mod = await moderator();
    const p = await player();
    const muted = await player();
    const reason = await banReason(true, "Spam");
    const c = await socket(p);
    expect((await say(c, "before eviction")).status).toBe("success");
    expect((await chatCall("ban", { user_id: muted.user.id, duration: 60, reason_id: reason.id }, mod.token)).status).toBe(200);
    const item = await houseItem(1_200);
    const started = await adminChatCall<{ quiz: { id: number } }>("quiz/start", { question: "Color of the sky?", answer: "blue", item_id: item }, mod.token);
    expect(started.status).toBe(200);
    const history = await chatRoom(env).history();
    const quiz = await chatRoom(env).quizState();

    await evictDurableObject(chatRoom(env));

    const fresh = await socket();
    expect(all(fresh, "loadChat")[0]!.data.messages).toEqual(history);
    expect(all(fresh, "quizInit")[0]!.data).toEqual(quiz);
    expect(quiz).toMatchObject({ id: started.body.quiz.id, isActive: true });
    expect(await chatCall("sendMessage", { message: "hi" }, muted.token)).toMatchObject({ status: 403, body: { message: "chat_api.banned", reason: "Spam" } });

    advanceClock(CHAT.minIntervalMs);
    const again = await socket(p);
    const blue = await say(again, "Blue");
    expect(blue, JSON.stringify(blue)).toMatchObject({ status: "success" });
    await next(fresh, "newMessage", (f) => f.data.message === "system.quiz_won");
    const after = await chatRoom(env).history();
    const ids = after.map((m) => m.id);
    expect(Math.min(...ids.slice(-2))).toBeGreaterThan(Math.max(...history.map((m) => m.id)));
    expect(await itemRow(item)).toMatchObject({ owner_id: p.user.id, status: "available" });
  });

  it("a prize whose hand-over was cut short by a restart is handed over once the room runs again", async () => {
    const mod = await moderator();
    const p = await player();
    const item = await houseItem(900, "available", `Resume Prize ${crypto.randomUUID().slice(0, 6)}`);
    const started = await adminChatCall<{ quiz: QuizState }>("quiz/start", { question: "q?", answer: "yes", item_id: item }, mod.token);
    expect(started.status).toBe(200);
    // as if the room had marked the winner and was evicted before D1 moved the item
    await runInDurableObject(chatRoom(env), async (_instance, state) => {
      const quiz = (await state.storage.get<QuizState>("chat:quiz"))!;
      await state.storage.put("chat:quiz", { ...quiz, winner: { userId: p.user.id, username: p.user.username } });
    });
    await evictDurableObject(chatRoom(env));
    const watcher = await socket(); // wakes the room: it re-arms the hand-over
    expect(all(watcher, "quizInit")[0]!.data.isActive).toBe(false);
    expect(await itemRow(item)).toMatchObject({ owner_id: null, status: "quiz" });
    expect(await runDurableObjectAlarm(chatRoom(env))).toBe(true);

    expect(await itemRow(item)).toMatchObject({ owner_id: p.user.id, status: "available" });
    await next(watcher, "newMessage", (f) => f.data.type === "MESSAGE" && f.data.message === "system.quiz_won" && f.data.params?.username === p.user.username);
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?1 AND name = 'quiz_won'", p.user.id)).toBe(1);
    expect((await chatRoom(env).quizState()).isActive).toBe(false);
    // a new quiz may start
    const next2 = await houseItem();
    expect((await adminChatCall("quiz/start", { question: "q2", answer: "a", item_id: next2 }, mod.token)).status).toBe(200);
    expect((await adminChatCall("quiz/stop", {}, mod.token)).status).toBe(200);
  });
});
