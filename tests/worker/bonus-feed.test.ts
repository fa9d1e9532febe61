// A game room's settlement feeds the bonus pool (docs/games.md "Bonus pool"): a real wheel round's 1 %
// share lands in the open round's bank in the same batch as its ledger rows, the outbox tells the
// pool's room (its socket gets the new bank) and the books stay balanced.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { bonusAccount, connectBonus, openRound } from "./bonus-fixtures";
import { deposit, makeUser } from "./user-fixtures";
import { advanceClock, connectWheel, expectedColour, fireAt, setBet } from "./wheel-fixtures";

afterAll(() => vi.useRealTimers());

describe("fed by a game room", () => {
  it("a wheel round's bonus share is the open round's bank, and its socket hears of it", { timeout: 30_000 }, async () => {
    advanceClock(3_600_000);
    const pool = await connectBonus();
    const start = await openRound();
    const watcher = await connectWheel();
    const init = watcher.all("wheelInit")[0]!.data;
    const p = await makeUser();
    await deposit(p.user.id, 2_000);
    expect((await setBet(p.token, { colour: expectedColour(init.game.id), value: 15 })).status).toBe(200);
    await fireAt(init.game.countdownEndsAt!);
    const spin = await watcher.next("startWheel", (f) => f.data.ms > 1);
    await fireAt(spin.data.startedAt + spin.data.ms);
    await watcher.next("startWheel", (f) => f.data.ms === 1);
    // 1 % of the $15.00 pot: 15 cents, booked to the bonus account and the open round together
    await vi.waitFor(async () => expect((await openRound()).bank).toBe(start.bank + 15));
    expect(await bonusAccount()).toBe(start.bank + 15);
    await pool.next("jackpot-bonus.update-bank", (f) => f.data.bank === (start.bank + 15) / 100);
    expect(await reconcile(env)).toMatchObject({ ok: true, bonusMismatches: 0, wheelMismatches: 0 });
    pool.close();
    watcher.close();
  });
});
