// The room's bet-row broadcasts (newBets) under load: rows placed close together are coalesced
// into fewer frames (bet-rows.ts), every row still reaches every socket, and rows still waiting
// are sent before the next other frame (here: the running phase's first crashMultiplier).
import { afterAll, describe, expect, it, vi } from "vitest";
import { giveItem } from "./crash-fixtures";
import { connectCrash, fireAt, startRound, twistedRound } from "./crash-client";
import { connectHub } from "./hub-client";
import { makeUser } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

describe("crash bet-row broadcasts", () => {
  it("coalesces bets placed together and flushes them before the round starts", async () => {
    const admin = await makeUser({ username: "rows-admin", isAdmin: true });
    const watcher = await connectCrash();
    const timer = await twistedRound(watcher, admin.token, 4);

    const players = await Promise.all(
      [...Array(6).keys()].map(async (i) => {
        const p = await makeUser({ username: `rows${i}` });
        return { item: await giveItem(p.user.id, 100 + i), socket: await connectCrash(p.token) };
      }),
    );
    const skip = watcher.all("newBets").length;
    const acks = await Promise.all(players.map((p) => p.socket.ask({ event: "newBet", data: { items: [p.item], autoWithdraw: 3 } }, "successBet")));
    const ids = acks.map((a) => a.data.bet.id);

    // straight away (rows may still wait for their window): the round starts
    await startRound(watcher, timer);
    const frames = watcher.frames.slice(watcher.frames.findIndex((f) => f.event === "clearBets"));
    const running = frames.findIndex((f) => f.event === "crashMultiplier" && f.data.phase === "running");
    const rowsBefore = frames.slice(0, running).flatMap((f) => (f.event === "newBets" ? f.data.bets.map((b) => b.id) : []));
    expect([...rowsBefore].sort()).toEqual([...ids].sort()); // every row once, all before the start
    const rowFrames = watcher
      .all("newBets")
      .slice(skip)
      .filter((f) => f.data.bets.some((b) => ids.includes(b.id)));
    expect(rowFrames.length).toBeLessThan(ids.length); // coalesced
    // a player's own socket gets the rows too
    await players[0]!.socket.next("newBets", (f) => f.data.bets.some((b) => b.id === ids[5]));
    for (const p of [...players.map((x) => x.socket), watcher]) p.close();
  });

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
