// The money withdrawal modal's rules (§5 Withdrawal, §9 tax and systems), kept pure so tests/unit
// checks them: the account field per system (card: 13–19 digits with a Luhn check, shown in groups
// of four; wallet A: a phone-like 10–15 digits; wallet B and the prepaid wallet: 6–32 letters and
// digits), the 20 % tax and what arrives, when the confirm box and Confirm are on (and why not),
// and which line explains a blocked withdrawal. The server applies its own rules and has the last
// word (withdrawal_api.* keys); these only save the player a refused request.
import type { AvailableWithdrawAnswer, WithdrawSystemNumber } from "../../../../shared/api/money-withdraw";
import { MONEY_WITHDRAW } from "../../../../shared/constants";
import { type Cents, toCents } from "../../../../shared/money";

export { checkWallet } from "../../../../shared/withdraw-wallet";

export type WithdrawSystemName = (typeof MONEY_WITHDRAW.systems)[WithdrawSystemNumber];

// ---- the account field: shared/withdraw-wallet.ts (the server applies the same rules) ----

/** A card number as typed, shown in groups of four ("4111 1111 1111 1111"); other systems as typed. */
export function formatWalletInput(system: WithdrawSystemName, text: string): string {
  if (system !== "card") return text;
  const digits = text.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

// ---- money ----

export interface WithdrawQuote {
  /** the items' value */
  amountCents: Cents;
  /** floor(value · tax / 100) */
  taxCents: Cents;
  /** what arrives: value − tax */
  payoutCents: Cents;
}

/** §9: what arrives = value − floor(value · 20 / 100) (the server's rounding). */
export function withdrawQuote(amountCents: Cents, taxPercent: number = MONEY_WITHDRAW.taxPercent): WithdrawQuote {
  const taxCents = Math.floor((amountCents * taxPercent) / 100);
  return { amountCents, taxCents, payoutCents: amountCents - taxCents };
}

/** The selected items' value in cents (the current catalogue price each, summed without float drift). */
export function itemsValueCents(items: readonly { price: number }[]): Cents {
  return items.reduce((sum, item) => sum + toCents(item.price), 0);
}

// ---- why a withdrawal cannot be made now ----

export type BlockedReason =
  | { key: "deposit_required" }
  | { key: "wait_last_withdraw" }
  /** bet `leftCents` more before money may leave */
  | { key: "wager_required"; leftCents: Cents }
  /** the rolling money limit is used up */
  | { key: "money_limit"; limitCents: Cents; usedCents: Cents; hours: number };

/** The line that explains getAvailableWithdraw's `blocked`, with the numbers behind it; null when not blocked. */
export function blockedReason(a: Pick<AvailableWithdrawAnswer, "blocked" | "wager" | "money_limit">): BlockedReason | null {
  switch (a.blocked) {
    case null:
      return null;
    case "withdrawal_api.deposit_required":
      return { key: "deposit_required" };
    case "withdrawal_api.wait_last_withdraw":
      return { key: "wait_last_withdraw" };
    case "withdrawal_api.wager_required":
      return { key: "wager_required", leftCents: Math.max(0, toCents(a.wager.deposits) - toCents(a.wager.bets)) };
    case "withdrawal_api.money_limit":
      return {
        key: "money_limit",
        limitCents: toCents(a.money_limit.limit),
        usedCents: toCents(a.money_limit.used),
        hours: a.money_limit.window_hours,
      };
  }
}

// ---- the confirm box and the Confirm button ----

export type ConfirmBlocker = "amount" | "blocked" | "min" | "max" | "method" | "wallet" | "confirm";

export interface ConfirmForm {
  amountCents: Cents;
  minCents: Cents;
  availableCents: Cents;
  blocked: boolean;
  /** the picked system and whether it works now */
  system: { available: boolean } | null;
  walletValid: boolean;
  confirmed: boolean;
}

/** §5: the confirm box (tax information) is on only with an amount, a method and a wallet. */
export function canTickConfirm(f: Pick<ConfirmForm, "amountCents" | "system" | "walletValid">): boolean {
  return f.amountCents > 0 && f.system !== null && f.system.available && f.walletValid;
}

/** Why Confirm is off (the hint under it), null when it is on. */
export function confirmBlocker(f: ConfirmForm): ConfirmBlocker | null {
  if (f.amountCents <= 0) return "amount";
  if (f.blocked) return "blocked";
  if (f.amountCents < f.minCents) return "min";
  if (f.amountCents > f.availableCents) return "max";
  if (!f.system?.available) return "method";
  if (!f.walletValid) return "wallet";
  if (!f.confirmed) return "confirm";
  return null;
}

/** What one Confirm asks for; the same form confirmed again keeps its request id (a retry). */
export function withdrawFormKey(f: { sumCents: Cents; system: number; wallet: string; items: readonly number[] }): string {
  return `${f.sumCents}|${f.system}|${f.wallet}|${[...f.items].sort((a, b) => a - b).join(",")}`;
}

/** The `sum` a sum_changed refusal carries (the items' value now), in cents; null when it has none. */
export function changedSumCents(body: unknown): Cents | null {
  if (!body || typeof body !== "object" || !("sum" in body)) return null;
  const sum = (body as { sum: unknown }).sum;
  if (typeof sum !== "number" && typeof sum !== "string") return null;
  try {
    const cents = toCents(sum);
    return cents >= 0 ? cents : null;
  } catch {
    return null;
  }
}
