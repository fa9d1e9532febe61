// getProfile `withdraws` rows of skin withdrawals (§3 Withdrawal history columns), newest first.
import type { SkinWithdrawRow, WithdrawalStatus } from "../../shared/api/withdraws";
import { USER_API } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { all, sql } from "../db/sql";

export async function skinWithdrawHistory(env: Pick<Env, "DB">, userId: number): Promise<SkinWithdrawRow[]> {
  const results = await all<{ id: string; trade_link: string; amount: number; status: WithdrawalStatus; created_at: number }>(
    env.DB,
    sql`SELECT id, trade_link, amount, status, created_at FROM withdrawals
      WHERE user_id = ${userId} ORDER BY created_at DESC, id LIMIT ${USER_API.historyRows}`,
  );
  return results.map((w) => ({
    id: w.id,
    system: "skins",
    wallet: w.trade_link,
    amount: toDollars(w.amount),
    status: w.status,
    action: null,
    date: w.created_at,
  }));
}
