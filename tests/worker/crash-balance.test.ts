// Balance stakes in crash (docs/money.md "Money rules"): a bet of balance only, of items only and of both,
// won, lost and refunded, each with the balance and the books to the cent; two bets racing past
// the balance (one lands); the bet rules on a balance part.
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CRASH } from "../../shared/constants";
import { elapsedFor } from "../../shared/crash-curve";
import { adminCrashRoutes } from "../../worker/api/admin/crash";
import { readSession } from "../../worker/auth/middleware";
import { reconcile } from "../../worker/books/reconcile";
import { readWager } from "../../worker/money-withdraw/state";
import type { AppEnv } from "../../worker/env";
import { addCatalogue, betRow, giveItem, itemRow } from "./crash-fixtures";
import { connectCrash, fireAt, startRound, twistedRound } from "./crash-client";
import { balanceOf, deposit, makeUser } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

const PRIZE = `Balance Prize ${crypto.randomUUID().slice(0, 8)}`;

const newBet = (items: number[], autoWithdraw: number, value?: number) => ({
  event: "newBet",
  data: value === undefined ? { items, autoWithdraw } : { items, autoWithdraw, value },
});

/** The ledger sum under one idempotency key. */
async function booked(key: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COALESCE(SUM(delta), 0) AS s FROM ledger WHERE idempotency_key = ?1").bind(key).first<{ s: number }>();
  return row?.s ?? 0;
}

/** A player with `cents` deposited (money entering the books). */
async function player(cents: number) {
  const p = await makeUser();
  await deposit(p.user.id, cents);
  return p;
}

describe("crash: balance stakes", () => {
  // the prize is in the catalogue before the room first reads it; the tests run in order on one room:
  // the rules and the race in the first round, the stop voids it, the rounds of the last follow
  beforeAll(async () => {
    await addCatalogue(900, PRIZE);
  });

  it("the rules of a balance part: some stake, cents only, within the maximum, not more than the balance", { timeout: 30_000 }, async () => {
    const fay = await player(100);
    const f = await connectCrash(fay.token);
    expect((await f.ask(newBet([], 2), "errorBet")).data.message).toBe("crash_api.no_items");
    expect((await f.ask(newBet([], 2, 0), "errorBet")).data.message).toBe("crash_api.no_items");
    expect((await f.ask(newBet([], 2, 0.001), "error")).data.message).toBe("app_api.invalid_request");
    expect((await f.ask(newBet([], 2, -1), "error")).data.message).toBe("app_api.invalid_request");
    expect((await f.ask(newBet([], 2, 1_000.01), "error")).data.message).toBe("app_api.invalid_request");
    expect((await f.ask(newBet([], 2, 1.01), "errorBet")).data.message).toBe("crash_api.no_money");
    expect(await balanceOf(fay.user.id)).toBe(100);
    f.close();
  });

  it("two bets racing past the balance: one lands, the other is refused and moves nothing", async () => {
    const eve = await player(500);
    const sockets = [await connectCrash(eve.token), await connectCrash(eve.token)];
    sockets[0]!.send(newBet([], 2, 3));
    sockets[1]!.send(newBet([], 3, 3));
    const answers = await Promise.all(sockets.map((s) => s.waitFor((f) => f.event === "successBet" || f.event === "errorBet")));
    expect(answers.map((f) => f.event).sort()).toEqual(["errorBet", "successBet"]);
    expect(answers.find((f) => f.event === "errorBet")!.data).toMatchObject({ message: "crash_api.no_money" });
    expect(await balanceOf(eve.user.id)).toBe(200);
    expect((await reconcile(env)).ok).toBe(true);
    for (const s of sockets) s.close();
  });

  it("an emergency stop gives the balance part back once, with the items", async () => {
    const production = new Hono<AppEnv>().use("/api/*", readSession).route("/", adminCrashRoutes);
    const admin = await makeUser({ isAdmin: true });
    const dan = await player(2_000);
    const item = await giveItem(dan.user.id, 300);
    const d = await connectCrash(dan.token);
    const bet = (await d.ask(newBet([item], 3, 7.5), "successBet")).data.bet;
    expect(await balanceOf(dan.user.id)).toBe(1_250);
    const stop = await production.request(
      "/api/admin/crash/forceCrash",
      { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin.token}` }, body: "{}" },
      { ...env, DEV_MODE: "false" },
    );
    expect(stop.status).toBe(200);
    await vi.waitFor(async () => expect((await betRow(bet.id))?.status).toBe(3));
    expect(await balanceOf(dan.user.id)).toBe(2_000);
    expect(await itemRow(item)).toMatchObject({ owner_id: dan.user.id, status: "available" });
    expect(await booked(`crash:bet:${bet.id}:refund`)).toBe(750);
    expect(await booked(`crash:bet:${bet.id}:refund:house`)).toBe(-750);
    expect((await reconcile(env)).ok).toBe(true);
    d.close();
  });

  it("balance only, items only and both: won and lost, paid to the cent, the books balanced", { timeout: 30_000 }, async () => {
    const admin = await makeUser({ isAdmin: true });
    // the stop before voided the first round: on to the next waiting one, then a round crashing at 3.00
    const first = await connectCrash();
    if (first.all("crashInit")[0]!.data.round.phase !== "waiting") {
      await fireAt(Date.now() + CRASH.crashedPauseMs + 1_000);
      await first.next("crashStartTimer");
    }
    first.close();
    const watcher = await connectCrash();
    const timer = await twistedRound(watcher, admin.token, 3);

    const [ann, bob, cat] = [await player(1_000), await player(1_000), await player(1_000)];
    const catItem = await giveItem(cat.user.id, 400);
    const [a, b, c] = [await connectCrash(ann.token), await connectCrash(bob.token), await connectCrash(cat.token)];

    // ann: $2.50 of balance at 2.00; bob: $4.00 of balance at 5.00 (lost at 3.00); cat: a $4 item and $1.00 at 2.00
    const annBet = (await a.ask(newBet([], 2, 2.5), "successBet")).data.bet;
    expect(annBet).toMatchObject({ bank: 2.5, value: 2.5, items: [] });
    const bobBet = (await b.ask(newBet([], 5, 4), "successBet")).data.bet;
    const catBet = (await c.ask(newBet([catItem], 2, 1), "successBet")).data.bet;
    expect(catBet).toMatchObject({ bank: 5, value: 1 });
    // debited in the bet's batch, to the house
    expect([await balanceOf(ann.user.id), await balanceOf(bob.user.id), await balanceOf(cat.user.id)]).toEqual([750, 600, 900]);
    expect(await booked(`crash:bet:${annBet.id}:stake`)).toBe(-250);
    expect(await booked(`crash:bet:${annBet.id}:stake:house`)).toBe(250);
    expect(await betRow(catBet.id)).toMatchObject({ bank: 500, value: 100 });
    expect((await reconcile(env)).ok).toBe(true);

    const startedAt = await startRound(watcher, timer);
    await fireAt(startedAt + elapsedFor(200));
    // ann: $5.00 in cash, no item; cat: $10.00 as the win item and the rest
    const annTake = await a.next("successTake");
    expect(annTake.data).toMatchObject({ win: 5, remainder: 5, winItem: null });
    const catTake = await c.next("successTake");
    expect(catTake.data).toMatchObject({ win: 10, remainder: 1, winItem: { name: PRIZE, price: 9 } });
    await fireAt(startedAt + elapsedFor(300));
    await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed" && f.data.roundId === timer.data.roundId);

    await vi.waitFor(async () => expect((await betRow(bobBet.id))?.status).toBe(2));
    await vi.waitFor(async () => expect((await betRow(annBet.id))?.status).toBe(1));
    await vi.waitFor(async () => expect((await betRow(catBet.id))?.status).toBe(1));
    expect(await balanceOf(ann.user.id)).toBe(750 + 500);
    expect(await balanceOf(bob.user.id)).toBe(600);
    expect(await betRow(catBet.id)).toMatchObject({ win: 1_000, remainder: 100 });
    expect(await balanceOf(cat.user.id)).toBe(900 + 100);
    expect(await itemRow(catItem)).toMatchObject({ owner_id: null });
    // bob's loss accrues cashback on the whole stake: 2.5 % of $4.00, in hundredths of a cent
    const cashback = await env.DB.prepare("SELECT cashback FROM users WHERE id = ?1").bind(bob.user.id).first<{ cashback: number }>();
    expect(cashback?.cashback).toBe(1_000);
    // the round's 1 % bonus share counts the balance parts: 1 % of $2.50 + $4.00 + $5.00, floored
    await vi.waitFor(async () => expect(await booked(`crash:${timer.data.roundId}:bonus`)).toBe(11));
    // the wager rule for money withdrawals counts a balance stake like an item stake
    expect(await readWager(env, ann.user.id)).toMatchObject({ deposits: 1_000, bets: 250 });
    expect(await readWager(env, bob.user.id)).toMatchObject({ deposits: 1_000, bets: 400 });
    expect(await readWager(env, cat.user.id)).toMatchObject({ deposits: 1_000, bets: 500 });
    expect(await reconcile(env)).toMatchObject({ ok: true, crashMismatches: 0 });
    for (const s of [watcher, a, b, c]) s.close();
  });
});
