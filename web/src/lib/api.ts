// The one HTTP client of the SPA: JSON in and out, the Bearer token from local storage, and a
// typed error (ApiError{status, key}) for every failed answer. Message keys are spec §8 keys.
// Every call names its contract (shared/api/<group>.ts, the value the route is registered from):
// the body is typed from it, the answer parsed with its answer schema and typed from it, so the
// client never trusts a shape the server did not promise. zod runs jitless here (lib/zodCsp.ts, imported first by the entry).
import type { AnswerOf, BodyOf, Contract } from "../../../shared/api/contract";
import { UI } from "../../../shared/constants";
import { clearToken, getToken } from "./session/token";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    /** A message key of the error catalogue (or a server text containing spaces). */
    readonly key: string,
    readonly body: unknown = null,
  ) {
    super(key);
  }
}

/** React Query's retry (the app default, and the round pages'): a 4xx answer does not get better by asking again. */
export function retryUnless4xx(count: number, err: unknown): boolean {
  return !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2;
}

export interface ApiOptions {
  signal?: AbortSignal;
}

type BannedHandler = () => void;
let bannedHandlers: BannedHandler[] = [];
let lastBannedAt = Number.NEGATIVE_INFINITY;

/** The app registers what "logged out as banned" means (clear the cached user, show the notice). */
export function onBanned(handler: BannedHandler): () => void {
  bannedHandlers.push(handler);
  return () => {
    bannedHandlers = bannedHandlers.filter((h) => h !== handler);
  };
}

/**
 * The one "banned" path (§4): a 403 user_api.banned answer and the hub's userBanned both land
 * here. Forgets the token, then runs the handlers — once per burst: several calls failing
 * together, or the socket and a call at the same moment, give one notice. No reload.
 */
export function handleBanned(): void {
  const now = Date.now();
  clearToken();
  if (now - lastBannedAt < UI.bannedNoticeDedupeMs) return;
  lastBannedAt = now;
  for (const handler of bannedHandlers) handler();
}

/** True for the answer every call of a banned user gets. */
export function isBannedError(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 403 && err.key === "user_api.banned";
}

/**
 * Which notice a failed call gets: the server's message key when it gave one; `clientKey` (the
 * feature's own key) for a network or unexplained failure; null when banned (the banned path
 * already told the user).
 */
export function failureKey(err: unknown, clientKey: string): string | null {
  if (isBannedError(err)) return null;
  return err instanceof ApiError && err.status !== 0 && err.key !== "app_error.load" ? err.key : clientKey;
}

/** The message key an error answer carries; `fallback` when it has none. */
export function errorKeyOf(body: unknown, fallback: string): string {
  if (body && typeof body === "object" && "message" in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === "string" && message) return message;
  }
  return fallback;
}

function withQuery(path: string, body: Record<string, unknown> | undefined): string {
  if (!body) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

/**
 * A call whose contract arrives later: modules of the first load (the current user, logout) name
 * the method and path and load the contract, so that zod and the schemas arrive after the first
 * paint (docs/benchmarks.md "Weight of the first load"); a unit test holds the two to the contract.
 */
export interface LazyCall<C extends Contract> {
  method: C["method"];
  path: C["path"];
  load: () => Promise<C>;
}

/**
 * Calls the worker by the call's contract (shared/api, docs/api.md "Contracts"). POST sends `body` as
 * JSON; GET sends it as query parameters. Resolves with the answer parsed by the contract's
 * answer schema; throws ApiError (status 0 = network failure). An answer that does not match
 * its schema is a failed call too: ApiError app_error.load, which failureKey() turns into the
 * feature's own client key (a notice, never a crash).
 */
export async function api<C extends Contract>(call: C | LazyCall<C>, body?: BodyOf<C>, options: ApiOptions = {}): Promise<AnswerOf<C>> {
  const { method, path } = call;
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, signal: options.signal };
  if (method === "POST") {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body ?? {});
  }
  const contract = "load" in call ? call.load() : Promise.resolve(call);
  // a chunk that fails to load is reported with the answer, not as an unhandled rejection
  contract.catch(() => undefined);

  let res: Response;
  try {
    res = await fetch(method === "GET" ? withQuery(path, body as Record<string, unknown> | undefined) : path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, "app_error.load");
  }

  let data: unknown = null;
  try {
    data = await res.json();
  } catch (err) {
    // cancelled while the body was arriving (React Query dropped the call): still a cancel, not a bad answer
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    data = null;
  }
  if (!res.ok) {
    const key = errorKeyOf(data, "app_error.load");
    const error = new ApiError(res.status, key, data);
    if (isBannedError(error)) handleBanned();
    throw error;
  }
  let schema: C["answer"];
  try {
    schema = (await contract).answer;
  } catch {
    // the schemas' chunk did not load: a network failure like any other
    throw new ApiError(0, "app_error.load");
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    // a contract break between this build and the worker: tell the developer, fail the call
    console.error(`answer of ${path} does not match its schema`, parsed.error.issues);
    throw new ApiError(res.status, "app_error.load", data);
  }
  return parsed.data as AnswerOf<C>;
}
