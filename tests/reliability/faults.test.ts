// Faults (docs/testing.md "Reliability suite"): the wheel, crash and jackpot rooms evicted at random points
// of their rounds — while betting, mid-spin or mid-flight, while the alarm that settles the round
// runs (a restart between a D1 batch and the storage write behind it), after the settlement —
// resume with every bet settled exactly once and the books balanced. The points are drawn from a
// seeded generator; the seed is printed. The bonus room, a D1 batch failing half-way and the
// providers failing are faults-bonus, faults-batch and faults-providers.test.ts.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { elapsedFor } from "../../shared/crash-curve";
import { WHEEL_COLOURS } from "../../shared/wheel-layout";
import { reconcile } from "../../worker/books/reconcile";
import { connectCrash, room as crashRoom, twistedRound } from "../worker/crash-client";
import { giveItem, itemRow } from "../worker/crash-fixtures";
import { jackpotRoundRow, levelRoom, setBet as jackpotBet } from "../worker/jackpot-client";
import { makeUser, post } from "../worker/user-fixtures";
import { advanceClock, connectWheel, getWheel, setBet, wheel } from "../worker/wheel-fixtures";
import { count, evict as evictRoom, FIRST_SEED } from "./faults-fixtures";

afterAll(() => vi.useRealTimers());

const ROUNDS = 24;
/** Each room's plans come from FIRST_SEED (+1 crash, +2 jackpot; the other faults files take +3…). */
const totals = { rounds: 0, bets: 0, evictions: 0, duringAlarm: 0 };
const evict = (room: DurableObjectStub, during: boolean, tick: number) => evictRoom(room, during, tick, totals);

afterAll(() => {
  console.log(
    `faults: ${totals.rounds} rounds, ${totals.bets} bets, ${totals.evictions} evictions (${totals.duringAlarm} while an alarm ran); every bet settled once, the books balanced`,
  );
});

describe("rooms evicted at random points settle every bet once", () => {
  it("the wheel", { timeout: 600_000 }, async () => {
    const seed = FIRST_SEED;
    console.log(`faults seed ${FIRST_SEED} (FAULTS_SEED=${FIRST_SEED} replays this file)`);
    const plans = fc.sample(
      fc.record({
        players: fc.integer({ min: 1, max: 4 }),
        colours: fc.array(fc.constantFrom(...WHEEL_COLOURS), { minLength: 4, maxLength: 4 }),
        whileBetting: fc.boolean(),
        midSpin: fc.boolean(),
        atStop: fc.boolean(),
        atStopDuringAlarm: fc.boolean(),
        tick: fc.integer({ min: 0, max: 40 }),
        afterwards: fc.boolean(),
      }),
      { numRuns: ROUNDS, seed },
    );
    advanceClock(7_200_000);
    const watcher = await connectWheel();
    for (const plan of plans) {
      const state = await getWheel();
      const roundId = state.game.id;
      const betIds: string[] = [];
      for (let i = 0; i < plan.players; i++) {
        const p = await makeUser();
        const item = await giveItem(p.user.id, 300 + 100 * i);
        const res = await setBet(p.token, { colour: plan.colours[i], items: [item] });
        expect(res.status, await res.clone().text()).toBe(200);
        betIds.push(((await res.json()) as { bet: { id: string } }).bet.id);
      }
      totals.rounds++;
      totals.bets += betIds.length;
      if (plan.whileBetting) await evict(wheel(), false, 0);
      // the countdown ends: the spin starts
      advanceClock(state.game.countdownEndsAt! - Date.now());
      await runDurableObjectAlarm(wheel());
      const spin = await watcher.next("startWheel", (f) => f.data.roundId === roundId && f.data.ms > 1, 0, 10_000);
      if (plan.midSpin) await evict(wheel(), false, 0);
      // the stop: the alarm that settles the round, perhaps cut by an eviction
      advanceClock(spin.data.startedAt + spin.data.ms + 100 - Date.now());
      if (plan.atStop) await evict(wheel(), plan.atStopDuringAlarm, plan.tick);
      // the alarms run until the next round is open (a barrier: its frame reached the watcher)
      for (let i = 0; !watcher.all("newGameWheel").some((f) => f.data.game.id === roundId + 1); i++) {
        expect(i, "the next round never opened").toBeLessThan(50);
        await runDurableObjectAlarm(wheel());
        await watcher.next("newGameWheel", (f) => f.data.game.id === roundId + 1, 0, 200).catch(() => advanceClock(1_000));
      }
      if (plan.afterwards) await evict(wheel(), false, 0);
      // every bet of the round settled once: won or lost, never pending, one win row at most
      for (const id of betIds) {
        expect(await count("SELECT COUNT(*) AS n FROM wheel_bets WHERE id = ?1 AND status IN (1, 2)", id), `bet ${id} of round ${roundId}`).toBe(1);
        expect(await count("SELECT COUNT(*) AS n FROM ledger WHERE idempotency_key LIKE ?1 AND account = 'user'", `%${id}%`)).toBeLessThanOrEqual(1);
      }
      expect(await reconcile(env)).toMatchObject({ ok: true, wheelMismatches: 0 });
    }
    watcher.close();
  });

  it("crash", { timeout: 600_000 }, async () => {
    const seed = FIRST_SEED + 1;
    const plans = fc.sample(
      fc.record({
        point: fc.integer({ min: 100, max: 400 }),
        bets: fc.array(
          fc.record({
            auto: fc.option(fc.integer({ min: 121, max: 400 }), { nil: null }),
            takeAt: fc.option(fc.integer({ min: 100, max: 400 }), { nil: null }),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        whileWaiting: fc.boolean(),
        midFlight: fc.boolean(),
        atCrash: fc.boolean(),
        atCrashDuringAlarm: fc.boolean(),
        tick: fc.integer({ min: 0, max: 40 }),
        afterwards: fc.boolean(),
      }),
      { numRuns: ROUNDS, seed },
    );
    const admin = await makeUser({ isAdmin: true });
    const watcher = await connectCrash();
    let timer = await twistedRound(watcher, admin.token, plans[0]!.point / 100);
    for (const [r, plan] of plans.entries()) {
      const roundId = timer.data.roundId;
      const betIds: string[] = [];
      const sockets = [];
      for (const [i, b] of plan.bets.entries()) {
        const p = await makeUser();
        const socket = await connectCrash(p.token);
        sockets.push({ socket, b });
        const item = await giveItem(p.user.id, 200 + 100 * i);
        socket.send({ event: "newBet", data: { items: [item], autoWithdraw: b.auto === null ? 9999.99 : b.auto / 100 } });
        const answer = await socket.waitFor((f) => f.event === "successBet" || f.event === "errorBet", "bet answer", 10_000);
        expect(answer, `round ${roundId} (${r}): ${JSON.stringify(answer)}; now ${Date.now()}, countdown ends ${timer.data.countdownEndsAt}`).toMatchObject({
          event: "successBet",
        });
        betIds.push((answer as { data: { bet: { id: string } } }).data.bet.id);
      }
      totals.rounds++;
      totals.bets += betIds.length;
      if (plan.whileWaiting) await evict(crashRoom(), false, 0);
      // the next round's point, then this one's start
      const next = plans[r + 1]?.point ?? 200;
      expect((await post("/api/admin/crash/scheduleTwist", { nextCrash: next / 100 }, admin.token)).status).toBe(200);
      advanceClock(timer.data.countdownEndsAt - Date.now());
      await runDurableObjectAlarm(crashRoom());
      const running = await watcher.next("crashMultiplier", (f) => f.data.phase === "running" && f.data.roundId === roundId, 0, 10_000);
      const startedAt = running.data.serverTime;
      // manual cash-outs sent mid-flight, before the crash (the rest are lost or auto-withdrawn)
      const takes = sockets.filter(({ b }) => b.auto === null && b.takeAt !== null && b.takeAt < plan.point).sort((x, y) => x.b.takeAt! - y.b.takeAt!);
      for (const { socket, b } of takes) {
        if (Date.now() < startedAt + elapsedFor(b.takeAt!)) advanceClock(startedAt + elapsedFor(b.takeAt!) - Date.now());
        const bet = socket.all("successBet").at(-1)!.data.bet.id;
        socket.send({ event: "take", data: { betId: bet } });
        await socket.waitFor((f) => f.event === "successTake" || f.event === "errorTake", "take answer", 10_000);
      }
      if (plan.midFlight) await evict(crashRoom(), false, 0);
      // the crash: the alarm that settles the round, perhaps cut by an eviction
      const crashAt = startedAt + elapsedFor(plan.point) + 50;
      if (Date.now() < crashAt) advanceClock(crashAt - Date.now());
      if (plan.atCrash) await evict(crashRoom(), plan.atCrashDuringAlarm, plan.tick);
      // the alarms run until the next round's timer reached the watcher
      const nextTimer = () => watcher.all("crashStartTimer").find((f) => f.data.roundId === roundId + 1);
      for (let i = 0; !nextTimer(); i++) {
        expect(i, "the next round never opened").toBeLessThan(50);
        await runDurableObjectAlarm(crashRoom());
        await watcher.next("crashStartTimer", (f) => f.data.roundId === roundId + 1, 0, 200).catch(() => advanceClock(1_000));
      }
      timer = nextTimer()!;
      if (plan.afterwards) await evict(crashRoom(), false, 0);
      for (const id of betIds) {
        expect(await count("SELECT COUNT(*) AS n FROM crash_bets WHERE id = ?1 AND status IN (1, 2)", id), `bet ${id} of round ${roundId}`).toBe(1);
        expect(await count("SELECT COUNT(*) AS n FROM ledger WHERE idempotency_key LIKE ?1 AND account = 'user'", `%${id}%`)).toBeLessThanOrEqual(1);
      }
      expect(await reconcile(env)).toMatchObject({ ok: true, crashMismatches: 0 });
      for (const { socket } of sockets) socket.close();
    }
    watcher.close();
  });

  it("the jackpot (low room)", { timeout: 600_000 }, async () => {
    const seed = FIRST_SEED + 2;
    const plans = fc.sample(
      fc.record({
        players: fc.integer({ min: 2, max: 4 }),
        whileBetting: fc.boolean(),
        atDraw: fc.boolean(),
        atDrawDuringAlarm: fc.boolean(),
        midSpin: fc.boolean(),
        tick: fc.integer({ min: 0, max: 40 }),
        afterwards: fc.boolean(),
      }),
      { numRuns: ROUNDS, seed },
    );
    const room = () => levelRoom("low");
    const state = async () => (await post("/api/jackpot/get", { level: "low" })).json<{ roundId: number; status: number; countdownEndsAt: number | null }>();
    for (const plan of plans) {
      const roundId = (await state()).roundId;
      const staked: number[] = [];
      for (let i = 0; i < plan.players; i++) {
        const p = await makeUser();
        const item = await giveItem(p.user.id, 300 + 150 * i);
        const res = await jackpotBet(p.token, "low", [item]);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        staked.push(item);
      }
      totals.rounds++;
      totals.bets += staked.length;
      if (plan.whileBetting) await evict(room(), false, 0);
      const s = await state();
      expect(s.roundId).toBe(roundId);
      expect(s.countdownEndsAt, "two players start the countdown").not.toBeNull();
      advanceClock(s.countdownEndsAt! - Date.now());
      if (plan.atDraw) await evict(room(), plan.atDrawDuringAlarm, plan.tick);
      // the alarms run until the round is settled and the next one is open
      for (let i = 0; (await jackpotRoundRow(roundId))?.status !== "finished" || (await state()).roundId === roundId; i++) {
        expect(i, `round ${roundId} never finished`).toBeLessThan(60);
        if (i === 1 && plan.midSpin) await evict(room(), false, 0);
        await runDurableObjectAlarm(room());
        advanceClock(1_000);
      }
      if (plan.afterwards) await evict(room(), false, 0);
      // every staked item went to the winner or the house (the commission), once; none still in a bet
      for (const id of staked) expect((await itemRow(id))?.status, `item ${id} of round ${roundId}`).toBe("available");
      expect(await reconcile(env)).toMatchObject({ ok: true, jackpotMismatches: 0 });
    }
  });
});
