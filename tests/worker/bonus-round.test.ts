// The bonus pool's round (docs/games.md "Bonus pool"): the bank is the bonus shares the game rooms book
// while the round is open (one ledger path, the books check it), the timer starts at the minimum
// bank, update-bank frames are coalesced, and the draw at the end time pays 50/25/25 to the cent
// with a bell, reveals the secret and opens the next round with what nobody took.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bonusRoundAnswer } from "../../shared/api/bonus";
import { bonusSplit, bonusWinners } from "../../shared/bonus";
import { publicHash } from "../../shared/fairness";
import { reconcile } from "../../worker/books/reconcile";
import { betMoves } from "../../worker/rooms/base/bet-moves";
import type { BonusRoom } from "../../worker/rooms/bonus/BonusRoom";
import { advanceClock, bonus, bonusAccount, bonusRoundRow, connectBonus, feed, fireBonusAt, join, openRound, qualifiedUser } from "./bonus-fixtures";
import { balanceOf, post } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

describe("the bank", () => {
  it("is the shares booked while the round is open, shares booked before the first round included; the books check it", async () => {
    advanceClock(3_600_000);
    // a share booked before the pool ever ran: the first round takes it
    await feed(40);
    const first = await openRound();
    expect(first.bank).toBe(40);
    await feed(25);
    await feed(10);
    const round = await openRound();
    expect(round.id).toBe(first.id);
    expect(round.bank).toBe(75);
    expect(await bonusAccount()).toBe(75);
    expect(round.ends_at).toBeNull(); // below $1: the filling scale, no timer
    expect(await reconcile(env)).toMatchObject({ ok: true, bonusMismatches: 0, bonusUnassigned: 0 });
  });

  it("starts the timer at the minimum; update-bank frames are coalesced (at most 2 a second)", async () => {
    advanceClock(3_600_000);
    const start = await openRound(); // 75 cents from the test before: below $1, no timer
    expect(start.ends_at).toBeNull();
    const watcher = await connectBonus();
    const init = watcher.all("jackpot-bonus.init")[0]!.data;
    expect(init).toMatchObject({ round_id: start.id, bank: start.bank / 100, end_time: null, joined: false, last_winners: [], min_bank: 1 });
    const seen = watcher.all("jackpot-bonus.update-bank").length;
    for (let i = 0; i < 10; i++) await feed(5); // +50 cents: the timer starts on the way past $1
    const row = await openRound();
    expect(row.bank).toBe(start.bank + 50);
    expect(row.ends_at).not.toBeNull();
    const last = await watcher.next("jackpot-bonus.update-bank", (f) => f.data.bank === row.bank / 100, seen);
    expect(last.data.end_time).toBe(row.ends_at);
    // ten feeds within a few ms: one frame at once, the rest in one trailing frame
    expect(watcher.all("jackpot-bonus.update-bank").length - seen).toBeLessThanOrEqual(2);
    expect(await reconcile(env)).toMatchObject({ ok: true, bonusMismatches: 0 });
    watcher.close();
  });
});

describe("the draw", () => {
  it("pays 50/25/25 to the cent at the end time, rings the bells, reveals the secret, opens the next round", async () => {
    advanceClock(3_600_000);
    const players = [await qualifiedUser(), await qualifiedUser(), await qualifiedUser(), await qualifiedUser()];
    for (const p of players) expect((await join(p.token)).status).toBe(200);
    const start = await openRound(); // the bank and the timer of the tests before
    await feed(10_001);
    const round = await openRound();
    const bank = start.bank + 10_001;
    expect(round.bank).toBe(bank);
    const before = await Promise.all(players.map((p) => balanceOf(p.user.id)));
    const watcher = await connectBonus(players[0]!.token);
    expect(watcher.all("jackpot-bonus.init").at(-1)!.data.joined).toBe(true);

    await fireBonusAt(round.ends_at!);
    const drawn = await watcher.next("jackpot-bonus.draw");
    const done = await bonusRoundRow(round.id);
    expect(done).toMatchObject({ status: "finished", bank, paid: bank, carried: 0, participants: 4 });
    // the revealed secret gives the public hash shown before the draw
    expect(publicHash(done!.secret!, round.id, done!.day_of_month)).toBe(round.public_hash);
    expect(drawn.data.secret).toBe(done!.secret);
    const order = bonusWinners(
      done!.secret!,
      env.BONUS_SALT,
      players.map((p) => p.user.id),
    );
    const split = bonusSplit(bank, 3);
    expect(split[0]! + split[1]! + split[2]!).toBe(bank);
    expect(split[1]).toBe(Math.floor(bank / 4));
    for (const [i, p] of players.entries()) {
      const place = order.indexOf(p.user.id);
      expect(await balanceOf(p.user.id)).toBe(before[i]! + (place >= 0 ? split[place]! : 0));
    }
    expect(drawn.data.winners.map((w) => [w.place, w.user.id, w.sum])).toEqual(order.map((id, i) => [i + 1, id, split[i]! / 100]));
    const bells = await env.DB.prepare("SELECT user_id, content FROM notifications WHERE name = 'bonus_win' ORDER BY user_id").all<{
      user_id: number;
      content: string;
    }>();
    expect(bells.results.map((b) => b.user_id)).toEqual([...order].sort((a, b) => a - b));
    expect(bells.results.find((b) => b.user_id === order[0])?.content).toBe(`$${(split[0]! / 100).toFixed(2)} · #1`);
    expect(await bonusAccount()).toBe(0);

    // the next round is open, empty, and the API shows the drawn one with what verifies it
    const next = await openRound();
    expect(next).toMatchObject({ id: round.id + 1, bank: 0, participants: 0 });
    const api = bonusRoundAnswer.parse(await (await post("/api/jackpot-bonus/round", { id: round.id })).json()).round;
    expect(api).toMatchObject({ id: round.id, status: "finished", secret: done!.secret, salt: env.BONUS_SALT, bank: bank / 100, paid: bank / 100, carried: 0 });
    expect(api.participants).toEqual(players.map((p) => p.user.id));
    expect(api.winners.map((w) => w.user.id)).toEqual(order);
    expect((await post("/api/jackpot-bonus/round", { id: next.id })).status).toBe(404); // open: not shown
    const init = (await connectBonus(players[0]!.token)).all("jackpot-bonus.init").at(-1)!.data;
    expect(init).toMatchObject({ round_id: next.id, joined: false, last_winners: drawn.data.winners });
    expect(await reconcile(env)).toMatchObject({ ok: true, bonusMismatches: 0, bonusPaid: bank });
    watcher.close();
  });

  it("shows the next round's bank as D1 has it, also a share that landed between the close and the draw's step", async () => {
    advanceClock(3_600_000);
    const p = await qualifiedUser();
    expect((await join(p.token)).status).toBe(200);
    await feed(500);
    const round = await openRound();
    // a game room's share lands right after the close read the next round's bank (its fed() would
    // have named the round being drawn): the draw's step carries the bank read before it
    await runInDurableObject(bonus(), async (room: BonusRoom) => {
      const game = (room as unknown as { game: { dueEvent: (...a: unknown[]) => Promise<unknown> } }).game;
      const due = game.dueEvent.bind(game);
      game.dueEvent = async (...a) => {
        const event = await due(...a);
        if (event) await betMoves("wheel").bonusShare(env, { roundId: 2_000_000 + round.id, amount: 37, now: Date.now() });
        game.dueEvent = due;
        return event;
      };
    });
    const watcher = await connectBonus();
    await fireBonusAt(round.ends_at!);
    await watcher.next("jackpot-bonus.draw");
    await vi.waitFor(async () => expect((await bonusRoundRow(round.id))?.status).toBe("finished"));
    const next = await openRound();
    expect(next.id).toBe(round.id + 1);
    expect(next.bank).toBeGreaterThanOrEqual(37); // the share and what the draw carried over
    await watcher.next("jackpot-bonus.update-bank", (f) => f.data.bank === next.bank / 100);
    expect((await connectBonus()).all("jackpot-bonus.init").at(-1)!.data).toMatchObject({ round_id: next.id, bank: next.bank / 100 });
    expect(await reconcile(env)).toMatchObject({ ok: true, bonusMismatches: 0 });
    watcher.close();
  });
});
