// The pure rules of a skin withdrawal: who may send which items, what it costs, and what the
// queue does next with an open offer. No I/O here (tests/unit/withdraw-rules.test.ts).
import { WITHDRAW } from "../../shared/constants";
import type { OfferState } from "./bot";

export type SendRefusal =
  | {
      status: 400;
      key: "inventory_api.item_not_found" | "inventory_api.too_many_items" | "inventory_api.trade_link_required" | "inventory_api.insufficient_funds";
    }
  | { status: 403; key: "inventory_api.deposit_required" }
  | {
      status: 409;
      key: "inventory_api.wait_last_withdraw" | "inventory_api.item_not_found" | "inventory_api.items_withdrawing" | "inventory_api.trade_protected";
    };

/** The site fee on a withdrawal of items worth `amount` cents (shared/fees.ts, shown by the SPA too). */
import { withdrawFee } from "../../shared/fees";
export { withdrawFee };

/** An item the player picked, as D1 has it now (absent from the list = no such item). */
export interface PickedItem {
  id: number;
  ownerId: number | null;
  status: string;
  price: number;
  /** credited by a skins deposit whose trade-protection window is still open (skins-deposit/protection.ts) */
  tradeProtected?: boolean;
}

export interface SendState {
  userId: number;
  tradeLink: string | null;
  hasDeposit: boolean;
  /** a withdrawal of this user is 'sending' or 'moderation' */
  hasOpenWithdrawal: boolean;
  balance: number;
  items: PickedItem[];
}

export type SendCheck = { ok: true; amount: number; fee: number; items: PickedItem[] } | ({ ok: false } & SendRefusal);

/** Rule 1: 1 … WITHDRAW.maxItems items. */
export function checkCount(ids: readonly number[]): SendCheck | null {
  if (ids.length === 0) return { ok: false, status: 400, key: "inventory_api.item_not_found" };
  if (ids.length > WITHDRAW.maxItems) return { ok: false, status: 400, key: "inventory_api.too_many_items" };
  return null;
}

/** Every picked item owned by the user and 'available' ('withdrawing' has its own key). */
export function checkItems(ids: readonly number[], userId: number, items: readonly PickedItem[]): SendCheck {
  const byId = new Map(items.map((i) => [i.id, i]));
  const picked = ids.map((id) => byId.get(id));
  if (picked.some((i) => !i || i.ownerId !== userId)) return { ok: false, status: 409, key: "inventory_api.item_not_found" };
  const mine = picked as PickedItem[];
  if (mine.some((i) => i.status === "withdrawing")) return { ok: false, status: 409, key: "inventory_api.items_withdrawing" };
  if (mine.some((i) => i.status !== "available")) return { ok: false, status: 409, key: "inventory_api.item_not_found" };
  if (mine.some((i) => i.tradeProtected)) return { ok: false, status: 409, key: "inventory_api.trade_protected" };
  const amount = mine.reduce((sum, i) => sum + i.price, 0);
  return { ok: true, amount, fee: withdrawFee(amount), items: mine };
}

/** All rules of a send, in the contract's order; the first that fails answers. */
export function checkSend(ids: readonly number[], s: SendState): SendCheck {
  const count = checkCount(ids);
  if (count) return count;
  if (!s.tradeLink) return { ok: false, status: 400, key: "inventory_api.trade_link_required" };
  if (!s.hasDeposit) return { ok: false, status: 403, key: "inventory_api.deposit_required" };
  if (s.hasOpenWithdrawal) return { ok: false, status: 409, key: "inventory_api.wait_last_withdraw" };
  const items = checkItems(ids, s.userId, s.items);
  if (!items.ok) return items;
  if (s.balance < items.fee) return { ok: false, status: 400, key: "inventory_api.insufficient_funds" };
  return items;
}

// ── the queue ────────────────────────────────────────────────────────────────

/** Delay before send attempt number `attempts + 1` after `attempts` failed ones: pollMs · 2^(n−1), capped. */
export function sendRetryDelay(attempts: number): number {
  const n = Math.max(1, attempts);
  return Math.min(WITHDRAW.pollMs * 2 ** (n - 1), WITHDRAW.offerTtlMs / 2);
}

/** True when no send attempt is left after `attempts` failed ones. */
export function sendAttemptsExhausted(attempts: number): boolean {
  return attempts >= WITHDRAW.maxSendAttempts;
}

export type CancelOutcome = "declined" | "expired" | "failed" | "unavailable";
export type Outcome = "accepted" | CancelOutcome;

/**
 * What to do with an open offer the bot just reported: finish it (accepted → completed,
 * declined/expired → canceled), cancel it at the bot (older than WITHDRAW.offerTtlMs), or wait.
 */
export function decideOpenOffer(state: OfferState, sentAt: number, now: number): { finish: Outcome } | "cancel" | "wait" {
  if (state === "accepted") return { finish: "accepted" };
  if (state === "declined") return { finish: "declined" };
  if (state === "expired") return { finish: "expired" };
  return now - sentAt >= WITHDRAW.offerTtlMs ? "cancel" : "wait";
}

/** After a cancel request the bot's answer decides: it may have been accepted just before. */
export function outcomeAfterCancel(state: OfferState): Outcome | null {
  if (state === "accepted") return "accepted";
  if (state === "declined") return "declined";
  if (state === "expired") return "expired";
  return null;
}
