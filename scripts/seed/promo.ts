// Demo promo codes (docs/money.md "Promo codes"), made by the demo admin; re-running changes nothing
// (INSERT … ON CONFLICT(code) DO NOTHING on the UNIQUE code).
//   WELCOME5  balance code: +$5.00 once per player, 100 uses a day, no expiry
//   BONUS10   deposit code: +10 % on the next deposit, 100 uses a day, no expiry
import { sqlString, sqlValue } from "../../worker/prices/catalogue-sql";

export const DEMO_PROMO_CODES = [
  { code: "WELCOME5", kind: "balance", amount: 500, percent: 0, dailyLimit: 100 },
  { code: "BONUS10", kind: "deposit", amount: 0, percent: 10, dailyLimit: 100 },
] as const;

export function promoSeedSql(adminUsername: string): string[] {
  return DEMO_PROMO_CODES.map(
    (p) =>
      `INSERT INTO promo_codes (code, kind, amount, percent, daily_limit, expires_at, active, created_by)\n` +
      `SELECT ${sqlString(p.code)}, ${sqlString(p.kind)}, ${sqlValue(p.amount)}, ${sqlValue(p.percent)}, ${sqlValue(p.dailyLimit)}, NULL, 1, id\n` +
      `FROM users WHERE id = (SELECT MIN(id) FROM users WHERE username = ${sqlString(adminUsername)})\n` +
      `ON CONFLICT(code) DO NOTHING;`,
  );
}
