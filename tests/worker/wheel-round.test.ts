// A full wheel round inside workerd: three players bet over HTTP while watching over sockets, the
// alarms drive the countdown, the spin and the stop (the clock moved by hand), the winners get
// bank × multiplier as the win item plus the remainder, the losers' items go to the house with
// cashback, 1 % of the bank goes to the bonus pool, every bet settles once and the books balance.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { WHEEL_COLOURS, wheelRotate, segmentAt, type WheelColour } from "../../shared/wheel-layout";
import { reconcile } from "../../worker/books/reconcile";
import { addCatalogue, giveItem, itemRow } from "./crash-fixtures";
import { balanceOf, makeUser, post } from "./user-fixtures";
import { connectHub } from "./hub-client";
import { advanceClock, connectWheel, expectedColour, fireAt, setBet, wheelBetRow, wheelRoundRow } from "./wheel-fixtures";

afterAll(() => vi.useRealTimers());

const MULT: Record<WheelColour, number> = { black: 2, green: 5, red: 3, yellow: 50 };

describe("a wheel round with three players", () => {
  it("betting → spin → stop → next round, settled once, books clean", async () => {
    advanceClock(3_600_000); // far from real time: the room's real alarms never fire mid-test
    // round 1 (the room's first) lands where the dev chain says; the prize is in the catalogue
    // before the room reads it
    const landing = expectedColour(1);
    await addCatalogue(1_000 * MULT[landing] - 37, "Wheel Prize");
    const watcher = await connectWheel();
    const init = watcher.all("wheelInit")[0]!.data;
    expect(init.game).toMatchObject({ id: 1, phase: "betting" });
    const roundId = init.game.id;
    const other = WHEEL_COLOURS.find((c) => c !== landing)!;

    const [a, b, c] = [await makeUser(), await makeUser(), await makeUser()];
    const a1 = await giveItem(a.user.id, 1_000);
    const a2 = await giveItem(a.user.id, 500);
    const b1 = await giveItem(b.user.id, 700);
    const c1 = await giveItem(c.user.id, 300);
    const sockets = [await connectWheel(a.token), await connectWheel(b.token), await connectWheel(c.token)];

    // a: the landing colour with two items; b: another colour; c: the landing colour too
    const betA = await setBet(a.token, { colour: landing, items: [a1] });
    expect(betA.status).toBe(200);
    const rowA = ((await betA.json()) as { bet: { id: string; bank: number; colour: string } }).bet;
    expect(rowA).toMatchObject({ bank: 10, colour: landing });
    const betA2 = await setBet(a.token, { colour: other, items: [a2] });
    expect(betA2.status).toBe(200);
    const betB = await setBet(b.token, { colour: other, items: [b1] });
    expect(betB.status).toBe(200);
    const betC = await setBet(c.token, { colour: landing, items: [c1] });
    expect(betC.status).toBe(200);
    expect(await itemRow(a1)).toMatchObject({ status: "in_bet", owner_id: a.user.id });

    // everyone sees the rows (coalesced) and the totals after them
    const lastRows = await watcher.next("wheelNewBet", (f) => f.data.stats.total_users === 3);
    expect(lastRows.data.stats).toMatchObject({ total_bank: 25, total_items: 4, total_users: 3 });
    const seen = watcher.all("wheelNewBet").flatMap((f) => f.data.bets.map((r) => r.id));
    expect(new Set(seen).size).toBe(4);

    // the countdown ends: the spin with its rotate, landing inside the drawn segment
    await fireAt(init.game.countdownEndsAt!);
    const spin = await watcher.next("startWheel", (f) => f.data.ms > 1);
    expect(spin.data).toMatchObject({ roundId, colour: landing, multiplier: MULT[landing], winnersCount: 2 });
    expect(segmentAt(spin.data.rotate, 54)).toBe(spin.data.segment);
    expect(spin.data.rotate).toBeGreaterThanOrEqual(1084);
    expect(wheelRotate(spin.data.segment, "0".repeat(64), 54)).toBeGreaterThan(0);
    // nothing is paid before the wheel stops
    expect((await wheelBetRow(rowA.id))?.status).toBe(0);
    expect(await wheelRoundRow(roundId)).toMatchObject({ status: "spinning", colour: landing });

    // the wheel stops: ms = 1 with the result; the bets settle
    await fireAt(spin.data.startedAt + spin.data.ms);
    const stop = await watcher.next("startWheel", (f) => f.data.ms === 1);
    expect(("winners" in spin.data ? spin.data.winners : []).map((w) => w.betId).sort()).toEqual(
      [rowA.id, ((await betC.clone().json()) as { bet: { id: string } }).bet.id].sort(),
    );
    // the stop names the result, not the winner rows again (the spin carried them)
    expect(stop.data).toMatchObject({
      roundId,
      segment: spin.data.segment,
      colour: landing,
      rotate: spin.data.rotate,
      winnersCount: 2,
      winTotal: spin.data.winTotal,
    });
    expect(stop.data).not.toHaveProperty("winners");
    const wonA = await wheelBetRow(rowA.id);
    expect(wonA).toMatchObject({ status: 1, win: 1_000 * MULT[landing], remainder: 37 });
    expect(wonA?.win_item_id).not.toBeNull();
    expect(await itemRow(wonA!.win_item_id!)).toMatchObject({ owner_id: a.user.id, status: "available", price: 1_000 * MULT[landing] - 37 });
    expect(await itemRow(a1)).toMatchObject({ owner_id: null, status: "available" });
    expect(await itemRow(a2)).toMatchObject({ owner_id: null, status: "available" });
    expect(await itemRow(b1)).toMatchObject({ owner_id: null });
    const wonC = await wheelBetRow(((await betC.json()) as { bet: { id: string } }).bet.id);
    expect(wonC).toMatchObject({ status: 1, win: 300 * MULT[landing] });
    expect(await balanceOf(a.user.id)).toBe(37);
    expect(await balanceOf(c.user.id)).toBe(wonC!.remainder);
    // the winners' bells (in the win's batch, told when the wheel stopped); the loser's stays empty
    const bell = async (userId: number) =>
      (await env.DB.prepare("SELECT name, content FROM notifications WHERE user_id = ?1").bind(userId).all<{ name: string; content: string }>()).results;
    expect(await bell(a.user.id)).toEqual([{ name: "wheel_win", content: `$${((1_000 * MULT[landing]) / 100).toFixed(2)} · ×${MULT[landing]} · Wheel Prize` }]);
    expect((await bell(c.user.id)).map((n) => n.name)).toEqual(["wheel_win"]);
    expect(await bell(b.user.id)).toEqual([]);
    // b lost: 2.5 % of $7 accrues as cashback (hundredths of a cent)
    const cashback = await env.DB.prepare("SELECT cashback FROM users WHERE id = ?1").bind(b.user.id).first<{ cashback: number }>();
    expect(cashback?.cashback).toBe(1_750);
    const bonus = await env.DB.prepare("SELECT SUM(delta) AS s FROM ledger WHERE idempotency_key = ?1").bind(`wheel:${roundId}:bonus`).first<{ s: number }>();
    expect(bonus?.s).toBe(25);
    expect(await wheelRoundRow(roundId)).toMatchObject({ status: "finished", bank: 2_500, bets_count: 4 });

    // the pause ends: a new round, bets and stats reset
    await fireAt(stop.data.serverTime + 1_500);
    const fresh = await watcher.next("newGameWheel");
    expect(fresh.data.game).toMatchObject({ id: roundId + 1, phase: "betting", bank: 0 });
    expect(fresh.data.last).toMatchObject({ id: roundId, colour: landing });
    await watcher.next("wheelTimer", (f) => f.data.roundId === roundId + 1);

    // nothing settles twice, the books balance
    const settled = await env.DB.prepare("SELECT COUNT(*) AS n FROM wheel_bets WHERE round_id = ?1 AND status IN (1, 2)").bind(roundId).first<{ n: number }>();
    expect(settled?.n).toBe(4);
    expect(await reconcile(env)).toMatchObject({ ok: true, wheelMismatches: 0, wheelItemsTaken: 2_500 });
    // the profile lists the wheel bets with the placed and the result colour, and counts them
    const profile = (await (await post("/api/user/getProfile", {}, a.token)).json()) as {
      wheelBets: { game_id: number; colour: string; result_colour: string; is_win: number; win: number }[];
      stats: Record<string, unknown>;
    };
    expect(profile.wheelBets).toHaveLength(2);
    expect(profile.wheelBets.find((r) => r.is_win === 1)).toMatchObject({
      game_id: roundId,
      colour: landing,
      result_colour: landing,
      win: (1_000 * MULT[landing]) / 100,
    });
    expect(profile.wheelBets.find((r) => r.is_win === 2)).toMatchObject({ colour: other, result_colour: landing, win: 0 });
    for (const s of [watcher, ...sockets]) s.close();
  }, 30_000);

  it("the mode bar gets the bank a burst of bets ends on, at the push window's end (the room's bank alarm)", async () => {
    const watcher = await connectWheel();
    const game = watcher.all("wheelInit")[0]!.data.game;
    expect(game.phase).toBe("betting");
    const hubSocket = await connectHub();
    const skip = hubSocket.all("banks").length;
    const bank = game.bank;
    for (const [i, cents] of [310, 190].entries()) {
      const p = await makeUser();
      const item = await giveItem(p.user.id, cents);
      expect((await setBet(p.token, { colour: i === 0 ? "black" : "red", items: [item] })).status).toBe(200);
    }
    const total = Math.round((bank + 5) * 100) / 100;
    // the first bet may push at once; the second came inside the window (the clock stands still)
    expect(
      hubSocket
        .all("banks")
        .slice(skip)
        .some((f) => f.data.wheel === total),
    ).toBe(false);
    expect(game.countdownEndsAt! - Date.now()).toBeGreaterThan(1_000); // the spin is not what pushes it
    await fireAt(Date.now() + 1_000);
    await hubSocket.next("banks", (f) => f.data.wheel === total, skip);
    for (const c of [watcher, hubSocket]) c.close();
  });
});
