// The money tab's rules (§5 Deposit), kept pure so tests/unit checks them: what the amount field
// means in cents, which method tiles can be picked, when the promo check and Pay are on (and why
// Pay is off, for the hint under it), when the wallet receipt can be checked, and which request
// id a Pay click carries (the same one for a retry of the same form, so a double click or a
// retry answers the first payment).
import type { DepositMethodJson, MoneyMethodId } from "../../../../shared/api/payments";
import { MONEY_METHODS } from "../../../../shared/api/payments";
import { DEPOSIT } from "../../../../shared/constants";
import type { Cents } from "../../../../shared/money";

export interface AmountLimits {
  minCents: Cents;
  maxCents: Cents;
}

export type AmountProblem = "empty" | "min" | "max";

/** Why the amount cannot be paid: none (or 0), below the minimum, above the maximum; null = fine. */
export function amountProblem(cents: Cents | null, limits: AmountLimits): AmountProblem | null {
  if (cents === null || cents <= 0) return "empty";
  if (cents < limits.minCents) return "min";
  if (cents > limits.maxCents) return "max";
  return null;
}

export function isMoneyMethod(id: string): id is MoneyMethodId {
  return (MONEY_METHODS as readonly string[]).includes(id);
}

/** Why a tile is greyed out for good ("soon" for the §9 placeholders), null when it works here. */
export function methodOff(m: Pick<DepositMethodJson, "placeholder" | "available">): "soon" | "unavailable" | null {
  if (m.placeholder) return "soon";
  return m.available ? null : "unavailable";
}

/** §5: a money method can be picked only with an amount > 0; the skins tile only switches tabs. */
export function isSelectable(m: DepositMethodJson, cents: Cents | null): boolean {
  if (methodOff(m)) return false;
  if (m.type === "skins") return true;
  return isMoneyMethod(m.id) && cents !== null && cents > 0;
}

/** The method picked when the tab opens: the first working money method in §9 order. */
export function firstMoneyMethod(methods: readonly DepositMethodJson[]): MoneyMethodId | null {
  const m = methods.find((x) => x.type === "money" && !methodOff(x) && isMoneyMethod(x.id));
  return m && isMoneyMethod(m.id) ? m.id : null;
}

/** The promo check button: text typed and no code accepted yet (§5). */
export function canCheckPromo(text: string, accepted: boolean): boolean {
  return text.trim() !== "" && !accepted;
}

export type PayBlocker = "amount" | "method" | "promo" | "trade_link";

export interface PayForm {
  cents: Cents | null;
  limits: AmountLimits;
  method: DepositMethodJson | null;
  promoText: string;
  promoAccepted: boolean;
  hasTradeLink: boolean;
}

/**
 * Why Pay is off, null when it is on (§5 Money deposit: amount > 0 within the limits, a money
 * method that works, no typed promo code left unchecked, a trade link saved).
 */
export function payBlocker(f: PayForm): PayBlocker | null {
  if (amountProblem(f.cents, f.limits)) return "amount";
  if (f.method?.type !== "money" || !isSelectable(f.method, f.cents)) return "method";
  if (f.promoText.trim() !== "" && !f.promoAccepted) return "promo";
  if (!f.hasTradeLink) return "trade_link";
  return null;
}

/** §5/§9: the wallet receipt number must be longer than 10 characters. */
export function canCheckReceipt(text: string): boolean {
  return text.trim().length >= DEPOSIT.walletReceiptMinLength;
}

export function payFormKey(cents: Cents, method: MoneyMethodId, promocode: string | undefined): string {
  return `${cents}|${method}|${promocode ?? ""}`;
}

export { nextAttempt, type RequestAttempt as PayAttempt } from "../../lib/requestAttempt";
