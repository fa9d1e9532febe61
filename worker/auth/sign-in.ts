// The last step of every sign-in: the user row (with the agreement version accepted), then a
// session token, unless the user is banned.
import { eq } from "drizzle-orm";
import type { AuthMessage } from "../../shared/api/auth";
import { TERMS } from "../../shared/constants";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { errorMessage, successMessage } from "./popup-page";
import { createSession } from "./sessions";
import { upsertProviderUser, type ProviderIdentity } from "./users";

const DEFAULT_TTL_HOURS = 720;

/** SESSION_TTL_HOURS as a positive number (a broken value falls back to 30 days). */
export function sessionTtlHours(env: Pick<Env, "SESSION_TTL_HOURS">): number {
  const hours = Number(env.SESSION_TTL_HOURS);
  return Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_TTL_HOURS;
}

export async function finishProviderSignIn(
  d: Db,
  env: Pick<Env, "SESSION_TTL_HOURS">,
  identity: ProviderIdentity,
  /** The nonce of the attempt (from the consumed state): the answer goes back bound to it. */
  nonce: string,
): Promise<{ message: AuthMessage; status: 200 | 403; userId?: number }> {
  const user = await upsertProviderUser(d, identity);
  // A banned player gets no session: every call would answer 403 anyway (§4 banned).
  if (user.banned) return { message: errorMessage("user_api.banned", nonce), status: 403 };
  // the start refused any other version, so the player ticked the current agreement (docs/support.md)
  // the tick confirms the age too (TERMS.minimumAge; docs/protection.md "Age and agreement")
  const now = Date.now();
  await d.update(users).set({ termsVersion: TERMS.version, termsAcceptedAt: now, adultConfirmedAt: now }).where(eq(users.id, user.id));
  const token = await createSession(d, user.id, sessionTtlHours(env));
  return { message: successMessage(token, nonce), status: 200, userId: user.id };
}
