// Claiming cashback (docs/money.md "Cashback"): floor(cashback / 100) cents move to the balance as a
// house-paid credit (user +x, house −x, kind 'cashback') in ONE batch with the cashback
// decrease, the cashback_takes row and the bell row. The claim row is inserted only while no
// claim of the player is younger than CASHBACK.periodMs and the cashback still holds the cents,
// so two racing claims pay once (the second fails its guard and is answered too_soon).
import { notificationContent } from "../../shared/api/notifications";
import type { NotificationJson } from "../../shared/api/user";
import { claimableCents } from "../../shared/cashback";
import { CASHBACK } from "../../shared/constants";
import { classifyBatchError, houseBalanceStatements, userBalanceStatements } from "../db/ledger";
import { expectChanges } from "../db/guards";
import { batch, first, rowsOf, sql } from "../db/sql";
import { notificationOf, notificationStatement } from "../lib/notify";

type D1Env = Pick<Env, "DB">;

export type ClaimRefusal =
  | { ok: false; key: "cashback_api.too_soon"; nextClaimAt: number }
  | { ok: false; key: "cashback_api.nothing_to_take" }
  | { ok: false; key: "cashback_api.min_deposit"; minDepositCents: number };

export type ClaimResult =
  | { ok: true; cents: number; cashback: number; balance: number; nextClaimAt: number; notification: NotificationJson | null }
  | ClaimRefusal;

interface CashbackState {
  cashback: number;
  deposited: number;
  lastClaim: number | null;
}

/** The player's cashback, deposits (Σ ledger kind 'deposit') and newest claim time. */
export async function cashbackState(env: D1Env, userId: number): Promise<CashbackState> {
  const row = await first<{ cashback: number; deposited: number; last_take: number | null }>(
    env.DB,
    sql`SELECT u.cashback AS cashback,
               (SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE user_id = u.id AND account = 'user' AND kind = 'deposit') AS deposited,
               (SELECT MAX(created_at) FROM cashback_takes WHERE user_id = u.id) AS last_take
          FROM users u WHERE u.id = ${userId}`,
  );
  return { cashback: row?.cashback ?? 0, deposited: row?.deposited ?? 0, lastClaim: row?.last_take ?? null };
}

/**
 * The rules in the order they are answered: too soon (the answer names the next possible claim),
 * nothing to claim (under one cent), deposits below the minimum. Null: a claim may go ahead.
 */
export function refusalOf(s: CashbackState, now: number): ClaimRefusal | null {
  if (s.lastClaim !== null && now < s.lastClaim + CASHBACK.periodMs)
    return { ok: false, key: "cashback_api.too_soon", nextClaimAt: s.lastClaim + CASHBACK.periodMs };
  if (claimableCents(s.cashback) <= 0) return { ok: false, key: "cashback_api.nothing_to_take" };
  if (s.deposited < CASHBACK.minDepositCents) return { ok: false, key: "cashback_api.min_deposit", minDepositCents: CASHBACK.minDepositCents };
  return null;
}

/** Ledger idempotency keys of one claim (the house row adds ':house'); books/reconcile checks them. */
export const claimLedgerKey = (requestId: string) => `cashback:take:${requestId}`;

export async function claimCashback(env: D1Env, userId: number, now = Date.now()): Promise<ClaimResult> {
  const state = await cashbackState(env, userId);
  const refusal = refusalOf(state, now);
  if (refusal) return refusal;
  const cents = claimableCents(state.cashback);
  const units = cents * CASHBACK.unitsPerCent;
  const requestId = crypto.randomUUID();
  const key = claimLedgerKey(requestId);
  const reference = `cashback_take:${requestId}`;
  try {
    const results = await batch(env.DB, [
      sql`INSERT INTO cashback_takes (user_id, request_id, cents, created_at)
           SELECT ${userId}, ${requestId}, ${cents}, ${now}
            WHERE NOT EXISTS (SELECT 1 FROM cashback_takes WHERE user_id = ${userId} AND created_at > ${now - CASHBACK.periodMs})
              AND EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND cashback >= ${units})`,
      expectChanges(1),
      sql`UPDATE users SET cashback = cashback - ${units} WHERE id = ${userId} AND cashback >= ${units}`,
      expectChanges(1),
      ...userBalanceStatements({ userId, delta: cents, kind: "cashback", reference, idempotencyKey: key }, now),
      ...houseBalanceStatements({ account: "house", delta: -cents, kind: "cashback", reference, idempotencyKey: `${key}:house` }, now),
      sql`SELECT balance, cashback FROM users WHERE id = ${userId}`,
      notificationStatement({ userId, name: "cashback", content: notificationContent.amount(cents), createdAt: now }),
    ]);
    const after = rowsOf<{ balance: number; cashback: number }>(results.at(-2))[0];
    return {
      ok: true,
      cents,
      cashback: after?.cashback ?? state.cashback - units,
      balance: after?.balance ?? 0,
      nextClaimAt: now + CASHBACK.periodMs,
      notification: notificationOf(results.at(-1)),
    };
  } catch (err) {
    // a claim raced this one (or the cashback changed under it): answer from the books as they are now
    if (classifyBatchError(err) !== "guard") throw err;
    return refusalOf(await cashbackState(env, userId), now) ?? { ok: false, key: "cashback_api.nothing_to_take" };
  }
}
