// getProfile `withdraws` rows of money withdrawals (§3 Withdrawal history columns), newest first.
import type { MoneyWithdrawJson } from "../../shared/api/money-withdraw";
import { USER_API } from "../../shared/constants";
import { batch, rowsOf, sql } from "../db/sql";
import { type MoneyWithdrawRow, presentWithdrawal } from "./rows";

export async function moneyWithdrawHistory(env: Pick<Env, "DB">, userId: number): Promise<MoneyWithdrawJson[]> {
  const [r] = await batch(env.DB, [
    sql`SELECT * FROM money_withdrawals WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${USER_API.historyRows}`,
  ]);
  return rowsOf<MoneyWithdrawRow>(r).map(presentWithdrawal);
}
