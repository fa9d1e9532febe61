// getProfile `withdraws` rows of skin withdrawals (§3 Withdrawal history columns), newest first.
import { desc, eq } from "drizzle-orm";
import type { SkinWithdrawRow } from "../../shared/api/withdraws";
import { USER_API } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { db } from "../db/client";
import { withdrawals } from "../db/schema";

export async function skinWithdrawHistory(env: Pick<Env, "DB">, userId: number): Promise<SkinWithdrawRow[]> {
  const results = await db(env)
    .select({
      id: withdrawals.id,
      trade_link: withdrawals.tradeLink,
      amount: withdrawals.amount,
      status: withdrawals.status,
      created_at: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), withdrawals.id)
    .limit(USER_API.historyRows)
    .all();
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
