// One value per operation of the HTTP contract (docs/api.md "Contracts"): method, full path, who may
// call it, the body (or query) schema, the answer schema and every refusal key with its status.
// The worker registers its route from the value (worker/api/contract-routes.ts), the SPA's api()
// calls it by the value, the route walk (tests/worker/api-answers.test.ts) walks the values, and
// /api/openapi.json is generated from them — the pairing lives in one place.
import type { z } from "zod";
import type { RefusalKey, ServerKey } from "../errors";

/** Where the worker serves the OpenAPI document generated from the contracts. */
export const OPENAPI_PATH = "/api/openapi.json";

/**
 * public: everyone; user: signed in (a visitor gets 401); staff: moderators and admins; admin:
 * admins only (a player gets 403). staff and admin also need a session that passed the second
 * factor (403 user_api.second_factor_required); staff_factor is staff without it — the routes
 * that enrol and check the factor (docs/security.md "Second factor").
 */
export type Access = "public" | "user" | "staff" | "admin" | "staff_factor";

/** The statuses a refusal may carry (spec §8 keys travel with one of these). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503;

/** What the staff guard answers a signed-in player: the group's own key (§8). */
export type StaffForbidden = "chat_api.forbidden" | "cases_api.forbidden" | "user_api.forbidden";

/**
 * The refusal keys a call declares, each with its status — or its statuses, when one key answers
 * two situations (inventory_api.item_not_found: 400 nothing selected, 409 an item not available).
 */
export type Refusals = { readonly [K in RefusalKey]?: RefusalStatus | readonly [RefusalStatus, ...RefusalStatus[]] };

/** The statuses a declared refusal may carry. */
export type StatusesOf<S> = S extends readonly (infer T)[] ? T : S;

/** Every status a call's refusals use (one per key, or the list of a key that has several). */
export function statusesOf(refusals: Refusals): RefusalStatus[] {
  return [...new Set(Object.values(refusals).flatMap((s) => (typeof s === "number" ? [s] : [...(s ?? [])])))];
}

interface Common {
  /** The full path, /api/… (no path parameters: §7 passes ids in the body or the query). */
  readonly path: `/api/${string}`;
  readonly access: Access;
  /** For `staff`: the key a signed-in player is refused with. */
  readonly forbidden?: StaffForbidden;
  readonly answer: z.ZodType;
  readonly refusals: Refusals;
  /** One line for the API reference. */
  readonly summary: string;
  /** A body failure's own key (e.g. storehouse_api.none_selected); app_api.invalid_request otherwise. */
  readonly invalid?: (error: z.ZodError) => ServerKey | undefined;
}

export interface PostContract extends Common {
  readonly method: "POST";
  /** The JSON body; `{}` when the client sends none. */
  readonly body: z.ZodType<Record<string, unknown>>;
}

export interface GetContract extends Common {
  readonly method: "GET";
  /** The query string's parameters. */
  readonly query?: z.ZodObject;
}

export type Contract = PostContract | GetContract;

/** The refusals every call may give whatever it declares: a bad body, a banned caller, and its access guard's. */
type Implied<C extends { access: Access; forbidden?: StaffForbidden }> = {
  "app_api.invalid_request": 400;
  "user_api.banned": 403;
} & (C["access"] extends "public" ? unknown : { "user_api.unauthorized": 401 }) &
  (C["access"] extends "admin" | "staff_factor" ? { "user_api.forbidden": 403 } : unknown) &
  (C["access"] extends "staff" ? { [K in NonNullable<C["forbidden"]>]: 403 } : unknown) &
  (C["access"] extends "staff" | "admin" ? { "user_api.second_factor_required": 403 } : unknown);

export type Contracted<C extends Contract> = Omit<C, "refusals"> & { readonly refusals: C["refusals"] & Implied<C> };

/** Declares a call; the refusals its access implies are added, so the value lists every key it may answer. */
export function contract<const C extends Contract>(call: C): Contracted<C> {
  const implied: Record<string, RefusalStatus> = { "app_api.invalid_request": 400, "user_api.banned": 403 };
  if (call.access !== "public") implied["user_api.unauthorized"] = 401;
  if (call.access === "admin" || call.access === "staff_factor") implied["user_api.forbidden"] = 403;
  if (call.access === "staff") implied[call.forbidden ?? "user_api.forbidden"] = 403;
  if (call.access === "staff" || call.access === "admin") implied["user_api.second_factor_required"] = 403;
  return { ...call, refusals: { ...implied, ...call.refusals } } as Contracted<C>;
}

/** The body a call sends (the query of a GET), as the client writes it. */
export type BodyOf<C extends Contract> = C extends PostContract
  ? z.input<C["body"]>
  : C extends { query: z.ZodType }
    ? z.input<C["query"]>
    : Record<string, never>;

/** The answer of a call, as the client reads it. */
export type AnswerOf<C extends Contract> = z.output<C["answer"]>;

/** The keys a call may be refused with. */
export type RefusalOf<C extends Contract> = keyof C["refusals"] & RefusalKey;
