// The account a money withdrawal goes to, per system (shared/constants.ts MONEY_WITHDRAW.systems;
// README "Money withdrawals"). Pure: tests/unit/money-withdraw-wallet.test.ts.
//   1 wallet A  a phone number: 10–15 digits (an optional leading +; spaces, dashes, brackets ignored)
//   2 wallet B  an e-wallet account number: 11–20 digits (spaces, dashes ignored)
//   3 card      13–19 digits passing the Luhn check (spaces, dashes ignored)
//   4 prepaid   one letter then 7–12 digits (e.g. P1234567; upper-cased)
// The normalized form is what is stored and sent to the provider.
import type { WithdrawSystemNumber } from "../../shared/api/money-withdraw";

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
  switch (system) {
    case 1: {
      const phone = s.replace(/[\s()-]/g, "").replace(/^\+/, "");
      return /^\d{10,15}$/.test(phone) ? phone : null;
    }
    case 2: {
      const account = s.replace(/[\s-]/g, "");
      return /^\d{11,20}$/.test(account) ? account : null;
    }
    case 3: {
      const card = s.replace(/[\s-]/g, "");
      return /^\d{13,19}$/.test(card) && luhnValid(card) ? card : null;
    }
    case 4: {
      const prepaid = s.replace(/[\s-]/g, "").toUpperCase();
      return /^[A-Z]\d{7,12}$/.test(prepaid) ? prepaid : null;
    }
  }
}

/** The history's masked account: only the last 4 characters shown (§3). */
export function maskWallet(wallet: string): string {
  return wallet.length <= 4 ? "****" : `****${wallet.slice(-4)}`;
}
