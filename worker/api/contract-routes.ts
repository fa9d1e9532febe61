// Routes made from the contract values of shared/api (docs/api.md "Contracts"): serve() registers a
// call on an OpenAPIHono sub-app with its access guard, its body (or query) validation and its
// typed answers — the handler's c.req.valid() is the body's output, its c.json(…, 200) must be
// the answer schema's shape, and refuse() only takes a key the contract declares, with the
// contract's status. The same values generate /api/openapi.json (worker/index.ts).
import { createRoute, OpenAPIHono, type RouteHandler } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { z } from "zod";
import { errorAnswer } from "../../shared/api/common";
import {
  type Access,
  type Contract,
  type GetContract,
  type PostContract,
  type RefusalOf,
  type RefusalStatus,
  type StatusesOf,
  statusesOf,
} from "../../shared/api/contract";
import { errorBody, type RefusalKey } from "../../shared/errors";

type ErrorJson = JSONParsed<z.output<typeof errorAnswer>>;
import { requireAdmin, requireStaff, requireStaffRole, requireUser } from "../auth/middleware";
import type { AppEnv, SignedInEnv } from "../env";

type Guard<A extends Access> = A extends "public" ? [] : [MiddlewareHandler<SignedInEnv>];
type Json<S extends z.ZodType> = { "application/json": { schema: S } };
type Request<C extends Contract> = C extends PostContract
  ? { body: { required: true; content: Json<C["body"]> } }
  : C extends GetContract & { query: z.ZodType }
    ? { query: C["query"] }
    : Record<string, never>;
type StatusOf<C extends Contract> = StatusesOf<C["refusals"][keyof C["refusals"]]> & number;

/** The @hono/zod-openapi route of a contract, typed from it. */
export type RouteOf<C extends Contract> = {
  method: Lowercase<C["method"]>;
  path: C["path"];
  middleware: Guard<C["access"]>;
  request: Request<C>;
  responses: { 200: { description: string; content: Json<C["answer"]> } } & {
    [S in StatusOf<C>]: { description: string; content: Json<typeof errorAnswer> };
  };
};

function guardOf(call: Contract): MiddlewareHandler<SignedInEnv>[] {
  if (call.access === "user") return [requireUser];
  if (call.access === "admin") return [requireAdmin];
  if (call.access === "staff") return [requireStaff(call.forbidden ?? "user_api.forbidden")];
  if (call.access === "staff_factor") return [requireStaffRole];
  return [];
}

function routeOf<C extends Contract>(call: C): RouteOf<C> {
  const byStatus = new Map<number, string[]>();
  for (const [key, declared] of Object.entries(call.refusals)) {
    for (const status of statusesOf({ [key]: declared })) byStatus.set(status, [...(byStatus.get(status) ?? []), key]);
  }
  const responses: Record<number, { description: string; content: Json<z.ZodType> }> = {
    200: { description: call.summary, content: { "application/json": { schema: call.answer } } },
  };
  for (const [status, keys] of byStatus) responses[status] = { description: keys.join(", "), content: { "application/json": { schema: errorAnswer } } };
  const request =
    call.method === "POST" ? { body: { required: true, content: { "application/json": { schema: call.body } } } } : call.query ? { query: call.query } : {};
  const tag = call.path.split("/")[call.path.startsWith("/api/admin/") ? 3 : 2];
  return createRoute({
    method: call.method === "POST" ? "post" : "get",
    path: call.path,
    summary: call.summary,
    tags: [tag ?? "api"],
    middleware: guardOf(call),
    request,
    responses,
    ...(call.access === "public" ? {} : { security: [{ bearer: [] }] }),
  }) as unknown as RouteOf<C>;
}

/**
 * A body or query the schema refuses: the call's own key when it names one, otherwise
 * app_api.invalid_request with the first failing field.
 */
function invalidHook(call: Contract) {
  return (result: { success: true } | { success: false; error: z.ZodError }, c: Context) => {
    if (result.success) return;
    const own = call.invalid?.(result.error);
    if (own) return c.json(errorBody(own), 400);
    const issue = result.error.issues[0];
    return c.json(errorBody("app_api.invalid_request", issue ? { field: issue.path.join(".") } : {}), 400);
  };
}

/** A sub-app of contract routes, mounted at "/" (contract paths are full). */
export function contractRoutes() {
  return new OpenAPIHono<AppEnv>();
}

/** Registers `call` on `app`: guard, validation, typed answers. */
export function serve<C extends Contract>(app: OpenAPIHono<AppEnv>, call: C, handler: RouteHandler<RouteOf<C>, RouteEnv<C>>): void {
  // biome-ignore lint/suspicious/noExplicitAny: the route's types are RouteOf<C>'s; openapi() re-derives them from the value
  app.openapi(routeOf(call) as any, handler as any, invalidHook(call) as any);
}

type RouteEnv<C extends Contract> = C["access"] extends "public" ? AppEnv : SignedInEnv;

type KeyStatus<C extends Contract, K extends RefusalOf<C>> = Extract<StatusesOf<C["refusals"][K]>, RefusalStatus>;

/** A refusal the contract declares, with the contract's status (the first, if the key declares several). */
export function refuse<C extends Contract, K extends RefusalOf<C>>(
  c: Context,
  call: C,
  key: K,
  extra: Record<string, unknown> = {},
): TypedResponse<ErrorJson, KeyStatus<C, K>, "json"> {
  const declared = call.refusals[key as RefusalKey];
  return refuseAs(c, call, key, (typeof declared === "number" ? declared : declared?.[0]) as KeyStatus<C, K>, extra);
}

/** A refusal with one of the statuses its key declares (a key that answers two situations). */
export function refuseAs<C extends Contract, K extends RefusalOf<C>, S extends KeyStatus<C, K>>(
  c: Context,
  _call: C,
  key: K,
  status: S,
  extra: Record<string, unknown> = {},
): TypedResponse<ErrorJson, S, "json"> {
  return c.json(errorBody(key, extra), status as 400) as unknown as TypedResponse<ErrorJson, S, "json">;
}
