// The console's logs: POST /api/admin/audit/list (admins) and POST /api/admin/chat/log (moderators
// and admins) — filters, keyset pages, access.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { auditListAnswer, chatLogAnswer } from "../../shared/api/admin-audit";
import { CONSOLE } from "../../shared/constants";
import { chatRoom } from "../../worker/rooms/chat/stub";
import { banReason, player } from "./chat-client";
import { makeUser, post } from "./user-fixtures";

async function auditList(body: unknown, token: string) {
  const res = await post("/api/admin/audit/list", body, token);
  expect(res.status).toBe(200);
  return auditListAnswer.parse(await res.json());
}

async function chatLog(body: unknown, token: string) {
  const res = await post("/api/admin/chat/log", body, token);
  expect(res.status).toBe(200);
  return chatLogAnswer.parse(await res.json());
}

describe("POST /api/admin/audit/list", () => {
  it("lists rows newest first with actor, target, details, before/after and ip; filters by actor, action, prefix, target, time", async () => {
    const boss = await makeUser({ isAdmin: true, username: "auditor" });
    const target = await makeUser({ username: "audited" });
    const t0 = Date.now();
    expect((await post("/api/admin/users/ban", { user_id: target.user.id, reason: "spam" }, boss.token, { "CF-Connecting-IP": "203.0.113.7" })).status).toBe(
      200,
    );
    expect((await post("/api/admin/users/unban", { user_id: target.user.id }, boss.token)).status).toBe(200);

    const mine = await auditList({ actor_id: boss.user.id }, boss.token);
    expect(mine.rows.map((r) => r.action)).toEqual(["user.unban", "user.ban"]);
    expect(mine.rows[1]).toMatchObject({
      actor: { id: boss.user.id, username: "auditor" },
      target: { id: target.user.id, username: "audited" },
      details: { reason: "spam" },
      before: { banned: false },
      after: { banned: true },
      ip: "203.0.113.7",
    });
    expect(mine.rows[1]!.created_at).toBeGreaterThanOrEqual(t0);
    expect(mine.next_cursor).toBeNull();
    expect(mine.actions).toEqual(expect.arrayContaining(["user.ban", "user.unban"]));
    expect(mine.actions).toEqual([...mine.actions].sort());

    expect((await auditList({ actor_id: boss.user.id, action: "user.ban" }, boss.token)).rows.map((r) => r.action)).toEqual(["user.ban"]);
    expect((await auditList({ actor_id: boss.user.id, action: "user." }, boss.token)).rows).toHaveLength(2);
    expect((await auditList({ actor_id: boss.user.id, action: "chat." }, boss.token)).rows).toEqual([]);
    expect((await auditList({ target_user_id: target.user.id }, boss.token)).rows).toHaveLength(2);
    expect((await auditList({ actor_id: boss.user.id, from: Date.now() + 60_000 }, boss.token)).rows).toEqual([]);
    expect((await auditList({ actor_id: boss.user.id, to: t0 - 1 }, boss.token)).rows).toEqual([]);
    expect((await auditList({ actor_id: boss.user.id, cursor: mine.rows[0]!.id }, boss.token)).rows.map((r) => r.action)).toEqual(["user.ban"]);
  });

  it("pages by id with a cursor", async () => {
    const boss = await makeUser({ isAdmin: true });
    for (let i = 0; i < CONSOLE.pageSize + 1; i++) {
      await env.DB.prepare("INSERT INTO audit_log (actor_id, action, details, created_at) VALUES (?1, 'test.row', '{}', ?2)")
        .bind(boss.user.id, Date.now())
        .run();
    }
    const first = await auditList({ actor_id: boss.user.id }, boss.token);
    expect(first.rows).toHaveLength(CONSOLE.pageSize);
    expect(first.next_cursor).toBe(first.rows.at(-1)?.id);
    const second = await auditList({ actor_id: boss.user.id, cursor: first.next_cursor }, boss.token);
    expect(second.rows).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
  });

  it("refuses a visitor (401), a player and a moderator (403), and bad filters (400)", async () => {
    expect((await post("/api/admin/audit/list", {})).status).toBe(401);
    for (const caller of [await makeUser(), await makeUser({ isModerator: true })]) {
      const res = await post("/api/admin/audit/list", {}, caller.token);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: "user_api.forbidden" });
    }
    const boss = await makeUser({ isAdmin: true });
    for (const body of [{ action: "User Ban" }, { actor_id: 0 }, { from: -1 }, { cursor: "x" }, { other: 1 }]) {
      expect((await post("/api/admin/audit/list", body, boss.token)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("POST /api/admin/chat/log", () => {
  it("lists kept messages and deleted ones (with who deleted them and why), newest first; filters by user and text", async () => {
    const mod = await makeUser({ isModerator: true, username: "modder" });
    const a = await player(500, { username: "writer_a" });
    const b = await player(500, { username: "writer_b" });
    const tag = crypto.randomUUID().slice(0, 6);
    const room = chatRoom(env);
    expect((await room.postMessage(a.user.id, `hello ${tag} one`)).body.status).toBe("success");
    expect((await room.postMessage(b.user.id, `rude ${tag} two`)).body.status).toBe("success");
    const kept = await room.history();
    const rude = kept.find((m) => m.message === `rude ${tag} two`)!;
    const reason = await banReason(true, "Insults");
    expect((await post("/api/chat/delete", { id: rude.id, reason_id: reason.id }, mod.token)).status).toBe(200);

    const log = await chatLog({ text: tag }, mod.token);
    expect(log.rows.map((r) => r.text)).toEqual([`rude ${tag} two`, `hello ${tag} one`]);
    expect(log.rows[0]).toMatchObject({
      id: rude.id,
      user: { id: b.user.id, username: "writer_b" },
      time: null,
      deleted: { by: { id: mod.user.id, username: "modder" }, reason: "Insults" },
    });
    expect(log.rows[1]).toMatchObject({ user: { id: a.user.id }, deleted: null });
    expect(log.rows[1]!.time).toBeGreaterThan(0);

    expect((await chatLog({ user_id: b.user.id }, mod.token)).rows.map((r) => r.id)).toEqual([rude.id]);
    expect((await chatLog({ text: tag.toUpperCase(), user_id: a.user.id }, mod.token)).rows).toHaveLength(1);
    expect((await chatLog({ text: tag, cursor: rude.id }, mod.token)).rows.map((r) => r.text)).toEqual([`hello ${tag} one`]);

    const all = await chatLog({}, mod.token);
    const ids = all.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });

  it("is for staff: 401 to a visitor, 403 chat_api.forbidden to a player; an admin may read it", async () => {
    expect((await post("/api/admin/chat/log", {})).status).toBe(401);
    const p = await makeUser();
    const res = await post("/api/admin/chat/log", {}, p.token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "chat_api.forbidden" });
    const boss = await makeUser({ isAdmin: true });
    expect((await post("/api/admin/chat/log", {}, boss.token)).status).toBe(200);
    expect((await post("/api/admin/chat/log", { user_id: "nobody" }, boss.token)).status).toBe(400);
  });
});
