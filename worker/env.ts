import type { UserRow } from "./db/types";

/** Hono generics for every sub-app: bindings from wrangler.toml, per-request variables. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** Set by the auth middleware when the Bearer token is valid (never for a banned user). */
    user: UserRow | undefined;
    tokenHash: string | undefined;
    /** when the session passed the staff second factor (null: not yet) */
    secondFactorAt: number | null;
  };
}

/**
 * What a handler sees behind requireUser / requireStaff / requireAdmin (auth/middleware.ts):
 * Hono intersects the guard's env with the app's, so `c.get("user")` is a UserRow there (and
 * `tokenHash` a string: readSession sets both from the same session).
 */
export interface SignedInEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { user: UserRow; tokenHash: string };
}

export function isDev(env: Pick<Env, "DEV_MODE">): boolean {
  return env.DEV_MODE === "true" || env.DEV_MODE === "1";
}
