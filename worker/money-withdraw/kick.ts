// After a money withdrawal became 'sending' (auto-approved or approved by staff): make sure the
// WithdrawQueue DO runs a payout pass soon (payout-pass.ts). Best effort: the row stays due in D1
// and the next kick or a pending alarm picks it up.
import { withdrawQueue } from "../withdraws/WithdrawQueue";

export async function kickPayouts(env: Pick<Env, "WITHDRAW_QUEUE">): Promise<void> {
  await withdrawQueue(env)
    .kick()
    .catch((err: unknown) => console.error("payout kick failed", String(err)));
}
