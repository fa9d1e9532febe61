// The access matrix (docs/security.md "Staff roles"): every /api route called by a visitor, a
// player, a banned player, a moderator, an admin who has not passed the second factor and one who
// has, each with a valid body (the route walk's, tests/worker/api-answers-routes.ts). The answers
// must be the table in tests/reliability/access-table.ts, written by hand: a route without a row
// or an answer that differs fails, and the matrix is printed.
import { env, exports } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { errorAnswer } from "../../shared/api/common";
import type { Access } from "../../shared/api/contract";
import { type Caller, ROUTES, type RouteEntry } from "../worker/api-answers-routes";
import { CONTRACTS } from "../worker/contracts";
import { deposit, makeUser } from "../worker/user-fixtures";
import { uniqueTradeLink } from "../worker/withdraw-fixtures";
import { ACCESS_TABLE } from "./access-table";

const ROLES = ["visitor", "player", "banned", "moderator", "admin-no-2fa", "admin"] as const;
type Role = (typeof ROLES)[number];
const keyOf = (call: { method: string; path: string }) => `${call.method} ${call.path}`;

/** The table: route → the expected cell per role. */
function readTable(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    if (!/^(GET|POST) /.test(line)) continue;
    const [method, path, ...cells] = line.trim().split(/\s+/);
    rows.set(`${method} ${path}`, cells);
  }
  return rows;
}

/** A cell: 200, 401 (unauthorized), 403b (banned), 403f (forbidden), 403s (second factor), else status and key. */
function cellOf(status: number, key: string | undefined): string {
  if (status === 200) return "200";
  if (status === 401 && key === "user_api.unauthorized") return "401";
  if (status === 403 && key === "user_api.banned") return "403b";
  if (status === 403 && key === "user_api.second_factor_required") return "403s";
  if (status === 403 && /^(user|chat|cases)_api\.forbidden$/.test(key ?? "")) return "403f";
  return `${status}:${key ?? "-"}`;
}

async function callerFor(role: Role, admin: Caller["admin"]): Promise<Caller> {
  if (role === "visitor") return { user: null, token: undefined, tradeLink: null, admin };
  const tradeLink = uniqueTradeLink();
  const fields = {
    tradeLink,
    isAdmin: role === "admin" || role === "admin-no-2fa",
    isModerator: role === "moderator",
  };
  const { user, token } = await makeUser(fields, { secondFactor: role !== "admin-no-2fa" });
  await deposit(user.id, 10_000);
  return { user, token, tradeLink, admin };
}

/** One call; a banned caller's body is seeded while the player is not banned yet, as it happens on the site. */
async function call(entry: RouteEntry, caller: Caller, role: Role): Promise<{ status: number; key?: string }> {
  const body = (await entry.body?.(caller)) ?? {};
  if (role === "banned" && caller.user) await env.DB.prepare("UPDATE users SET banned = 1 WHERE id = ?1").bind(caller.user.id).run();
  const headers: Record<string, string> = caller.token ? { Authorization: `Bearer ${caller.token}` } : {};
  const res =
    entry.method === "GET"
      ? await exports.default.fetch(`http://x${entry.path}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]))}`, { headers })
      : await exports.default.fetch(`http://x${entry.path}`, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
  const json = (await res.json().catch(() => null)) as unknown;
  const parsed = res.status === 200 ? undefined : errorAnswer.safeParse(json);
  return { status: res.status, key: parsed?.success ? parsed.data.message : undefined };
}

const table = readTable(ACCESS_TABLE);
const seen: Array<[string, string[]]> = [];

afterAll(() => {
  const width = Math.max(...seen.map(([route]) => route.length));
  const row = (first: string, cells: readonly string[]) => `${first.padEnd(width)}  ${cells.map((c) => c.padEnd(13)).join(" ")}`.trimEnd();
  const lines = seen.sort(([a], [b]) => a.localeCompare(b)).map(([route, cells]) => row(route, cells));
  const head = row("route", ROLES);
  console.log(`access matrix: ${seen.length} routes × ${ROLES.length} roles\n${head}\n${lines.join("\n")}`);
});

describe("every route answers each role as the access table says", () => {
  it("the table has one row per route and no other", () => {
    expect([...table.keys()].sort()).toEqual(ROUTES.map(keyOf).sort());
    for (const [route, cells] of table) expect(cells.length, route).toBe(ROLES.length);
  });

  it("each row follows its contract's declared access (the guards' answers; any other answer stands for the call's own)", () => {
    const access = new Map<string, Access>(CONTRACTS.map((c) => [keyOf(c), c.access]));
    const GUARDS = new Set(["401", "403b", "403f", "403s"]);
    const passes = "past the guards";
    const byAccess: Record<Access, string[]> = {
      public: [passes, passes, "403b", passes, passes, passes],
      user: ["401", passes, "403b", passes, passes, passes],
      staff: ["401", "403f", "403b", passes, "403s", passes],
      admin: ["401", "403f", "403b", "403f", "403s", passes],
      staff_factor: ["401", "403f", "403b", passes, passes, passes],
    };
    const wrong: string[] = [];
    for (const [route, cells] of table) {
      const expected = byAccess[access.get(route) ?? "public"];
      cells.forEach((cell, i) => {
        const want = expected[i]!;
        // a public call a visitor may not make (a bet, a message) answers its room's own unauthorized key
        const ok = want === passes ? !GUARDS.has(cell) || (i === 0 && cell === "401") : cell === want;
        if (!ok) wrong.push(`${route} ${ROLES[i]}: ${cell}, its access (${access.get(route)}) says ${want}`);
      });
    }
    expect(wrong).toEqual([]);
  });

  for (const entry of ROUTES) {
    it(keyOf(entry), { timeout: 60_000 }, async () => {
      const boss = await makeUser({ isAdmin: true });
      const admin = { id: boss.user.id, token: boss.token };
      const cells: string[] = [];
      for (const role of ROLES) {
        const { status, key } = await call(entry, await callerFor(role, admin), role);
        cells.push(cellOf(status, key));
      }
      seen.push([keyOf(entry), cells]);
      expect(cells).toEqual(table.get(keyOf(entry)));
    });
  }
});
