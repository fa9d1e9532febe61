// A full crash round over real sockets, driven by the room's alarms: two players bet, one wins
// by auto-withdraw, one loses with a manual bet at the crash; the books in D1 are checked.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { CRASH } from "../../shared/constants";
import { elapsedFor } from "../../shared/crash-curve";
import { reconcile } from "../../worker/books/reconcile";
import { addCatalogue, betRow, count, giveItem, itemRow, roundRow } from "./crash-fixtures";
import { connectCrash, fireAt, startRound, twistedRound, type CrashClient } from "./crash-client";
import { connectHub } from "./hub-client";
import { balanceOf, ledgerRows, makeUser, post } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

describe("a crash round with two players", () => {
  it("runs waiting → running → crashed on alarms and settles every bet once", async () => {
    // the catalogue the room pays from is in D1 before the room loads it
    const alice = await makeUser({ username: "alice" });
    const bob = await makeUser({ username: "bob" });
    const admin = await makeUser({ username: "boss", isAdmin: true });
    const a1 = await giveItem(alice.user.id, 1_000);
    const a2 = await giveItem(alice.user.id, 501);
    const b1 = await giveItem(bob.user.id, 700);
    const prize = await addCatalogue(2_900, "Prize Knife");

    const watcher = await connectCrash();
    const round1 = watcher.all("crashInit")[0]!.data.round;
    expect(round1).toMatchObject({ phase: "waiting", bank: 0, playersCount: 0 });
    expect(round1.crashPoint).toBeUndefined();
    expect(round1.secretHash).toBeUndefined();
    expect((await roundRow(round1.id))?.status).toBe("waiting");

    // dev tools: the next round crashes at 3.00; this one crashes at once
    expect((await post("/api/admin/crash/scheduleTwist", { nextCrash: 3 }, admin.token)).status).toBe(200);
    expect(await (await post("/api/admin/crash/forceCrash", {}, admin.token)).json()).toEqual({ success: true, action: "crashed", roundId: round1.id });
    await fireAt(round1.countdownEndsAt!);
    const crashed1 = await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed");
    expect(crashed1.data.crash).toMatchObject({ point: 1, provablyFair: false });
    await fireAt(crashed1.data.serverTime + 4_000);
    const timer = await watcher.next("crashStartTimer");
    await watcher.next("clearBets");
    const roundId = timer.data.roundId;
    expect(roundId).toBe(round1.id + 1);

    const alicePlays = await connectCrash(alice.token);
    const bobPlays = await connectCrash(bob.token);
    const hub = await connectHub();
    hub.identify(alice.token);

    // bets: alice two items with auto-withdraw 2.00, bob one item with a manual stop
    const aBet = await alicePlays.ask({ event: "newBet", data: { items: [a2, a1], autoWithdraw: 2 } }, "successBet");
    expect(aBet.data.bet).toMatchObject({ bank: 15.01, autoWithdraw: 2, is_win: 0, user: { id: alice.user.id, username: "alice" } });
    expect(aBet.data.bet.items.map((i) => i.id)).toEqual([a1, a2]);
    const bBet = await bobPlays.ask({ event: "newBet", data: { items: [b1], autoWithdraw: 9999.99, token: "ignored" } }, "successBet");
    expect(bBet.data.bet).toMatchObject({ bank: 7, autoWithdraw: 9999.99 });
    // a watcher sees the board (totals exact, the biggest bets first), never a player's row frames
    const seen = await watcher.next("crashBoard", (f) => f.data.top.includes(bBet.data.bet.id));
    expect(seen.data).toMatchObject({ roundId, bank: 22.01, playersCount: 2, itemsCount: 3, betsCount: 2, top: [aBet.data.bet.id, bBet.data.bet.id] });
    await bobPlays.next("newBets", (f) => f.data.bets.some((b) => b.id === bBet.data.bet.id));
    expect(bobPlays.all("newBets").flatMap((f) => f.data.bets.map((b) => b.user.id))).not.toContain(alice.user.id);
    for (const id of [a1, a2, b1]) expect((await itemRow(id))?.status).toBe("in_bet");

    // the countdown ends: running
    await fireAt(timer.data.countdownEndsAt);
    const running = await watcher.next("crashMultiplier", (f) => f.data.phase === "running" && f.data.roundId === roundId);
    const startedAt = running.data.serverTime;
    expect((await roundRow(roundId))?.status).toBe("running");
    // bob cannot bet any more; alice cannot take an auto-withdraw bet by hand
    expect((await bobPlays.ask({ event: "newBet", data: { items: [b1], autoWithdraw: 5 } }, "errorBet")).data.message).toBe("crash_api.game_started");
    expect((await alicePlays.ask({ event: "take", data: { betId: aBet.data.bet.id } }, "errorTake")).data.message).toBe("crash_api.auto_withdraw_only");

    // a tick on the way: the loader item reaches the bettor only
    await fireAt(startedAt + CRASH.tickMs);
    await alicePlays.next("crashLoaderItem");
    expect(watcher.all("crashLoaderItem")).toHaveLength(0);

    // 2.00 reached: alice is paid at exactly her target
    await fireAt(startedAt + elapsedFor(200));
    const take = await alicePlays.next("successTake");
    expect(take.data).toMatchObject({ betId: aBet.data.bet.id, multiplier: 2, win: 30.02, remainder: 1.02 });
    expect(take.data.winItem).toMatchObject({ name: "Prize Knife", price: 29 });
    expect(bobPlays.all("successTake")).toHaveLength(0);

    // the crash at 3.00: bob's manual bet loses
    await fireAt(startedAt + elapsedFor(300));
    const crash = await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed" && f.data.roundId === roundId);
    expect(crash.data.crash).toMatchObject({ point: 3, provablyFair: false });
    const lost = await watcher.next("crashBoard", (f) => f.data.rows.some((b) => b.id === bBet.data.bet.id && b.is_win === 2));
    expect(lost.data.rows.find((b) => b.id === bBet.data.bet.id)).toMatchObject({ is_win: 2, win: 0, result: null });
    const own = await bobPlays.next("newBets", (f) => f.data.bets.some((b) => b.id === bBet.data.bet.id && b.is_win === 2));
    expect(own.data.bets).toHaveLength(1);
    expect(watcher.all("newBets")).toHaveLength(0);
    expect(watcher.all("crashMultiplier").filter((f) => f.data.phase === "crashed" && f.data.roundId === roundId)).toHaveLength(1);

    // D1: the round, the bets, the items, the ledger, the books
    expect(await roundRow(roundId)).toMatchObject({
      status: "crashed",
      crash_point: 300,
      secret_hash: crash.data.crash!.secretHash,
      provably_fair: 0,
      bank: 2_201,
      bets_count: 2,
      items_count: 3,
    });
    const won = await betRow(aBet.data.bet.id);
    expect(won).toMatchObject({ status: 1, cashout: 200, win: 3_002, remainder: 102 });
    expect(await itemRow(won!.win_item_id!)).toMatchObject({ owner_id: alice.user.id, status: "available", price: 2_900, catalogue_id: prize });
    expect(await betRow(bBet.data.bet.id)).toMatchObject({ status: 2, win: 0, cashout: null });
    for (const id of [a1, a2, b1]) expect(await itemRow(id)).toMatchObject({ owner_id: null, status: "available" });
    expect(await balanceOf(alice.user.id)).toBe(102);
    const rows = await ledgerRows();
    expect(rows.filter((r) => r.reference === `crash:${roundId}`).map((r) => [r.account, r.delta, r.kind])).toEqual([
      ["user", 102, "win"],
      ["house", -102, "win"],
      ["house", -22, "bonus_share"],
      ["bonus", 22, "bonus_share"],
    ]);
    const books = await reconcile(env);
    expect(books).toMatchObject({ ok: true, crashMismatches: 0, bonusBalance: 22, crashItemsTaken: 2_201, crashItemsPaid: 2_900 });

    // alice's balance was pushed through the hub, and the round's bank for the mode bar
    await hub.waitFor((f) => f.event === "updateBalance" && f.data.balance === 1.02, "updateBalance");
    await hub.waitFor((f) => f.event === "banks" && f.data.crash === 22.01, "banks");

    // the API shows the round and the history
    const game = (await (await post("/api/crash/getGame", { id: roundId })).json()) as {
      game: Record<string, unknown> & { bets: { id: string; is_win: number; result: number | null; winItem: { id: number } | null }[] };
    };
    expect(game.game).toMatchObject({
      id: roundId,
      status: "crashed",
      multiplier: 3,
      provably_fair: false,
      bank: 22.01,
      secret_hash: crash.data.crash!.secretHash,
    });
    expect(game.game.bets.map((b) => [b.id, b.is_win, b.result])).toEqual([
      [aBet.data.bet.id, 1, 2],
      [bBet.data.bet.id, 2, null],
    ]);
    expect(game.game.bets[0]!.winItem?.id).toBe(won!.win_item_id);
    const history = (await (await post("/api/crash/getHistory")).json()) as { history: { id: number; value: number; colourClass: string }[] };
    expect(history.history.slice(0, 2)).toEqual([
      { id: roundId, value: 3, colourClass: "x-mid" },
      { id: round1.id, value: 1, colourClass: "x-low" },
    ]);

    // nothing is left owed; firing the alarms again pays nobody twice
    await fireAt(crash.data.serverTime + 4_000);
    await watcher.next("crashStartTimer", (f) => f.data.roundId === roundId + 1);
    await hub.waitFor(
      (f) => f.event === "banks" && f.data.crash === 0 && hub.frames.indexOf(f) > hub.frames.findIndex((g) => g.event === "banks" && g.data.crash === 22.01),
      "banks reset",
    );
    expect(await count("SELECT COUNT(*) AS n FROM ledger WHERE reference = ?1", `crash:${roundId}`)).toBe(4);
    expect(await balanceOf(alice.user.id)).toBe(102);
    for (const c of [watcher, alicePlays, bobPlays] as CrashClient[]) c.close();
    hub.close();
  }, 30_000); // two boards arrive on the room's real 2 s window

  it("cashes out early at the forced point when the round would pay more than CRASH_MAX_PAYOUT_CENTS", async () => {
    const admin = await makeUser({ isAdmin: true });
    const whale = await makeUser();
    const max = Number(env.CRASH_MAX_PAYOUT_CENTS);
    const bank = 600_000;
    expect(bank * 3).toBeGreaterThan(max); // a 3.00 target would pass the maximum
    const item = await giveItem(whale.user.id, bank);
    const watcher = await connectCrash();
    const timer = await twistedRound(watcher, admin.token, 5);
    const c = await connectCrash(whale.token);
    const bet = (await c.ask({ event: "newBet", data: { items: [item], autoWithdraw: 3 } }, "successBet")).data.bet;
    const startedAt = await startRound(watcher, timer);
    const forced = Math.floor((max * 100) / bank); // largest m with floor(bank·m/100) ≤ max
    await fireAt(startedAt + elapsedFor(forced));
    const take = await c.next("successTake");
    expect(take.data.multiplier).toBe(forced / 100);
    expect(await betRow(bet.id)).toMatchObject({ status: 1, cashout: forced, win: Math.floor((bank * forced) / 100) });
    expect(Math.floor((bank * forced) / 100)).toBeLessThanOrEqual(max);
    watcher.close();
    c.close();
  });
});
