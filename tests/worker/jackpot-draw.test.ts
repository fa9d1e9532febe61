// The draw is on exactly the bets D1 closed: the room's own when D1's count and sums match them,
// the round read back when D1 holds a bet the room has not heard of (its answer still on the way).
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { closedRoundMatches, placeBet } from "../../worker/rooms/jackpot/settlement";
import { giveItem, itemRow } from "./crash-fixtures";
import { connectJackpot, fireAt, jackpotRoundRow, setBet } from "./jackpot-client";
import { makeUser, post } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

const countdownOf = async () => (await (await post("/api/jackpot/get", { level: "low" })).json<{ countdownEndsAt: number | null }>()).countdownEndsAt;

describe("the jackpot draw", () => {
  it("draws on a bet D1 took that the room never heard of (the round read back)", async () => {
    const [p, q, r] = [await makeUser(), await makeUser(), await makeUser()];
    const [p1, q1, r1] = [await giveItem(p.user.id, 800), await giveItem(q.user.id, 1_200), await giveItem(r.user.id, 500)];
    const watcher = await connectJackpot("low");
    const roundId = watcher.all("jackpotInit")[0]!.data.state.roundId;
    expect((await setBet(p.token, "low", [p1])).status).toBe(200);
    expect((await setBet(q.token, "low", [q1])).status).toBe(200);

    // r's bet lands in D1 in the countdown, its answer never reaches the room
    const session = await env.DB.prepare("SELECT token_hash FROM sessions WHERE user_id = ?1").bind(r.user.id).first<{ token_hash: string }>();
    const late = await placeBet(env, {
      roundId,
      betId: crypto.randomUUID(),
      userId: r.user.id,
      itemIds: [r1],
      session: session!.token_hash,
      minBetCents: 100,
      maxPlayers: 25,
      maxItemsPerPlayer: 30,
      now: Date.now(),
    });
    expect(late).toMatchObject({ ok: true, seq: 3, from: 2_001, to: 2_500 });

    await fireAt("low", (await countdownOf())!);
    const start = await watcher.next("startJackpot");
    expect(start.data.draw).toMatchObject({ roundId, bank: 25, totalTickets: 2_500 });
    expect(new Set(start.data.draw.players.map((u: { id: number }) => u.id))).toEqual(new Set([p.user.id, q.user.id, r.user.id]));

    await vi.waitFor(async () => expect((await jackpotRoundRow(roundId))?.status).toBe("finished"));
    const winner = start.data.draw.winner.id;
    for (const id of [p1, q1, r1]) expect((await itemRow(id))?.owner_id).toBe(winner);
    expect(await reconcile(env)).toMatchObject({ ok: true, jackpotMismatches: 0 });
    watcher.close();
  });

  it("takes the room's own bets only when D1's closed round has the same count, pot and last seq, and nothing waits in order", () => {
    const bets = [
      { seq: 1, price: 800 },
      { seq: 2, price: 1_200 },
    ];
    expect(closedRoundMatches({ count: 2, pot: 2_000, lastSeq: 2 }, bets, 0)).toBe(true);
    expect(closedRoundMatches({ count: 3, pot: 2_500, lastSeq: 3 }, bets, 0)).toBe(false);
    expect(closedRoundMatches({ count: 2, pot: 2_001, lastSeq: 2 }, bets, 0)).toBe(false);
    expect(closedRoundMatches({ count: 2, pot: 2_000, lastSeq: 3 }, bets, 0)).toBe(false);
    expect(closedRoundMatches({ count: 2, pot: 2_000, lastSeq: 2 }, bets, 1)).toBe(false);
    expect(closedRoundMatches({ count: 0, pot: 0, lastSeq: 0 }, [], 0)).toBe(true);
  });
});
