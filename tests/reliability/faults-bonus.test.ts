// Faults, the bonus pool (docs/testing.md "Reliability suite"): rounds of the bonus room with zero
// to five entrants, the room evicted at points drawn from a printed seed — between two joins, once
// the bank started the timer, at the draw (sometimes while the alarm that draws and pays is
// running, cut after a random number of event-loop turns; sometimes with the outbox's storage
// write behind the payout batch failing, then evicted: a restart between the D1 batch and the
// storage write for certain; sometimes with the payout's D1 batch failing in the room, then evicted:
// the restart pays), with the draw's alarm delivered twice, after the payout. After each
// round every place is paid exactly once, each entrant at most once, the rest carried over, and
// the books reconcile.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bonusSplit, bonusWinners } from "../../shared/bonus";
import { reconcile } from "../../worker/books/reconcile";
import type { BonusRoom } from "../../worker/rooms/bonus/BonusRoom";
import { advanceClock, bonus, bonusRoundRow, feed, join, openRound, qualifiedUser } from "../worker/bonus-fixtures";
import { balanceOf } from "../worker/user-fixtures";
import { count, evict, FIRST_SEED } from "./faults-fixtures";

afterAll(() => vi.useRealTimers());

const ROUNDS = 24;
const totals = { rounds: 0, entrants: 0, paid: 0, evictions: 0, duringAlarm: 0, cutAfterBatch: 0, failedPayouts: 0, doubleAlarms: 0 };

afterAll(() => {
  console.log(
    `faults (bonus): ${totals.rounds} rounds, ${totals.entrants} entrants, ${totals.paid} places paid, ${totals.evictions} evictions (${totals.duringAlarm} while an alarm ran, ${totals.cutAfterBatch} after the payout batch and before its storage write, ${totals.failedPayouts} after the payout batch failed), ${totals.doubleAlarms} draws delivered twice; every place paid once, the books balanced`,
  );
});

/**
 * The draw's alarm with the outbox's storage write behind the payout failing (the D1 batch landed,
 * the room could not record it), then the room evicted: its restart finds the payout still owed.
 */
async function cutAfterPayoutBatch(): Promise<void> {
  await runInDurableObject(bonus(), async (_instance: BonusRoom, state) => {
    const storage = state.storage;
    const del = storage.delete.bind(storage);
    storage.delete = ((keys: string | string[]) => {
      const list = Array.isArray(keys) ? keys : [keys];
      if (list.some((k) => k.startsWith("outbox:s:"))) return Promise.reject(new Error("faults: the storage write after the payout batch failed"));
      return del(keys as string[]);
    }) as typeof storage.delete;
  });
  await runDurableObjectAlarm(bonus()).catch(() => false);
  await evictDurableObject(bonus()).catch((err: Error) => {
    if (!/not currently running/.test(err.message)) throw err;
  });
}

/**
 * The draw's alarm with the payout's D1 batch failing (the room's D1 answers an error for the batch
 * that finishes the round, once), then the room evicted: the restart's drain pays it, once.
 */
async function failPayoutBatch(): Promise<void> {
  await runInDurableObject(bonus(), async (instance: BonusRoom) => {
    const db = (instance as unknown as { env: Env }).env.DB;
    const batch = db.batch.bind(db);
    db.batch = (async (statements: D1PreparedStatement[]) => {
      const sqlOf = (st: D1PreparedStatement) => String((st as unknown as { statement?: string }).statement ?? "");
      if (statements.some((st) => sqlOf(st).includes("UPDATE bonus_rounds SET status = 'finished'"))) {
        db.batch = batch; // once
        throw new Error("faults: the payout batch failed");
      }
      return batch(statements);
    }) as typeof db.batch;
  });
  await runDurableObjectAlarm(bonus()).catch(() => false);
  await evictDurableObject(bonus()).catch((err: Error) => {
    if (!/not currently running/.test(err.message)) throw err;
  });
  // the restart pays what the failed batch did not
  await bonus().fed();
}

describe("the bonus room evicted at random points pays every place once", () => {
  it("the bonus pool", { timeout: 600_000 }, async () => {
    const seed = FIRST_SEED + 3;
    console.log(`faults (bonus) seed ${seed} (FAULTS_SEED=${FIRST_SEED} replays this file)`);
    const plans = fc.sample(
      fc.record({
        players: fc.integer({ min: 0, max: 5 }),
        share: fc.integer({ min: 100, max: 5_000 }),
        evictAtJoin: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
        afterFeed: fc.boolean(),
        atDraw: fc.constantFrom("none", "evict", "duringAlarm", "afterBatch", "batchFails", "twice"),
        tick: fc.integer({ min: 0, max: 40 }),
        afterwards: fc.boolean(),
      }),
      { numRuns: ROUNDS, seed },
    );
    advanceClock(3_600_000);
    await bonus().fed(); // the room's first round
    for (const plan of plans) {
      const roundId = (await openRound()).id;
      const entrants = [];
      for (let i = 0; i < plan.players; i++) {
        const p = await qualifiedUser();
        const res = await join(p.token);
        expect(res.status, await res.clone().text()).toBe(200);
        entrants.push(p.user.id);
        if (plan.evictAtJoin === i) await evict(bonus(), false, 0, totals);
      }
      totals.rounds++;
      totals.entrants += entrants.length;
      // the bank reaches the minimum (at least $1): the timer runs
      await feed(plan.share);
      if (plan.afterFeed) await evict(bonus(), false, 0, totals);
      const round = await openRound();
      expect(round.id, "no round closed before its end time").toBe(roundId);
      expect(round.participants).toBe(entrants.length);
      expect(round.ends_at, "a bank over the minimum starts the timer").not.toBeNull();
      advanceClock(round.ends_at! - Date.now());
      if (plan.atDraw === "evict" || plan.atDraw === "duringAlarm") await evict(bonus(), plan.atDraw === "duringAlarm", plan.tick, totals);
      if (plan.atDraw === "afterBatch") {
        totals.evictions++;
        totals.cutAfterBatch++;
        await cutAfterPayoutBatch();
      }
      if (plan.atDraw === "batchFails") {
        totals.evictions++;
        totals.failedPayouts++;
        await failPayoutBatch();
      }
      if (plan.atDraw === "twice") {
        totals.doubleAlarms++;
        await runInDurableObject(bonus(), async (instance: BonusRoom) => {
          await Promise.all([instance.alarm(), instance.alarm()]);
        });
      }
      // the alarms run, and a player comes back (wake: a due draw runs, the outbox drains), until
      // the round is paid and the next one is open
      for (let i = 0; (await bonusRoundRow(roundId))?.status !== "finished" || (await openRound().catch(() => null))?.id !== roundId + 1; i++) {
        expect(i, `bonus round ${roundId} never finished`).toBeLessThan(30);
        await runDurableObjectAlarm(bonus());
        await bonus().fed();
        advanceClock(1_000);
      }
      if (plan.afterwards) await evict(bonus(), false, 0, totals);
      await bonus().fed(); // the restarted room drains what it still owes (a replayed payout must move nothing)

      const done = (await bonusRoundRow(roundId))!;
      const places = bonusSplit(done.bank, entrants.length).filter((a) => a > 0);
      expect(done).toMatchObject({ status: "finished", participants: entrants.length, paid: places.reduce((a, b) => a + b, 0) });
      expect(done.paid + done.carried).toBe(done.bank);
      // each place paid once, by its key, to the entrant the round's secret picks
      const order = bonusWinners(done.secret!, env.BONUS_SALT, entrants);
      for (const [i, amount] of places.entries()) {
        const key = `bonus:${roundId}:win:${i + 1}`;
        expect(await count("SELECT COUNT(*) AS n FROM ledger WHERE idempotency_key = ?1 AND account = 'user' AND user_id = ?2", key, order[i]), key).toBe(1);
        expect(
          await count("SELECT COUNT(*) AS n FROM ledger WHERE idempotency_key = ?1 AND account = 'bonus' AND delta = ?2", `${key}:bonus`, -amount),
          `${key}:bonus`,
        ).toBe(1);
      }
      totals.paid += places.length;
      expect(await count("SELECT COUNT(*) AS n FROM ledger WHERE reference = ?1 AND account = 'user'", `bonus:${roundId}`)).toBe(places.length);
      // each entrant: at most one payout row, and his balance is exactly his prize (he had nothing before)
      for (const userId of entrants) {
        const place = order.indexOf(userId);
        const prize = place >= 0 && place < places.length ? places[place]! : 0;
        expect(await count("SELECT COUNT(*) AS n FROM ledger WHERE user_id = ?1 AND reference = ?2", userId, `bonus:${roundId}`)).toBe(prize > 0 ? 1 : 0);
        expect(await balanceOf(userId), `entrant ${userId} of bonus round ${roundId}`).toBe(prize);
      }
      // the restarted room owes D1 nothing more (a payout left in its outbox would be paid again and again)
      const owed = await runInDurableObject(bonus(), async (_instance: BonusRoom, state) => [...(await state.storage.list({ prefix: "outbox:" })).keys()]);
      expect(owed, `bonus round ${roundId}: outbox entries left`).toEqual([]);
      // what nobody took is in the next round's bank
      expect((await openRound()).bank).toBeGreaterThanOrEqual(done.carried);
      expect(await reconcile(env)).toMatchObject({ ok: true, bonusMismatches: 0 });
    }
  });
});
