// The peer-to-peer wallet (wallet A) inside workerd: sum/create answers the wallet details for the
// second modal; the player pays (a transaction in the sandbox wallet's history, its comment the
// order id) and types the receipt number; check-transaction credits it once. §8: already
// completed, not found, contact support, payment not found; §9: a receipt number longer than 10.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { callbacksOf, checkTransaction, order, payer, paymentRow, walletTransaction } from "./payments-fixtures";
import { balanceOf } from "./user-fixtures";

describe("wallet A deposit by receipt number", () => {
  it("answers the wallet details, credits the receipt once, then says it is already completed", async () => {
    const before = await reconcile(env);
    const { user, token } = await payer();
    const a = await order(token, { sum: 12.5, depositMethod: "wallet_a" });
    expect(a).toMatchObject({
      message: "deposit_api.wallet_details",
      url: null,
      sum: 12.5,
      wallet: { account: env.WALLET_A_ACCOUNT, amount: 12.5, currency: "USD", comment: a.order_id },
    });
    const receipt = await walletTransaction({ amount: 12.5, comment: a.order_id });
    expect(receipt.length).toBeGreaterThan(10);
    expect(await checkTransaction(token, receipt)).toEqual({ status: 200, body: { status: "success", message: "deposit_api.success", sum: 12.5, bonus: 0 } });
    expect(await balanceOf(user.id)).toBe(1250);
    expect(await paymentRow(a.order_id)).toMatchObject({ status: "credited", provider_tx_id: receipt });
    expect(await checkTransaction(token, receipt)).toMatchObject({ status: 409, body: { message: "deposit_api.transaction_already_completed" } });
    // racing twins of one receipt credit once
    const b = await order(token, { sum: 3, depositMethod: "wallet_a" });
    const twin = await walletTransaction({ amount: 3, comment: b.order_id });
    const answers = await Promise.all([checkTransaction(token, twin), checkTransaction(token, twin)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(user.id)).toBe(1550);
    const after = await reconcile(env);
    expect(after.ok).toBe(true);
    expect(after.paymentsDeposited - before.paymentsDeposited).toBe(1550);
  });

  it("refuses short, unknown, unfinished, foreign and mismatched receipts, crediting nothing", async () => {
    const { user, token } = await payer();
    const other = await payer();
    const a = await order(token, { sum: 20, depositMethod: "wallet_a" });
    expect(await checkTransaction(token, "1234567890")).toMatchObject({ status: 400, body: { message: "deposit_api.receipt_invalid" } });
    expect(await checkTransaction(token, "12345678901")).toMatchObject({ status: 404, body: { message: "deposit_api.transaction_not_found" } });
    expect((await checkTransaction(token, 12345678901)).status).toBe(400);
    const waiting = await walletTransaction({ amount: 20, comment: a.order_id, status: "WAITING" });
    expect(await checkTransaction(token, waiting)).toMatchObject({ status: 409, body: { message: "deposit_api.transaction_pending" } });
    const failed = await walletTransaction({ amount: 20, comment: a.order_id, status: "ERROR" });
    expect(await checkTransaction(token, failed)).toMatchObject({ status: 404, body: { message: "deposit_api.transaction_not_found" } });
    // someone else's receipt: nothing recorded, its owner can still claim it
    const theirs = await order(other.token, { sum: 20, depositMethod: "wallet_a" });
    const foreign = await walletTransaction({ amount: 20, comment: theirs.order_id });
    expect(await checkTransaction(token, foreign)).toMatchObject({ status: 404, body: { message: "deposit_api.payment_not_found" } });
    expect(await checkTransaction(other.token, foreign)).toMatchObject({ status: 200 });
    const noComment = await walletTransaction({ amount: 20, comment: "" });
    expect(await checkTransaction(token, noComment)).toMatchObject({ status: 404, body: { message: "deposit_api.payment_not_found" } });
    // paid less than asked: recorded for support
    const short = await walletTransaction({ amount: 19.99, comment: a.order_id });
    expect(await checkTransaction(token, short)).toMatchObject({ status: 409, body: { message: "deposit_api.contact_support" } });
    expect(await checkTransaction(token, short)).toMatchObject({ status: 409, body: { message: "deposit_api.contact_support" } });
    expect((await callbacksOf(a.order_id)).map((c) => c.outcome)).toEqual(["underpaid"]);
    expect(await balanceOf(user.id)).toBe(0);
    expect((await reconcile(env)).ok).toBe(true);
  });
});
