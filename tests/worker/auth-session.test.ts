import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../worker/auth/tokens";
import app from "../../worker/index";
import { me } from "./auth-flow";

function testLogin(query: string) {
  return exports.default.fetch(`http://x/api/auth/test-login?${query}`);
}

async function devToken(query: string): Promise<string> {
  const res = await testLogin(query);
  expect(res.status).toBe(200);
  const body = await res.json<{ api_token: string }>();
  expect(body.api_token).toMatch(/^[0-9a-f]{64}$/);
  return body.api_token;
}

function logout(token?: string) {
  return exports.default.fetch("http://x/api/auth/logout", {
    method: "POST",
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

type Me = { user: { id: number; username: string; is_admin: boolean; is_moderator: boolean } };

describe("GET /api/auth/test-login (dev flag)", () => {
  it("creates the user once and reuses it by username", async () => {
    const a = await (await me(await devToken("username=alice"))).json<Me>();
    const b = await (await me(await devToken("username=alice"))).json<Me>();
    expect(a.user.username).toBe("alice");
    expect(b.user.id).toBe(a.user.id);
    expect(a.user.is_admin).toBe(false);
  });

  it("switches a staff role on when asked", async () => {
    const admin = await (await me(await devToken("username=boss&role=admin"))).json<Me>();
    expect(admin.user).toMatchObject({ username: "boss", is_admin: true, is_moderator: false });
    const mod = await (await me(await devToken("username=mod.one&role=moderator"))).json<Me>();
    expect(mod.user).toMatchObject({ is_admin: false, is_moderator: true });
  });

  it("issues a session that lives SESSION_TTL_HOURS", async () => {
    const before = Date.now();
    const token = await devToken("username=ttl_user");
    const row = await env.DB.prepare("SELECT expires_at FROM sessions WHERE token_hash = ?1")
      .bind(await sha256Hex(token))
      .first<{ expires_at: number }>();
    const ttl = Number(env.SESSION_TTL_HOURS) * 3_600_000;
    expect(row!.expires_at).toBeGreaterThanOrEqual(before + ttl);
    expect(row!.expires_at).toBeLessThanOrEqual(Date.now() + ttl);
  });

  it("refuses bad usernames and roles with 400 app_api.invalid_request", async () => {
    for (const q of ["", "username=", `username=${"a".repeat(33)}`, "username=a%20b", "username=%3Cscript%3E", "username=ok&role=god"]) {
      const res = await testLogin(q);
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ status: "error", message: "app_api.invalid_request" });
    }
  });

  it("answers 403 user_api.banned for a banned user", async () => {
    await env.DB.prepare("INSERT INTO users (username, banned) VALUES ('banned_dev', 1)").run();
    const res = await testLogin("username=banned_dev&role=admin");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "user_api.banned" });
    const row = await env.DB.prepare(
      "SELECT is_admin, (SELECT count(*) FROM sessions s WHERE s.user_id = users.id) AS n FROM users WHERE username = 'banned_dev'",
    ).first<{ is_admin: number; n: number }>();
    expect(row).toEqual({ is_admin: 0, n: 0 });
  });

  it("does not exist when DEV_MODE is off (404 app_api.not_found), creating nothing", async () => {
    const res = await app.fetch(new Request("http://x/api/auth/test-login?username=prod_user&role=admin"), { ...env, DEV_MODE: "false" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "app_api.not_found" });
    const n = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE username = 'prod_user'").first<{ n: number }>();
    expect(n?.n).toBe(0);
  });
});

describe("sessions", () => {
  it("POST /api/auth/logout revokes the token: the next call answers 401", async () => {
    const token = await devToken("username=leaver");
    expect((await me(token)).status).toBe(200);
    const res = await logout(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ message: "user_api.unauthorized" });
    expect((await logout(token)).status).toBe(401);
  });

  it("logout without a token answers 401", async () => {
    const res = await logout();
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "user_api.unauthorized" });
  });

  it("logout revokes only that session", async () => {
    const one = await devToken("username=two_devices");
    const two = await devToken("username=two_devices");
    expect((await logout(one)).status).toBe(200);
    expect((await me(two)).status).toBe(200);
  });

  it("an expired token answers 401", async () => {
    const { meta } = await env.DB.prepare("INSERT INTO users (username) VALUES ('expired_user')").run();
    const token = "ab".repeat(32);
    const now = Date.now();
    await env.DB.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)")
      .bind(await sha256Hex(token), meta.last_row_id, now - 10_000, now - 1)
      .run();
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "user_api.unauthorized" });
  });

  it("a banned user's token answers 403 user_api.banned on /api/getConfig", async () => {
    const token = await devToken("username=soon_banned");
    await env.DB.prepare("UPDATE users SET banned = 1 WHERE username = 'soon_banned'").run();
    const res = await exports.default.fetch("http://x/api/getConfig", { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: "error", message: "user_api.banned" });
  });
});
