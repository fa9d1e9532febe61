// The one HTTP client of the SPA: JSON in and out, the Bearer token from local storage, and a
// typed error (ApiError{status, key}) for every failed answer. Message keys are spec §8 keys.
import { STORAGE_KEYS } from "../../../shared/constants";

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

export interface ApiOptions {
  method?: "GET" | "POST";
  signal?: AbortSignal;
}

type BannedHandler = () => void;
let bannedHandlers: BannedHandler[] = [];

/** The app registers what "logged out as banned" means (clear caches, show the notice). */
export function onBanned(handler: BannedHandler): () => void {
  bannedHandlers.push(handler);
  return () => {
    bannedHandlers = bannedHandlers.filter((h) => h !== handler);
  };
}

/** Forgets the token and runs the registered handlers. The hub socket's userBanned uses it too. */
export function handleBanned(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.apiToken);
  } catch {
    // storage unavailable (private mode): nothing to forget
  }
  for (const handler of bannedHandlers) handler();
}

function readToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.apiToken) || null;
  } catch {
    return null;
  }
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
 * Calls the worker. POST sends `body` as JSON; GET sends it as query parameters.
 * Resolves with the parsed answer; throws ApiError (status 0 = network failure).
 */
export async function api<T = unknown>(path: string, body?: Record<string, unknown>, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? "POST";
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, signal: options.signal };
  if (method === "POST") {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body ?? {});
  }

  let res: Response;
  try {
    res = await fetch(method === "GET" ? withQuery(path, body) : path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, "app_error.load");
  }

  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const key = errorKeyOf(data, "app_error.load");
    if (res.status === 403 && key === "user_api.banned") handleBanned();
    throw new ApiError(res.status, key, data);
  }
  return data as T;
}
