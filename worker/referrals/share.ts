// The referrer's share of a referee's deposit (docs/money.md "Referrals"): REFERRAL_SHARE_PERCENT of
// the deposited amount, rounded down to the cent, credited to the referrer in the deposit's own
// batch — with its ledger row, the house's counterpart, an earnings row (UNIQUE per deposit, so
// a deposit shares once) and a bell row. A referee without a referrer makes every statement a
// no-op.
import { PROMO } from "../../shared/constants";
import { notificationContent } from "../../shared/api/notifications";
import { INSERT_LEDGER_ROW } from "../db/ledger";
import { type SQL, sql } from "../db/sql";

/** REFERRAL_SHARE_PERCENT ("5"; 0–50, at most two decimals); anything else → PROMO.defaultReferralSharePercent. */
export function referralSharePercent(env: { REFERRAL_SHARE_PERCENT?: string }): number {
  const raw = (env.REFERRAL_SHARE_PERCENT ?? "").trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(raw)) return PROMO.defaultReferralSharePercent;
  const pct = Number(raw);
  return pct <= 50 ? pct : PROMO.defaultReferralSharePercent;
}

/** floor(amount · percent / 100) in integer cents (percent in hundredths to stay exact). */
export function referralShareCents(amountCents: number, percent: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || percent <= 0) return 0;
  return Math.floor((amountCents * Math.round(percent * 100)) / 10_000);
}

/**
 * @public — called by the deposit credit batch (the payments routes) once it lands;
 * tested in tests/worker/referral-share.test.ts.
 * The statements to add to a deposit's credit batch. The referrer comes from the referrals
 * table inside each statement, so nothing is read before the batch.
 */
export function referralShareStatements(
  env: { REFERRAL_SHARE_PERCENT?: string },
  input: { refereeId: number; depositId: string | number; amountCents: number },
  now = Date.now(),
): SQL[] {
  const share = referralShareCents(input.amountCents, referralSharePercent(env));
  if (share <= 0) return [];
  const depositRef = String(input.depositId);
  const key = `referral:${depositRef}`;
  const reference = `referral:${input.refereeId}`;
  // a banned referrer earns nothing while banned (docs/money.md "Referrals"): the share, its rows
  // and the bell all read the referrer through this join
  const active = sql`referrals JOIN users AS referrer ON referrer.id = referrals.referrer_id AND referrer.banned = 0
        WHERE referrals.referee_id = ${input.refereeId}`;
  const referrer = sql`(SELECT referrer_id FROM ${active})`;
  return [
    // the earnings row first: a second share of the same deposit fails here (UNIQUE deposit_ref)
    sql`INSERT INTO referral_earnings (referrer_id, referee_id, deposit_ref, deposit_amount, amount, created_at)
        SELECT referrer_id, referee_id, ${depositRef}, ${input.amountCents}, ${share}, ${now} FROM ${active}`,
    sql`UPDATE users SET balance = balance + ${share} WHERE id = ${referrer}`,
    sql`${INSERT_LEDGER_ROW}
        SELECT id, 'user', ${share}, balance, 'referral_share', ${reference}, ${key}, ${now} FROM users WHERE id = ${referrer}`,
    // the house pays the share only when a referrer got it
    sql`INSERT INTO house_accounts (name, balance) SELECT 'house', ${-share} WHERE ${referrer} IS NOT NULL
        ON CONFLICT(name) DO UPDATE SET balance = balance + ${-share}`,
    sql`${INSERT_LEDGER_ROW}
        SELECT NULL, name, ${-share}, balance, 'referral_share', ${reference}, ${`${key}:house`}, ${now} FROM house_accounts
         WHERE name = 'house' AND ${referrer} IS NOT NULL`,
    sql`INSERT INTO notifications (user_id, name, content, is_read, created_at)
        SELECT referrer_id, 'referral_share', ${notificationContent.amount(share)}, 0, ${now} FROM ${active}`,
  ];
}
