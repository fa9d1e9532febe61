// A full jackpot round over real sockets, driven by the room's alarms: three players bet on the
// medium room, the countdown starts with the second, the draw follows the committed chain, the
// winner gets every item but the commission, and the books stay clean.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { JACKPOT } from "../../shared/constants";
import { jackpotTicket, publicHash } from "../../shared/fairness";
import { reconcile } from "../../worker/books/reconcile";
import { count, giveItem, itemRow } from "./crash-fixtures";
import { connectJackpot, fireAt, jackpotRoundRow, setBet } from "./jackpot-client";
import { bindHub, connectHub } from "./hub-client";
import { makeUser, post } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

describe("a jackpot round with three players", () => {
  it("first → second → spinning → waiting → a new game, settled once", async () => {
    const alice = await makeUser({ username: "jp-alice" });
    const bob = await makeUser({ username: "jp-bob" });
    const carol = await makeUser({ username: "jp-carol" });
    const a1 = await giveItem(alice.user.id, 1_000);
    const a2 = await giveItem(alice.user.id, 250);
    const b1 = await giveItem(bob.user.id, 700);
    const b2 = await giveItem(bob.user.id, 30);
    const c1 = await giveItem(carol.user.id, 520);
    const c2 = await giveItem(carol.user.id, 40);

    const hub = await connectHub();
    const watcher = await connectJackpot("medium");
    const init = watcher.all("jackpotInit")[0]!.data.state;
    expect(init).toMatchObject({ level: "medium", status: 0, bank: 0, bets: [], draw: null });
    const roundId = init.roundId;
    expect(roundId % 3).toBe(2); // medium = level 2 of 3·(k − 1) + L
    expect((await jackpotRoundRow(roundId))?.status).toBe("open");

    // alice bets alone: the single-player clock starts
    const aBet = await setBet(alice.token, "medium", [a2, a1]);
    expect(aBet.status).toBe(200);
    expect(aBet.body).toMatchObject({ status: "success", message: "jackpot_api.bet_success", bet: { price: 12.5, from: 1, to: 1_250 } });
    // a watcher sees the board (the first change at once), never the bet rows themselves
    const first = await watcher.next("jackpotBoard");
    expect(first.data).toMatchObject({ roundId, bank: 12.5, playersCount: 1, itemsCount: 2 });
    expect(first.data.soloEndsAt).toBeGreaterThan(Date.now());
    for (const id of [a1, a2]) expect((await itemRow(id))?.status).toBe("in_bet");

    // bob is the second distinct player: the countdown starts; carol joins while it runs
    expect((await setBet(bob.token, "medium", [b1, b2])).body).toMatchObject({ bet: { from: 1_251, to: 1_980 } });
    const timer = await watcher.next("jackpotTimer");
    expect((await setBet(carol.token, "medium", [c1, c2])).body).toMatchObject({ bet: { from: 1_981, to: 2_540 } });
    const last = await watcher.next("jackpotBoard", (f) => f.data.playersCount === 3);
    expect(last.data).toMatchObject({ bank: 25.4, totalTickets: 2_540, betsCount: 3, leaders: [alice.user.id, bob.user.id, carol.user.id] });
    expect(last.data).not.toHaveProperty("chances");
    expect(watcher.all("jackpotNewBet")).toHaveLength(0);
    // the mode bar: the level's bank (the last of a burst arrives when the throttle window ends) and the sum
    const banks = await hub.waitFor((f) => f.event === "banks" && f.data.jackpotLevels?.medium === 25.4, "banks");
    expect(banks.data).toMatchObject({ jackpotLevels: { low: expect.any(Number), high: expect.any(Number) } });

    const state = await (await post("/api/jackpot/get", { level: "medium" })).json<{
      status: number;
      bets: unknown[];
      countdownEndsAt: number;
      chances: { chance: number }[];
    }>();
    expect(state.chances.map((c) => c.chance)).toEqual([49.21, 28.74, 22.05]);
    expect(state).toMatchObject({ status: 1, countdownEndsAt: timer.data.countdownEndsAt });
    expect(state.bets).toHaveLength(3);
    expect(state).toMatchObject({ betsCount: 3, totalTickets: 2_540 });

    // the countdown ends: the draw from the chain, the strip stops on the winner
    await fireAt("medium", timer.data.countdownEndsAt);
    const start = await watcher.next("startJackpot");
    const d = start.data.draw;
    const ticket = jackpotTicket(start.data.secret, env.JACKPOT_SALT, 2_540);
    expect(d).toMatchObject({ roundId, winningTicket: ticket, totalTickets: 2_540, bank: 25.4 });
    const winner = ticket <= 1_250 ? alice : ticket <= 1_980 ? bob : carol;
    expect(d.winner.id).toBe(winner.user.id);
    expect(d.strip).toHaveLength(JACKPOT.strip.length);
    expect(d.strip[d.winIndex]).toBe(winner.user.id);
    // the strip's avatars travel with the draw: every id of the strip is named once
    expect(new Set(d.players.map((u) => u.id))).toEqual(new Set(d.strip));
    expect(d.players).toHaveLength(new Set(d.strip).size);
    expect(d.endsAt - d.spinEndsAt).toBe(3_000); // the winner is shown for JACKPOT_TIMERS.waitingMs
    expect((await setBet(alice.token, "medium", [a1])).status).toBe(409);

    // settled: the round, the items (commission = cheapest items the winner did not bet, ≤ 5 %)
    const row = await jackpotRoundRow(roundId);
    expect(row).toMatchObject({
      status: "finished",
      secret: start.data.secret,
      winning_ticket: ticket,
      winner_id: winner.user.id,
      bank: 2_540,
      commission_due: 127,
    });
    expect(row!.public_hash).toBe(publicHash(start.data.secret, roundId, row!.day_of_month));
    const all = [a1, a2, b1, b2, c1, c2];
    const notWinners = { [alice.user.id]: [b2, c2, c1, b1], [bob.user.id]: [c2, a2, c1, a1], [carol.user.id]: [b2, a2, b1, a1] }[winner.user.id]!;
    const prices: Record<number, number> = { [a1]: 1_000, [a2]: 250, [b1]: 700, [b2]: 30, [c1]: 520, [c2]: 40 };
    const taken: number[] = [];
    let sum = 0;
    for (const id of notWinners) {
      if (sum + prices[id]! > 127) break;
      sum += prices[id]!;
      taken.push(id);
    }
    expect(row!.commission).toBe(sum);
    for (const id of all) {
      const item = await itemRow(id);
      expect(item?.status).toBe("available");
      expect(item?.owner_id).toBe(taken.includes(id) ? null : winner.user.id);
    }
    expect(await count("SELECT COUNT(*) AS n FROM ledger WHERE idempotency_key = ?1 AND delta = 25", `jackpot:${roundId}:bonus`)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM cashback_accruals WHERE ref LIKE ?1", `jackpot:${roundId}:user:%`)).toBe(2);
    // each loser's whole stake in the round accrues 2.5 % (hundredths of a cent), on his row and his total
    const stakes = { [alice.user.id]: 1_250, [bob.user.id]: 730, [carol.user.id]: 560 };
    for (const loser of [alice, bob, carol].filter((p) => p !== winner)) {
      const lost = stakes[loser.user.id]!;
      const accrual = await env.DB.prepare("SELECT user_id, lost_cents, amount FROM cashback_accruals WHERE ref = ?1")
        .bind(`jackpot:${roundId}:user:${loser.user.id}`)
        .first();
      expect(accrual).toEqual({ user_id: loser.user.id, lost_cents: lost, amount: Math.floor((lost * 25) / 10) });
      expect(await count("SELECT cashback AS n FROM users WHERE id = ?1", loser.user.id)).toBe(Math.floor((lost * 25) / 10));
    }
    expect(await count("SELECT COUNT(*) AS n FROM cashback_accruals WHERE user_id = ?1 AND ref LIKE 'jackpot:%'", winner.user.id)).toBe(0);

    // the winner's bell is written with the settlement but dated when the spinner stops: not in
    // his list or unread count yet, and a read-all now does not swallow it
    type Me = { user: { unread_notifications: number; notifications: { name: string; content: string; is_read: boolean }[] } };
    const me = async () => (await (await post("/api/user/get", {}, winner.token)).json<Me>()).user;
    expect((await me()).notifications.some((n) => n.name === "jackpot_win")).toBe(false);
    expect((await post("/api/user/notification/readAll", {}, winner.token)).status).toBe(200);
    expect((await me()).unread_notifications).toBe(0);
    const bell = await connectHub();
    await bindHub(bell, winner);
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?1 AND name = 'jackpot_win'", winner.user.id)).toBe(1);

    // the spinner stops: the bell rings live, and the list shows it unread
    const chanceBp = Math.round(((ticket <= 1_250 ? 1_250 : ticket <= 1_980 ? 730 : 560) * 10_000) / 2_540);
    const content = `$${((2_540 - sum) / 100).toFixed(2)} · ${Number((chanceBp / 100).toFixed(2))}%`;
    await fireAt("medium", d.spinEndsAt);
    const rung = await bell.next("notification", (f) => f.data.name === "jackpot_win");
    expect(rung.data).toMatchObject({ content, is_read: false, created_at: d.spinEndsAt });
    const after = await me();
    expect(after.notifications[0]).toMatchObject({ name: "jackpot_win", content, is_read: false });
    expect(after.unread_notifications).toBe(1);
    bell.close();

    // the spinner stops, the winner is shown, then a new game
    expect((await (await post("/api/jackpot/get", { level: "medium" })).json<{ status: number }>()).status).toBe(3);
    await fireAt("medium", d.endsAt);
    const next = await watcher.next("newGameJackpot");
    expect(next.data).toMatchObject({ level: "medium", roundId: roundId + 3, finished: { id: roundId, status: "finished", winningTicket: ticket } });

    // the round page verifies, the history lists it
    const page = await (await post("/api/jackpot/round", { id: roundId })).json<{ round: Record<string, unknown> }>();
    expect(page.round).toMatchObject({ id: roundId, secret: start.data.secret, winningTicket: ticket, commissionPercent: 5, chainIndex: row!.chain_index });
    expect(page.round.commissionItems).toHaveLength(taken.length);
    const hist = await (await post("/api/jackpot/history", { level: "medium" })).json<{ history: { id: number }[] }>();
    expect(hist.history[0]?.id).toBe(roundId);

    // the profiles list the round: won for the winner, lost for the others
    for (const p of [alice, bob, carol]) {
      const profile = await (await post("/api/user/getProfile", {}, p.token)).json<{ jackpotBets: Record<string, unknown>[] }>();
      expect(profile.jackpotBets[0]).toMatchObject({
        game_id: roundId,
        level: "medium",
        status: p === winner ? "won" : "lost",
        win: p === winner ? (2_540 - sum) / 100 : 0,
      });
    }

    // bounded frames: one init, ≤ 3 new-bet frames, one timer, one start, one new game
    expect(watcher.frames.length).toBeLessThanOrEqual(8);
    expect(await reconcile(env)).toMatchObject({ ok: true, jackpotMismatches: 0, jackpotCommission: sum, jackpotBonusShared: 25 });
    watcher.close();
    hub.close();
  });
});
