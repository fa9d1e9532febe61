// The pure rules of a money withdrawal (docs/payments.md "Money withdrawals"; the refusal order is the
// contract's, shared/api/money-withdraw.ts). No I/O: tests/unit/money-withdraw-rules.test.ts.
//   deposits  Σ the player's ledger 'deposit' rows + the value credited by their skins deposits
//   bets      Σ the player's stakes: crash and wheel bets' bank and jackpot bets' price (not
//             refunded ones) + case opens' price.
//             Store buys are not bets: a purchase is a trade at the item's value, nothing is risked.
//   withdrawn Σ amount of the player's money withdrawals not canceled (moderation, sending, completed)
//   wager     nothing leaves as money before bets ≥ deposits; then money out in all (withdrawn +
//             this one) ≤ deposits × depositFactor
//   limit     Σ amount of money withdrawals not canceled made in the last moneyLimitWindowMs
//             ≤ moneyLimitCents; once used up only skins may leave (the trade bot)
import type { WithdrawSystemNumber } from "../../shared/api/money-withdraw";
import { MONEY_WITHDRAW } from "../../shared/constants";

export type BlockKey = "withdrawal_api.deposit_required" | "withdrawal_api.wait_last_withdraw" | "withdrawal_api.wager_required" | "withdrawal_api.money_limit";

/** The player's record the rules read (all cents). */
export interface WagerState {
  deposits: number;
  bets: number;
  withdrawn: number;
  /** Σ amount of not-canceled money withdrawals inside the rolling window */
  windowUsed: number;
  hasOpen: boolean;
}

/** The tax on a withdrawal of `amount` cents: floor(amount · taxPercent / 100). */
export function withdrawTax(amount: number): number {
  return Math.floor((amount * MONEY_WITHDRAW.taxPercent) / 100);
}

export interface Availability {
  /** cents the player may withdraw as money now (0 when blocked) */
  available: number;
  blocked: BlockKey | null;
  /** cents still to bet before any money may leave (wager_required) */
  left: number;
}

/** What getAvailableWithdraw answers: the first blocking rule in the contract's order, or the maximum. */
export function availability(s: WagerState): Availability {
  if (s.deposits <= 0) return { available: 0, blocked: "withdrawal_api.deposit_required", left: 0 };
  if (s.hasOpen) return { available: 0, blocked: "withdrawal_api.wait_last_withdraw", left: 0 };
  if (s.bets < s.deposits) return { available: 0, blocked: "withdrawal_api.wager_required", left: s.deposits - s.bets };
  const limitLeft = MONEY_WITHDRAW.moneyLimitCents - s.windowUsed;
  if (limitLeft <= 0) return { available: 0, blocked: "withdrawal_api.money_limit", left: 0 };
  const wagerLeft = s.deposits * MONEY_WITHDRAW.depositFactor - s.withdrawn;
  return { available: Math.max(0, Math.min(wagerLeft, limitLeft)), blocked: null, left: 0 };
}

/** An item the player picked, as D1 has it now (absent = no such item). */
export interface PickedItem {
  id: number;
  ownerId: number | null;
  status: string;
  /** its value now: the current catalogue price (prices/valuation.ts) */
  price: number;
  tradeProtected: boolean;
}

export type CreateRefusal =
  | { status: 400; key: "withdrawal_api.no_items" | "withdrawal_api.too_many_items" | "withdrawal_api.min_sum" | "withdrawal_api.invalid_wallet" }
  | { status: 403; key: "withdrawal_api.deposit_required" }
  | { status: 403; key: "withdrawal_api.wager_required"; left: number }
  | {
      status: 409;
      key:
        | "withdrawal_api.wait_last_withdraw"
        | "withdrawal_api.money_limit"
        | "withdrawal_api.item_not_found"
        | "withdrawal_api.trade_protected"
        | "withdrawal_api.system_unavailable";
    }
  | { status: 409; key: "withdrawal_api.sum_changed"; sum: number }
  | { status: 409; key: "withdrawal_api.max_withdraw"; available: number };

export interface CreateInput {
  userId: number;
  ids: readonly number[];
  /** the value the player saw, cents */
  sum: number;
  system: WithdrawSystemNumber;
  /** the normalized account, or null when it did not fit the system */
  wallet: string | null;
  systemAvailable: boolean;
  wager: WagerState;
  items: readonly PickedItem[];
}

export type CreateCheck = { ok: true; amount: number; tax: number; payout: number; items: PickedItem[] } | ({ ok: false } & CreateRefusal);

/** Every rule of a create, in the contract's order; the first that fails answers. */
export function checkCreate(r: CreateInput): CreateCheck {
  const a = availability(r.wager);
  if (a.blocked === "withdrawal_api.wager_required") return { ok: false, status: 403, key: a.blocked, left: a.left };
  if (a.blocked === "withdrawal_api.deposit_required") return { ok: false, status: 403, key: a.blocked };
  if (a.blocked) return { ok: false, status: 409, key: a.blocked };
  if (r.ids.length === 0) return { ok: false, status: 400, key: "withdrawal_api.no_items" };
  if (r.ids.length > MONEY_WITHDRAW.maxItems) return { ok: false, status: 400, key: "withdrawal_api.too_many_items" };
  const byId = new Map(r.items.map((i) => [i.id, i]));
  const picked = r.ids.map((id) => byId.get(id));
  const amount = picked.reduce((sum, i) => sum + (i?.price ?? 0), 0);
  if (amount < MONEY_WITHDRAW.minSumCents) return { ok: false, status: 400, key: "withdrawal_api.min_sum" };
  if (picked.some((i) => !i || i.ownerId !== r.userId || i.status !== "available")) return { ok: false, status: 409, key: "withdrawal_api.item_not_found" };
  const mine = picked as PickedItem[];
  if (mine.some((i) => i.tradeProtected)) return { ok: false, status: 409, key: "withdrawal_api.trade_protected" };
  if (r.sum !== amount) return { ok: false, status: 409, key: "withdrawal_api.sum_changed", sum: amount };
  if (amount > a.available) return { ok: false, status: 409, key: "withdrawal_api.max_withdraw", available: a.available };
  if (!r.systemAvailable) return { ok: false, status: 409, key: "withdrawal_api.system_unavailable" };
  if (!r.wallet) return { ok: false, status: 400, key: "withdrawal_api.invalid_wallet" };
  const tax = withdrawTax(amount);
  return { ok: true, amount, tax, payout: amount - tax, items: mine };
}

/** Auto-approved (straight to 'sending') at most MONEY_WITHDRAW.autoApproveCents. */
export function initialStatus(amount: number): "moderation" | "sending" {
  return amount <= MONEY_WITHDRAW.autoApproveCents ? "sending" : "moderation";
}
