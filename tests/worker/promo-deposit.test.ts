// depositPromoStatements (worker/promo/deposit.ts): the statements a deposit's credit batch adds
// for an accepted deposit code — the use row (once per player, within the daily limit) and the
// bonus, two-sided with the house. No deposit route exists yet, so a stand-in deposit batch here.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { userBalanceStatements } from "../../worker/db/ledger";
import { batch } from "../../worker/db/sql";
import { checkDepositPromo, depositBonusCents, depositPromoStatements } from "../../worker/promo/deposit";
import { makePromo, promoUseCount } from "./promo-fixtures";
import { balanceOf, makeUser } from "./user-fixtures";

function depositBatch(userId: number, promo: { id: number; percent: number }, ref: string, amountCents: number) {
  return batch(env.DB, [
    ...userBalanceStatements({ userId, delta: amountCents, kind: "deposit", reference: ref, idempotencyKey: `deposit:${ref}` }),
    ...depositPromoStatements({ userId, promoId: promo.id, percent: promo.percent, depositRef: ref, amountCents }),
  ]);
}

describe("a deposit code booked with the deposit", () => {
  it("bonus = floor(amount · percent / 100)", () => {
    expect(depositBonusCents(2500, 10)).toBe(250);
    expect(depositBonusCents(999, 15)).toBe(149);
    expect(depositBonusCents(1, 50)).toBe(0);
  });

  it("credits the bonus once per player, keeps the books, and a second deposit with the code moves nothing", async () => {
    const before = await reconcile(env);
    const promo = await makePromo({ kind: "deposit", amount: 0, percent: 20 });
    const { user } = await makeUser();
    const checked = await checkDepositPromo(env, user.id, promo.code);
    expect(checked).toEqual({ ok: true, promoId: promo.id, percent: 20 });

    await depositBatch(user.id, promo, `t-${promo.id}-1`, 2500);
    expect(await balanceOf(user.id)).toBe(3000);
    expect(await promoUseCount(promo.id)).toBe(1);
    await expect(depositBatch(user.id, promo, `t-${promo.id}-2`, 2500)).rejects.toThrow(/batch_guard:promo\.used/);
    expect(await balanceOf(user.id)).toBe(3000);
    expect(await checkDepositPromo(env, user.id, promo.code)).toEqual({ ok: false, refusal: "already_used" });

    const after = await reconcile(env);
    expect(after.ok).toBe(true);
    expect(after.deposits - before.deposits).toBe(2500);
    expect(after.houseBalance - before.houseBalance).toBe(-500);
    expect(after.promoPaid - before.promoPaid).toBe(500);
    expect(after.promoMismatches).toBe(0);
  });

  it("a code disabled or at its limit by the time of the credit aborts the whole batch", async () => {
    const promo = await makePromo({ kind: "deposit", amount: 0, percent: 10, dailyLimit: 1 });
    const a = await makeUser();
    const b = await makeUser();
    await depositBatch(a.user.id, promo, `t-${promo.id}-a`, 1000);
    await expect(depositBatch(b.user.id, promo, `t-${promo.id}-b`, 1000)).rejects.toThrow();
    expect(await balanceOf(b.user.id)).toBe(0);
  });
});
