// Sign-up through a referral link (docs/money.md "Referrals"). The SPA keeps the ?ref= code of the
// link and sends it with the sign-in start (/socialite/<provider>?nonce=…&ref=…); the worker
// remembers it under the attempt's single-use state key (sign_in_referrals), so the code
// travels the way the nonce does and the sign-in binding (docs/security.md "Sign-in binding") is
// untouched. The callback binds the signed-in user only when that user row was created during
// this attempt (created_at ≥ the state's), never to themselves, and once (referrals.referee_id
// is the key; INSERT OR IGNORE keeps the first). A banned referrer's code binds nobody (checked
// when the attempt starts and again when it binds: a ban in between stops it too).
import { eq, lt } from "drizzle-orm";
import { AUTH } from "../../shared/constants";
import { db } from "../db/client";
import { signInReferrals } from "../db/schema";
import { run, sql } from "../db/sql";
import { referrerIdOf } from "./code";

/** Remembers the referrer a sign-in attempt carried; a code that names nobody is ignored. */
export async function rememberSignInReferral(env: Pick<Env, "DB">, state: string, code: string | undefined, now = Date.now()): Promise<void> {
  const referrerId = referrerIdOf(code);
  if (referrerId === undefined) return;
  await db(env)
    .delete(signInReferrals)
    .where(lt(signInReferrals.createdAt, now - AUTH.stateTtlMs));
  // INSERT … SELECT: only a referrer who exists and is not banned
  await run(
    env.DB,
    sql`INSERT OR IGNORE INTO sign_in_referrals (state, referrer_id, created_at) SELECT ${state}, id, ${now} FROM users WHERE id = ${referrerId} AND banned = 0`,
  );
}

/**
 * After a successful sign-in of `userId` from the attempt `state` (issued at `stateCreatedAt`):
 * binds a new user to the referrer that attempt carried. Answers whether a binding was made.
 */
export async function bindSignInReferral(env: Pick<Env, "DB">, state: string, stateCreatedAt: number, userId: number, now = Date.now()): Promise<boolean> {
  const row = await db(env).delete(signInReferrals).where(eq(signInReferrals.state, state)).returning().get();
  if (!row) return false;
  const result = await run(
    env.DB,
    sql`INSERT OR IGNORE INTO referrals (referee_id, referrer_id, created_at)
        SELECT id, ${row.referrerId}, ${now} FROM users
         WHERE id = ${userId} AND id <> ${row.referrerId} AND created_at >= ${stateCreatedAt}
           AND NOT EXISTS (SELECT 1 FROM users AS referrer WHERE referrer.id = ${row.referrerId} AND referrer.banned = 1)`,
  );
  return (result.meta?.changes ?? 0) > 0;
}
