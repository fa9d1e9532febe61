// The account a money withdrawal goes to, per §9 system (docs/payments.md "Money withdrawals"): one set of
// rules for the withdrawal modal (web/src/features/inventory/moneyWithdrawForm.ts, which says what
// is wrong) and the server (worker/money-withdraw/wallet.ts, which refuses withdrawal_api.invalid_wallet):
//   wallet_a  a phone number: 10–15 digits (an optional leading +; spaces, dashes, dots, brackets ignored)
//   wallet_b  an account id: 6–32 letters and digits (spaces ignored)
//   card      13–19 digits passing the Luhn check (spaces, dashes, dots, brackets ignored)
//   prepaid   an account id: 6–32 letters and digits (spaces ignored), e.g. P1234567
// The normalized value is what is stored and sent to the provider.
import type { WithdrawSystemId } from "./api/money-withdraw";

export type WalletProblem = "empty" | "format" | "length" | "checksum";

export interface WalletCheck {
  /** what is sent as `wallet` (digits only for a card or a phone), null while it is not valid */
  value: string | null;
  problem: WalletProblem | null;
}

/** The Luhn checksum of a digit string (cards). */
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

/** Spaces, dashes, dots and brackets a player types between digits. */
const SEPARATORS = /[\s\-.()]/g;

/** Validates the account typed for a system and gives the value to send. */
export function checkWallet(system: WithdrawSystemId, text: string): WalletCheck {
  const raw = text.trim();
  if (raw === "") return { value: null, problem: "empty" };
  if (system === "card") {
    const digits = raw.replace(SEPARATORS, "");
    if (!/^\d+$/.test(digits)) return { value: null, problem: "format" };
    if (digits.length < 13 || digits.length > 19) return { value: null, problem: "length" };
    return luhnValid(digits) ? { value: digits, problem: null } : { value: null, problem: "checksum" };
  }
  if (system === "wallet_a") {
    const digits = raw.replace(SEPARATORS, "").replace(/^\+/, "");
    if (!/^\d+$/.test(digits)) return { value: null, problem: "format" };
    if (digits.length < 10 || digits.length > 15) return { value: null, problem: "length" };
    return { value: digits, problem: null };
  }
  // wallet B and the prepaid wallet: an account id of letters and digits
  const plain = raw.replace(/\s/g, "");
  if (!/^[A-Za-z0-9]+$/.test(plain)) return { value: null, problem: "format" };
  if (plain.length < 6 || plain.length > 32) return { value: null, problem: "length" };
  return { value: plain, problem: null };
}
