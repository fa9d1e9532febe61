// The console's audit log: POST /api/admin/audit/list (admins) — filters, keyset pages, access.
// The chat log (POST /api/admin/chat/log) is tested in chat-log.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { auditListAnswer } from "../../shared/api/admin-audit";
import { CONSOLE } from "../../shared/constants";
import { makeUser, post } from "./user-fixtures";

async function auditList(body: unknown, token: string) {
  const res = await post("/api/admin/audit/list", body, token);
  expect(res.status).toBe(200);
  return auditListAnswer.parse(await res.json());
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
