// The crash room survives evictions: a round resumes where the clock says, auto-withdraws whose
// time passed are paid at their target, the crash settles, and a replayed outbox pays nobody twice.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { elapsedFor } from "../../shared/crash-curve";
import { reconcile } from "../../worker/books/reconcile";
import { placeBet } from "../../worker/rooms/crash/settlement";
import { addCatalogue, betRow, count, giveItem, itemRow, roundRow, writeWaitingRound } from "./crash-fixtures";
import { advanceClock, connectCrash, room, startRound, twistedRound } from "./crash-client";
import { balanceOf, makeUser } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

const betKeys = () => runInDurableObject(room(), async (_instance, state) => [...(await state.storage.list({ prefix: "crash:bet:" })).keys()]);

describe("eviction mid-round", () => {
  it("refunds a bet D1 took but the room never recorded (lost between the two)", async () => {
    const { user } = await makeUser();
    const item = await giveItem(user.id, 640);
    const c = await connectCrash();
    const roundId = c.all("crashInit")[0]!.data.round.id;
    const betId = crypto.randomUUID();
    expect((await placeBet(env, { betId, roundId, userId: user.id, itemIds: [item], autoWithdraw: 300, now: Date.now() })).ok).toBe(true);
    expect((await itemRow(item))?.status).toBe("in_bet");
    await evictDurableObject(room());
    const again = await connectCrash(); // the room starts again from storage
    expect(again.all("crashInit")[0]!.data.round).toMatchObject({ id: roundId, bank: 0 });
    expect(await betRow(betId)).toMatchObject({ status: 3 });
    expect(await itemRow(item)).toMatchObject({ owner_id: user.id, status: "available" });
    c.close();
    again.close();
  });

  it("resumes after the crash time passed while evicted: auto-withdraw paid at its target, manual lost, once", async () => {
    const admin = await makeUser({ isAdmin: true });
    const p = await makeUser();
    const q = await makeUser();
    const p1 = await giveItem(p.user.id, 2_000);
    const q1 = await giveItem(q.user.id, 1_000);
    await addCatalogue(2_950, "Resume Prize");

    const watcher = await connectCrash();
    const timer = await twistedRound(watcher, admin.token, 3);
    const pc = await connectCrash(p.token);
    const qc = await connectCrash(q.token);
    const pBet = await pc.ask({ event: "newBet", data: { items: [p1], autoWithdraw: 1.5 } }, "successBet");
    const qBet = await qc.ask({ event: "newBet", data: { items: [q1], autoWithdraw: 9999.99 } }, "successBet");
    const startedAt = await startRound(watcher, timer);

    // the room is evicted (sockets hibernate); the clock runs past 1.50 and past the crash at 3.00
    await evictDurableObject(room());
    advanceClock(startedAt + elapsedFor(300) + 2_000 - Date.now());
    expect(await runDurableObjectAlarm(room())).toBe(true);

    const take = await pc.next("successTake");
    expect(take.data).toMatchObject({ betId: pBet.data.bet.id, multiplier: 1.5, win: 30, winItem: { name: "Resume Prize" }, remainder: 0.5 });
    const crash = await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed" && f.data.roundId === timer.data.roundId);
    // the crash happened at its own time, not at the time the room woke up
    expect(crash.data).toMatchObject({ multiplier: 3, elapsed: elapsedFor(300), serverTime: startedAt + elapsedFor(300) });
    expect(qc.all("successTake")).toHaveLength(0);

    expect(await betRow(pBet.data.bet.id)).toMatchObject({ status: 1, cashout: 150, win: 3_000, remainder: 50 });
    expect(await betRow(qBet.data.bet.id)).toMatchObject({ status: 2 });
    expect(await itemRow(q1)).toMatchObject({ owner_id: null });
    expect(await roundRow(timer.data.roundId)).toMatchObject({ status: "crashed", crash_point: 300 });
    expect(await balanceOf(p.user.id)).toBe(50);

    // evicted again before the next round: nothing is paid twice
    await evictDurableObject(room());
    advanceClock(5_000);
    expect(await runDurableObjectAlarm(room())).toBe(true);
    await watcher.next("crashStartTimer", (f) => f.data.roundId === timer.data.roundId + 1);
    // the crashed round's bets left storage with it (rooms/base/bet-store.ts: one key per bet)
    expect(await betKeys()).toEqual([]);
    expect(await balanceOf(p.user.id)).toBe(50);
    expect(await count("SELECT COUNT(*) AS n FROM crash_bets WHERE status = 1")).toBe(1);
    expect(await reconcile(env)).toMatchObject({ ok: true, crashMismatches: 0 });
    for (const c of [watcher, pc, qc]) c.close();
  });

  it("an outbox entry replayed after a restart moves nothing and is cleared", async () => {
    const won = await env.DB.prepare("SELECT id, round_id, user_id, cashout, win, remainder FROM crash_bets WHERE status = 1").first<{
      id: string;
      round_id: number;
      user_id: number;
      cashout: number;
      win: number;
      remainder: number;
    }>();
    expect(won).not.toBeNull();
    const balance = await balanceOf(won!.user_id);
    const items = await count("SELECT COUNT(*) AS n FROM inventory_items");
    const settlement = {
      kind: "win",
      roundId: won!.round_id,
      betId: won!.id,
      userId: won!.user_id,
      cashout: won!.cashout,
      win: won!.win,
      winItem: null,
      remainder: won!.win,
      forced: false,
    };
    // as if the room had been evicted between deciding this win and D1 confirming it
    await runInDurableObject(room(), async (_instance, state) => {
      await state.storage.put(`outbox:s:replayed`, { kind: "settle", settlement, version: "v" });
    });
    await evictDurableObject(room());
    advanceClock(20_000);
    await runDurableObjectAlarm(room());
    const left = await runInDurableObject(room(), async (_instance, state) => (await state.storage.list({ prefix: "outbox:" })).size);
    expect(left).toBe(0);
    expect(await balanceOf(won!.user_id)).toBe(balance);
    expect(await count("SELECT COUNT(*) AS n FROM inventory_items")).toBe(items);
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("a bet whose win is still owed when the room restarts is paid, not taken for an orphan", async () => {
    const { user } = await makeUser();
    const item = await giveItem(user.id, 1_000);
    const roundId = 9_000; // an earlier round the room has moved on from
    await writeWaitingRound(roundId);
    const betId = crypto.randomUUID();
    expect((await placeBet(env, { betId, roundId, userId: user.id, itemIds: [item], autoWithdraw: 200, now: Date.now() })).ok).toBe(true);
    const settlement = { kind: "win", roundId, betId, userId: user.id, cashout: 200, win: 2_000, winItem: null, remainder: 2_000, forced: false };
    await runInDurableObject(room(), async (_instance, state) => {
      await state.storage.put(`outbox:s:${String(roundId).padStart(12, "0")}:win:${betId}`, { kind: "settle", settlement, version: "v" });
    });
    await evictDurableObject(room());
    const c = await connectCrash();
    expect(await betRow(betId)).toMatchObject({ status: 1, win: 2_000 });
    expect(await balanceOf(user.id)).toBe(2_000);
    expect(await itemRow(item)).toMatchObject({ owner_id: null });
    c.close();
  });
  it("keeps one storage key per bet; a state an older version stored whole still loads and is rewritten so", async () => {
    const p = await makeUser();
    const q = await makeUser();
    const p1 = await giveItem(p.user.id, 700);
    const q1 = await giveItem(q.user.id, 300);
    const admin = await makeUser({ isAdmin: true });
    const watcher = await connectCrash();
    const roundId = (await twistedRound(watcher, admin.token, 5)).data.roundId; // a fresh countdown
    const pc = await connectCrash(p.token);
    const qc = await connectCrash(q.token);
    const pBet = await pc.ask({ event: "newBet", data: { items: [p1], autoWithdraw: 2 } }, "successBet");
    const qBet = await qc.ask({ event: "newBet", data: { items: [q1], autoWithdraw: 3 } }, "successBet");
    const keys = await betKeys();
    expect(keys).toHaveLength(2);
    expect(keys.every((k) => k.startsWith(`crash:bet:${String(roundId).padStart(12, "0")}:`))).toBe(true);

    // what the room stored before the per-bet layout: the bets inside the state
    await runInDurableObject(room(), async (_instance, state) => {
      const core = await state.storage.get<Record<string, unknown>>("crash:state");
      const bets = [...(await state.storage.list({ prefix: "crash:bet:" })).values()];
      await state.storage.delete(keys);
      await state.storage.put("crash:state", { ...core, bets });
    });
    await evictDurableObject(room());
    const again = await connectCrash(p.token);
    const init = again.all("crashInit")[0]!.data;
    expect(init.round).toMatchObject({ id: roundId, bank: 10 });
    expect(init.bets.map((b) => b.id).sort()).toEqual([pBet.data.bet.id, qBet.data.bet.id].sort());
    // written back a key per bet, the core without them
    expect(await betKeys()).toHaveLength(2);
    const core = await runInDurableObject(room(), (_instance, state) => state.storage.get<Record<string, unknown>>("crash:state"));
    expect(core).not.toHaveProperty("bets");
    await evictDurableObject(room());
    const third = await connectCrash();
    expect(third.all("crashInit")[0]!.data.bets).toHaveLength(2);
    for (const c of [watcher, pc, qc, again, third]) c.close();
  });
});
