import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { successAnswer } from "../../shared/api/admin";
import { auditRows, makeUser, post } from "./user-fixtures";

async function isBanned(id: number): Promise<boolean> {
  const row = await env.DB.prepare("SELECT banned FROM users WHERE id = ?1").bind(id).first<{ banned: number }>();
  return row?.banned === 1;
}

const EVERY_USER_CALL: Array<[string, unknown]> = [
  ["/api/user/get", {}],
  ["/api/user/getBalance", {}],
  ["/api/user/getUser", { user_id: 1 }],
  ["/api/user/getProfile", {}],
  ["/api/user/saveUrl", { trade_link: "https://steamcommunity.com/tradeoffer/new/?partner=1&token=abcdefgh" }],
  ["/api/user/getInventory", { appId: 730 }],
  ["/api/user/notification/readAll", {}],
  ["/api/getConfig", {}],
];

describe("POST /api/admin/users/ban and unban", () => {
  it("bans a user: every call then answers 403 user_api.banned; unban restores the same token", async () => {
    const boss = await makeUser({ isAdmin: true });
    const victim = await makeUser({ username: "cheater" });
    expect((await post("/api/user/get", {}, victim.token)).status).toBe(200);

    const res = await post("/api/admin/users/ban", { user_id: victim.user.id, reason: "multi-accounting" }, boss.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await isBanned(victim.user.id)).toBe(true);

    for (const [path, body] of EVERY_USER_CALL) {
      const r = await post(path, body, victim.token);
      expect(r.status, path).toBe(403);
      expect(await r.json()).toMatchObject({ status: "error", message: "user_api.banned" });
    }
    const yt = await exports.default.fetch("http://x/api/youtubers", { headers: { Authorization: `Bearer ${victim.token}` } });
    expect(yt.status).toBe(403);

    const un = await post("/api/admin/users/unban", { user_id: victim.user.id }, boss.token);
    expect(un.status).toBe(200);
    expect(successAnswer.parse(await un.json())).toEqual({ success: true });
    expect(await isBanned(victim.user.id)).toBe(false);
    for (const [path, body] of EVERY_USER_CALL) {
      expect((await post(path, body, victim.token)).status, path).toBe(200);
    }

    const audit = (await auditRows()).filter((a) => a.target_user_id === victim.user.id);
    expect(audit.map((a) => [a.actor_id, a.action])).toEqual([
      [boss.user.id, "user.ban"],
      [boss.user.id, "user.unban"],
    ]);
    expect(JSON.parse(audit[0]!.details)).toEqual({ reason: "multi-accounting" });
  });

  it("refuses to ban yourself (409 user_api.cannot_ban_self)", async () => {
    const boss = await makeUser({ isAdmin: true });
    const res = await post("/api/admin/users/ban", { user_id: boss.user.id }, boss.token);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "user_api.cannot_ban_self" });
    expect(await isBanned(boss.user.id)).toBe(false);
  });

  it("refuses an already banned user (409) and unbanning a user who is not banned (409), auditing neither", async () => {
    const boss = await makeUser({ isAdmin: true });
    const banned = await makeUser({ banned: true });
    const free = await makeUser();
    const before = await auditRows();

    const again = await post("/api/admin/users/ban", { user_id: banned.user.id }, boss.token);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "user_api.already_banned" });

    const notBanned = await post("/api/admin/users/unban", { user_id: free.user.id }, boss.token);
    expect(notBanned.status).toBe(409);
    expect(await notBanned.json()).toMatchObject({ message: "user_api.not_banned" });
    expect(await auditRows()).toEqual(before);
  });

  it("answers 404 User not found for an unknown user on ban and unban", async () => {
    const boss = await makeUser({ isAdmin: true });
    for (const path of ["/api/admin/users/ban", "/api/admin/users/unban"]) {
      const res = await post(path, { user_id: 424_242 }, boss.token);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: "User not found" });
    }
  });

  it("bans exactly once when two admins ban at the same time", async () => {
    const a = await makeUser({ isAdmin: true });
    const b = await makeUser({ isAdmin: true });
    const victim = await makeUser();
    const answers = await Promise.all([
      post("/api/admin/users/ban", { user_id: victim.user.id }, a.token),
      post("/api/admin/users/ban", { user_id: victim.user.id }, b.token),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await auditRows()).filter((x) => x.target_user_id === victim.user.id)).toHaveLength(1);
  });

  it.each([
    ["/api/admin/users/ban", "{"],
    ["/api/admin/users/ban", {}],
    ["/api/admin/users/ban", { user_id: "x" }],
    ["/api/admin/users/ban", { user_id: 2, reason: 7 }],
    ["/api/admin/users/ban", { user_id: 2, reason: "r".repeat(201) }],
    ["/api/admin/users/ban", { user_id: 1e300 }],
    ["/api/admin/users/unban", "nope"],
    ["/api/admin/users/unban", {}],
    ["/api/admin/users/unban", { user_id: [2] }],
    ["/api/admin/users/unban", { user_id: -1 }],
  ])("%s answers 400 for the body %j", async (path, body) => {
    const boss = await makeUser({ isAdmin: true });
    const before = await auditRows();
    const res = await post(path, body, boss.token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "app_api.invalid_request" });
    expect(await auditRows()).toEqual(before);
  });
});
