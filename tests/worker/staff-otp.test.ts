// The staff second factor (docs/security.md "Second factor"): RFC 6238's test vectors through the
// site's own settings, enrolment over the routes, the replay, the lockout, the recovery codes, a
// race of one code, the 12 h window, the admin's reset, and the dev login.
import { env, exports } from "cloudflare:workers";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it, vi } from "vitest";
import { STAFF_OTP } from "../../shared/constants";
import { createSession } from "../../worker/auth/sessions";
import { db } from "../../worker/db/client";
import { confirmEnrolment, sealSecret, startEnrolment, verifyCode } from "../../worker/staff/otp";
import { makeUser, post } from "./user-fixtures";

const HOUR = 3_600_000;
const STEP = STAFF_OTP.periodSeconds * 1000;
/** RFC 6238 appendix B: the SHA-1 seed, ASCII "12345678901234567890". */
const RFC_SECRET = Secret.fromLatin1("12345678901234567890").base32;

/** The dev key the worker tests run with (tests/worker/vitest.config.ts STAFF_OTP_KEY). */
async function devKey() {
  const raw = Uint8Array.from(atob(env.STAFF_OTP_KEY ?? ""), (c) => c.charCodeAt(0));
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/**
 * A staff member whose factor uses `secret` (confirmed unless told), stored sealed as enrolment
 * stores it (plain, as before encryption, when `legacy`), and a session that has not passed it.
 */
async function staffWith(secret: string, opts: { confirmed?: boolean; admin?: boolean; legacy?: boolean } = {}) {
  const { user } = await makeUser(opts.admin === false ? { isModerator: true } : { isAdmin: true }, { secondFactor: false });
  const stored = opts.legacy ? secret : await sealSecret(await devKey(), user.id, secret);
  await env.DB.prepare("INSERT INTO staff_otp (user_id, secret, confirmed_at) VALUES (?1, ?2, ?3)")
    .bind(user.id, stored, opts.confirmed === false ? null : 1)
    .run();
  return { user, ...(await sessionOf(user.id)) };
}

async function sessionOf(userId: number) {
  const token = await createSession(db(env), userId, 24);
  const hash = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token))), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
  return { token, session: hash };
}

const codeAt = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
const fresh = () => new Secret({ size: 20 }).base32;
/** Any admin route: it needs a session past the factor. */
const adminCall = (token: string) => post("/api/admin/payments/list", {}, token);

describe("TOTP per RFC 6238 (SHA-1, 30 s; 6 digits = the vectors' last six)", () => {
  const vectors: [number, string][] = [
    [59, "94287082"],
    [1_111_111_109, "07081804"],
    [1_111_111_111, "14050471"],
    [1_234_567_890, "89005924"],
    [2_000_000_000, "69279037"],
    [20_000_000_000, "65353130"],
  ];
  for (const [seconds, code] of vectors) {
    it(`accepts ${code.slice(2)} at T = ${seconds} s and nothing else of that moment`, async () => {
      const staff = await staffWith(RFC_SECRET);
      const now = seconds * 1000;
      const wrong = String((Number(code.slice(2)) + 1) % 1_000_000).padStart(6, "0");
      expect(await verifyCode(env, { userId: staff.user.id, session: staff.session, code: wrong, ip: null, now })).toEqual({
        ok: false,
        key: "user_api.otp_invalid",
      });
      expect(await verifyCode(env, { userId: staff.user.id, session: staff.session, code: code.slice(2), ip: null, now })).toEqual({
        ok: true,
        method: "totp",
      });
    });
  }

  it("accepts one step either side, not two", async () => {
    const secret = fresh();
    const now = Date.now();
    const a = await staffWith(secret);
    expect((await verifyCode(env, { userId: a.user.id, session: a.session, code: codeAt(secret, now - 2 * STEP), ip: null, now })).ok).toBe(false);
    expect((await verifyCode(env, { userId: a.user.id, session: a.session, code: codeAt(secret, now + 2 * STEP), ip: null, now })).ok).toBe(false);
    expect((await verifyCode(env, { userId: a.user.id, session: a.session, code: codeAt(secret, now - STEP), ip: null, now })).ok).toBe(true);
    expect((await verifyCode(env, { userId: a.user.id, session: a.session, code: codeAt(secret, now + STEP), ip: null, now })).ok).toBe(true);
  });
});

describe("enrolment over the routes", () => {
  it("a staff session without the factor is refused everywhere but /api/admin/otp, enrols, and is let in", async () => {
    const { user } = await makeUser({ isAdmin: true }, { secondFactor: false });
    const { token } = await sessionOf(user.id);
    const refused = await adminCall(token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: "user_api.second_factor_required" });

    const status = await post("/api/admin/otp/status", {}, token);
    expect(await status.json()).toEqual({ enrolled: false, passed_until: null, locked_until: null, recovery_left: 0, role: "admin" });
    // verify before any enrolment
    expect(await (await post("/api/admin/otp/verify", { code: "123456" }, token)).json()).toMatchObject({ message: "user_api.otp_not_enrolled" });

    const started = (await (await post("/api/admin/otp/enroll", {}, token)).json()) as { secret: string; uri: string };
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(started.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: STAFF_OTP.issuer,
      algorithm: "SHA1",
      digits: "6",
      period: "30",
      secret: started.secret,
    });

    const wrong = await post("/api/admin/otp/confirm", { code: "000000" === codeAt(started.secret, Date.now()) ? "111111" : "000000" }, token);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: "user_api.otp_invalid" });

    const confirmed = await post("/api/admin/otp/confirm", { code: codeAt(started.secret, Date.now()) }, token, { "CF-Connecting-IP": "203.0.113.7" });
    expect(confirmed.status).toBe(200);
    const { recovery_codes: codes, passed_until } = (await confirmed.json()) as { recovery_codes: string[]; passed_until: number };
    expect(codes).toHaveLength(STAFF_OTP.recoveryCodes);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect(passed_until).toBeGreaterThan(Date.now() + 11 * HOUR);
    expect((await adminCall(token)).status).toBe(200);

    // stored hashed: no plain code in the table
    const { results } = await env.DB.prepare("SELECT code_hash FROM staff_recovery_codes WHERE user_id = ?1").bind(user.id).all<{ code_hash: string }>();
    expect(results).toHaveLength(codes.length);
    for (const r of results) expect(r.code_hash).toMatch(/^[0-9a-f]{64}$/);
    // a second enrolment is refused; the audit row names the address
    expect(await (await post("/api/admin/otp/enroll", {}, token)).json()).toMatchObject({ message: "user_api.otp_already_enrolled" });
    const audit = await env.DB.prepare("SELECT action, ip, after FROM audit_log WHERE actor_id = ?1 ORDER BY id").bind(user.id).all();
    expect(audit.results).toEqual([
      { action: "staff.otp_enrol_start", ip: null, after: '{"enrolled":false,"pending":true}' },
      { action: "staff.otp_enrol", ip: "203.0.113.7", after: '{"enrolled":true}' },
    ]);

    // another session of the same account: the code just used is a replay
    const other = await sessionOf(user.id);
    const replay = await post("/api/admin/otp/verify", { code: codeAt(started.secret, Date.now()) }, other.token);
    expect(await replay.json()).toMatchObject({ message: "user_api.otp_invalid" });
    expect((await adminCall(other.token)).status).toBe(403);
    // a recovery code lets it in, once (case and dash do not matter)
    const first = codes[0] as string;
    const byRecovery = await post("/api/admin/otp/verify", { code: first.toUpperCase().replace("-", "") }, other.token);
    expect(await byRecovery.json()).toMatchObject({ success: true, method: "recovery" });
    expect((await adminCall(other.token)).status).toBe(200);
    const third = await sessionOf(user.id);
    expect(await (await post("/api/admin/otp/verify", { code: first }, third.token)).json()).toMatchObject({ message: "user_api.otp_invalid" });
    expect(await (await post("/api/admin/otp/status", {}, token)).json()).toMatchObject({ enrolled: true, recovery_left: STAFF_OTP.recoveryCodes - 1 });
  });

  it("a code racing itself passes one session only", async () => {
    const secret = fresh();
    const staff = await staffWith(secret);
    const sessions = await Promise.all(Array.from({ length: 6 }, () => sessionOf(staff.user.id)));
    const now = Date.now();
    const code = codeAt(secret, now);
    const results = await Promise.all(sessions.map((s) => verifyCode(env, { userId: staff.user.id, session: s.session, code, ip: null, now })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const passed = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?1 AND second_factor_at IS NOT NULL")
      .bind(staff.user.id)
      .first<{ n: number }>();
    expect(passed?.n).toBe(1);
  });

  it("a confirmation racing itself makes one set of recovery codes", async () => {
    const secret = fresh();
    const staff = await staffWith(secret, { confirmed: false });
    const now = Date.now();
    const code = codeAt(secret, now);
    const results = await Promise.all([0, 1, 2].map(() => confirmEnrolment(env, { userId: staff.user.id, session: staff.session, code, ip: null, now })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_recovery_codes WHERE user_id = ?1").bind(staff.user.id).first<{ n: number }>();
    expect(stored?.n).toBe(STAFF_OTP.recoveryCodes);
  });
});

describe("lockout", () => {
  it("five wrong codes lock the factor for 15 minutes, a right code included; then it works", async () => {
    const secret = fresh();
    const staff = await staffWith(secret);
    const now = Date.now();
    const good = codeAt(secret, now);
    const bad = good === "000000" ? "111111" : "000000";
    const attempt = (code: string, at: number) => verifyCode(env, { userId: staff.user.id, session: staff.session, code, ip: null, now: at });
    for (let i = 1; i < STAFF_OTP.maxFailures; i++) expect(await attempt(bad, now)).toEqual({ ok: false, key: "user_api.otp_invalid" });
    expect(await attempt(bad, now)).toEqual({ ok: false, key: "user_api.otp_locked", minutes: STAFF_OTP.lockMinutes });
    expect(await attempt(good, now)).toEqual({ ok: false, key: "user_api.otp_locked", minutes: STAFF_OTP.lockMinutes });
    const later = now + STAFF_OTP.lockMinutes * 60_000 + 1;
    expect(await attempt(codeAt(secret, later), later)).toEqual({ ok: true, method: "totp" });
  });

  it("answers 429 with the minutes over the route, and a good code resets the count", async () => {
    const secret = fresh();
    const staff = await staffWith(secret);
    const bad = codeAt(secret, Date.now()) === "000000" ? "111111" : "000000";
    for (let i = 1; i < STAFF_OTP.maxFailures; i++) await post("/api/admin/otp/verify", { code: bad }, staff.token);
    expect((await post("/api/admin/otp/verify", { code: codeAt(secret, Date.now()) }, staff.token)).status).toBe(200);
    const again = await post("/api/admin/otp/verify", { code: bad }, staff.token);
    expect(again.status).toBe(400);
    for (let i = 2; i < STAFF_OTP.maxFailures; i++) await post("/api/admin/otp/verify", { code: bad }, staff.token);
    const locked = await post("/api/admin/otp/verify", { code: bad }, staff.token);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ message: "user_api.otp_locked", minutes: STAFF_OTP.lockMinutes });
    expect(await (await post("/api/admin/otp/status", {}, staff.token)).json()).toMatchObject({ locked_until: expect.any(Number) });
  });
});

describe("who may call what", () => {
  it("a player and a visitor cannot reach the factor's routes", async () => {
    const { token } = await makeUser();
    for (const path of ["/api/admin/otp/status", "/api/admin/otp/enroll"]) {
      expect((await post(path, {}, token)).status).toBe(403);
      expect((await post(path, {})).status).toBe(401);
    }
  });

  it("a pass older than SECOND_FACTOR_HOURS counts for nothing", async () => {
    const { user } = await makeUser({ isModerator: true }, { secondFactor: false });
    const old = Date.now() - Number(env.SECOND_FACTOR_HOURS) * HOUR - 1000;
    const token = await createSession(db(env), user.id, 24, Date.now(), old);
    const res = await post("/api/chat/mutes", {}, token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "user_api.second_factor_required" });
    const recent = await createSession(db(env), user.id, 24, Date.now(), old + 2000 + HOUR);
    expect((await post("/api/chat/mutes", {}, recent)).status).toBe(200);
  });

  it("an admin resets a lost factor (audited): its sessions must pass again after a new enrolment", async () => {
    const secret = fresh();
    const target = await staffWith(secret, { admin: false });
    await verifyCode(env, { userId: target.user.id, session: target.session, code: codeAt(secret, Date.now()), ip: null });
    expect((await post("/api/chat/mutes", {}, target.token)).status).toBe(200);
    const mod = await makeUser({ isModerator: true });
    expect((await post("/api/admin/otp/reset", { user_id: target.user.id }, mod.token)).status).toBe(403);
    const boss = await makeUser({ isAdmin: true });
    const done = await post("/api/admin/otp/reset", { user_id: target.user.id }, boss.token, { "CF-Connecting-IP": "198.51.100.4" });
    expect(await done.json()).toEqual({ success: true });
    expect((await post("/api/chat/mutes", {}, target.token)).status).toBe(403);
    expect(await (await post("/api/admin/otp/status", {}, target.token)).json()).toMatchObject({ enrolled: false, passed_until: null });
    const again = await post("/api/admin/otp/reset", { user_id: target.user.id }, boss.token);
    expect(await again.json()).toMatchObject({ message: "user_api.otp_not_enrolled" });
    expect(await (await post("/api/admin/otp/reset", { user_id: 987_654_321 }, boss.token)).json()).toMatchObject({ message: "User not found" });
    const audit = await env.DB.prepare("SELECT actor_id, action, target_user_id, ip FROM audit_log WHERE action = 'staff.otp_reset' AND target_user_id = ?1")
      .bind(target.user.id)
      .all();
    expect(audit.results).toEqual([{ actor_id: boss.user.id, action: "staff.otp_reset", target_user_id: target.user.id, ip: "198.51.100.4" }]);
  });

  it("the dev login mints a staff session past the factor, or one that is not when asked", async () => {
    const login = async (query: string) =>
      ((await (await exports.default.fetch(`http://x/api/auth/test-login?${query}`)).json()) as { api_token: string }).api_token;
    const passed = await login("username=otpdev1&role=admin");
    expect((await adminCall(passed)).status).toBe(200);
    const pending = await login("username=otpdev2&role=admin&second_factor=required");
    expect((await adminCall(pending)).status).toBe(403);
    expect(await (await post("/api/admin/otp/status", {}, pending)).json()).toMatchObject({ enrolled: false, passed_until: null });
  });
});

async function storedSecretOf(userId: number): Promise<string | undefined> {
  const row = await env.DB.prepare("SELECT secret FROM staff_otp WHERE user_id = ?1").bind(userId).first<{ secret: string }>();
  return row?.secret;
}

describe("the secret at rest (AES-GCM under STAFF_OTP_KEY, bound to its user)", () => {
  it("enrolment stores the secret sealed, never as it is; one secret sealed twice differs", async () => {
    const { user } = await makeUser({ isAdmin: true }, { secondFactor: false });
    const { token } = await sessionOf(user.id);
    const started = (await (await post("/api/admin/otp/enroll", {}, token)).json()) as { secret: string };
    const stored = (await storedSecretOf(user.id)) ?? "";
    expect(stored).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(stored).not.toContain(started.secret);
    const key = await devKey();
    const [a, b] = [await sealSecret(key, user.id, RFC_SECRET), await sealSecret(key, user.id, RFC_SECRET)];
    expect(a).not.toBe(b);
    expect(a).not.toContain(RFC_SECRET);
  });

  it("a row copied to another account does not verify there (the user id is the additional data)", async () => {
    const secret = fresh();
    const owner = await staffWith(secret);
    const thief = await staffWith(fresh());
    await env.DB.prepare("UPDATE staff_otp SET secret = ?1 WHERE user_id = ?2")
      .bind((await storedSecretOf(owner.user.id)) ?? "", thief.user.id)
      .run();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await verifyCode(env, { userId: thief.user.id, session: thief.session, code: codeAt(secret, Date.now()), ip: null })).toEqual({
        ok: false,
        key: "user_api.otp_invalid",
      });
      expect(errors).toHaveBeenCalledWith(expect.stringContaining(`user ${thief.user.id} does not open`));
    } finally {
      errors.mockRestore();
    }
    expect((await adminCall(thief.token)).status).toBe(403);
    expect((await verifyCode(env, { userId: owner.user.id, session: owner.session, code: codeAt(secret, Date.now()), ip: null })).ok).toBe(true);
  });

  it("a plain row from before encryption verifies and is sealed by that pass; it keeps working", async () => {
    const secret = fresh();
    const staff = await staffWith(secret, { legacy: true });
    const now = Date.now();
    expect(await verifyCode(env, { userId: staff.user.id, session: staff.session, code: codeAt(secret, now - STEP), ip: null, now })).toEqual({
      ok: true,
      method: "totp",
    });
    expect(await storedSecretOf(staff.user.id)).toMatch(/^v1:/);
    expect((await verifyCode(env, { userId: staff.user.id, session: staff.session, code: codeAt(secret, now), ip: null, now })).ok).toBe(true);
  });

  it("without STAFF_OTP_KEY (or with a key that is not 32 bytes) enrolment and codes are refused with user_api.otp_not_configured, logged, nothing written", async () => {
    const secret = fresh();
    const staff = await staffWith(secret);
    const { user } = await makeUser({ isModerator: true }, { secondFactor: false });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const STAFF_OTP_KEY of [undefined, "", btoa("short key")]) {
        const bare = { DB: env.DB, STAFF_OTP_KEY };
        expect(await startEnrolment(bare, user)).toEqual({ ok: false, key: "user_api.otp_not_configured" });
        expect(await verifyCode(bare, { userId: staff.user.id, session: staff.session, code: codeAt(secret, Date.now()), ip: null })).toEqual({
          ok: false,
          key: "user_api.otp_not_configured",
        });
        expect(await confirmEnrolment(bare, { userId: user.id, session: "x", code: "123456", ip: null })).toEqual({
          ok: false,
          key: "user_api.otp_not_configured",
        });
      }
      expect(errors).toHaveBeenCalledWith(expect.stringContaining("STAFF_OTP_KEY is not set"));
      expect(errors).toHaveBeenCalledWith(expect.stringContaining("STAFF_OTP_KEY is not 32 bytes"));
    } finally {
      errors.mockRestore();
    }
    expect(await storedSecretOf(user.id)).toBeUndefined();
    expect((await adminCall(staff.token)).status).toBe(403);
  });
});
