// Moderation (spec §6, §7 /api/chat/*): mutes with durations and reasons, their expiry, unmute,
// forever, the refusals, staff checks on every route, delete and clear with their loadChat, and
// the audit rows each action writes.
import { env } from "cloudflare:workers";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { CHAT } from "../../shared/constants";
import { chatRoom } from "../../worker/rooms/chat/stub";
import { adminChatCall, admin, all, auditOf, banReason, chatCall, connectChat, moderator, mutesOf, next, player, say } from "./chat-client";
import { advanceClock } from "./crash-client";
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

const ban = (token: string, body: Record<string, unknown>) => chatCall("ban", body, token);

describe("mute (POST /api/chat/ban)", () => {
  it("mutes for 5 minutes: sending is refused with minutes left and the reason, the mute is audited", async () => {
    const mod = await moderator();
    const p = await player();
    const reason = await banReason(true, "Spam");
    const c = await socket(p);
    expect((await say(c, "before")).status).toBe("success");

    expect(await ban(mod.token, { user_id: p.user.id, duration: 5, reason_id: reason.id })).toEqual({
      status: 200,
      body: { success: true, message: "chat_api.blocked" },
    });
    advanceClock(CHAT.minIntervalMs);
    expect(await say(c, "after")).toEqual({ status: "error", message: "chat_api.banned", duration: 5, reason: "Spam" });
    const http = await chatCall("sendMessage", { message: "after" }, p.token);
    expect(http).toMatchObject({ status: 403, body: { status: "error", message: "chat_api.banned", duration: 5, reason: "Spam" } });
    // half a minute later: 4.5 minutes left → 5 (rounded up); 2 minutes later → 3
    advanceClock(30_000);
    expect((await say(c, "x")).duration).toBe(5);
    advanceClock(90_000);
    expect((await say(c, "x")).duration).toBe(3);
    expect((await chatRoom(env).history()).some((m) => m.message === "after")).toBe(false);

    const [mute] = await mutesOf(p.user.id);
    expect(mute).toMatchObject({ moderator_id: mod.user.id, reason_id: reason.id, duration_minutes: 5, lifted_at: null });
    expect(mute!.until).toBeGreaterThan(Date.now());
    const audit = (await auditOf("chat.mute")).filter((a) => a.target_user_id === p.user.id);
    expect(audit).toEqual([
      expect.objectContaining({ actor_id: mod.user.id, details: expect.objectContaining({ duration: 5, reason: "Spam", reason_id: reason.id }) }),
    ]);
  });

  it("a mute expires by itself (until in the past)", async () => {
    const mod = await moderator();
    const p = await player();
    const reason = await banReason();
    expect((await ban(mod.token, { user_id: p.user.id, duration: 20, reason_id: reason.id })).status).toBe(200);
    expect((await chatCall("sendMessage", { message: "x" }, p.token)).body).toMatchObject({ message: "chat_api.banned", duration: 20 });
    await env.DB.prepare("UPDATE chat_mutes SET until = ?2 WHERE user_id = ?1")
      .bind(p.user.id, Date.now() - 1)
      .run();
    expect(await chatCall("sendMessage", { message: "free again" }, p.token)).toMatchObject({ status: 200, body: { message: "chat_api.message_sent" } });
    // and, expired, it no longer blocks a new mute
    expect((await ban(mod.token, { user_id: p.user.id, duration: 60, reason_id: reason.id })).status).toBe(200);
  });

  it("a mute expires with time (the clock moves past it)", async () => {
    const mod = await moderator();
    const p = await player();
    const reason = await banReason();
    expect((await ban(mod.token, { user_id: p.user.id, duration: 5, reason_id: reason.id })).status).toBe(200);
    advanceClock(5 * 60_000 - 1_000);
    expect((await chatCall("sendMessage", { message: "x" }, p.token)).body).toMatchObject({ message: "chat_api.banned", duration: 1 });
    advanceClock(1_000);
    expect((await chatCall("sendMessage", { message: "back" }, p.token)).status).toBe(200);
  });

  it("a muted user who reconnects is still muted", async () => {
    const mod = await moderator();
    const p = await player();
    const reason = await banReason(true, "Flood");
    expect((await ban(mod.token, { user_id: p.user.id, duration: 800, reason_id: reason.id })).status).toBe(200);
    const first = await socket(p);
    expect(await say(first, "hi")).toMatchObject({ message: "chat_api.banned", duration: 800, reason: "Flood" });
    first.close();
    const again = await socket(p);
    expect(await say(again, "hi again")).toMatchObject({ message: "chat_api.banned", duration: 800, reason: "Flood" });
  });

  it("forever: chat_api.banned_forever with duration null; unBan lifts it (audited)", async () => {
    const mod = await moderator();
    const p = await player();
    const reason = await banReason(true, "Insults");
    expect((await ban(mod.token, { user_id: p.user.id, duration: null, reason_id: reason.id })).status).toBe(200);
    const c = await socket(p);
    expect(await say(c, "hi")).toEqual({ status: "error", message: "chat_api.banned_forever", duration: null, reason: "Insults" });
    expect((await mutesOf(p.user.id))[0]).toMatchObject({ duration_minutes: null, until: null });

    expect(await chatCall("unBan", { id: p.user.id }, mod.token)).toEqual({ status: 200, body: { success: true, message: "chat_api.unblocked" } });
    expect(await say(c, "hi")).toMatchObject({ status: "success" });
    expect((await mutesOf(p.user.id))[0]).toMatchObject({ lifted_by: mod.user.id });
    expect((await auditOf("chat.unmute")).filter((a) => a.target_user_id === p.user.id)).toEqual([expect.objectContaining({ actor_id: mod.user.id })]);
    // nothing left to lift
    expect(await chatCall("unBan", { id: p.user.id }, mod.token)).toMatchObject({ status: 409, body: { message: "chat_api.not_blocked" } });
  });

  it("refuses: self, an already muted user, an inactive or unknown reason, an unknown user, a bad duration", async () => {
    const mod = await moderator();
    const p = await player();
    const active = await banReason();
    const inactive = await banReason(false);
    expect(await ban(mod.token, { user_id: mod.user.id, duration: 5, reason_id: active.id })).toMatchObject({
      status: 400,
      body: { message: "chat_api.cannot_block_self" },
    });
    expect(await ban(mod.token, { user_id: p.user.id, duration: 5, reason_id: inactive.id })).toMatchObject({
      status: 400,
      body: { message: "chat_api.invalid_reason" },
    });
    expect(await ban(mod.token, { user_id: p.user.id, duration: 5, reason_id: 999_999 })).toMatchObject({
      status: 400,
      body: { message: "chat_api.invalid_reason" },
    });
    expect(await ban(mod.token, { user_id: 999_999, duration: 5, reason_id: active.id })).toMatchObject({
      status: 404,
      body: { message: "chat_api.user_not_found" },
    });
    expect(await ban(mod.token, { user_id: p.user.id, duration: 7, reason_id: active.id })).toMatchObject({
      status: 400,
      body: { message: "app_api.invalid_request" },
    });
    expect(await ban(mod.token, { user_id: p.user.id, duration: 0, reason_id: active.id })).toMatchObject({ status: 400 });
    expect(await mutesOf(p.user.id)).toHaveLength(0);

    expect((await ban(mod.token, { user_id: p.user.id, duration: 5, reason_id: active.id })).status).toBe(200);
    expect(await ban(mod.token, { user_id: p.user.id, duration: 60, reason_id: active.id })).toMatchObject({
      status: 409,
      body: { message: "chat_api.already_blocked" },
    });
    expect(await mutesOf(p.user.id)).toHaveLength(1);
    expect(await chatCall("unBan", { id: 999_999 }, mod.token)).toMatchObject({ status: 404, body: { message: "chat_api.user_not_found" } });
  });

  it("two concurrent mutes of one user: exactly one lands", async () => {
    const [m1, m2] = [await moderator(), await moderator()];
    const p = await player();
    const reason = await banReason();
    const results = await Promise.all([
      ban(m1.token, { user_id: p.user.id, duration: 5, reason_id: reason.id }),
      ban(m2.token, { user_id: p.user.id, duration: 20, reason_id: reason.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await mutesOf(p.user.id)).toHaveLength(1);
  });

  it("a moderator cannot mute staff; an admin may mute a moderator but not an admin", async () => {
    const mod = await moderator();
    const otherMod = await moderator();
    const boss = await admin();
    const otherBoss = await admin();
    const reason = await banReason();
    expect(await ban(mod.token, { user_id: boss.user.id, duration: 5, reason_id: reason.id })).toMatchObject({
      status: 403,
      body: { message: "chat_api.cannot_block_staff" },
    });
    expect(await ban(mod.token, { user_id: otherMod.user.id, duration: 5, reason_id: reason.id })).toMatchObject({
      status: 403,
      body: { message: "chat_api.cannot_block_staff" },
    });
    expect(await ban(boss.token, { user_id: otherBoss.user.id, duration: 5, reason_id: reason.id })).toMatchObject({
      status: 403,
      body: { message: "chat_api.cannot_block_staff" },
    });
    expect(await mutesOf(boss.user.id)).toHaveLength(0);
    expect((await ban(boss.token, { user_id: mod.user.id, duration: 5, reason_id: reason.id })).status).toBe(200);
    // the muted moderator cannot chat either
    expect((await chatCall("sendMessage", { message: "hi" }, mod.token)).body).toMatchObject({ message: "chat_api.banned" });
  });
});

describe("the staff list of active mutes", () => {
  it("lists active mutes newest first with who, why and until; lifted and expired ones drop out", async () => {
    const mod = await moderator();
    const [a, b, c] = [await player(), await player(), await player()];
    const spam = await banReason(true, "Spam list");
    expect((await ban(mod.token, { user_id: a.user.id, duration: 20, reason_id: spam.id })).status).toBe(200);
    expect((await ban(mod.token, { user_id: b.user.id, duration: null, reason_id: spam.id })).status).toBe(200);
    expect((await ban(mod.token, { user_id: c.user.id, duration: 5, reason_id: spam.id })).status).toBe(200);
    await env.DB.prepare("UPDATE chat_mutes SET until = ?2 WHERE user_id = ?1")
      .bind(c.user.id, Date.now() - 1)
      .run();

    type Mute = { user: { id: number; username: string }; moderator: { id: number }; reason: string; duration: number | null; until: number | null };
    const list = async () => ((await chatCall("mutes", {}, mod.token)).body as { mutes: Mute[] }).mutes;
    const mine = (ms: Mute[]) => ms.filter((m) => [a.user.id, b.user.id, c.user.id].includes(m.user.id));
    const listed = mine(await list());
    expect(listed.map((m) => m.user.id)).toEqual([b.user.id, a.user.id]);
    expect(listed[0]).toMatchObject({ user: { username: b.user.username }, moderator: { id: mod.user.id }, reason: "Spam list", duration: null, until: null });
    expect(listed[1]).toMatchObject({ duration: 20, until: expect.any(Number) });

    expect((await chatCall("unBan", { id: b.user.id }, mod.token)).status).toBe(200);
    expect(mine(await list()).map((m) => m.user.id)).toEqual([a.user.id]);
  });
});

describe("staff only, on every route", () => {
  const staffRoutes: [string, (token?: string) => Promise<{ status: number; body: Record<string, unknown> }>][] = [
    ["/api/chat/delete", (t) => chatCall("delete", { id: 1 }, t)],
    ["/api/chat/ban", (t) => chatCall("ban", { user_id: 1, duration: 5, reason_id: 1 }, t)],
    ["/api/chat/unBan", (t) => chatCall("unBan", { id: 1 }, t)],
    ["/api/chat/clear", (t) => chatCall("clear", {}, t)],
    ["/api/chat/mutes", (t) => chatCall("mutes", {}, t)],
    ["/api/admin/chat/quiz/start", (t) => adminChatCall("quiz/start", { question: "q", answer: "a", item_id: 1 }, t)],
    ["/api/admin/chat/quiz/stop", (t) => adminChatCall("quiz/stop", {}, t)],
  ];

  it.each(staffRoutes)("%s: a player gets 403 chat_api.forbidden, a visitor 401, even with a bad body", async (_path, call) => {
    const p = await player();
    expect(await call(p.token)).toMatchObject({ status: 403, body: { status: "error", message: "chat_api.forbidden" } });
    expect(await call()).toMatchObject({ status: 401, body: { message: "user_api.unauthorized" } });
  });

  it("a player's moderation attempts change nothing: no mute, no deletion, no clear, no audit", async () => {
    const p = await player();
    const victim = await player();
    const reason = await banReason();
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log").first<{ n: number }>())!.n;
    const c = await socket(victim);
    expect((await say(c, "keep me")).status).toBe("success");
    const kept = (await chatRoom(env).history()).at(-1)!;
    expect((await chatCall("ban", { user_id: victim.user.id, duration: 5, reason_id: reason.id }, p.token)).status).toBe(403);
    expect((await chatCall("delete", { id: kept.id }, p.token)).status).toBe(403);
    expect((await chatCall("clear", {}, p.token)).status).toBe(403);
    expect(await mutesOf(victim.user.id)).toHaveLength(0);
    expect((await chatRoom(env).history()).some((m) => m.id === kept.id)).toBe(true);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log").first<{ n: number }>())!.n).toBe(before);
  });
});

describe("delete and clear", () => {
  it("delete removes the message, broadcasts a fresh loadChat and audits the text", async () => {
    const mod = await moderator();
    const p = await player();
    const c = await socket(p);
    const watcher = await socket();
    expect((await say(c, "rude words")).status).toBe("success");
    const msg = (await next(watcher, "newMessage", (f) => f.data.message === "rude words")).data;
    const loads = all(watcher, "loadChat").length;

    expect(await chatCall("delete", { id: msg.id }, mod.token)).toEqual({ status: 200, body: { success: true, message: "chat_api.deleted" } });
    const fresh = await next(watcher, "loadChat", () => true, loads);
    expect(fresh.data.messages.some((m) => m.id === msg.id)).toBe(false);
    expect((await chatRoom(env).history()).some((m) => m.id === msg.id)).toBe(false);
    expect((await auditOf("chat.delete")).at(-1)).toMatchObject({
      actor_id: mod.user.id,
      target_user_id: p.user.id,
      details: { message_id: msg.id, message: "rude words" },
    });

    expect(await chatCall("delete", { id: msg.id }, mod.token)).toMatchObject({ status: 404, body: { message: "chat_api.message_not_found" } });
    expect(await chatCall("delete", { id: "abc" }, mod.token)).toMatchObject({ status: 400, body: { message: "app_api.invalid_request" } });
  });

  it("delete with a reason records it as the why; an inactive or unknown reason changes nothing", async () => {
    const mod = await moderator();
    const p = await player();
    const c = await socket(p);
    const reason = await banReason(true);
    const inactive = await banReason(false);
    expect((await say(c, "spam spam spam")).status).toBe("success");
    const msg = (await chatRoom(env).history()).findLast((m) => m.message === "spam spam spam")!;

    for (const reason_id of [inactive.id, 999_999]) {
      expect(await chatCall("delete", { id: msg.id, reason_id }, mod.token)).toMatchObject({ status: 400, body: { message: "chat_api.invalid_reason" } });
    }
    expect((await chatRoom(env).history()).some((m) => m.id === msg.id)).toBe(true);
    expect(await chatCall("delete", { id: msg.id, reason_id: reason.id }, mod.token)).toMatchObject({ status: 200, body: { message: "chat_api.deleted" } });
    expect((await auditOf("chat.delete")).at(-1)).toMatchObject({
      actor_id: mod.user.id,
      target_user_id: p.user.id,
      details: { message_id: msg.id, message: "spam spam spam", reason_id: reason.id, reason: reason.name },
    });
  });

  it("clear leaves only the system 'chat cleared' message, broadcast as loadChat, audited", async () => {
    const boss = await admin();
    const p = await player();
    const c = await socket(p);
    expect((await say(c, "soon gone")).status).toBe("success");
    const loads = all(c, "loadChat").length;
    const before = (await chatRoom(env).history()).length;

    expect(await chatCall("clear", {}, boss.token)).toEqual({ status: 200, body: { success: true, message: "chat_api.cleared" } });
    const fresh = await next(c, "loadChat", () => true, loads);
    expect(fresh.data.messages).toEqual([
      expect.objectContaining({ type: "MESSAGE", message: "system.chat_cleared", user: expect.objectContaining({ id: 0, username: "System" }) }),
    ]);
    expect(await chatRoom(env).history()).toEqual(fresh.data.messages);
    expect((await auditOf("chat.clear")).at(-1)).toMatchObject({ actor_id: boss.user.id, details: { messages: before } });
    const late = await socket();
    expect(all(late, "loadChat")[0]!.data.messages).toEqual(fresh.data.messages);
  });
});
