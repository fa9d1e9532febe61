// Helpers for the user/admin worker tests: users inserted with drizzle, tokens from createSession.
import { env, exports } from "cloudflare:workers";
import { createSession } from "../../worker/auth/sessions";
import { db } from "../../worker/db/client";
import { userBalanceStatements } from "../../worker/db/ledger";
import { users } from "../../worker/db/schema";
import { batch } from "../../worker/db/sql";

type NewUser = typeof users.$inferInsert;
let seq = 0;

/**
 * A user and a session token. A staff user's session has passed the second factor (as the dev
 * login mints it) unless `secondFactor: false` asks for one that has not.
 */
export async function makeUser(fields: Partial<NewUser> = {}, opts: { secondFactor?: boolean } = {}) {
  seq += 1;
  const user = await db(env)
    .insert(users)
    .values({ username: `player${seq}`, ...fields })
    .returning()
    .get();
  const staff = user.isAdmin || user.isModerator;
  const now = Date.now();
  const token = await createSession(db(env), user.id, 24, now, staff && opts.secondFactor !== false ? now : null);
  return { user, token };
}

/** Credits a user through the ledger as a deposit (money entering the books). */
export async function deposit(userId: number, cents: number) {
  await batch(env.DB, userBalanceStatements({ userId, delta: cents, kind: "deposit", idempotencyKey: `test-deposit:${crypto.randomUUID()}` }));
}

export function post(path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { ...headers };
  if (body !== undefined && !("Content-Type" in h)) h["Content-Type"] = "application/json";
  if (token) h.Authorization = `Bearer ${token}`;
  return exports.default.fetch(`http://x${path}`, {
    method: "POST",
    headers: h,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function balanceOf(userId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT balance FROM users WHERE id = ?1").bind(userId).first<{ balance: number }>();
  return row?.balance ?? -1;
}

export async function ledgerRows() {
  const { results } = await env.DB.prepare("SELECT * FROM ledger ORDER BY id").all<{
    id: number;
    user_id: number | null;
    account: string;
    delta: number;
    balance_after: number;
    kind: string;
    reference: string | null;
    idempotency_key: string;
  }>();
  return results;
}

export async function auditRows() {
  const { results } = await env.DB.prepare("SELECT * FROM audit_log ORDER BY id").all<{
    actor_id: number;
    action: string;
    target_user_id: number | null;
    details: string;
    before: string | null;
    after: string | null;
  }>();
  return results;
}
