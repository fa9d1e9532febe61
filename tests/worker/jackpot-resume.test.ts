// The jackpot rooms survive evictions: a bet D1 took but the room never stored is reloaded, an
// eviction during the countdown still draws at its deadline, an eviction during the spin neither
// loses nor repeats the settlement, and a replayed outbox entry moves nothing.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { placeBet } from "../../worker/rooms/jackpot/settlement";
import { count, giveItem, itemRow } from "./crash-fixtures";
import { advanceClock, allBets, connectJackpot, fireAt, jackpotRoundRow, levelRoom, setBet } from "./jackpot-client";
import { makeUser, post } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

interface StateAnswer {
  roundId: number;
  status: number;
  bets: { id: string; from: number; to: number }[];
  countdownEndsAt: number | null;
  draw: { spinEndsAt: number; endsAt: number; winner: { id: number } } | null;
}
const stateOf = async (level: string) => (await post("/api/jackpot/get", { level })).json<StateAnswer>();

describe("jackpot eviction", () => {
  it("reloads a bet D1 took while the room was lost, then draws after an eviction in the countdown", async () => {
    const p = await makeUser();
    const q = await makeUser();
    const p1 = await giveItem(p.user.id, 800);
    const q1 = await giveItem(q.user.id, 1_200);
    const watcher = await connectJackpot("low");
    const roundId = watcher.all("jackpotInit")[0]!.data.state.roundId;
    expect((await setBet(p.token, "low", [p1])).status).toBe(200);

    // q's bet lands in D1 only (as if the room died between the batch and its storage write)
    const session = await env.DB.prepare("SELECT token_hash FROM sessions WHERE user_id = ?1").bind(q.user.id).first<{ token_hash: string }>();
    const placed = await placeBet(env, {
      roundId,
      betId: crypto.randomUUID(),
      userId: q.user.id,
      itemIds: [q1],
      session: session!.token_hash,
      minBetCents: 100,
      maxPlayers: 25,
      maxItemsPerPlayer: 30,
      now: Date.now(),
    });
    expect(placed).toMatchObject({ ok: true, seq: 2, from: 801, to: 2_000, price: 1_200 });
    await evictDurableObject(levelRoom("low"));
    const s = await stateOf("low");
    expect((await allBets("low")).bets.map((b) => [b.from, b.to])).toEqual([
      [1, 800],
      [801, 2_000],
    ]);
    expect(s.status).toBe(1); // the reloaded second player started the countdown

    // evicted again during the countdown: the alarm still draws at its deadline, once
    await evictDurableObject(levelRoom("low"));
    await fireAt("low", s.countdownEndsAt!);
    const start = await watcher.next("startJackpot");
    expect(start.data.draw.roundId).toBe(roundId);
    await vi.waitFor(async () => expect((await jackpotRoundRow(roundId))?.status).toBe("finished"));
    // commission due 100 (5 % of 2000): neither item fits, both go to the winner
    const winner = start.data.draw.winner.id;
    for (const id of [p1, q1]) expect(await itemRow(id)).toMatchObject({ owner_id: winner, status: "available" });
    expect(await reconcile(env)).toMatchObject({ ok: true, jackpotMismatches: 0 });
    watcher.close();
  });

  it("an eviction during the spin neither loses nor repeats the settlement", async () => {
    const p = await makeUser();
    const q = await makeUser();
    const p1 = await giveItem(p.user.id, 5_000);
    const q1 = await giveItem(q.user.id, 4_000);
    const watcher = await connectJackpot("medium");
    expect((await setBet(p.token, "medium", [p1])).status).toBe(200);
    expect((await setBet(q.token, "medium", [q1])).status).toBe(200);
    const timer = await watcher.next("jackpotTimer");
    await fireAt("medium", timer.data.countdownEndsAt);
    const start = await watcher.next("startJackpot");
    const roundId = start.data.draw.roundId;
    await vi.waitFor(async () => expect((await jackpotRoundRow(roundId))?.status).toBe("finished"));
    const ledger = await count("SELECT COUNT(*) AS n FROM ledger");

    // the settlement replayed by the outbox after an eviction: nothing moves
    await runInDurableObject(levelRoom("medium"), async (_instance, state) => {
      const s = await state.storage.get<{ round: { secret: string } }>("jackpot:state");
      await state.storage.put(`outbox:s:${String(roundId).padStart(12, "0")}:draw`, {
        kind: "settle",
        version: "replayed",
        settlement: {
          kind: "draw",
          roundId,
          secret: s!.round.secret,
          winningTicket: start.data.draw.winningTicket,
          winnerId: start.data.draw.winner.id,
          pot: 9_000,
          commissionDue: 450,
          commissionItemIds: [],
          commission: 0,
          win: 9_000,
          losers: [],
          bonusShare: 90,
          drawnAt: Date.now(),
        },
      });
    });
    await evictDurableObject(levelRoom("medium"));
    const mid = await stateOf("medium");
    expect(mid).toMatchObject({ roundId, status: 2 });
    await vi.waitFor(async () => {
      const left = await runInDurableObject(levelRoom("medium"), async (_i, state) => (await state.storage.list({ prefix: "outbox:" })).size);
      expect(left).toBe(0);
    });
    expect(await count("SELECT COUNT(*) AS n FROM ledger")).toBe(ledger);
    const won = start.data.draw.winner.id;
    expect((await itemRow(won === p.user.id ? q1 : p1))?.owner_id).toBe(won); // 4000 or 5000 > 5 % commission: no item fits
    // the spin and the waiting end on the clock after another eviction
    await evictDurableObject(levelRoom("medium"));
    advanceClock(start.data.draw.endsAt - Date.now());
    await runDurableObjectAlarm(levelRoom("medium"));
    await runDurableObjectAlarm(levelRoom("medium"));
    const next = await stateOf("medium");
    expect(next).toMatchObject({ roundId: roundId + 3, status: 0 });
    expect(await reconcile(env)).toMatchObject({ ok: true, jackpotMismatches: 0 });
    watcher.close();
  });

  it("a round an older version stored (the pot called bank, its own owed: key) is read and its replayed settlement drained", async () => {
    const p = await makeUser();
    const q = await makeUser();
    const p1 = await giveItem(p.user.id, 3_000);
    const q1 = await giveItem(q.user.id, 2_000);
    const watcher = await connectJackpot("high");
    expect((await setBet(p.token, "high", [p1])).status).toBe(200);
    expect((await setBet(q.token, "high", [q1])).status).toBe(200);
    const timer = await watcher.next("jackpotTimer");
    await fireAt("high", timer.data.countdownEndsAt);
    const start = await watcher.next("startJackpot");
    const roundId = start.data.draw.roundId;
    await vi.waitFor(async () => expect((await jackpotRoundRow(roundId))?.status).toBe("finished"));
    const ledger = await count("SELECT COUNT(*) AS n FROM ledger");

    // as the older version kept it: draw.bank, and the settlement owed under owed:<round>
    await runInDurableObject(levelRoom("high"), async (_instance, state) => {
      const s = await state.storage.get<{ round: { secret: string }; draw: Record<string, unknown> }>("jackpot:state");
      const { pot, ...draw } = s!.draw;
      await state.storage.put("jackpot:state", { ...s, draw: { ...draw, bank: pot } });
      await state.storage.put(`owed:${String(roundId).padStart(12, "0")}`, {
        kind: "settle",
        settle: {
          roundId,
          secret: s!.round.secret,
          winningTicket: start.data.draw.winningTicket,
          winnerId: start.data.draw.winner.id,
          bank: 5_000,
          commissionDue: 250,
          commissionItemIds: [],
          commission: 0,
          win: 5_000,
          losers: [],
          bonusShare: 50,
          drawnAt: Date.now(),
        },
      });
    });
    await evictDurableObject(levelRoom("high"));
    expect(await stateOf("high")).toMatchObject({ roundId, status: 2, draw: { bank: 50 } });
    await vi.waitFor(async () => {
      const left = await runInDurableObject(
        levelRoom("high"),
        async (_i, state) => (await state.storage.list({ prefix: "owed:" })).size + (await state.storage.list({ prefix: "outbox:" })).size,
      );
      expect(left).toBe(0);
    });
    expect(await count("SELECT COUNT(*) AS n FROM ledger")).toBe(ledger); // a replay: nothing moved
    expect(await reconcile(env)).toMatchObject({ ok: true, jackpotMismatches: 0 });
    watcher.close();
  });
});
