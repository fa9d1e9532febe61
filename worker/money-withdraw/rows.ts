// Money-withdrawal rows as D1 has them and as the answers show them (shared/api/money-withdraw.ts).
import type { MoneyWithdrawJson, WithdrawStatus } from "../../shared/api/money-withdraw";
import { toDollars } from "../../shared/money";
import { batch, rowsOf, sql } from "../db/sql";
import { maskWallet } from "./wallet";

export interface MoneyWithdrawRow {
  id: number;
  user_id: number;
  system: number;
  wallet: string;
  amount: number;
  tax: number;
  payout: number;
  status: WithdrawStatus;
  reason: string | null;
  payout_ref: string | null;
  attempts: number;
  created_at: number;
}

export async function readWithdrawal(env: Pick<Env, "DB">, id: number): Promise<MoneyWithdrawRow | null> {
  const [r] = await batch(env.DB, [sql`SELECT * FROM money_withdrawals WHERE id = ${id}`]);
  return rowsOf<MoneyWithdrawRow>(r)[0] ?? null;
}

/** The player's view: masked wallet; cancel offered only in moderation. */
export function presentWithdrawal(w: MoneyWithdrawRow): MoneyWithdrawJson {
  return {
    id: w.id,
    type: "money",
    system: w.system,
    wallet: maskWallet(w.wallet),
    amount: toDollars(w.amount),
    tax: toDollars(w.tax),
    payout: toDollars(w.payout),
    status: w.status,
    action: w.status === "moderation" ? "cancel" : null,
    date: w.created_at,
  };
}

/** Ledger references / keys of a money withdrawal (docs/payments.md "Money withdrawals"). */
export const moneyWithdrawalReference = (id: number) => `money_withdrawal:${id}`;
