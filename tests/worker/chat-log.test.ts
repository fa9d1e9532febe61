// The chat log (table chat_messages, POST /api/admin/chat/log): every message the room posts lands
// in D1 once (socket, HTTP, command cards, system lines), ids stay unique across a restart, a
// moderator's delete marks the row in the batch of its audit row, and the console reads it newest
// first by cursor with each filter; staff only, strict input.
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { chatLogAnswer } from "../../shared/api/admin-audit";
import type { ChatMessageJson } from "../../shared/api/chat";
import { CHAT, CONSOLE } from "../../shared/constants";
import { logMessages } from "../../worker/rooms/chat/log";
import { chatRoom } from "../../worker/rooms/chat/stub";
import { adminChatCall, auditOf, banReason, chatCall, connectChat, houseItem, moderator, next, player, say } from "./chat-client";
import { advanceClock } from "./crash-client";
import { closeAll, type ChatClient } from "./hub-client";
import { makeUser, post } from "./user-fixtures";

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

interface LogRow {
  id: number;
  user_id: number;
  type: string;
  text: string;
  params: string | null;
  created_at: number;
  deleted_at: number | null;
  deleted_by: number | null;
  delete_reason: string | null;
}

async function rowsOf(userId: number): Promise<LogRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM chat_messages WHERE user_id = ?1 ORDER BY id").bind(userId).all<LogRow>();
  return results;
}

async function rowById(id: number): Promise<LogRow | null> {
  return env.DB.prepare("SELECT * FROM chat_messages WHERE id = ?1").bind(id).first<LogRow>();
}

async function chatLog(body: unknown, token: string) {
  const res = await post("/api/admin/chat/log", body, token);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return chatLogAnswer.parse(await res.json());
}

const tagged = () => `t${crypto.randomUUID().slice(0, 8)}`;

describe("the room writes the log", () => {
  it("a message sent on the socket and one over HTTP land once each, with the id players saw", async () => {
    const p = await player();
    const watcher = await socket();
    const c = await socket(p);
    expect(await say(c, "over the socket")).toMatchObject({ status: "success" });
    const seen = await next(watcher, "newMessage", (f) => f.data.message === "over the socket");
    advanceClock(CHAT.minIntervalMs);
    expect((await chatCall("sendMessage", { message: "over http" }, p.token)).status).toBe(200);
    const seenHttp = await next(watcher, "newMessage", (f) => f.data.message === "over http");

    const rows = await rowsOf(p.user.id);
    expect(rows).toEqual([
      expect.objectContaining({ id: seen.data.id, type: "MESSAGE", text: "over the socket", params: null, created_at: seen.data.time, deleted_at: null }),
      expect.objectContaining({ id: seenHttp.data.id, type: "MESSAGE", text: "over http", created_at: seenHttp.data.time }),
    ]);

    // a second write of the same message (a retry, the history re-logged at a restart) changes nothing
    const kept = (await chatRoom(env).history()).filter((m) => m.user.id === p.user.id);
    await logMessages(env, kept);
    await evictDurableObject(chatRoom(env));
    await chatRoom(env).history();
    expect(await rowsOf(p.user.id)).toEqual(rows);
  });

  it("logs command cards and system lines (with their params); refused sends are not logged", async () => {
    const p = await player();
    expect((await chatCall("sendMessage", { message: "!stats" }, p.token)).status).toBe(200);
    advanceClock(CHAT.minIntervalMs);
    expect((await chatCall("sendMessage", { message: "see evil.com" }, p.token)).body).toMatchObject({ message: "chat_api.links" });
    expect((await rowsOf(p.user.id)).map((r) => [r.type, r.text])).toEqual([["stats", "!stats"]]);

    const tag = tagged();
    const line = await chatRoom(env).systemMessage("system.quiz_won", { username: tag, item: "AK-47" });
    expect(await rowById(line.id)).toMatchObject({
      user_id: 0,
      type: "MESSAGE",
      text: "system.quiz_won",
      params: JSON.stringify({ username: tag, item: "AK-47" }),
    });
  });

  it("logs a quiz's winning answer and the room's quiz_won line", async () => {
    const mod = await moderator();
    const p = await player();
    const item = await houseItem(1_200);
    expect((await adminChatCall("quiz/start", { question: "Colour of grass?", answer: "green", item_id: item }, mod.token)).status).toBe(200);
    expect((await chatCall("sendMessage", { message: "Green" }, p.token)).status).toBe(200);
    const winning = (await rowsOf(p.user.id)).map((r) => r.text);
    expect(winning).toEqual(["Green"]);
    const { results } = await env.DB.prepare("SELECT * FROM chat_messages WHERE user_id = 0 AND text = 'system.quiz_won' AND folded LIKE ?1")
      .bind(`%${p.user.username}%`)
      .all<LogRow>();
    expect(results).toHaveLength(1);
    expect(JSON.parse(results[0]!.params!)).toMatchObject({ username: p.user.username });
  });

  it("ids keep rising after a restart, even past ids the log holds that the room's storage lost", async () => {
    const before = await chatRoom(env).systemMessage("system.chat_cleared");
    // as if the room's storage had lost its counter: the log already holds a higher id
    const ahead = before.id + 1_000;
    await env.DB.prepare("INSERT INTO chat_messages (id, user_id, type, text, folded, created_at) VALUES (?1, 0, 'MESSAGE', 'system.chat_cleared', '', ?2)")
      .bind(ahead, Date.now())
      .run();
    await evictDurableObject(chatRoom(env));
    const after = await chatRoom(env).systemMessage("system.chat_cleared");
    expect(after.id).toBeGreaterThan(ahead);
    expect(await rowById(after.id)).toMatchObject({ id: after.id });
  });

  it("a cleared chat's notice is logged, and the cleared messages stay in the log (not deleted)", async () => {
    const mod = await moderator();
    const p = await player();
    expect((await chatCall("sendMessage", { message: "soon cleared" }, p.token)).status).toBe(200);
    expect((await chatCall("clear", {}, mod.token)).status).toBe(200);
    const [notice] = await chatRoom(env).history();
    expect(await rowById(notice!.id)).toMatchObject({ user_id: 0, text: "system.chat_cleared" });
    expect(await rowsOf(p.user.id)).toEqual([expect.objectContaining({ text: "soon cleared", deleted_at: null })]);
  });
});

describe("a moderator's delete", () => {
  async function sent(p: { token: string; user: { id: number } }, text: string): Promise<ChatMessageJson> {
    expect((await chatCall("sendMessage", { message: text }, p.token)).status).toBe(200);
    return (await chatRoom(env).history()).find((m) => m.message === text && m.user.id === p.user.id)!;
  }

  it("marks the row deleted (who, when, why) with the same time as its audit row", async () => {
    const mod = await moderator();
    const p = await player();
    const tag = tagged();
    const m = await sent(p, `rude ${tag}`);
    const reason = await banReason(true, "Insults");
    expect((await chatCall("delete", { id: m.id, reason_id: reason.id }, mod.token)).status).toBe(200);
    const row = await rowById(m.id);
    expect(row).toMatchObject({ text: `rude ${tag}`, created_at: m.time, deleted_by: mod.user.id, delete_reason: "Insults" });
    const audit = (await auditOf("chat.delete")).filter((a) => a.details.message_id === m.id);
    expect(audit).toEqual([expect.objectContaining({ actor_id: mod.user.id, target_user_id: p.user.id })]);
    const { created_at } = (await env.DB.prepare("SELECT created_at FROM audit_log WHERE action = 'chat.delete' AND json_extract(details, '$.message_id') = ?1")
      .bind(m.id)
      .first<{ created_at: number }>())!;
    expect(row!.deleted_at).toBe(created_at);
  });

  it("one batch: when either the audit row or the mark cannot be written, neither lands and the message stays", async () => {
    const mod = await moderator();
    const p = await player();
    for (const trigger of [
      "CREATE TRIGGER test_refuse BEFORE INSERT ON audit_log WHEN NEW.action = 'chat.delete' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
      "CREATE TRIGGER test_refuse BEFORE UPDATE OF deleted_at ON chat_messages BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
    ]) {
      advanceClock(CHAT.minIntervalMs);
      const m = await sent(p, `kept ${tagged()}`);
      await env.DB.prepare(trigger).run();
      try {
        expect((await post("/api/chat/delete", { id: m.id }, mod.token)).status).toBe(500);
      } finally {
        await env.DB.prepare("DROP TRIGGER test_refuse").run();
      }
      expect(await rowById(m.id)).toMatchObject({ deleted_at: null, deleted_by: null });
      expect((await auditOf("chat.delete")).filter((a) => a.details.message_id === m.id)).toEqual([]);
      expect((await chatRoom(env).history()).some((x) => x.id === m.id)).toBe(true);
    }
  });

  it("a message whose own log write never landed is logged by its delete, marked", async () => {
    const mod = await moderator();
    const p = await player();
    const m = await sent(p, `lost ${tagged()}`);
    await env.DB.prepare("DELETE FROM chat_messages WHERE id = ?1").bind(m.id).run();
    expect((await chatCall("delete", { id: m.id }, mod.token)).status).toBe(200);
    expect(await rowById(m.id)).toMatchObject({ user_id: p.user.id, text: m.message, created_at: m.time, deleted_by: mod.user.id, delete_reason: null });
  });
});

describe("the migration", () => {
  it("copied the messages deleted before the table existed from their chat.delete audit rows", async () => {
    const mod = await moderator();
    const p = await player();
    const id = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    await env.DB.prepare("INSERT INTO audit_log (actor_id, action, target_user_id, details, created_at) VALUES (?1, 'chat.delete', ?2, ?3, 1000)")
      .bind(mod.user.id, p.user.id, JSON.stringify({ message_id: id, type: "MESSAGE", message: "Old RUDE text", reason_id: 1, reason: "Spam" }))
      .run();
    // the migration's copy statement, run again over this audit row (twice: it copies once)
    const copy = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_chat_log.sql"))!.queries.find((q) => q.includes("INSERT INTO `chat_messages`"))!;
    await env.DB.prepare(copy).run();
    await env.DB.prepare(copy).run();
    expect(await rowById(id)).toMatchObject({
      user_id: p.user.id,
      type: "MESSAGE",
      text: "Old RUDE text",
      created_at: 1000,
      deleted_at: 1000,
      deleted_by: mod.user.id,
      delete_reason: "Spam",
    });
    await env.DB.prepare("DELETE FROM chat_messages WHERE id = ?1").bind(id).run(); // the room's ids must not jump in later tests
  });
});

describe("POST /api/admin/chat/log", () => {
  it("pages newest first by cursor across more than one page", async () => {
    const mod = await moderator();
    const tag = tagged();
    const room = chatRoom(env);
    const posted: number[] = [];
    for (let i = 0; i < CONSOLE.chatPageSize + 3; i++) posted.push((await room.systemMessage("system.quiz_won", { username: tag, item: String(i) })).id);
    const first = await chatLog({ text: tag }, mod.token);
    expect(first.rows).toHaveLength(CONSOLE.chatPageSize);
    expect(first.next_cursor).toBe(first.rows.at(-1)!.id);
    const second = await chatLog({ text: tag, cursor: first.next_cursor }, mod.token);
    expect(second.next_cursor).toBeNull();
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual([...posted].reverse());
    expect(first.rows[0]).toMatchObject({
      user: { id: 0, username: "System" },
      text: "system.quiz_won",
      params: { username: tag, item: String(posted.length - 1) },
    });
  });

  it("filters by author, text (case-insensitive, folded), send time and deleted", async () => {
    const mod = await moderator();
    const a = await player(500, { username: "writer_a" });
    const b = await player(500, { username: "writer_b" });
    const tag = tagged();
    const t0 = Date.now();
    expect((await chatCall("sendMessage", { message: `Привет ${tag} ОДИН` }, a.token)).status).toBe(200);
    advanceClock(10_000);
    const t1 = Date.now();
    expect((await chatCall("sendMessage", { message: `rude ${tag.toUpperCase()} two` }, b.token)).status).toBe(200);
    const rude = (await chatRoom(env).history()).find((m) => m.user.id === b.user.id)!;
    const reason = await banReason(true, "Insults");
    expect((await chatCall("delete", { id: rude.id, reason_id: reason.id }, mod.token)).status).toBe(200);

    const texts = async (body: Record<string, unknown>) => (await chatLog({ text: tag, ...body }, mod.token)).rows.map((r) => r.text);
    expect(await texts({})).toEqual([`rude ${tag.toUpperCase()} two`, `Привет ${tag} ОДИН`]);
    expect(await texts({ user_id: a.user.id })).toEqual([`Привет ${tag} ОДИН`]);
    // Cyrillic case, fullwidth letters and an invisible character fold away
    expect(await chatLog({ text: `привет ${tag.toUpperCase()} один` }, mod.token)).toMatchObject({ rows: [{ user: { id: a.user.id } }] });
    expect((await chatLog({ text: `ｒｕ\u200Bde ${tag}` }, mod.token)).rows.map((r) => r.id)).toEqual([rude.id]);
    expect(await texts({ from: t1 })).toEqual([`rude ${tag.toUpperCase()} two`]);
    expect(await texts({ to: t1 - 1 })).toEqual([`Привет ${tag} ОДИН`]);
    expect(await texts({ from: t0, to: t1 })).toHaveLength(2);
    expect(await texts({ deleted: false })).toEqual([`Привет ${tag} ОДИН`]);

    const deleted = await chatLog({ text: tag, deleted: true }, mod.token);
    expect(deleted.rows).toEqual([
      expect.objectContaining({
        id: rude.id,
        user: expect.objectContaining({ id: b.user.id, username: "writer_b" }),
        time: rude.time,
        deleted: { by: { id: mod.user.id, username: mod.user.username }, at: expect.any(Number), reason: "Insults" },
      }),
    ]);
    // with no filter: newest first, every id once
    const ids = (await chatLog({}, mod.token)).rows.map((r) => r.id);
    expect(ids).toEqual([...new Set(ids)].sort((x, y) => y - x));
  });

  it("is for staff: a moderator and an admin read it, a visitor gets 401, a player 403", async () => {
    expect((await post("/api/admin/chat/log", {})).status).toBe(401);
    const p = await makeUser();
    const res = await post("/api/admin/chat/log", {}, p.token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "chat_api.forbidden" });
    await chatLog({}, (await moderator()).token);
    await chatLog({}, (await makeUser({ isAdmin: true })).token);
  });

  it("refuses bad input with 400 app_api.invalid_request", async () => {
    const mod = await moderator();
    for (const body of [
      { cursor: "1" },
      { cursor: -1 },
      { cursor: 1.5 },
      { cursor: 0 },
      { cursor: Number.MAX_SAFE_INTEGER + 1 },
      { user_id: "1" },
      { user_id: 0 },
      { from: -1 },
      { to: 1.5 },
      { deleted: "yes" },
      { text: "x".repeat(101) },
      { other: 1 },
    ]) {
      const res = await post("/api/admin/chat/log", body, mod.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ message: "app_api.invalid_request" });
    }
  });
});
