// POST /api/admin/dashboard (admin; docs/operations.md "Operator console"): one answer the console
// refetches every few seconds. Online counts come from the hub (its sockets, as the players'
// `online` frame reports them); the rest from D1 in one batch, plus the books' reconciliation
// (worker/books/reconcile.ts) as it is.
//   activity: bets placed (cases: opened) and their stakes per hour, the last OPS.activityHours;
//   results:  the house's result per UTC day, the last OPS.resultDays — crash and wheel: stakes
//             of settled bets less what they paid; jackpot: the commission of finished rounds;
//             cases: the price of an open less its item's booked price.
import type { z } from "zod";
import type { dashboardAnswer, DashboardMode } from "../../shared/api/admin-ops";
import { DASHBOARD_MODES } from "../../shared/api/admin-ops";
import { OPS } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { BOOK_CHECKS } from "../books/checks";
import { reconcile } from "../books/reconcile";
import { batch, rowsOf, type SQL, sql } from "../db/sql";
import { hub } from "../rooms/hub";

type Answer = z.input<typeof dashboardAnswer>;
type DashboardEnv = Pick<Env, "DB" | "HUB_ROOM">;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Bucket {
  slot: number;
  n: number;
  cents: number;
}

/** Per hour since `from`: COUNT and SUM(`stake`) of `table` by `created_at` (constant SQL pieces only). */
const activitySql = (table: string, stake: string, from: number): SQL =>
  sql`SELECT CAST((created_at - ${from}) / ${HOUR} AS INTEGER) AS slot, COUNT(*) AS n, COALESCE(SUM(${sql.raw(stake)}), 0) AS cents
        FROM ${sql.raw(table)} WHERE created_at >= ${from} GROUP BY slot`;

const ACTIVITY: Record<DashboardMode, { table: string; stake: string }> = {
  crash: { table: "crash_bets", stake: "bank" },
  jackpot: { table: "jackpot_bets", stake: "price" },
  wheel: { table: "wheel_bets", stake: "bank" },
  cases: { table: "case_opens", stake: "price" },
};

const resultSql = (mode: DashboardMode, from: number): SQL => {
  switch (mode) {
    case "crash":
      return sql`SELECT CAST((settled_at - ${from}) / ${DAY} AS INTEGER) AS slot, COUNT(*) AS n, COALESCE(SUM(bank - win), 0) AS cents
                   FROM crash_bets WHERE status IN (1, 2) AND settled_at >= ${from} GROUP BY slot`;
    case "wheel":
      return sql`SELECT CAST((settled_at - ${from}) / ${DAY} AS INTEGER) AS slot, COUNT(*) AS n, COALESCE(SUM(bank - win), 0) AS cents
                   FROM wheel_bets WHERE status IN (1, 2) AND settled_at >= ${from} GROUP BY slot`;
    case "jackpot":
      return sql`SELECT CAST((finished_at - ${from}) / ${DAY} AS INTEGER) AS slot, COUNT(*) AS n, COALESCE(SUM(commission), 0) AS cents
                   FROM jackpot_rounds WHERE status = 'finished' AND finished_at >= ${from} GROUP BY slot`;
    case "cases":
      return sql`SELECT CAST((created_at - ${from}) / ${DAY} AS INTEGER) AS slot, COUNT(*) AS n, COALESCE(SUM(price - item_price), 0) AS cents
                   FROM case_opens WHERE created_at >= ${from} GROUP BY slot`;
  }
};

function slots(result: D1Result | undefined, size: number): Bucket[] {
  const out = Array.from({ length: size }, (_, slot) => ({ slot, n: 0, cents: 0 }));
  for (const r of rowsOf<Bucket>(result)) {
    const b = out[r.slot];
    if (b) {
      b.n = r.n;
      b.cents = r.cents;
    }
  }
  return out;
}

const perMode = <T>(make: (mode: DashboardMode, i: number) => T): Record<DashboardMode, T> =>
  Object.fromEntries(DASHBOARD_MODES.map((m, i) => [m, make(m, i)])) as Record<DashboardMode, T>;

/** The books as the dashboard shows them: balanced, or each failing check with its figures off 0. */
async function books(env: DashboardEnv): Promise<Answer["books"]> {
  const r = await reconcile(env);
  const figures = r as unknown as Record<string, number>;
  return {
    ok: r.ok,
    failing: BOOK_CHECKS.filter((c) => r.failing.includes(c.name)).map((c) => ({
      check: c.name,
      figures: c.mustBeZero.filter((f) => figures[f] !== 0).map((f) => ({ name: f, value: figures[f] ?? 0 })),
    })),
  };
}

/** The skin requests whose offer the bot has not made since `before`: the count, then the oldest. */
function stuckTradesSql(before: number): SQL[] {
  const stuck = sql`SELECT 'withdraw' AS kind, id, user_id, amount, created_at, attempts, next_attempt_at FROM withdrawals
                      WHERE status = 'sending' AND offer_id IS NULL AND created_at <= ${before}
                    UNION ALL
                    SELECT 'deposit' AS kind, id, user_id, amount, created_at, NULL AS attempts, next_attempt_at FROM skin_deposits
                      WHERE state = 'sending' AND offer_id IS NULL AND created_at <= ${before}`;
  return [
    sql`SELECT COUNT(*) AS n FROM (${stuck})`,
    sql`SELECT s.kind, s.id, s.user_id, u.username, s.amount, s.created_at, s.attempts, s.next_attempt_at
          FROM (${stuck}) s JOIN users u ON u.id = s.user_id ORDER BY s.created_at, s.id LIMIT ${OPS.stuckTradesShown}`,
  ];
}

interface StuckSqlRow {
  kind: "withdraw" | "deposit";
  id: string;
  user_id: number;
  username: string;
  amount: number;
  created_at: number;
  attempts: number | null;
  next_attempt_at: number;
}

function stuckTrades(countResult: D1Result | undefined, rowsResult: D1Result | undefined): Answer["stuck_trades"] {
  return {
    count: Number(rowsOf<{ n: number }>(countResult)[0]?.n ?? 0),
    oldest: rowsOf<StuckSqlRow>(rowsResult).map((r) => ({
      kind: r.kind,
      id: r.id,
      user: { id: r.user_id, username: r.username },
      amount: toDollars(r.amount),
      created_at: r.created_at,
      attempts: r.attempts,
      next_attempt_at: r.next_attempt_at,
    })),
  };
}

export async function dashboard(env: DashboardEnv, now = Date.now()): Promise<Answer> {
  const hourFrom = Math.floor(now / HOUR) * HOUR - (OPS.activityHours - 1) * HOUR;
  const dayFrom = Math.floor(now / DAY) * DAY - (OPS.resultDays - 1) * DAY;
  const n = DASHBOARD_MODES.length;
  const results = await batch(env.DB, [
    ...DASHBOARD_MODES.map((m) => activitySql(ACTIVITY[m].table, ACTIVITY[m].stake, hourFrom)),
    ...DASHBOARD_MODES.map((m) => resultSql(m, dayFrom)),
    sql`SELECT COALESCE((SELECT balance FROM house_accounts WHERE name = 'bonus'), 0) AS bonus_bank,
               (SELECT COUNT(*) FROM money_withdrawals WHERE status IN ('moderation', 'sending')) AS money_n,
               (SELECT COALESCE(SUM(amount), 0) FROM money_withdrawals WHERE status IN ('moderation', 'sending')) AS money_cents,
               (SELECT COUNT(*) FROM withdrawals WHERE status IN ('moderation', 'sending')) AS skins_n,
               (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE status IN ('moderation', 'sending')) AS skins_cents,
               (SELECT COUNT(*) FROM payments WHERE status = 'review') AS review_n,
               (SELECT COALESCE(SUM(amount), 0) FROM payments WHERE status = 'review') AS review_cents,
               (SELECT MAX(price_updated_at) FROM catalogue) AS prices_at`,
    ...stuckTradesSql(now - OPS.stuckTradeMs),
  ]);
  const t = rowsOf<Record<string, number | null>>(results[2 * n])[0] ?? {};
  const cents = (k: string) => toDollars(Number(t[k] ?? 0));
  const count = (k: string) => Number(t[k] ?? 0);
  return {
    at: now,
    online: await hub(env).online(),
    activity: perMode((_, i) => slots(results[i], OPS.activityHours).map((b) => ({ hour: hourFrom + b.slot * HOUR, bets: b.n, wagered: toDollars(b.cents) }))),
    results: perMode((_, i) => slots(results[n + i], OPS.resultDays).map((b) => ({ day: dayFrom + b.slot * DAY, result: toDollars(b.cents) }))),
    bonus_bank: cents("bonus_bank"),
    withdrawals: { money: { count: count("money_n"), sum: cents("money_cents") }, skins: { count: count("skins_n"), sum: cents("skins_cents") } },
    review: { count: count("review_n"), sum: cents("review_cents") },
    stuck_trades: stuckTrades(results[2 * n + 1], results[2 * n + 2]),
    books: await books(env),
    prices_refreshed_at: t.prices_at ?? null,
  };
}
