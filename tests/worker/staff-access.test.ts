// Every staff route × every caller (docs/security.md "Staff roles", "Second factor"): a visitor, a
// player, a moderator, an admin whose session has not passed the second factor and an admin whose
// session has, each against the hand-written table of tests/worker/access-matrix.ts; the answers
// are printed as a matrix. Then every state-changing staff route, called the way the route walk
// calls it, must leave its audit_log row with the caller and the request's address.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Contract } from "../../shared/api/contract";
import { ACCESS_MATRIX, type StaffAccess } from "./access-matrix";
import { type Caller, ROUTES, type RouteEntry } from "./api-answers-routes";
import { CONTRACTS } from "./contracts";
import { deposit, makeUser } from "./user-fixtures";
import { uniqueTradeLink } from "./withdraw-fixtures";

type Role = "visitor" | "player" | "moderator" | "admin_no_2fa" | "admin";
const ROLES: Role[] = ["visitor", "player", "moderator", "admin_no_2fa", "admin"];
const keyOf = (c: { method: string; path: string }) => `${c.method} ${c.path}`;
const STAFF_CONTRACTS = CONTRACTS.filter((c) => c.access !== "public" && c.access !== "user");
const GUARD_KEYS = new Set(["user_api.unauthorized", "user_api.forbidden", "chat_api.forbidden", "cases_api.forbidden", "user_api.second_factor_required"]);

/** What the guard answers `role` on a route of `access`: a status and key, or "pass" (the call itself decides). */
function expected(access: StaffAccess, role: Role, call: Contract): { status: number; key: string } | "pass" {
  if (role === "visitor") return { status: 401, key: "user_api.unauthorized" };
  const forbidden = access === "staff" ? (call.forbidden ?? "user_api.forbidden") : "user_api.forbidden";
  if (role === "player") return { status: 403, key: forbidden };
  if (role === "moderator" && access === "admin") return { status: 403, key: "user_api.forbidden" };
  if (role === "admin_no_2fa" && access !== "staff_factor") return { status: 403, key: "user_api.second_factor_required" };
  return "pass";
}

async function callerOf(role: Role, admin: Caller["admin"]): Promise<Caller> {
  if (role === "visitor") return { user: null, token: undefined, tradeLink: null, admin };
  const tradeLink = uniqueTradeLink();
  const fields = role === "moderator" ? { isModerator: true } : role.startsWith("admin") ? { isAdmin: true } : {};
  const { user, token } = await makeUser({ tradeLink, ...fields }, { secondFactor: role !== "admin_no_2fa" });
  await deposit(user.id, 10_000);
  return { user, token, tradeLink, admin };
}

async function send(entry: RouteEntry, caller: Caller, ip: string): Promise<Response> {
  const body = (await entry.body?.(caller)) ?? {};
  const headers: Record<string, string> = { "CF-Connecting-IP": ip, "Content-Type": "application/json" };
  if (caller.token) headers.Authorization = `Bearer ${caller.token}`;
  return exports.default.fetch(`http://x${entry.path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

const entryOf = new Map(ROUTES.map((r) => [keyOf(r), r]));

describe("the staff access matrix", () => {
  it("lists every staff route once, with its contract's access", () => {
    expect(Object.keys(ACCESS_MATRIX).sort()).toEqual(STAFF_CONTRACTS.map(keyOf).sort());
    for (const call of STAFF_CONTRACTS) expect(ACCESS_MATRIX[keyOf(call)]?.access, keyOf(call)).toBe(call.access);
  });

  it("answers each role as the table says", { timeout: 180_000 }, async () => {
    const boss = await makeUser({ isAdmin: true });
    const admin = { id: boss.user.id, token: boss.token };
    const problems: string[] = [];
    const lines: string[] = [];
    for (const call of STAFF_CONTRACTS) {
      const route = keyOf(call);
      const row = ACCESS_MATRIX[route];
      const entry = entryOf.get(route);
      if (!row || !entry) {
        problems.push(`${route}: not in the table or the route walk`);
        continue;
      }
      const cells: string[] = [];
      for (const role of ROLES) {
        const res = await send(entry, await callerOf(role, admin), "192.0.2.10");
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        const want = expected(row.access, role, call);
        cells.push(`${res.status}`.padEnd(4));
        if (want === "pass") {
          if (res.status === 401 || (res.status === 403 && GUARD_KEYS.has(body.message ?? "")))
            problems.push(`${role} ${route}: stopped by the guard (${res.status} ${body.message})`);
        } else if (res.status !== want.status || body.message !== want.key) {
          problems.push(`${role} ${route}: ${res.status} ${body.message}, expected ${want.status} ${want.key}`);
        }
      }
      lines.push(`${route.padEnd(44)} ${row.access.padEnd(13)} ${cells.join(" ")}`);
    }
    console.log(["route".padEnd(44), "access".padEnd(13), ROLES.map((r) => r.slice(0, 4).padEnd(4)).join(" "), "\n", lines.join("\n")].join(" "));
    expect(problems).toEqual([]);
  });
});

describe("the audit walk", () => {
  it("every state-changing staff route leaves its audit row: the caller, the address", { timeout: 180_000 }, async () => {
    const boss = await makeUser({ isAdmin: true });
    const admin = { id: boss.user.id, token: boss.token };
    const problems: string[] = [];
    let n = 0;
    for (const [route, row] of Object.entries(ACCESS_MATRIX)) {
      if (!row.audited) continue;
      const entry = entryOf.get(route);
      if (!entry) continue;
      const caller = await callerOf("admin", admin);
      const ip = `198.51.100.${++n}`;
      const res = await send(entry, caller, ip);
      if (res.status !== 200) {
        problems.push(`${route}: ${res.status} ${JSON.stringify(await res.json().catch(() => null))}`);
        continue;
      }
      const audit = await env.DB.prepare("SELECT action, ip FROM audit_log WHERE actor_id = ?1 ORDER BY id")
        .bind(caller.user?.id)
        .all<{ action: string; ip: string | null }>();
      if (audit.results.length === 0) problems.push(`${route}: no audit row`);
      else if (!audit.results.some((r) => r.ip === ip)) problems.push(`${route}: audit rows ${JSON.stringify(audit.results)} without the address ${ip}`);
    }
    expect(problems).toEqual([]);
  });
});
