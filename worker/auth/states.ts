// Single-use sign-in states (auth_states): the OpenID return nonce / the OAuth state with its
// PKCE verifier. Consuming is one DELETE ... RETURNING, so two callbacks racing with the same
// state cannot both win.
//
// A state is "<43 random chars>.<nonce>": it carries the nonce of the sign-in attempt that the
// opening tab made (shared/api/auth.ts). The whole string is the row's key, so the nonce comes
// back only from a state we issued for that attempt; the callback cannot swap it.
import { and, eq, lt } from "drizzle-orm";
import { AUTH } from "../../shared/constants";
import { signInNonce, type SocialiteProvider } from "../../shared/api/auth";
import type { Db } from "../db/client";
import { authStates } from "../db/schema";
import { base64Url } from "./tokens";

const NONCE_SEPARATOR = ".";

/** 32 random bytes, base64url (unguessable and URL-safe), then the attempt's nonce. */
export function newState(nonce: string): string {
  return `${base64Url(crypto.getRandomValues(new Uint8Array(32)))}${NONCE_SEPARATOR}${signInNonce.parse(nonce)}`;
}

/** The attempt's nonce inside a state we issued; undefined for anything else. */
export function nonceOfState(state: string): string | undefined {
  const i = state.indexOf(NONCE_SEPARATOR);
  if (i < 0) return undefined;
  const parsed = signInNonce.safeParse(state.slice(i + 1));
  return parsed.success ? parsed.data : undefined;
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
