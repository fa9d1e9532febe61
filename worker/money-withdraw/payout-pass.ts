// Drives 'sending' money withdrawals to their payout (README "Money withdrawals"). The pass runs in
// the WithdrawQueue DO's alarm (withdraws/WithdrawQueue.ts), like the trade-bot queue: no state of
// its own, every withdrawal's state is in D1.
import { withdrawQueue } from "../withdraws/WithdrawQueue";

/** After a withdrawal became 'sending': make sure a pass runs soon (best effort: the row stays due in D1). */
export async function kickPayouts(env: Pick<Env, "WITHDRAW_QUEUE">): Promise<void> {
  await withdrawQueue(env)
    .kick()
    .catch((err: unknown) => console.error("payout kick failed", String(err)));
}
