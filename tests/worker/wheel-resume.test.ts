// The wheel room survives evictions: evicted mid-spin it stops at the spin's own time when it
// wakes, settles every bet once, a replayed outbox entry moves nothing, and a bet D1 took while the
// room lost it is refunded.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { WHEEL_COLOURS } from "../../shared/wheel-layout";
import { reconcile } from "../../worker/books/reconcile";
import { placeBet } from "../../worker/rooms/wheel/settlement";
import { giveItem, itemRow } from "./crash-fixtures";
import { balanceOf, makeUser } from "./user-fixtures";
import { advanceClock, connectWheel, expectedColour, fireAt, setBet, wheel, wheelBetRow, wheelRoundRow } from "./wheel-fixtures";

afterAll(() => vi.useRealTimers());

const count = async (q: string) => (await env.DB.prepare(q).first<{ n: number }>())!.n;

describe("eviction mid-round", () => {
  it("evicted mid-spin: the wheel stops at its own time on wake, every bet settles once", async () => {
    advanceClock(3_600_000);
    const landing = expectedColour(1);
    const losing = WHEEL_COLOURS.find((c) => c !== landing)!;
    const watcher = await connectWheel();
    const init = watcher.all("wheelInit")[0]!.data;
    expect(init.game.id).toBe(1);
    const p = await makeUser();
    const q = await makeUser();
    const p1 = await giveItem(p.user.id, 400);
    const q1 = await giveItem(q.user.id, 600);
    const pBet = (await (await setBet(p.token, { colour: landing, items: [p1] })).json()) as { bet: { id: string } };
    const qBet = (await (await setBet(q.token, { colour: losing, items: [q1] })).json()) as { bet: { id: string } };

    await fireAt(init.game.countdownEndsAt!);
    const spin = await watcher.next("startWheel", (f) => f.data.ms > 1);
    // evicted mid-spin; the clock runs past the stop while the room is gone
    await evictDurableObject(wheel());
    advanceClock(spin.data.startedAt + spin.data.ms + 500 - Date.now());
    // a player opening the page now sees the stopped wheel, not a new spin
    const late = await connectWheel();
    const lateInit = late.all("wheelInit")[0]!.data;
    expect(lateInit.spin).toMatchObject({ roundId: 1, ms: 1, rotate: spin.data.rotate, startedAt: spin.data.startedAt });
    expect(await wheelBetRow(pBet.bet.id)).toMatchObject({ status: 1 });
    expect(await wheelBetRow(qBet.bet.id)).toMatchObject({ status: 2 });
    expect(await itemRow(q1)).toMatchObject({ owner_id: null });
    const balance = await balanceOf(p.user.id);
    expect(balance).toBeGreaterThan(0);

    // evicted again and the alarms run: nothing is paid twice, the next round opens
    await evictDurableObject(wheel());
    advanceClock(5_000);
    expect(await runDurableObjectAlarm(wheel())).toBe(true);
    await late.next("newGameWheel", (f) => f.data.game.id === 2);
    // the finished round's bets left storage with it (rooms/base/bet-store.ts keeps one key per bet)
    const betKeys = await runInDurableObject(wheel(), async (_instance, state) => [...(await state.storage.list({ prefix: "wheel:bet:" })).keys()]);
    expect(betKeys).toEqual([]);
    expect(await balanceOf(p.user.id)).toBe(balance);
    expect(await count("SELECT COUNT(*) AS n FROM wheel_bets WHERE status IN (1, 2)")).toBe(2);
    expect(await wheelRoundRow(1)).toMatchObject({ status: "finished", colour: landing });
    expect(await reconcile(env)).toMatchObject({ ok: true, wheelMismatches: 0 });
    watcher.close();
    late.close();
  }, 30_000);

  it("refunds a bet D1 took but the room never recorded; a recorded bet survives the eviction", async () => {
    const { user } = await makeUser();
    const item = await giveItem(user.id, 640);
    const kept = await makeUser();
    const keptItem = await giveItem(kept.user.id, 500);
    const c = await connectWheel();
    const game = c.all("wheelInit")[0]!.data.game;
    expect(game.phase).toBe("betting");
    const keptBet = (await (await setBet(kept.token, { colour: "black", items: [keptItem] })).json()) as { bet: { id: string } };
    const betId = crypto.randomUUID();
    expect((await placeBet(env, { betId, roundId: game.id, userId: user.id, colour: "red", itemIds: [item], now: Date.now() })).ok).toBe(true);
    expect((await itemRow(item))?.status).toBe("in_bet");
    await evictDurableObject(wheel());
    const again = await connectWheel();
    const init = again.all("wheelInit")[0]!.data;
    expect(init.game).toMatchObject({ id: game.id, bank: 5 });
    expect(init.bets.map((b) => b.id)).toEqual([keptBet.bet.id]);
    expect(await wheelBetRow(keptBet.bet.id)).toMatchObject({ status: 0 });
    expect(await itemRow(keptItem)).toMatchObject({ status: "in_bet" });
    expect(await wheelBetRow(betId)).toMatchObject({ status: 3 });
    expect(await itemRow(item)).toMatchObject({ owner_id: user.id, status: "available" });
    expect((await reconcile(env)).ok).toBe(true);
    c.close();
    again.close();
  });
  it("an outbox entry replayed after a restart moves nothing and is cleared", async () => {
    const won = await env.DB.prepare("SELECT id, round_id, user_id, win, remainder FROM wheel_bets WHERE status = 1").first<{
      id: string;
      round_id: number;
      user_id: number;
      win: number;
      remainder: number;
    }>();
    expect(won).not.toBeNull();
    const balance = await balanceOf(won!.user_id);
    const settlement = {
      kind: "win",
      roundId: won!.round_id,
      betId: won!.id,
      userId: won!.user_id,
      multiplier: 2,
      win: won!.win,
      winItem: null,
      remainder: won!.win,
    };
    const loss = await env.DB.prepare("SELECT id, round_id, user_id FROM wheel_bets WHERE status = 2").first<{
      id: string;
      round_id: number;
      user_id: number;
    }>();
    await runInDurableObject(wheel(), async (_instance, state) => {
      await state.storage.put("outbox:s:replayed-win", { kind: "settle", settlement, version: "v" });
      await state.storage.put("outbox:s:replayed-loss", {
        kind: "settle",
        settlement: { kind: "loss", roundId: loss!.round_id, betId: loss!.id, userId: loss!.user_id },
        version: "v",
      });
      await state.storage.put("outbox:s:replayed-bonus", {
        kind: "settle",
        settlement: { kind: "bonusShare", roundId: won!.round_id, amount: 10 },
        version: "v",
      });
    });
    const cashback = await env.DB.prepare("SELECT cashback FROM users WHERE id = ?1").bind(loss!.user_id).first<{ cashback: number }>();
    const bells = await count(`SELECT COUNT(*) AS n FROM notifications WHERE user_id = ${won!.user_id}`);
    await evictDurableObject(wheel());
    advanceClock(20_000);
    await runDurableObjectAlarm(wheel());
    const left = await runInDurableObject(wheel(), async (_instance, state) => (await state.storage.list({ prefix: "outbox:" })).size);
    expect(left).toBe(0);
    expect(await balanceOf(won!.user_id)).toBe(balance);
    expect(await count(`SELECT COUNT(*) AS n FROM notifications WHERE user_id = ${won!.user_id}`)).toBe(bells);
    expect(await env.DB.prepare("SELECT cashback FROM users WHERE id = ?1").bind(loss!.user_id).first<{ cashback: number }>()).toEqual(cashback);
    expect(await count(`SELECT COUNT(*) AS n FROM ledger WHERE idempotency_key LIKE 'wheel:${won!.round_id}:bonus%'`)).toBe(2);
    expect((await reconcile(env)).ok).toBe(true);
  });
});
