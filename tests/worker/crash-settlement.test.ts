// The crash D1 batches (worker/rooms/crash/settlement.ts): each lands whole or not at all, and
// a replay moves nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { bonusShare, placeBet, refundBet, settleLoss, settleWin, writeRound } from "../../worker/rooms/crash/settlement";
import { addCatalogue, betRow, count, crashRound, giveItem, itemRow, roundRow, writeWaitingRound } from "./crash-fixtures";
import { balanceOf, ledgerRows, makeUser } from "./user-fixtures";

let roundSeq = 1000;
async function newRound() {
  return (await writeWaitingRound(++roundSeq)).id;
}
const markRunning = (id: number) => writeRound(env, crashRound(id, { status: "running", startedAt: 2 }));

const bet = (roundId: number, userId: number, itemIds: number[], autoWithdraw = 200) => ({
  betId: crypto.randomUUID(),
  roundId,
  userId,
  itemIds,
  autoWithdraw,
  now: Date.now(),
});

describe("placeBet", () => {
  it("stakes the items and books the bank from their prices", async () => {
    const { user } = await makeUser();
    const a = await giveItem(user.id, 1_250);
    const b = await giveItem(user.id, 730);
    const roundId = await newRound();
    const input = bet(roundId, user.id, [b, a]);
    const placed = await placeBet(env, input);
    expect(placed).toMatchObject({ ok: true, stake: 1_980 });
    if (!placed.ok) return;
    expect(placed.items.map((i) => i.id)).toEqual([a, b]); // most expensive first
    expect(placed.items[0]).toMatchObject({ price: 1_250, rarity: "Covert", rarity_color: "#eb4b4b" });
    expect((await itemRow(a))?.status).toBe("in_bet");
    expect((await itemRow(b))?.status).toBe("in_bet");
    expect(await betRow(input.betId)).toMatchObject({ bank: 1_980, status: 0, auto_withdraw: 200, user_id: user.id });
  });

  it("refuses an item already staked (even in another bet) and writes nothing", async () => {
    const { user } = await makeUser();
    const a = await giveItem(user.id, 500);
    const b = await giveItem(user.id, 600);
    const roundId = await newRound();
    expect((await placeBet(env, bet(roundId, user.id, [a], 300))).ok).toBe(true);
    const second = bet(roundId, user.id, [b, a], 400);
    expect(await placeBet(env, second)).toEqual({ ok: false, message: "crash_api.items_unavailable" });
    expect(await betRow(second.betId)).toBeNull();
    expect(await count("SELECT COUNT(*) AS n FROM crash_bet_items WHERE bet_id = ?1", second.betId)).toBe(0);
    expect((await itemRow(b))?.status).toBe("available");
    expect(await count("SELECT COUNT(*) AS n FROM crash_bets WHERE round_id = ?1", roundId)).toBe(1);
  });

  it("refuses two racing bets on the same item: exactly one lands", async () => {
    const { user } = await makeUser();
    const a = await giveItem(user.id, 999);
    const roundId = await newRound();
    const results = await Promise.all([placeBet(env, bet(roundId, user.id, [a], 300)), placeBet(env, bet(roundId, user.id, [a], 500))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)[0]).toEqual({ ok: false, message: "crash_api.items_unavailable" });
    expect(await count("SELECT COUNT(*) AS n FROM crash_bets WHERE round_id = ?1", roundId)).toBe(1);
  });

  it("refuses another player's item, an unknown item and an empty list", async () => {
    const { user } = await makeUser();
    const other = await makeUser();
    const theirs = await giveItem(other.user.id, 400);
    const roundId = await newRound();
    expect(await placeBet(env, bet(roundId, user.id, [theirs]))).toEqual({ ok: false, message: "crash_api.items_unavailable" });
    expect(await placeBet(env, bet(roundId, user.id, [987_654_321]))).toEqual({ ok: false, message: "crash_api.items_unavailable" });
    expect(await placeBet(env, bet(roundId, user.id, []))).toEqual({ ok: false, message: "crash_api.no_items" });
    expect(await itemRow(theirs)).toMatchObject({ owner_id: other.user.id, status: "available" });
  });

  it("refuses a second bet at the same multiplier (UNIQUE round, user, target) and any bet once the round runs", async () => {
    const { user } = await makeUser();
    const [a, b, c] = [await giveItem(user.id, 100), await giveItem(user.id, 200), await giveItem(user.id, 300)];
    const roundId = await newRound();
    expect((await placeBet(env, bet(roundId, user.id, [a], 250))).ok).toBe(true);
    expect(await placeBet(env, bet(roundId, user.id, [b], 250))).toEqual({ ok: false, message: "crash_api.same_multiplier" });
    await markRunning(roundId);
    expect(await placeBet(env, bet(roundId, user.id, [c], 300))).toEqual({ ok: false, message: "crash_api.game_started" });
    expect(await placeBet(env, bet(424_242, user.id, [c], 300))).toEqual({ ok: false, message: "crash_api.game_started" });
    expect((await itemRow(b))?.status).toBe("available");
    expect((await itemRow(c))?.status).toBe("available");
  });
});

describe("settling", () => {
  it("a win: items to the house, the win item minted, the remainder credited two-sided; a replay moves nothing", async () => {
    const { user } = await makeUser();
    const a = await giveItem(user.id, 1_000);
    const b = await giveItem(user.id, 501);
    const roundId = await newRound();
    const input = bet(roundId, user.id, [a, b], 250);
    expect((await placeBet(env, input)).ok).toBe(true);
    await markRunning(roundId);

    const prize = await addCatalogue(3_500);
    const win = Math.floor((1_501 * 250) / 100); // 3752
    const settle = { betId: input.betId, roundId, userId: user.id, cashout: 250, win, winItem: { catalogueId: prize, price: 3_500 }, now: Date.now() };
    const balance = await balanceOf(user.id);
    expect(await settleWin(env, settle)).toMatchObject({ done: "settled" });

    const row = await betRow(input.betId);
    expect(row).toMatchObject({ status: 1, cashout: 250, win: 3_752, remainder: 252 });
    expect(await itemRow(row!.win_item_id!)).toMatchObject({ owner_id: user.id, status: "available", price: 3_500, catalogue_id: prize });
    for (const id of [a, b]) expect(await itemRow(id)).toMatchObject({ owner_id: null, status: "available" });
    expect(await balanceOf(user.id)).toBe(balance + 252);
    const rows = (await ledgerRows()).filter((r) => r.idempotency_key.startsWith(`crash:bet:${input.betId}`));
    expect(rows.map((r) => [r.account, r.delta, r.kind])).toEqual([
      ["user", 252, "win"],
      ["house", -252, "win"],
    ]);
    const books = await reconcile(env);
    expect(books).toMatchObject({ ok: true, crashMismatches: 0 });

    // the room's outbox runs it again after a restart: nothing moves
    const items = await count("SELECT COUNT(*) AS n FROM inventory_items");
    expect(await settleWin(env, settle)).toEqual({ done: "replay" });
    expect(await settleLoss(env, { betId: input.betId, userId: user.id, now: Date.now() })).toEqual({ done: "replay" });
    expect(await count("SELECT COUNT(*) AS n FROM inventory_items")).toBe(items);
    expect(await balanceOf(user.id)).toBe(balance + 252);
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("a win with no item that fits goes all to the balance; a win exactly an item's price leaves no remainder row", async () => {
    const { user } = await makeUser();
    const a = await giveItem(user.id, 40);
    const b = await giveItem(user.id, 80);
    const roundId = await newRound();
    const first = bet(roundId, user.id, [a], 150);
    const second = bet(roundId, user.id, [b], 200);
    await placeBet(env, first);
    await placeBet(env, second);
    const balance = await balanceOf(user.id);
    await settleWin(env, { betId: first.betId, roundId, userId: user.id, cashout: 150, win: 60, winItem: null, now: Date.now() });
    const prize = await addCatalogue(160);
    await settleWin(env, {
      betId: second.betId,
      roundId,
      userId: user.id,
      cashout: 200,
      win: 160,
      winItem: { catalogueId: prize, price: 160 },
      now: Date.now(),
    });
    expect(await balanceOf(user.id)).toBe(balance + 60);
    expect(await betRow(first.betId)).toMatchObject({ win: 60, remainder: 60, win_item_id: null });
    expect(await betRow(second.betId)).toMatchObject({ win: 160, remainder: 0 });
    expect(await count("SELECT COUNT(*) AS n FROM ledger WHERE idempotency_key LIKE ?1", `crash:bet:${second.betId}%`)).toBe(0);
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("refuses a win item dearer than the win (nothing written)", async () => {
    const { user } = await makeUser();
    const a = await giveItem(user.id, 100);
    const roundId = await newRound();
    const input = bet(roundId, user.id, [a]);
    await placeBet(env, input);
    await expect(
      settleWin(env, { betId: input.betId, roundId, userId: user.id, cashout: 200, win: 200, winItem: { catalogueId: 1, price: 201 }, now: 1 }),
    ).rejects.toThrow(RangeError);
    expect((await betRow(input.betId))?.status).toBe(0);
  });

  it("a loss: the items go to the house; a replay moves nothing", async () => {
    const { user } = await makeUser();
    const a = await giveItem(user.id, 700);
    const roundId = await newRound();
    const input = bet(roundId, user.id, [a]);
    await placeBet(env, input);
    expect(await settleLoss(env, { betId: input.betId, userId: user.id, now: Date.now() })).toEqual({ done: "settled" });
    expect(await betRow(input.betId)).toMatchObject({ status: 2, win: 0, cashout: null });
    expect(await itemRow(a)).toMatchObject({ owner_id: null, status: "available" });
    expect(await settleLoss(env, { betId: input.betId, userId: user.id, now: Date.now() })).toEqual({ done: "replay" });
    expect(await reconcile(env)).toMatchObject({ ok: true, crashMismatches: 0 });
  });

  it("a refund: the items are available to their owner again; a replay moves nothing", async () => {
    const { user } = await makeUser();
    const a = await giveItem(user.id, 700);
    const roundId = await newRound();
    const input = bet(roundId, user.id, [a], 500);
    await placeBet(env, input);
    expect(await refundBet(env, { betId: input.betId, userId: user.id, roundId, value: 0, now: Date.now() })).toEqual({ done: "settled" });
    expect(await betRow(input.betId)).toMatchObject({ status: 3 });
    expect(await itemRow(a)).toMatchObject({ owner_id: user.id, status: "available" });
    expect(await refundBet(env, { betId: input.betId, userId: user.id, roundId, value: 0, now: Date.now() })).toEqual({ done: "replay" });
    // and the item can be staked again
    expect((await placeBet(env, bet(await newRound(), user.id, [a]))).ok).toBe(true);
  });

  it("a settlement of a bet whose items moved underneath fails whole and keeps the bet pending", async () => {
    const { user } = await makeUser();
    const a = await giveItem(user.id, 300);
    const roundId = await newRound();
    const input = bet(roundId, user.id, [a]);
    await placeBet(env, input);
    await env.DB.prepare("UPDATE inventory_items SET status = 'lost' WHERE id = ?1").bind(a).run();
    await expect(settleLoss(env, { betId: input.betId, userId: user.id, now: Date.now() })).rejects.toThrow();
    expect((await betRow(input.betId))?.status).toBe(0);
  });

  it("the bonus share goes from the house to the bonus pool, once per round", async () => {
    const roundId = await newRound();
    const before = await reconcile(env);
    expect(await bonusShare(env, { roundId, amount: 123, now: Date.now() })).toEqual({ done: "settled" });
    expect(await bonusShare(env, { roundId, amount: 123, now: Date.now() })).toEqual({ done: "replay" });
    expect(await bonusShare(env, { roundId: await newRound(), amount: 0, now: Date.now() })).toEqual({ done: "settled" });
    const after = await reconcile(env);
    expect(after.bonusBalance - before.bonusBalance).toBe(123);
    expect(after.houseBalance - before.houseBalance).toBe(-123);
    expect(after.ok).toBe(true);
    const rows = (await ledgerRows()).filter((r) => r.reference === `crash:${roundId}`);
    expect(rows.map((r) => [r.account, r.delta, r.kind, r.idempotency_key])).toEqual([
      ["house", -123, "bonus_share", `crash:${roundId}:bonus:house`],
      ["bonus", 123, "bonus_share", `crash:${roundId}:bonus`],
    ]);
  });

  it("round rows only move forward; the secret and the point are written only with a crashed row", async () => {
    const roundId = await newRound();
    expect(await roundRow(roundId)).toMatchObject({ status: "waiting", secret_hash: null, crash_point: null });
    // a waiting row never carries the answer, even if asked to
    await writeRound(env, crashRound(roundId, { pot: 500, betsCount: 1, itemsCount: 2, crashPoint: 321, secret: "leak" }));
    expect(await roundRow(roundId)).toMatchObject({ status: "waiting", bank: 500, bets_count: 1, items_count: 2, secret_hash: null, crash_point: null });
    await markRunning(roundId);
    await writeRound(env, crashRound(roundId, { status: "crashed", crashPoint: 321, secret: "s1", pot: 500, crashedAt: 3 }));
    // a late retry of an older row, or another crash row, changes nothing
    await writeRound(env, crashRound(roundId, { status: "running", pot: 1 }));
    await writeRound(env, crashRound(roundId, { status: "crashed", crashPoint: 999, secret: "s2", provablyFair: false }));
    expect(await roundRow(roundId)).toMatchObject({ status: "crashed", secret_hash: "s1", crash_point: 321, provably_fair: 1, bank: 500 });
  });

  it("reconcile counts a won bet whose win is not item + remainder", async () => {
    const { user } = await makeUser();
    const a = await giveItem(user.id, 100);
    const roundId = await newRound();
    const input = bet(roundId, user.id, [a]);
    await placeBet(env, input);
    await settleWin(env, { betId: input.betId, roundId, userId: user.id, cashout: 200, win: 200, winItem: null, now: Date.now() });
    expect((await reconcile(env)).ok).toBe(true);
    await env.DB.prepare("UPDATE crash_bets SET win = win + 1 WHERE id = ?1").bind(input.betId).run();
    expect(await reconcile(env)).toMatchObject({ ok: false, crashMismatches: 1 });
    await env.DB.prepare("UPDATE crash_bets SET win = win - 1 WHERE id = ?1").bind(input.betId).run();
    expect((await reconcile(env)).ok).toBe(true);
  });
});
