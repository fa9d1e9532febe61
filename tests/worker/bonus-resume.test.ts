// The bonus pool's draw pays exactly once (docs/games.md "Bonus pool"): an alarm run twice, an eviction at
// the end time, a replayed payout; and the fewer-participants rules (0: the bank carries over; 1
// and 2: the places taken are paid, the rest carries over).
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bonusSplit, bonusWinners } from "../../shared/bonus";
import { keccakHex } from "../../shared/fairness";
import { reconcile } from "../../worker/books/reconcile";
import type { BonusRoom } from "../../worker/rooms/bonus/BonusRoom";
import { settleDraw } from "../../worker/rooms/bonus/settlement";
import { advanceClock, bonus, bonusAccount, bonusRoundRow, feed, fireBonusAt, join, openRound, qualifiedUser } from "./bonus-fixtures";
import { balanceOf } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

const payouts = async (roundId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger WHERE reference = ?1 AND account = 'user'").bind(`bonus:${roundId}`).first<{ n: number }>())!.n;

describe("exactly once", () => {
  it("an alarm delivered twice at the end time pays once", async () => {
    advanceClock(3_600_000);
    const players = [await qualifiedUser(), await qualifiedUser(), await qualifiedUser()];
    for (const p of players) await join(p.token);
    await feed(400);
    const round = await openRound();
    advanceClock(round.ends_at! - Date.now());
    // the runtime's alarm and a second delivery racing it
    await runInDurableObject(bonus(), async (instance: BonusRoom) => {
      await Promise.all([instance.alarm(), instance.alarm()]);
    });
    await runDurableObjectAlarm(bonus());
    expect(await bonusRoundRow(round.id)).toMatchObject({ status: "finished", paid: 400 });
    expect(await payouts(round.id)).toBe(3);
    expect((await openRound()).id).toBe(round.id + 1);
    const total = (await Promise.all(players.map((p) => balanceOf(p.user.id)))).reduce((a, b) => a + b, 0);
    expect(total).toBe(400);
    expect(await reconcile(env)).toMatchObject({ ok: true, bonusMismatches: 0 });
  });

  it("evicted at the end time: the restarted room draws once; a replayed payout moves nothing", async () => {
    advanceClock(3_600_000);
    const players = [await qualifiedUser(), await qualifiedUser()];
    for (const p of players) await join(p.token);
    await feed(1_000);
    const round = await openRound();
    await evictDurableObject(bonus());
    advanceClock(round.ends_at! + 5_000 - Date.now());
    // anyone coming back wakes it: the due draw runs first
    await bonus().fed();
    // evicted again, a stray alarm delivery and another wake: nothing more is paid
    await evictDurableObject(bonus());
    await runDurableObjectAlarm(bonus());
    await bonus().fed();
    const done = await bonusRoundRow(round.id);
    expect(done).toMatchObject({ status: "finished", bank: 1_000, paid: 750, carried: 250 });
    expect(await payouts(round.id)).toBe(2);
    const order = bonusWinners(
      done!.secret!,
      env.BONUS_SALT,
      players.map((p) => p.user.id),
    );
    expect(await balanceOf(order[0]!)).toBe(500);
    expect(await balanceOf(order[1]!)).toBe(250);
    // the chain: this round's secret hashes to the round before's
    expect(keccakHex(done!.secret!)).toBe((await bonusRoundRow(round.id - 1))!.secret);
    // the same payout once more (an outbox entry replayed): nothing moves
    const replay = await settleDraw(
      env,
      {
        kind: "draw",
        roundId: round.id,
        nextRoundId: round.id + 1,
        bank: 1_000,
        secret: done!.secret!,
        participants: 2,
        winners: [
          { userId: order[0]!, place: 1, amount: 500 },
          { userId: order[1]!, place: 2, amount: 250 },
        ],
        carried: 250,
        drawnAt: round.ends_at!,
      },
      Date.now(),
    );
    expect(replay).toEqual({});
    expect(await balanceOf(order[0]!)).toBe(500);
    expect(await openRound()).toMatchObject({ id: round.id + 1, bank: 250 });
    expect(await reconcile(env)).toMatchObject({ ok: true, bonusMismatches: 0 });
  });
});

describe("fewer than three participants", () => {
  it("nobody: the whole bank carries over; one: half is paid, the rest carries over", async () => {
    advanceClock(3_600_000);
    const start = await openRound(); // nobody joined it yet (250 carried by the test before)
    expect(start.participants).toBe(0);
    await feed(300);
    const empty = await openRound();
    const bank = start.bank + 300;
    await fireBonusAt(empty.ends_at!);
    expect(await bonusRoundRow(empty.id)).toMatchObject({ status: "finished", bank, paid: 0, carried: bank, participants: 0 });
    const carried = await openRound();
    // the carried bank is over the minimum: the next round's timer runs at once
    expect(carried).toMatchObject({ id: empty.id + 1, bank });
    expect(carried.ends_at).not.toBeNull();

    const solo = await qualifiedUser();
    await join(solo.token);
    await feed(1);
    await fireBonusAt((await openRound()).ends_at!);
    const half = bonusSplit(bank + 1, 1)[0]!;
    expect(half).toBe(bank + 1 - 2 * Math.floor((bank + 1) / 4)); // 50 % and the odd cents
    expect(await bonusRoundRow(carried.id)).toMatchObject({ status: "finished", bank: bank + 1, paid: half, carried: bank + 1 - half, participants: 1 });
    expect(await balanceOf(solo.user.id)).toBe(half);
    expect(await openRound()).toMatchObject({ bank: bank + 1 - half });
    expect(await bonusAccount()).toBe(bank + 1 - half);
    expect(await reconcile(env)).toMatchObject({ ok: true, bonusMismatches: 0 });
  });

  it("two: the first and second places are paid, the third's share carries over", async () => {
    advanceClock(3_600_000);
    const pair = [await qualifiedUser(), await qualifiedUser()];
    for (const p of pair) await join(p.token);
    const start = await openRound();
    await feed(10_000 - start.bank); // a round bank of $100.00
    const round = await openRound();
    expect(round.bank).toBe(10_000);
    await fireBonusAt(round.ends_at!);
    const done = await bonusRoundRow(round.id);
    expect(done).toMatchObject({ status: "finished", bank: 10_000, paid: 7_500, carried: 2_500, participants: 2 });
    const order = bonusWinners(
      done!.secret!,
      env.BONUS_SALT,
      pair.map((p) => p.user.id),
    );
    expect(await balanceOf(order[0]!)).toBe(5_000);
    expect(await balanceOf(order[1]!)).toBe(2_500);
    expect(await openRound()).toMatchObject({ id: round.id + 1, bank: 2_500 });
    expect(await reconcile(env)).toMatchObject({ ok: true, bonusMismatches: 0 });
  });
});
