// The caller's money lists, paged like the game lists (docs/api.md "History pages"): money
// deposits, skins deposits, withdrawals (skins and money in one list by date) and referrals.
import type { PaymentJson } from "../../shared/api/payments";
import type { ReferralRowJson } from "../../shared/api/promo";
import type { SkinDepositJson } from "../../shared/api/skins-deposit";
import type { WithdrawHistoryRow } from "../../shared/api/history";
import type { SkinWithdrawRow } from "../../shared/api/withdraws";
import { toDollars } from "../../shared/money";
import { all, sql } from "../db/sql";
import { type MoneyWithdrawRow, presentWithdrawal } from "../money-withdraw/rows";
import { paymentJson } from "../payments/history";
import type { PaymentRow } from "../payments/orders";
import { skinDepositsByIds } from "../skins-deposit/history";
import { olderThan, type Page, pageFrom, type PageRequest, readSize } from "./page";

type DbEnv = Pick<Env, "DB">;
type Keyed = { at: number; key: number };

export async function depositPage(env: DbEnv, userId: number, p: PageRequest): Promise<Page<PaymentJson>> {
  const rows = await all<PaymentRow & Keyed>(
    env.DB,
    sql`SELECT *, created_at AS at, rowid AS key FROM payments WHERE user_id = ${userId} AND ${olderThan(p.before, sql`created_at`, sql`rowid`)}
         ORDER BY created_at DESC, rowid DESC LIMIT ${readSize(p)}`,
  );
  const page = pageFrom(rows, p);
  return { rows: page.rows.map(paymentJson), next: page.next };
}

export async function skinDepositPage(env: DbEnv, userId: number, p: PageRequest): Promise<Page<SkinDepositJson>> {
  const rows = await all<{ id: string } & Keyed>(
    env.DB,
    sql`SELECT id, created_at AS at, rowid AS key FROM skin_deposits WHERE user_id = ${userId} AND ${olderThan(p.before, sql`created_at`, sql`rowid`)}
         ORDER BY created_at DESC, rowid DESC LIMIT ${readSize(p)}`,
  );
  const page = pageFrom(rows, p);
  return {
    rows: await skinDepositsByIds(
      env,
      userId,
      page.rows.map((r) => r.id),
    ),
    next: page.next,
  };
}

interface SkinWithdrawSqlRow {
  id: string;
  trade_link: string;
  amount: number;
  status: SkinWithdrawRow["status"];
  offer_id: string | null;
  security_code: string | null;
  created_at: number;
}

/**
 * Skin and money withdrawals in one list by date. Their ids are of two kinds (a uuid, an integer),
 * so the key is made unique across both: rowid × 2 for a skin one, id × 2 + 1 for a money one.
 */
export async function withdrawPage(env: DbEnv, userId: number, p: PageRequest): Promise<Page<WithdrawHistoryRow>> {
  const rows = await all<{ kind: "skins" | "money"; ref: string } & Keyed>(
    env.DB,
    sql`SELECT * FROM (
          SELECT 'skins' AS kind, id AS ref, created_at AS at, rowid * 2 AS key FROM withdrawals WHERE user_id = ${userId}
          UNION ALL
          SELECT 'money' AS kind, CAST(id AS TEXT) AS ref, created_at AS at, id * 2 + 1 AS key FROM money_withdrawals WHERE user_id = ${userId})
         WHERE ${olderThan(p.before, sql`at`, sql`key`)} ORDER BY at DESC, key DESC LIMIT ${readSize(p)}`,
  );
  const page = pageFrom(rows, p);
  const skinIds = page.rows.filter((r) => r.kind === "skins").map((r) => r.ref);
  const moneyIds = page.rows.filter((r) => r.kind === "money").map((r) => Number(r.ref));
  const [skins, money] = await Promise.all([
    skinIds.length
      ? all<SkinWithdrawSqlRow>(
          env.DB,
          sql`SELECT id, trade_link, amount, status, offer_id, security_code, created_at FROM withdrawals WHERE user_id = ${userId} AND id IN ${skinIds}`,
        )
      : [],
    moneyIds.length ? all<MoneyWithdrawRow>(env.DB, sql`SELECT * FROM money_withdrawals WHERE user_id = ${userId} AND id IN ${moneyIds}`) : [],
  ]);
  const skinOf = new Map(skins.map((w) => [w.id, w]));
  const moneyOf = new Map(money.map((w) => [String(w.id), w]));
  return {
    rows: page.rows.flatMap((r): WithdrawHistoryRow[] => {
      if (r.kind === "money") {
        const w = moneyOf.get(r.ref);
        return w ? [presentWithdrawal(w)] : [];
      }
      const w = skinOf.get(r.ref);
      return w
        ? [
            {
              id: w.id,
              system: "skins",
              wallet: w.trade_link,
              amount: toDollars(w.amount),
              status: w.status,
              offer: w.offer_id !== null,
              security_code: w.security_code,
              action: null,
              date: w.created_at,
            },
          ]
        : [];
    }),
    next: page.next,
  };
}

interface RefereeSqlRow extends Keyed {
  id: number;
  username: string;
  avatar: string;
  created_at: number;
  earned: number;
}

export async function referralPage(env: DbEnv, userId: number, p: PageRequest): Promise<Page<ReferralRowJson>> {
  const rows = await all<RefereeSqlRow>(
    env.DB,
    sql`SELECT u.id, u.username, u.avatar, r.created_at, r.created_at AS at, r.referee_id AS key,
               COALESCE((SELECT SUM(e.amount) FROM referral_earnings e WHERE e.referrer_id = r.referrer_id AND e.referee_id = r.referee_id), 0) AS earned
          FROM referrals r JOIN users u ON u.id = r.referee_id
         WHERE r.referrer_id = ${userId} AND ${olderThan(p.before, sql`r.created_at`, sql`r.referee_id`)}
         ORDER BY r.created_at DESC, r.referee_id DESC LIMIT ${readSize(p)}`,
  );
  const page = pageFrom(rows, p);
  return {
    rows: page.rows.map((r) => ({ user: { id: r.id, username: r.username, avatar: r.avatar }, created_at: r.created_at, earned: toDollars(r.earned) })),
    next: page.next,
  };
}
