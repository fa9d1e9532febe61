// What sockets see of a jackpot round's bets (docs/api.md "Sockets"): every socket the board (the
// totals, the biggest bets and the leaders, coalesced, a row resent only when it changed), each
// bettor their own bets alone; the whole list on demand (POST /api/jackpot/bets); the draw names
// the strip's players.
import { afterAll, describe, expect, it, vi } from "vitest";
import type { JackpotBetJson, JackpotLeaderJson } from "../../shared/api/jackpot";
import { JACKPOT } from "../../shared/constants";
import { giveItem } from "./crash-fixtures";
import { allBets, connectJackpot, fireAt, setBet } from "./jackpot-client";
import { makeUser } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

const PLAYERS = 14;

describe("jackpot board", () => {
  it("a watcher sees the exact totals, the biggest bets and the leaders in a few frames; each bettor only their own bets", { timeout: 30_000 }, async () => {
    const watcher = await connectJackpot("high");
    const roundId = watcher.all("jackpotInit")[0]!.data.state.roundId;
    const players = await Promise.all(
      [...Array(PLAYERS).keys()].map(async (i) => {
        const p = await makeUser({ username: `jp-board${i}` });
        // distinct values: $10.00, $10.37, … (high's minimum is $10)
        const cents = 1_000 + i * 37;
        return { id: p.user.id, token: p.token, cents, item: await giveItem(p.user.id, cents), socket: await connectJackpot("high", p.token) };
      }),
    );
    const began = performance.now();
    const answers = await Promise.all(players.map((p) => setBet(p.token, "high", [p.item])));
    expect(answers.map((a) => a.status)).toEqual(Array(PLAYERS).fill(200));
    const total = players.reduce((sum, p) => sum + p.cents, 0);
    const last = await watcher.next("jackpotBoard", (f) => f.data.roundId === roundId && f.data.betsCount === PLAYERS, 0, 8_000);
    const elapsed = performance.now() - began;

    // the client's view: each board's order over the rows it carried and the ones before
    const boards = watcher.all("jackpotBoard").filter((f) => f.data.roundId === roundId);
    const known = new Map<string, JackpotBetJson>();
    const knownLeaders = new Map<number, JackpotLeaderJson>();
    for (const b of boards) {
      for (const r of b.data.rows) known.set(r.id, r);
      for (const l of b.data.leaderRows) knownLeaders.set(l.user.id, l);
    }
    const biggest = [...players].sort((a, b) => b.cents - a.cents).slice(0, JACKPOT.boardTop);
    const shown = last.data.top.map((id) => known.get(id));
    expect(shown.map((r) => r?.user.id)).toEqual(biggest.map((p) => p.id));
    expect(shown.map((r) => r?.price)).toEqual(biggest.map((p) => p.cents / 100));
    // the totals are exact
    expect(last.data).toMatchObject({ bank: total / 100, totalTickets: total, playersCount: PLAYERS, itemsCount: PLAYERS, betsCount: PLAYERS });
    // the leaders: the players with the most tickets (here: those of the biggest bets), their tickets exact
    expect(last.data.leaders).toEqual(biggest.map((p) => p.id));
    expect(last.data.leaders.map((id) => knownLeaders.get(id)?.tickets)).toEqual(biggest.map((p) => p.cents));
    // coalesced: at most one board a window (the first at once), a row resent only when it changed
    expect(boards.length).toBeLessThanOrEqual(Math.ceil(elapsed / JACKPOT.boardWindowMs) + 1);
    expect(boards.length).toBeLessThan(PLAYERS);
    expect(boards.flatMap((b) => b.data.rows).length).toBeLessThan(PLAYERS + JACKPOT.boardTop);
    expect(watcher.all("jackpotNewBet")).toHaveLength(0);
    expect(watcher.all("jackpotTimer").filter((f) => f.data.roundId === roundId)).toHaveLength(1);

    // a bettor's own frames carry his own bets only, and he may be outside the board's top
    for (const p of players) {
      const own = await p.socket.next("jackpotNewBet");
      expect(own.data.bets.map((b) => b.user.id)).toEqual([p.id]);
      expect(p.socket.all("jackpotNewBet").flatMap((f) => f.data.bets.map((b) => b.user.id))).toEqual([p.id]);
    }
    // a socket identifying again (a reload) gets its own bets with the board's top
    const smallest = players[0]!;
    const again = await smallest.socket.ask({ event: "identity", data: { apiToken: smallest.token } }, "jackpotInit");
    expect(again.data.selfBets.map((b) => b.price)).toEqual([smallest.cents / 100]);
    expect(again.data.state.bets.map((b) => b.user.id)).toEqual(biggest.map((p) => p.id));
    expect(again.data.state).toMatchObject({ betsCount: PLAYERS, totalTickets: total });

    // "Show all": every bet in bet order, contiguous tickets, each player's chance
    const all = await allBets("high");
    expect(all.roundId).toBe(roundId);
    expect(all.bets).toHaveLength(PLAYERS);
    for (let i = 1; i < all.bets.length; i++) expect(all.bets[i]!.from).toBe(all.bets[i - 1]!.to + 1);
    expect(all.bets.at(-1)!.to).toBe(total);
    expect(all.chances).toHaveLength(PLAYERS);
    expect(Math.abs(all.chances.reduce((s, c) => s + c.chance, 0) - 100)).toBeLessThan(0.1);

    // the draw: the strip's players travel with it (the watcher holds only the board's bets)
    await fireAt("high", watcher.all("jackpotTimer").at(-1)!.data.countdownEndsAt);
    const start = await watcher.next("startJackpot");
    const d = start.data.draw;
    expect(new Set(d.players.map((u) => u.id))).toEqual(new Set(d.strip));
    expect(d.players.every((u) => players.some((p) => p.id === u.id))).toBe(true);
    for (const s of [...players.map((p) => p.socket), watcher]) s.close();
  });

  it("board frames stay bounded as the players grow: 60 bets, a handful of boards", { timeout: 60_000 }, async () => {
    const watcher = await connectJackpot("low");
    const roundId = watcher.all("jackpotInit")[0]!.data.state.roundId;
    // low: 30 players, 20 items each: 30 players × 2 bets
    const people = await Promise.all([...Array(30).keys()].map(() => makeUser()));
    const items = await Promise.all(people.map(async (p) => [await giveItem(p.user.id, 100), await giveItem(p.user.id, 150)]));
    const began = performance.now();
    await Promise.all(people.map((p, i) => setBet(p.token, "low", [items[i]![0]])));
    await Promise.all(people.map((p, i) => setBet(p.token, "low", [items[i]![1]])));
    const last = await watcher.next("jackpotBoard", (f) => f.data.roundId === roundId && f.data.betsCount === 60, 0, 8_000);
    const elapsed = performance.now() - began;
    expect(last.data).toMatchObject({ bank: 75, playersCount: 30, itemsCount: 60 });
    const boards = watcher.all("jackpotBoard").filter((f) => f.data.roundId === roundId);
    expect(boards.length).toBeLessThanOrEqual(Math.ceil(elapsed / JACKPOT.boardWindowMs) + 1);
    expect(watcher.all("jackpotNewBet")).toHaveLength(0);
    // each board is small: at most the top's and the leaders' rows
    for (const b of boards) {
      expect(b.data.rows.length).toBeLessThanOrEqual(JACKPOT.boardTop);
      expect(JSON.stringify(b).length).toBeLessThan(16_000);
    }
    watcher.close();
  });
});
