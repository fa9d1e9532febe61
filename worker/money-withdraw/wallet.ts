// The account a money withdrawal goes to, per system (shared/constants.ts MONEY_WITHDRAW.systems;
// README "Money withdrawals"). Pure: tests/unit/money-withdraw-wallet.test.ts. The same formats
// as the withdrawal modal's check (web/src/features/inventory/moneyWithdrawForm.ts checkWallet):
//   1 wallet A  a phone number: 10–15 digits (an optional leading +; spaces, dashes, dots, brackets ignored)
//   2 wallet B  an account id: 6–32 letters and digits (spaces ignored)
//   3 card      13–19 digits passing the Luhn check (spaces, dashes, dots, brackets ignored)
//   4 prepaid   an account id: 6–32 letters and digits (spaces ignored), e.g. P1234567
// The normalized form is what is stored and sent to the provider.
import type { WithdrawSystemNumber } from "../../shared/api/money-withdraw";

/** Spaces, dashes, dots and brackets typed between the digits of a card or a phone. */
const SEPARATORS = /[\s\-.()]/g;

/** Luhn (mod 10) check of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The normalized account for `system`, or null when it does not fit. */
export function normalizeWallet(system: WithdrawSystemNumber, raw: string): string | null {
  const s = raw.trim();
  if (system === 3) {
    const card = s.replace(SEPARATORS, "");
    return /^\d{13,19}$/.test(card) && luhnValid(card) ? card : null;
  }
  if (system === 1) {
    const phone = s.replace(SEPARATORS, "").replace(/^\+/, "");
    return /^\d{10,15}$/.test(phone) ? phone : null;
  }
  const id = s.replace(/\s/g, "");
  return /^[A-Za-z0-9]{6,32}$/.test(id) ? id : null;
}

/** The history's masked account: only the last 4 characters shown (§3). */
export function maskWallet(wallet: string): string {
  return wallet.length <= 4 ? "****" : `****${wallet.slice(-4)}`;
}
