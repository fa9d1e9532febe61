// Money-withdrawal payouts (docs/payments.md "Money withdrawals"; money-withdraw/payout-pass.ts, the
// sandbox's FreeKassa API v1 in tests/fakes/payments.mjs): paid → completed with the house's
// 'withdrawal' ledger row and the items with the house; failed or refused → canceled with
// everything back; a delayed payout is polled; a lost create answer or a replayed poll pays once.
// The passes run in the WithdrawQueue DO (runNow), as its alarm runs them.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { completeWithdrawal } from "../../worker/money-withdraw/finish";
import { payoutPaymentId } from "../../worker/money-withdraw/payout-pass";
import { withdrawQueue } from "../../worker/withdraws/WithdrawQueue";
import { ledgerRows, makeUser } from "./user-fixtures";
import { booksBalance, createOk, decide, payoutOutcome, row, sandboxPayouts, statuses, uniqueCard, withdrawer } from "./money-withdraw-fixtures";
import { notificationsOf } from "./withdraw-fixtures";

const makeDue = (id: number) => env.DB.prepare("UPDATE money_withdrawals SET next_attempt_at = 0 WHERE id = ?1").bind(id).run();

/** Passes until the withdrawal leaves 'sending' (or `max` passes); answers its row. */
async function drive(id: number, max = 6) {
  for (let i = 0; i < max; i++) {
    await makeDue(id);
    await withdrawQueue(env).runNow();
    const r = await row(id);
    if (r?.status !== "sending") return r!;
  }
  return (await row(id))!;
}

/** An auto-approved ($20 ≤ autoApprove) withdrawal to a fresh card; the sandbox outcome set first. */
async function sending(outcome: "success" | "failure" | "delay" | "refuse", polls?: number) {
  const card = uniqueCard();
  await payoutOutcome(card, outcome, polls);
  const p = await withdrawer([1_250, 750]);
  const w = await createOk(p.token, p.items, 20, { wallet: card });
  expect(w.status).toBe("sending");
  return { ...p, card, w };
}

const payoutRows = async (id: number) => (await ledgerRows()).filter((l) => l.reference === `money_withdrawal:${id}`);

describe("payout", () => {
  it("paid → completed: the house pays the payout out once, the items go to the house, the player is told", async () => {
    const s = await sending("success");
    const done = await drive(s.w.id);
    expect(done).toMatchObject({ status: "completed", amount: 2_000, tax: 400, payout: 1_600 });
    expect(await payoutRows(s.w.id)).toEqual([expect.objectContaining({ account: "house", delta: -1_600, kind: "withdrawal", user_id: null })]);
    expect(await statuses(s.items)).toEqual(s.items.map(() => ({ owner_id: null, status: "available" })));
    expect(await sandboxPayouts(s.card)).toEqual([
      expect.objectContaining({ paymentId: payoutPaymentId({ id: s.w.id, created_at: s.w.date }), amount: 16, i: 4, status: 1 }),
    ]);
    expect((await notificationsOf(s.id)).map((n) => n.name)).toContain("withdrawal_completed");
    await booksBalance();
  });

  it("a failed payout → canceled: the items come back, nothing is paid", async () => {
    const s = await sending("failure");
    expect(await drive(s.w.id)).toMatchObject({ status: "canceled", reason: "payout failed" });
    expect(await statuses(s.items)).toEqual(s.items.map(() => ({ owner_id: s.id, status: "available" })));
    expect(await payoutRows(s.w.id)).toEqual([]);
    expect((await notificationsOf(s.id)).map((n) => n.name)).toContain("withdrawal_canceled");
    await booksBalance();
  });

  it("a payout the provider refuses → canceled with everything back", async () => {
    const s = await sending("refuse");
    const done = await drive(s.w.id);
    expect(done.status).toBe("canceled");
    expect(done.reason).toMatch(/payout refused/);
    expect(await statuses(s.items)).toEqual(s.items.map(() => ({ owner_id: s.id, status: "available" })));
    await booksBalance();
  });

  it("a delayed payout stays sending while the provider works, then completes", async () => {
    // in progress for many looks (background alarm passes may add looks of their own)
    const s = await sending("delay", 1_000);
    for (let i = 0; i < 3; i++) {
      await makeDue(s.w.id);
      await withdrawQueue(env).runNow();
    }
    expect((await row(s.w.id))?.status).toBe("sending");
    expect(await sandboxPayouts(s.card)).toEqual([expect.objectContaining({ status: 0 })]);
    // the provider finishes it
    await payoutOutcome(s.card, "success");
    expect(await drive(s.w.id)).toMatchObject({ status: "completed" });
    await booksBalance();
  });

  it("a lost create answer and a replayed poll pay once", async () => {
    const s = await sending("delay", 1);
    await makeDue(s.w.id);
    await withdrawQueue(env).runNow();
    // as if the create's answer had been lost: no ref; the next pass finds the payout by paymentId
    await env.DB.prepare("UPDATE money_withdrawals SET payout_ref = NULL WHERE id = ?1").bind(s.w.id).run();
    expect(await drive(s.w.id)).toMatchObject({ status: "completed" });
    expect(await sandboxPayouts(s.card)).toHaveLength(1);
    // the completion replayed (a poll answered twice): refused, nothing paid again
    const w = (await row(s.w.id))!;
    await env.DB.prepare("UPDATE money_withdrawals SET status = 'sending' WHERE id = ?1").bind(s.w.id).run();
    expect((await completeWithdrawal(env, { id: s.w.id, user_id: s.id, payout: w.payout }, Date.now())).ok).toBe(false);
    await env.DB.prepare("UPDATE money_withdrawals SET status = 'completed' WHERE id = ?1").bind(s.w.id).run();
    expect(await payoutRows(s.w.id)).toHaveLength(1);
    await booksBalance();
  });

  it("staff approval starts the payout", async () => {
    const card = uniqueCard();
    const p = await withdrawer([3_000]);
    const a = await makeUser({ isAdmin: true });
    const w = await createOk(p.token, p.items, 30, { wallet: card });
    expect(w.status).toBe("moderation");
    expect((await decide(a.token, { id: w.id, decision: "approve" })).status).toBe(200);
    expect(await drive(w.id)).toMatchObject({ status: "completed", payout: 2_400 });
    await booksBalance();
  });
});
