import type { UserRow } from "./db/types";

/** Hono generics for every sub-app: bindings from wrangler.toml, per-request variables. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** Set by the auth middleware when the Bearer token is valid (never for a banned user). */
    user: UserRow | undefined;
    tokenHash: string | undefined;
  };
}

export function isDev(env: Pick<Env, "DEV_MODE">): boolean {
  return env.DEV_MODE === "true" || env.DEV_MODE === "1";
}
