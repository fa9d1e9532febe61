// Skin withdrawal rules (worker/withdraws/rules.ts): the fee, every refusal in the contract's
// order, the send backoff and what the queue does with an offer the bot reports.
import { describe, expect, it } from "vitest";
import { FEES, WITHDRAW } from "../../shared/constants";
import {
  checkSend,
  decideOpenOffer,
  outcomeAfterCancel,
  sendAttemptsExhausted,
  sendRetryDelay,
  withdrawFee,
  type PickedItem,
  type SendState,
} from "../../worker/withdraws/rules";

const ME = 7;
const item = (id: number, price: number, status = "available", ownerId: number | null = ME): PickedItem => ({ id, ownerId, status, price });

function state(over: Partial<SendState> = {}): SendState {
  return {
    userId: ME,
    tradeLink: "https://steamcommunity.com/tradeoffer/new/?partner=1&token=abc",
    hasDeposit: true,
    hasOpenWithdrawal: false,
    balance: 10_000,
    items: [item(1, 1_000), item(2, 255)],
    ...over,
  };
}

describe("withdrawFee", () => {
  it("is ceil(amount · 20 / 100) in cents", () => {
    expect(FEES.skinWithdrawalFeePercent).toBe(20);
    expect(withdrawFee(1_000)).toBe(200);
    expect(withdrawFee(1_255)).toBe(251); // 251.0
    expect(withdrawFee(1_256)).toBe(252); // 251.2 → up
    expect(withdrawFee(1)).toBe(1); // 0.2 → 1 cent
    expect(withdrawFee(0)).toBe(0);
    expect(withdrawFee(99_999_999_999)).toBe(20_000_000_000); // 19 999 999 999.8 → up, exact
  });

  it("takes another percent and refuses non-cents", () => {
    expect(withdrawFee(999, 10)).toBe(100);
    expect(withdrawFee(999, 0)).toBe(0);
    expect(() => withdrawFee(1.5)).toThrow(RangeError);
    expect(() => withdrawFee(-1)).toThrow(RangeError);
  });
});

describe("checkSend", () => {
  it("passes with the amount and fee of the picked items", () => {
    expect(checkSend([1, 2], state())).toEqual({ ok: true, amount: 1_255, fee: 251, items: [item(1, 1_000), item(2, 255)] });
  });

  it("answers each rule with its key", () => {
    const cases: [number[], Partial<SendState>, number, string][] = [
      [[], {}, 400, "inventory_api.item_not_found"],
      [Array.from({ length: WITHDRAW.maxItems + 1 }, (_, i) => i + 1), {}, 400, "inventory_api.too_many_items"],
      [[1], { tradeLink: null }, 400, "inventory_api.trade_link_required"],
      [[1], { tradeLink: "" }, 400, "inventory_api.trade_link_required"],
      [[1], { hasDeposit: false }, 403, "inventory_api.deposit_required"],
      [[1], { hasOpenWithdrawal: true }, 409, "inventory_api.wait_last_withdraw"],
      [[3], {}, 409, "inventory_api.item_not_found"], // no such item
      [[1], { items: [item(1, 1_000, "available", ME + 1)] }, 409, "inventory_api.item_not_found"], // someone else's
      [[1], { items: [item(1, 1_000, "available", null)] }, 409, "inventory_api.item_not_found"], // the house's
      [[1], { items: [item(1, 1_000, "in_bet")] }, 409, "inventory_api.item_not_found"], // staked in a crash bet
      [[1], { items: [item(1, 1_000, "withdrawn")] }, 409, "inventory_api.item_not_found"],
      [[1, 2], { items: [item(1, 1_000), item(2, 255, "withdrawing")] }, 409, "inventory_api.items_withdrawing"],
      // credited by a skins deposit still inside its trade-protection window
      [[1, 2], { items: [item(1, 1_000), { ...item(2, 255), tradeProtected: true }] }, 409, "inventory_api.trade_protected"],
      [[1, 2], { balance: 250 }, 400, "inventory_api.insufficient_funds"],
    ];
    for (const [ids, over, status, key] of cases) {
      expect(checkSend(ids, state(over)), `${key} ${JSON.stringify(over)}`).toEqual({ ok: false, status, key });
    }
  });

  it("accepts exactly maxItems items and a balance of exactly the fee", () => {
    const many = Array.from({ length: WITHDRAW.maxItems }, (_, i) => item(i + 1, 100));
    const res = checkSend(
      many.map((i) => i.id),
      state({ items: many, balance: 20 * WITHDRAW.maxItems }),
    );
    expect(res).toMatchObject({ ok: true, amount: 100 * WITHDRAW.maxItems, fee: 20 * WITHDRAW.maxItems });
  });

  it("checks in the contract's order: the first failing rule answers", () => {
    const everythingWrong: Partial<SendState> = { tradeLink: null, hasDeposit: false, hasOpenWithdrawal: true, balance: 0, items: [] };
    expect(checkSend([], state(everythingWrong))).toMatchObject({ key: "inventory_api.item_not_found", status: 400 });
    expect(checkSend([1], state(everythingWrong))).toMatchObject({ key: "inventory_api.trade_link_required" });
    expect(checkSend([1], state({ ...everythingWrong, tradeLink: "t" }))).toMatchObject({ key: "inventory_api.deposit_required" });
    expect(checkSend([1], state({ ...everythingWrong, tradeLink: "t", hasDeposit: true }))).toMatchObject({ key: "inventory_api.wait_last_withdraw" });
    expect(checkSend([1], state({ ...everythingWrong, tradeLink: "t", hasDeposit: true, hasOpenWithdrawal: false }))).toMatchObject({
      key: "inventory_api.item_not_found",
      status: 409,
    });
    // not owned outranks "being withdrawn"
    expect(checkSend([1, 2], state({ items: [item(1, 1, "withdrawing"), item(2, 1, "available", 99)] }))).toMatchObject({
      key: "inventory_api.item_not_found",
    });
  });
});

describe("the queue's decisions", () => {
  it("retries a send with a growing delay, at most maxSendAttempts times", () => {
    expect(sendRetryDelay(1)).toBe(WITHDRAW.pollMs);
    expect(sendRetryDelay(2)).toBe(2 * WITHDRAW.pollMs);
    expect(sendRetryDelay(3)).toBe(4 * WITHDRAW.pollMs);
    expect(sendRetryDelay(40)).toBe(WITHDRAW.offerTtlMs / 2);
    expect(sendAttemptsExhausted(WITHDRAW.maxSendAttempts - 1)).toBe(false);
    expect(sendAttemptsExhausted(WITHDRAW.maxSendAttempts)).toBe(true);
  });

  it("finishes decided offers, cancels stale active ones, waits otherwise", () => {
    const sent = 1_000_000;
    expect(decideOpenOffer("accepted", sent, sent)).toEqual({ finish: "accepted" });
    expect(decideOpenOffer("declined", sent, sent)).toEqual({ finish: "declined" });
    expect(decideOpenOffer("expired", sent, sent)).toEqual({ finish: "expired" });
    expect(decideOpenOffer("active", sent, sent + WITHDRAW.offerTtlMs - 1)).toBe("wait");
    expect(decideOpenOffer("active", sent, sent + WITHDRAW.offerTtlMs)).toBe("cancel");
    // an accepted offer is completed even when it is old
    expect(decideOpenOffer("accepted", sent, sent + 10 * WITHDRAW.offerTtlMs)).toEqual({ finish: "accepted" });
  });

  it("after a cancel, the bot's state decides (it may have been accepted just before)", () => {
    expect(outcomeAfterCancel("expired")).toBe("expired");
    expect(outcomeAfterCancel("accepted")).toBe("accepted");
    expect(outcomeAfterCancel("declined")).toBe("declined");
    expect(outcomeAfterCancel("active")).toBeNull();
  });
});
