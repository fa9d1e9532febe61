// The HTTP contract, checked on the real worker: every /api/* route (api-answers-routes.ts) is
// called as a visitor, a signed-in player and an admin; each answer must parse with its shared
// schema (shared/api/<group>.ts) with no key the schema does not name, at any depth, and each
// refusal with the one error schema (shared/api/common.ts errorAnswer) carrying a §8 server key.
// A route the app registers without an entry here fails the walk.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorAnswer } from "../../shared/api/common";
import { SERVER_KEYS } from "../../shared/errors";
import app from "../../worker/index";
import { PROVIDER_CALLBACKS, ROUTES, type Caller, type RouteEntry } from "./api-answers-routes";
import { deposit, makeUser } from "./user-fixtures";
import { uniqueTradeLink } from "./withdraw-fixtures";

type Role = "visitor" | "player" | "admin";
const ROLES: Role[] = ["visitor", "player", "admin"];
const serverKeys = new Set<string>(Object.values(SERVER_KEYS).flat());

/** What a role gets from a route: 200 with the answer, or the status of the refusal. */
function expectedStatus(access: RouteEntry["access"], role: Role): number {
  if (role === "visitor") return access === "public" ? 200 : 401;
  if (role === "player") return access === "staff" || access === "admin" ? 403 : 200;
  return 200;
}

/**
 * The keys of `value` that `schema` does not name, at any depth (plain z.object strips unknown
 * keys when parsing, so a parse alone would not see them). Loose objects (a catchall) allow any.
 */
function unknownKeys(schema: z.ZodType, value: unknown, path = "$"): string[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault || schema instanceof z.ZodReadonly) {
    return value === undefined || value === null ? [] : unknownKeys(schema.unwrap() as z.ZodType, value, path);
  }
  if (schema instanceof z.ZodPipe) return unknownKeys(schema.in as z.ZodType, value, path);
  if (schema instanceof z.ZodArray) {
    return Array.isArray(value) ? value.flatMap((v, i) => unknownKeys(schema.element as z.ZodType, v, `${path}[${i}]`)) : [];
  }
  if (schema instanceof z.ZodRecord) {
    const values = value && typeof value === "object" ? Object.entries(value) : [];
    return values.flatMap(([k, v]) => unknownKeys(schema.valueType as z.ZodType, v, `${path}.${k}`));
  }
  if (schema instanceof z.ZodUnion) {
    const option = (schema.options as z.ZodType[]).find((o) => o.safeParse(value).success);
    return option ? unknownKeys(option, value, path) : [];
  }
  if (schema instanceof z.ZodObject && value && typeof value === "object" && !Array.isArray(value)) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const catchall = schema._zod.def.catchall;
    const loose = catchall !== undefined && !(catchall instanceof z.ZodNever);
    const extra = loose
      ? []
      : Object.keys(value)
          .filter((k) => !(k in shape))
          .map((k) => `${path}.${k}`);
    const inner = Object.entries(shape).flatMap(([k, s]) => unknownKeys(s, (value as Record<string, unknown>)[k], `${path}.${k}`));
    return [...extra, ...inner];
  }
  return [];
}

async function callerFor(role: Role, admin: Caller["admin"]): Promise<Caller> {
  if (role === "visitor") return { user: null, token: undefined, tradeLink: null, admin };
  const tradeLink = uniqueTradeLink();
  const { user, token } = await makeUser({ tradeLink, isAdmin: role === "admin" });
  await deposit(user.id, 10_000);
  return { user, token, tradeLink, admin };
}

async function call(entry: RouteEntry, caller: Caller): Promise<Response> {
  const body = (await entry.body?.(caller)) ?? {};
  const headers: Record<string, string> = caller.token ? { Authorization: `Bearer ${caller.token}` } : {};
  if (entry.method === "GET") {
    const query = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
    return exports.default.fetch(`http://x${entry.path}${query ? `?${query}` : ""}`, { headers });
  }
  return exports.default.fetch(`http://x${entry.path}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("every /api/* answer against its shared schema", () => {
  it("the table lists exactly the /api/* routes the app registers", () => {
    const all = app.routes.filter((r) => r.path.startsWith("/api/") && r.method !== "ALL").map((r) => `${r.method} ${r.path}`);
    for (const callback of PROVIDER_CALLBACKS) expect(all).toContain(callback);
    const registered = new Set(all.filter((r) => !PROVIDER_CALLBACKS.includes(r)));
    const listed = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...registered].sort()).toEqual([...listed].sort());
  });

  it("an /api/* path no route serves answers 404 with the error schema", async () => {
    const res = await exports.default.fetch("http://x/api/no/such/call", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(res.status).toBe(404);
    expect(errorAnswer.parse(await res.json()).message).toBe("app_api.not_found");
  });

  it("answers each caller with its schema (200) or the error schema (401 / 403)", { timeout: 120_000 }, async () => {
    const boss = await makeUser({ isAdmin: true });
    const admin = { id: boss.user.id, token: boss.token };
    const problems: string[] = [];
    for (const entry of ROUTES) {
      for (const role of ROLES) {
        const route = `${role} ${entry.method} ${entry.path}`;
        const res = await call(entry, await callerFor(role, admin));
        const body: unknown = await res.json().catch(() => "(not JSON)");
        const want = expectedStatus(entry.access, role);
        if (res.status !== want) {
          problems.push(`${route}: status ${res.status}, expected ${want}: ${JSON.stringify(body)}`);
          continue;
        }
        const schema = want === 200 ? entry.answer : errorAnswer;
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          problems.push(`${route}: ${z.prettifyError(parsed.error)} in ${JSON.stringify(body)}`);
          continue;
        }
        const extra = unknownKeys(schema, body);
        if (extra.length) problems.push(`${route}: keys outside the schema: ${extra.join(", ")}`);
        if (want !== 200 && !serverKeys.has((body as { message: string }).message)) problems.push(`${route}: ${JSON.stringify(body)} is not a §8 server key`);
      }
    }
    expect(problems).toEqual([]);
  });
});
