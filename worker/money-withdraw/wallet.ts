// The account a money withdrawal goes to, per system (shared/constants.ts MONEY_WITHDRAW.systems;
// docs/payments.md "Money withdrawals"). Pure: tests/unit/money-withdraw-wallet.test.ts. The rules are
// shared/withdraw-wallet.ts, which the withdrawal modal checks with too:
//   1 wallet A  a phone number: 10–15 digits (an optional leading +; spaces, dashes, dots, brackets ignored)
//   2 wallet B  an account id: 6–32 letters and digits (spaces ignored)
//   3 card      13–19 digits passing the Luhn check (spaces, dashes, dots, brackets ignored)
//   4 prepaid   an account id: 6–32 letters and digits (spaces ignored), e.g. P1234567
// The normalized form is what is stored and sent to the provider.
import type { WithdrawSystemNumber } from "../../shared/api/money-withdraw";
import { MONEY_WITHDRAW } from "../../shared/constants";
import { checkWallet } from "../../shared/withdraw-wallet";

/** The normalized account for `system`, or null when it does not fit (shared/withdraw-wallet.ts). */
export function normalizeWallet(system: WithdrawSystemNumber, raw: string): string | null {
  return checkWallet(MONEY_WITHDRAW.systems[system], raw).value;
}

/** The history's masked account: only the last 4 characters shown (§3). */
export function maskWallet(wallet: string): string {
  return wallet.length <= 4 ? "****" : `****${wallet.slice(-4)}`;
}
