// The HTTP contract, checked on the real worker: every contract of shared/api (docs/api.md
// "Contracts"; listed in contracts.ts) is called as a visitor, a signed-in player and an admin;
// each answer must parse with the contract's answer schema with no key the schema does not name,
// at any depth, and each refusal with the one error schema (shared/api/common.ts errorAnswer)
// carrying a key the contract declares, with the contract's status. The app registers a route
// for exactly the contracts, and /api/openapi.json describes exactly them.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorAnswer } from "../../shared/api/common";
import { SERVER_KEYS } from "../../shared/errors";
import app from "../../worker/index";
import type { Contract } from "../../shared/api/contract";
import { OPENAPI_PATH, statusesOf } from "../../shared/api/contract";
import { PROVIDER_CALLBACKS, ROUTES, SPEC_CALLS, type Caller, type RouteEntry } from "./api-answers-routes";
import { CONTRACTS } from "./contracts";
import { deposit, makeUser } from "./user-fixtures";
import { uniqueTradeLink } from "./withdraw-fixtures";

type Role = "visitor" | "player" | "admin";
const ROLES: Role[] = ["visitor", "player", "admin"];
const serverKeys = new Set<string>(Object.values(SERVER_KEYS).flat());

const keyOf = (call: { method: string; path: string }) => `${call.method} ${call.path}`;
const contractOf = new Map<string, Contract>(CONTRACTS.map((c) => [keyOf(c), c]));

/** True when the call declares `key` with `status`. */
function declares(call: Contract, key: string | undefined, status: number): boolean {
  const declared = key === undefined ? undefined : call.refusals[key as keyof Contract["refusals"]];
  return declared !== undefined && statusesOf({ [key as string]: declared }).includes(status as 400);
}

/** What a role gets from a call: 200 with the answer, or the status of the refusal. */
function expectedStatus(call: Contract, entry: RouteEntry, role: Role): number {
  if (role === "visitor") return entry.visitor ?? (call.access === "public" ? 200 : 401);
  if (role === "player") return call.access === "staff" || call.access === "admin" || call.access === "staff_factor" ? 403 : 200;
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

/**
 * One call of `entry` by `caller`. With `only` (§7's inputs), the body keeps just those keys, and a
 * call whose §7 input is "none" is sent with no body at all, as §7's client sends it.
 */
async function call(entry: RouteEntry, caller: Caller, only?: readonly string[]): Promise<Response> {
  const full = (await entry.body?.(caller)) ?? {};
  const body = only ? Object.fromEntries(Object.entries(full).filter(([k]) => only.includes(k))) : full;
  const headers: Record<string, string> = caller.token ? { Authorization: `Bearer ${caller.token}` } : {};
  if (only && only.length === 0 && entry.method === "POST") return exports.default.fetch(`http://x${entry.path}`, { method: "POST", headers });
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
  it("the app registers exactly the contracts' routes, and the table has one entry per contract", () => {
    const all = app.routes.filter((r) => r.path.startsWith("/api/") && r.method !== "ALL").map(keyOf);
    for (const callback of PROVIDER_CALLBACKS) expect(all).toContain(callback);
    const registered = new Set(all.filter((r) => !PROVIDER_CALLBACKS.includes(r) && r !== `GET ${OPENAPI_PATH}`));
    const contracts = CONTRACTS.map(keyOf);
    expect(new Set(contracts).size).toBe(contracts.length);
    expect([...registered].sort()).toEqual([...contracts].sort());
    const listed = ROUTES.map(keyOf);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...contracts].sort());
  });

  it("serves the OpenAPI document of exactly the contracts, each with its answer and refusal statuses", async () => {
    const res = await exports.default.fetch(`http://x${OPENAPI_PATH}`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(CONTRACTS.map(keyOf).sort());
    for (const call of CONTRACTS) {
      const statuses = Object.keys(doc.paths[call.path]![call.method.toLowerCase()]!.responses).sort();
      expect(statuses, keyOf(call)).toEqual(["200", ...statusesOf(call.refusals).map(String)].sort());
    }
  });

  it("refuses a body that is not a JSON object with 400 and a key the contract declares", { timeout: 60_000 }, async () => {
    const boss = await makeUser({ isAdmin: true });
    const problems: string[] = [];
    for (const call of CONTRACTS.filter((c) => c.method === "POST")) {
      for (const raw of ["[]", "null", '"x"', "{"]) {
        const res = await exports.default.fetch(`http://x${call.path}`, {
          method: "POST",
          headers: { Authorization: `Bearer ${boss.token}`, "Content-Type": "application/json" },
          body: raw,
        });
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        if (res.status !== 400 || !declares(call, body?.message, 400)) problems.push(`${keyOf(call)} ${raw}: ${res.status} ${JSON.stringify(body)}`);
      }
    }
    expect(problems).toEqual([]);
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
      const contract = contractOf.get(keyOf(entry));
      if (!contract) {
        problems.push(`${keyOf(entry)}: no contract`);
        continue;
      }
      for (const role of ROLES) {
        const route = `${role} ${entry.method} ${entry.path}`;
        const res = await call(entry, await callerFor(role, admin));
        const body: unknown = await res.json().catch(() => "(not JSON)");
        const want = expectedStatus(contract, entry, role);
        if (res.status !== want) {
          problems.push(`${route}: status ${res.status}, expected ${want}: ${JSON.stringify(body)}`);
          continue;
        }
        if (want !== 200) {
          const key = (body as { message?: string }).message;
          if (!declares(contract, key, want)) problems.push(`${route}: ${key} answered ${want}, which the contract does not declare`);
        }
        const schema = want === 200 ? contract.answer : errorAnswer;
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          problems.push(`${route}: ${z.prettifyError(parsed.error)} in ${JSON.stringify(body)}`);
          continue;
        }
        const extra = unknownKeys(schema, body);
        if (extra.length) problems.push(`${route}: keys outside the schema: ${extra.join(", ")}`);
        if (want !== 200 && !serverKeys.has((body as { message: string }).message)) problems.push(`${route}: ${JSON.stringify(body)} is not a §8 server key`);
      }
      // §7's own client: exactly the inputs §7 lists for the call (none: no body at all)
      if (entry.spec) {
        const caller = await callerFor(contract.access === "public" || contract.access === "user" ? "player" : "admin", admin);
        const res = await call(entry, caller, entry.spec);
        const body: unknown = await res.json().catch(() => "(not JSON)");
        if (res.status !== 200 || !contract.answer.safeParse(body).success)
          problems.push(`§7 ${keyOf(entry)} with [${entry.spec.join(", ")}]: ${res.status} ${JSON.stringify(body)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("lists §7's inputs for every call §7 names", () => {
    const missing = ROUTES.filter((r) => SPEC_CALLS.includes(keyOf(r)) && !r.spec).map(keyOf);
    expect(missing).toEqual([]);
  });
});
