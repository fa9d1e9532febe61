// What sockets see of a round's bets (docs/api.md "Sockets"): every socket the
// board (totals and the biggest bets, coalesced, only changed rows resent), each bettor their own
// rows; and the mode bar's bank.
import { afterAll, describe, expect, it, vi } from "vitest";
import type { BetPublic } from "../../shared/api/crash";
import { CRASH } from "../../shared/constants";
import { elapsedFor } from "../../shared/crash-curve";
import { giveItem } from "./crash-fixtures";
import { connectCrash, fireAt, startRound, twistedRound } from "./crash-client";
import { connectHub } from "./hub-client";
import { makeUser } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

describe("crash board", () => {
  it("a watcher sees the totals and the ten biggest bets in a few frames; each bettor gets only their own rows", async () => {
    const admin = await makeUser({ username: "board-admin", isAdmin: true });
    const watcher = await connectCrash();
    const timer = await twistedRound(watcher, admin.token, 1.5);
    const roundId = timer.data.roundId;

    const players = await Promise.all(
      [...Array(14).keys()].map(async (i) => {
        const p = await makeUser({ username: `board${i}` });
        return { id: p.user.id, cents: 100 + i * 7, item: await giveItem(p.user.id, 100 + i * 7), socket: await connectCrash(p.token) };
      }),
    );
    const acks = await Promise.all(players.map((p) => p.socket.ask({ event: "newBet", data: { items: [p.item], autoWithdraw: 3 } }, "successBet")));
    const idOf = new Map(acks.map((a, i) => [a.data.bet.id, players[i]!]));
    const last = await watcher.next("crashBoard", (f) => f.data.roundId === roundId && f.data.betsCount === 14);

    // the client's view: each board's order over the rows it carried and the ones before
    const boards = watcher.all("crashBoard").filter((f) => f.data.roundId === roundId);
    const known = new Map<string, BetPublic>();
    for (const b of boards) for (const r of b.data.rows) known.set(r.id, r);
    const shown = last.data.top.map((id) => known.get(id));
    const biggest = [...players].sort((a, b) => b.cents - a.cents).slice(0, CRASH.boardTop);
    expect(shown.map((r) => r?.user.id)).toEqual(biggest.map((p) => p.id));
    expect(shown.map((r) => r?.bank)).toEqual(biggest.map((p) => p.cents / 100));
    const total = players.reduce((sum, p) => sum + p.cents, 0);
    expect(last.data).toMatchObject({ bank: total / 100, playersCount: 14, itemsCount: 14, betsCount: 14 });
    expect(boards.length).toBeLessThan(14); // coalesced: at most one board a window
    expect(boards.flatMap((b) => b.data.rows).length).toBeLessThan(14 + CRASH.boardTop); // a row is resent only when it changed
    expect(watcher.all("newBets")).toHaveLength(0);

    // a bettor's row frames carry their own rows only
    for (const p of players) {
      const own = await p.socket.next("newBets");
      expect(own.data.bets.every((b) => idOf.get(b.id)?.id === p.id)).toBe(true);
    }

    // the crash at 1.50: the board's rows turn lost, each bettor gets their own lost row
    const startedAt = await startRound(watcher, timer);
    await fireAt(startedAt + elapsedFor(150));
    const crashed = await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed" && f.data.roundId === roundId);
    const lost = await watcher.next("crashBoard", (f) => f.data.roundId === roundId && f.data.rows.some((r) => r.is_win === 2));
    expect(lost.data.rows.every((r) => r.is_win === 2)).toBe(true);
    expect(lost.data.rows).toHaveLength(CRASH.boardTop);
    await players[0]!.socket.next("newBets", (f) => f.data.bets.some((b) => b.is_win === 2));
    // the next round's countdown (the next test twists it)
    await fireAt(crashed.data.serverTime + CRASH.crashedPauseMs);
    await watcher.next("crashStartTimer", (f) => f.data.roundId === roundId + 1);
    for (const p of [...players.map((x) => x.socket), watcher]) p.close();
  }, 30_000);

  it("the mode bar gets the bank a burst of bets ends on, at the push window's end (the room's bank alarm)", async () => {
    const admin = await makeUser({ username: "bank-admin", isAdmin: true });
    const watcher = await connectCrash();
    const timer = await twistedRound(watcher, admin.token, 4); // the new round's bank 0 was just pushed
    const hubSocket = await connectHub();
    const bettors = await Promise.all(
      [250, 130].map(async (cents, i) => {
        const p = await makeUser({ username: `bank${i}` });
        return { item: await giveItem(p.user.id, cents), socket: await connectCrash(p.token) };
      }),
    );
    for (const b of bettors) await b.socket.ask({ event: "newBet", data: { items: [b.item], autoWithdraw: 2 } }, "successBet");
    // both bets came inside the push window (the clock stands still): the bar is owed 3.80
    expect(hubSocket.all("banks").some((f) => f.data.crash === 3.8)).toBe(false);
    await fireAt(Date.now() + 1_000);
    await hubSocket.next("banks", (f) => f.data.crash === 3.8);
    expect(Date.now()).toBeLessThan(timer.data.countdownEndsAt); // still the countdown: the round did not push it
    for (const c of [watcher, hubSocket, ...bettors.map((b) => b.socket)]) c.close();
  });
});
