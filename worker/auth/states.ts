// Single-use sign-in states (auth_states): the OpenID return nonce / the OAuth state with its
// PKCE verifier. Consuming is one DELETE ... RETURNING, so two callbacks racing with the same
// state cannot both win.
import { and, eq, lt } from "drizzle-orm";
import { AUTH } from "../../shared/constants";
import type { SocialiteProvider } from "../../shared/api/auth";
import type { Db } from "../db/client";
import { authStates } from "../db/schema";
import { base64Url } from "./tokens";

/** 32 random bytes, base64url: unguessable and URL-safe. */
export function newState(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function saveState(d: Db, provider: SocialiteProvider, state: string, codeVerifier: string | null = null, now = Date.now()) {
  // Housekeeping: states nobody came back for.
  await d.delete(authStates).where(lt(authStates.createdAt, now - AUTH.stateTtlMs));
  await d.insert(authStates).values({ state, provider, codeVerifier, createdAt: now });
}

/** Deletes the state and returns it when it existed for this provider and has not expired. */
export async function consumeState(d: Db, provider: SocialiteProvider, state: string, now = Date.now()) {
  if (!state) return undefined;
  const row = await d
    .delete(authStates)
    .where(and(eq(authStates.state, state), eq(authStates.provider, provider)))
    .returning()
    .get();
  if (!row || row.createdAt < now - AUTH.stateTtlMs) return undefined;
  return row;
}
