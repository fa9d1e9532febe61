// The console's users routes (admins): search, a user's page, ending sessions, the role; and the
// before/after the adjust, ban and unban audit rows now carry.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { endSessionsAnswer, setRoleAnswer, userDetailAnswer, userSearchAnswer } from "../../shared/api/admin";
import { CONSOLE, SOCKET } from "../../shared/constants";
import { createSession } from "../../worker/auth/sessions";
import { sha256Hex } from "../../worker/auth/tokens";
import { db } from "../../worker/db/client";
import { connectChat } from "./chat-client";
import { deposit, makeUser, post } from "./user-fixtures";

interface AuditRow {
  id: number;
  actor_id: number;
  action: string;
  target_user_id: number | null;
  details: string;
  before: string | null;
  after: string | null;
}

async function auditOf(targetId: number): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM audit_log WHERE target_user_id = ?1 ORDER BY id").bind(targetId).all<AuditRow>();
  return results;
}

const json = (v: string | null) => (v === null ? null : JSON.parse(v));

const ROUTES: Array<[string, (userId: number) => unknown]> = [
  ["/api/admin/users/search", () => ({})],
  ["/api/admin/users/get", (id) => ({ user_id: id })],
  ["/api/admin/users/sessions/end", (id) => ({ user_id: id })],
  ["/api/admin/users/role", (id) => ({ user_id: id, role: "moderator" })],
];

describe("console users routes: who may call them", () => {
  it.each(ROUTES)("%s: 401 to a visitor, 403 to a player and a moderator, changing nothing", async (path, body) => {
    const target = await makeUser();
    expect((await post(path, body(target.user.id))).status).toBe(401);
    for (const caller of [await makeUser(), await makeUser({ isModerator: true })]) {
      const res = await post(path, body(target.user.id), caller.token);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: "user_api.forbidden" });
    }
    expect(await auditOf(target.user.id)).toEqual([]);
    expect((await post("/api/user/get", {}, target.token)).status).toBe(200);
  });

  it.each(ROUTES)("%s: 403 to an admin whose session has not passed the second factor", async (path, body) => {
    const boss = await makeUser({ isAdmin: true }, { secondFactor: false });
    const res = await post(path, body(1), boss.token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "user_api.second_factor_required" });
  });

  it.each([
    ["/api/admin/users/get", {}],
    ["/api/admin/users/get", { user_id: "x" }],
    ["/api/admin/users/get", { user_id: 0 }],
    ["/api/admin/users/search", { q: 5 }],
    ["/api/admin/users/search", { role: "owner" }],
    ["/api/admin/users/search", { cursor: -1 }],
    ["/api/admin/users/search", { sort: "oldest" }],
    ["/api/admin/users/search", { extra: 1 }],
    ["/api/admin/users/sessions/end", { user_id: 1, session: "not-a-handle" }],
    ["/api/admin/users/role", { user_id: 1, role: "root" }],
    ["/api/admin/users/role", { user_id: 1 }],
  ])("%s answers 400 for %j", async (path, body) => {
    const boss = await makeUser({ isAdmin: true });
    const res = await post(path, body, boss.token);
    expect(res.status).toBe(400);
    // the sorted table's own keys for its sort and cursor (shared/api/keyset.ts)
    const key = "cursor" in body ? "console_api.bad_cursor" : "sort" in body ? "console_api.bad_sort" : "app_api.invalid_request";
    expect(await res.json()).toMatchObject({ message: key });
  });

  it.each(ROUTES.slice(1))("%s answers 404 for an unknown user", async (path, body) => {
    const boss = await makeUser({ isAdmin: true });
    const res = await post(path, body(987_654_321), boss.token);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "User not found" });
  });
});

describe("POST /api/admin/users/search", () => {
  it("finds by name part, id, Steam id and trade link; filters by role and ban; pages by id", async () => {
    const boss = await makeUser({ isAdmin: true });
    const tag = crypto.randomUUID().slice(0, 8);
    const partner = String(100_000_000 + Math.floor(Math.random() * 900_000_000));
    const steamId = String(76561197960265728n + BigInt(partner));
    const a = await makeUser({ username: `alpha_${tag}`, steamId, tradeLink: `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=abcdEFGH` });
    const b = await makeUser({ username: `beta_${tag}`, isModerator: true });
    const c = await makeUser({ username: `gamma_${tag}`, banned: true });
    await deposit(a.user.id, 1234);

    const search = async (body: unknown) => {
      const res = await post("/api/admin/users/search", body, boss.token);
      expect(res.status).toBe(200);
      return userSearchAnswer.parse(await res.json());
    };
    const byTag = await search({ q: tag });
    expect(byTag.users.map((u) => u.id)).toEqual([c.user.id, b.user.id, a.user.id]);
    expect(byTag.users[2]).toMatchObject({ username: `alpha_${tag}`, balance: 12.34, banned: false, role: "player" });
    expect(byTag.users[1]).toMatchObject({ role: "moderator" });
    expect(byTag.next_cursor).toBeNull();

    expect((await search({ q: String(b.user.id) })).users.map((u) => u.id)).toContain(b.user.id);
    expect((await search({ q: steamId })).users.map((u) => u.id)).toEqual([a.user.id]);
    expect((await search({ q: `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=zzzzzzzz` })).users.map((u) => u.id)).toEqual([a.user.id]);
    expect((await search({ q: tag, role: "moderator" })).users.map((u) => u.id)).toEqual([b.user.id]);
    expect((await search({ q: tag, role: "player", banned: false })).users.map((u) => u.id)).toEqual([a.user.id]);
    expect((await search({ q: tag, banned: true })).users.map((u) => u.id)).toEqual([c.user.id]);
    expect((await search({ q: tag, cursor: `newest:${c.user.id}:${c.user.id}` })).users.map((u) => u.id)).toEqual([b.user.id, a.user.id]);
    // LIKE's wildcards are literal
    expect((await search({ q: `%${tag}` })).users).toEqual([]);
  });

  it("answers a full page with a cursor to the next one", async () => {
    const boss = await makeUser({ isAdmin: true });
    const tag = `pg${crypto.randomUUID().slice(0, 6)}`;
    const made: number[] = [];
    for (let i = 0; i < CONSOLE.pageSize + 2; i++) made.push((await makeUser({ username: `${tag}_${i}` })).user.id);
    const first = userSearchAnswer.parse(await (await post("/api/admin/users/search", { q: tag }, boss.token)).json());
    expect(first.users).toHaveLength(CONSOLE.pageSize);
    expect(first.next_cursor).toBe(`newest:${first.users.at(-1)?.id}:${first.users.at(-1)?.id}`);
    const second = userSearchAnswer.parse(await (await post("/api/admin/users/search", { q: tag, cursor: first.next_cursor }, boss.token)).json());
    expect(second.next_cursor).toBeNull();
    expect([...first.users, ...second.users].map((u) => u.id)).toEqual([...made].reverse());
  });
});

describe("POST /api/admin/users/get", () => {
  it("answers the user with his lists, bets per mode, sessions (short handles) and the second factor", async () => {
    const boss = await makeUser({ isAdmin: true });
    const { user, token } = await makeUser({ username: "detail", tradeLink: "https://steamcommunity.com/tradeoffer/new/?partner=1&token=abcdefgh" });
    await deposit(user.id, 5000);
    await env.DB.prepare("INSERT INTO tickets (user_id, subject, status, messages_count) VALUES (?1, 'Help', 0, 1)").bind(user.id).run();
    const res = await post("/api/admin/users/get", { user_id: user.id }, boss.token);
    expect(res.status).toBe(200);
    const body = userDetailAnswer.parse(await res.json());
    expect(body.user).toMatchObject({ id: user.id, username: "detail", balance: 50, role: "player", banned: false, second_factor: false });
    expect(body.user.trade_link).toContain("partner=1");
    expect(body.bets.crash).toEqual({ count: 0, wagered: 0, won: 0, house: 0 });
    expect(body.tickets).toHaveLength(1);
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({ revoked: false, second_factor_at: null });
    // the handle is a prefix of the token's hash, never the token
    expect(body.sessions[0]?.id).toMatch(/^[0-9a-f]{16}$/);
    expect(token.startsWith(body.sessions[0]?.id ?? "")).toBe(false);
    expect(body.referrals).toEqual({ count: 0, earned: 0, latest: [] });
  });
});

describe("POST /api/admin/users/sessions/end", () => {
  it("ends one session by its handle, audited with the live sessions before and after; the other stays", async () => {
    const boss = await makeUser({ isAdmin: true });
    const one = await makeUser();
    // a second session of the same user
    const second = await createSession(db(env), one.user.id, 24);

    const detail = userDetailAnswer.parse(await (await post("/api/admin/users/get", { user_id: one.user.id }, boss.token)).json());
    const handles = detail.sessions.map((s) => s.id);
    expect(handles).toHaveLength(2);
    const handle = (await sha256Hex(one.token)).slice(0, 16);

    const res = await post("/api/admin/users/sessions/end", { user_id: one.user.id, session: handle }, boss.token);
    expect(res.status).toBe(200);
    expect(endSessionsAnswer.parse(await res.json())).toEqual({ success: true, ended: 1 });
    expect((await post("/api/user/get", {}, one.token)).status).toBe(401);
    expect((await post("/api/user/get", {}, second)).status).toBe(200);

    const [row] = await auditOf(one.user.id);
    expect(row).toMatchObject({ actor_id: boss.user.id, action: "user.session_end" });
    expect(JSON.parse(row!.details)).toEqual({ session: handle });
    expect(json(row!.before).live_sessions.sort()).toEqual([...handles].sort());
    expect(json(row!.after)).toEqual({ live_sessions: handles.filter((h) => h !== handle) });

    // the same handle again: nothing live by it, nothing audited
    const again = await post("/api/admin/users/sessions/end", { user_id: one.user.id, session: handle }, boss.token);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ message: "user_api.session_not_found" });
    expect(await auditOf(one.user.id)).toHaveLength(1);
  });

  it("closes the ended session's sockets (4001 signed_out); the other session's stay open", async () => {
    const boss = await makeUser({ isAdmin: true });
    const one = await makeUser();
    const other = await createSession(db(env), one.user.id, 24);
    const ended = await connectChat({ token: one.token, user: one.user });
    const kept = await connectChat({ token: other, user: one.user });
    const handle = (await sha256Hex(one.token)).slice(0, 16);
    expect((await post("/api/admin/users/sessions/end", { user_id: one.user.id, session: handle }, boss.token)).status).toBe(200);
    expect(await ended.waitClosed()).toEqual({ code: SOCKET.sessionEnded.signed_out, reason: "signed_out" });
    expect(kept.closed).toBeUndefined();
    kept.close();
  });

  it("ends every live session; then there is none to end", async () => {
    const boss = await makeUser({ isAdmin: true });
    const one = await makeUser();
    const res = await post("/api/admin/users/sessions/end", { user_id: one.user.id }, boss.token);
    expect(endSessionsAnswer.parse(await res.json())).toEqual({ success: true, ended: 1 });
    expect((await post("/api/user/get", {}, one.token)).status).toBe(401);
    const [row] = await auditOf(one.user.id);
    expect(row).toMatchObject({ action: "user.sessions_end_all" });
    expect(json(row!.after)).toEqual({ live_sessions: [] });

    const none = await post("/api/admin/users/sessions/end", { user_id: one.user.id }, boss.token);
    expect(none.status).toBe(404);
    expect(await auditOf(one.user.id)).toHaveLength(1);
  });
});

describe("POST /api/admin/users/role", () => {
  it("promotes and demotes, audited with the role before and after; a demoted moderator loses staff routes at once", async () => {
    const boss = await makeUser({ isAdmin: true });
    const mod = await makeUser({ isModerator: true });
    expect((await post("/api/chat/mutes", {}, mod.token)).status).toBe(200);

    const down = await post("/api/admin/users/role", { user_id: mod.user.id, role: "player" }, boss.token);
    expect(down.status).toBe(200);
    expect(setRoleAnswer.parse(await down.json())).toEqual({ success: true, role: "player" });
    expect((await post("/api/chat/mutes", {}, mod.token)).status).toBe(403);

    const up = await post("/api/admin/users/role", { user_id: mod.user.id, role: "admin" }, boss.token);
    expect(up.status).toBe(200);
    const row = await env.DB.prepare("SELECT is_admin, is_moderator FROM users WHERE id = ?1").bind(mod.user.id).first();
    expect(row).toEqual({ is_admin: 1, is_moderator: 0 });

    const rows = await auditOf(mod.user.id);
    expect(rows.map((r) => [r.actor_id, r.action, json(r.before), json(r.after)])).toEqual([
      [boss.user.id, "user.role", { role: "moderator" }, { role: "player" }],
      [boss.user.id, "user.role", { role: "player" }, { role: "admin" }],
    ]);
  });

  it("a demotion to player forgets the second factor (a later promotion enrols afresh); a promotion keeps it", async () => {
    const boss = await makeUser({ isAdmin: true });
    const mod = await makeUser({ isModerator: true });
    const factorRows = async () => {
      const otp = await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_otp WHERE user_id = ?1").bind(mod.user.id).first<{ n: number }>();
      const codes = await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_recovery_codes WHERE user_id = ?1").bind(mod.user.id).first<{ n: number }>();
      const passed = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?1 AND second_factor_at IS NOT NULL")
        .bind(mod.user.id)
        .first<{ n: number }>();
      return { otp: otp?.n, codes: codes?.n, passed: passed?.n };
    };
    await env.DB.batch([
      env.DB.prepare("INSERT INTO staff_otp (user_id, secret, confirmed_at, last_step) VALUES (?1, 'x', 1, 1)").bind(mod.user.id),
      env.DB.prepare("INSERT INTO staff_recovery_codes (user_id, code_hash) VALUES (?1, 'h')").bind(mod.user.id),
    ]);
    expect(await factorRows()).toEqual({ otp: 1, codes: 1, passed: 1 });

    expect((await post("/api/admin/users/role", { user_id: mod.user.id, role: "admin" }, boss.token)).status).toBe(200);
    expect(await factorRows()).toEqual({ otp: 1, codes: 1, passed: 1 });

    expect((await post("/api/admin/users/role", { user_id: mod.user.id, role: "player" }, boss.token)).status).toBe(200);
    expect(await factorRows()).toEqual({ otp: 0, codes: 0, passed: 0 });
    expect((await post("/api/admin/users/role", { user_id: mod.user.id, role: "moderator" }, boss.token)).status).toBe(200);
    const again = await post("/api/chat/mutes", {}, mod.token);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ message: "user_api.second_factor_required" });
  });

  it("refuses your own role and the role the user already has, auditing nothing", async () => {
    const boss = await makeUser({ isAdmin: true });
    const self = await post("/api/admin/users/role", { user_id: boss.user.id, role: "player" }, boss.token);
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ message: "user_api.cannot_change_own_role" });
    const p = await makeUser();
    const same = await post("/api/admin/users/role", { user_id: p.user.id, role: "player" }, boss.token);
    expect(same.status).toBe(409);
    expect(await same.json()).toMatchObject({ message: "user_api.same_role" });
    expect(await auditOf(p.user.id)).toEqual([]);
    expect(await auditOf(boss.user.id)).toEqual([]);
  });
});

describe("adjust, ban and unban audit rows carry before and after", () => {
  it("adjust: the balance before and after", async () => {
    const boss = await makeUser({ isAdmin: true });
    const { user } = await makeUser();
    await deposit(user.id, 1000);
    const res = await post("/api/admin/users/adjust", { user_id: user.id, amount: -2.5, reason: "fix" }, boss.token);
    expect(res.status).toBe(200);
    const [row] = await auditOf(user.id);
    expect(row).toMatchObject({ action: "user.adjust" });
    expect(json(row!.before)).toEqual({ balance: "10.00" });
    expect(json(row!.after)).toEqual({ balance: "7.50" });

    // refused (overdraft): no row
    const over = await post("/api/admin/users/adjust", { user_id: user.id, amount: -100, reason: "fix" }, boss.token);
    expect(over.status).toBe(409);
    expect(await auditOf(user.id)).toHaveLength(1);
  });

  it("ban and unban: banned false → true → false", async () => {
    const boss = await makeUser({ isAdmin: true });
    const { user } = await makeUser();
    expect((await post("/api/admin/users/ban", { user_id: user.id, reason: "r" }, boss.token)).status).toBe(200);
    expect((await post("/api/admin/users/unban", { user_id: user.id, reason: "appeal" }, boss.token)).status).toBe(200);
    const rows = await auditOf(user.id);
    expect(rows.map((r) => JSON.parse(r.details))).toEqual([{ reason: "r" }, { reason: "appeal" }]);
    expect(rows.map((r) => [r.action, json(r.before), json(r.after)])).toEqual([
      ["user.ban", { banned: false }, { banned: true }],
      ["user.unban", { banned: true }, { banned: false }],
    ]);
  });
});
