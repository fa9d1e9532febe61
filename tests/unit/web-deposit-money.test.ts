// The deposit dialog's money tab rules (web/src/features/deposit/moneyForm.ts), the success
// screen's payment pick and the pending poll (§5 Deposit, §9).
import { parseAmount } from "../../web/src/lib/amount";
import { describe, expect, it } from "vitest";
import type { DepositMethodJson, PaymentJson } from "../../shared/api/payments";
import { DEPOSIT } from "../../shared/constants";
import { returnedPayment } from "../../web/src/features/deposit/returnedPayment";
import {
  amountProblem,
  canCheckPromo,
  canCheckReceipt,
  firstMoneyMethod,
  isSelectable,
  methodOff,
  nextAttempt,
  type PayForm,
  payBlocker,
  payFormKey,
} from "../../web/src/features/deposit/moneyForm";
import { PENDING_POLL, pendingPollDelay } from "../../web/src/lib/moneyDeposits";

const method = (id: DepositMethodJson["id"], over: Partial<DepositMethodJson> = {}): DepositMethodJson => ({
  id,
  type: id === "skins" ? "skins" : "money",
  flow: id === "skins" ? "skins" : id === "wallet_a" ? "wallet" : id.startsWith("placeholder") ? "none" : "redirect",
  placeholder: id.startsWith("placeholder"),
  available: !id.startsWith("placeholder"),
  ...over,
});

const limits = { minCents: DEPOSIT.minSumCents, maxCents: DEPOSIT.maxSumCents };

describe("parseAmount: the amount field in cents", () => {
  it.each([
    ["10", 1000],
    [" 25 ", 2500],
    ["10.5", 1050],
    ["10.55", 1055],
    ["10,5", 1050],
    ["10.", 1000],
    ["0", 0],
    ["0.01", 1],
  ])("%j → %d", (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });
  it.each(["", "  ", "abc", "-5", "10.555", "1e3", "10..5", ".5", "$10", "1 000"])("%j is no amount", (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe("amountProblem: > 0 and within the server's limits", () => {
  it("empty or zero asks for an amount", () => {
    expect(amountProblem(null, limits)).toBe("empty");
    expect(amountProblem(0, limits)).toBe("empty");
  });
  it("below the minimum and above the maximum", () => {
    expect(amountProblem(limits.minCents - 1, limits)).toBe("min");
    expect(amountProblem(limits.maxCents + 1, limits)).toBe("max");
  });
  it("the limits themselves are fine", () => {
    expect(amountProblem(limits.minCents, limits)).toBeNull();
    expect(amountProblem(limits.maxCents, limits)).toBeNull();
  });
});

describe("method tiles", () => {
  it("placeholders say soon, methods without credentials not available", () => {
    expect(methodOff(method("placeholder_1"))).toBe("soon");
    expect(methodOff(method("card", { available: false }))).toBe("unavailable");
    expect(methodOff(method("card"))).toBeNull();
  });
  it("a money method is selectable only with an amount > 0 and when it works (§5)", () => {
    expect(isSelectable(method("card"), 1000)).toBe(true);
    expect(isSelectable(method("card"), 0)).toBe(false);
    expect(isSelectable(method("card"), null)).toBe(false);
    expect(isSelectable(method("card", { available: false }), 1000)).toBe(false);
    expect(isSelectable(method("placeholder_2"), 1000)).toBe(false);
  });
  it("the skins tile works whatever the amount, unless the bot is off", () => {
    expect(isSelectable(method("skins"), null)).toBe(true);
    expect(isSelectable(method("skins", { available: false }), 1000)).toBe(false);
  });
  it("the first working money method in §9 order is picked at start", () => {
    const all = DEPOSIT.methods.map((m) => method(m.id));
    expect(firstMoneyMethod(all)).toBe("card");
    expect(firstMoneyMethod(all.map((m) => (m.id === "card" ? { ...m, available: false } : m)))).toBe("wallet_a");
    expect(firstMoneyMethod([method("skins"), method("placeholder_1")])).toBeNull();
  });
});

describe("promo check button", () => {
  it("needs text and no accepted code (§5)", () => {
    expect(canCheckPromo("", false)).toBe(false);
    expect(canCheckPromo("   ", false)).toBe(false);
    expect(canCheckPromo("BONUS10", false)).toBe(true);
    expect(canCheckPromo("BONUS10", true)).toBe(false);
  });
});

describe("payBlocker: why Pay is off", () => {
  const ok: PayForm = { cents: 1000, limits, method: method("card"), promoText: "", promoAccepted: false, hasTradeLink: true };
  it("a complete form can pay", () => {
    expect(payBlocker(ok)).toBeNull();
    expect(payBlocker({ ...ok, promoText: "BONUS10", promoAccepted: true })).toBeNull();
  });
  it("the amount comes first", () => {
    expect(payBlocker({ ...ok, cents: null, method: null })).toBe("amount");
    expect(payBlocker({ ...ok, cents: limits.minCents - 1 })).toBe("amount");
  });
  it("a money method that works is needed", () => {
    expect(payBlocker({ ...ok, method: null })).toBe("method");
    expect(payBlocker({ ...ok, method: method("skins") })).toBe("method");
    expect(payBlocker({ ...ok, method: method("wallet_b", { available: false }) })).toBe("method");
  });
  it("a typed promo code left unchecked blocks Pay (§5)", () => {
    expect(payBlocker({ ...ok, promoText: "BONUS10" })).toBe("promo");
  });
  it("a trade link is required (§5)", () => {
    expect(payBlocker({ ...ok, hasTradeLink: false })).toBe("trade_link");
  });
});

describe("wallet receipt", () => {
  it("the check needs a number longer than 10 characters (§9)", () => {
    expect(DEPOSIT.walletReceiptMinLength).toBe(11);
    expect(canCheckReceipt("1234567890")).toBe(false);
    expect(canCheckReceipt(" 1234567890 ")).toBe(false);
    expect(canCheckReceipt("12345678901")).toBe(true);
  });
});

describe("request id of a Pay click", () => {
  let n = 0;
  const newId = () => `id-${++n}`;
  it("the same form keeps its id (a retry or a double click answers the first payment)", () => {
    const first = nextAttempt(null, payFormKey(1000, "card", undefined), newId);
    expect(nextAttempt(first, payFormKey(1000, "card", undefined), newId).requestId).toBe(first.requestId);
  });
  it("another amount, method or code gets a new id", () => {
    const first = nextAttempt(null, payFormKey(1000, "card", undefined), newId);
    for (const key of [payFormKey(1001, "card", undefined), payFormKey(1000, "card_2", undefined), payFormKey(1000, "card", "BONUS10")]) {
      expect(nextAttempt(first, key, newId).requestId).not.toBe(first.requestId);
    }
  });
});

const payment = (id: string, status: PaymentJson["status"]): PaymentJson => ({
  id,
  method: "card",
  sum: 25,
  bonus: 0,
  status,
  created_at: 1,
  credited_at: null,
});

describe("/deposit/success", () => {
  it("follows the payment the return address names, else the newest", () => {
    const list = [payment("p3", "pending"), payment("p2", "credited")];
    expect(returnedPayment(list, new URLSearchParams("MERCHANT_ORDER_ID=p2"))?.id).toBe("p2");
    expect(returnedPayment(list, new URLSearchParams("MERCHANT_ORDER_ID=unknown"))?.id).toBe("p3");
    expect(returnedPayment(list, new URLSearchParams(""))?.id).toBe("p3");
    expect(returnedPayment([], new URLSearchParams(""))).toBeNull();
  });
  it("polls every 2 s while pending, for about a minute", () => {
    expect(pendingPollDelay(payment("p", "pending"), 0, 1_000)).toBe(PENDING_POLL.everyMs);
    expect(PENDING_POLL.everyMs).toBe(2_000);
    expect(pendingPollDelay(payment("p", "pending"), 0, PENDING_POLL.forMs)).toBe(false);
    expect(pendingPollDelay(payment("p", "credited"), 0, 1_000)).toBe(false);
    expect(pendingPollDelay(payment("p", "review"), 0, 1_000)).toBe(false);
    expect(pendingPollDelay(null, 0, 1_000)).toBe(false);
  });
});
