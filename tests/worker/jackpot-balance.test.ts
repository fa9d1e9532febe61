// Balance stakes in the jackpot (docs/games.md "Jackpot"): tickets count the balance part (1 per cent,
// as items), the winner gets the items and the pot's balance part less the 5 % commission (the
// cheapest items the winner did not bet first, then balance), a single player's round gives the
// balance back; balances and the books to the cent.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { jackpotTicket } from "../../shared/fairness";
import { reconcile } from "../../worker/books/reconcile";
import { readWager } from "../../worker/money-withdraw/state";
import { giveItem, itemRow } from "./crash-fixtures";
import { connectJackpot, fireAt, jackpotRoundRow } from "./jackpot-client";
import { balanceOf, deposit, makeUser, post } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

async function player(cents: number) {
  const p = await makeUser();
  await deposit(p.user.id, cents);
  return p;
}

async function bet(token: string, body: unknown) {
  const res = await post("/api/jackpot/setBet", body, token);
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { message: string; bet: { price: number; value: number; from: number; to: number } },
  };
}

describe("jackpot: balance stakes", () => {
  it("tickets count the balance part; the winner is paid the items and the balance part less the commission", { timeout: 30_000 }, async () => {
    const [ann, bob] = [await player(1_000), await player(1_000)];
    const bobItem = await giveItem(bob.user.id, 300);
    const watcher = await connectJackpot("low");
    const roundId = watcher.all("jackpotInit")[0]!.data.state.roundId;

    // ann: $10 of balance only; bob: a $3 item and $7 of balance — 1,000 tickets each, each in two
    // bets (whoever loses is a loser with several bets, one with a balance stake)
    const a = await bet(ann.token, { level: "low", value: 6 });
    expect(a.status).toBe(200);
    expect(a.body.bet).toMatchObject({ price: 6, value: 6, from: 1, to: 600 });
    expect(a.body.balance).toBe(4);
    const b = await bet(bob.token, { level: "low", items: [bobItem], value: 3 });
    expect(b.body.bet).toMatchObject({ price: 6, value: 3, from: 601, to: 1_200 });
    const a2 = await bet(ann.token, { level: "low", value: 4 });
    expect(a2.body.bet).toMatchObject({ price: 4, value: 4, from: 1_201, to: 1_600 });
    expect(a2.body.balance).toBe(0);
    const b2 = await bet(bob.token, { level: "low", value: 4 });
    expect(b2.body.bet).toMatchObject({ price: 4, value: 4, from: 1_601, to: 2_000 });
    expect([await balanceOf(ann.user.id), await balanceOf(bob.user.id)]).toEqual([0, 300]);
    // more than the balance moves nothing
    expect((await bet(ann.token, { level: "low", value: 0.5 })).body.message).toBe("jackpot_api.no_money");
    expect((await reconcile(env)).ok).toBe(true);

    const timer = await watcher.next("jackpotTimer");
    await fireAt("low", timer.data.countdownEndsAt);
    const start = await watcher.next("startJackpot");
    const ticket = jackpotTicket(start.data.secret, env.JACKPOT_SALT, 2_000);
    const annWins = ticket <= 600 || (ticket > 1_200 && ticket <= 1_600);
    expect(start.data.draw.winner.id).toBe(annWins ? ann.user.id : bob.user.id);
    await vi.waitFor(async () => expect((await jackpotRoundRow(roundId))?.status).toBe("finished"));

    // 5 % of $20 = $1 due: the $3 item does not fit, so $1 of the balance part; the winner gets $17 − $1 in cash and the item
    expect(await jackpotRoundRow(roundId)).toMatchObject({ bank: 2_000, commission: 100, commission_due: 100, win: 1_900 });
    const row = await env.DB.prepare("SELECT commission_cash FROM jackpot_rounds WHERE id = ?1").bind(roundId).first<{ commission_cash: number }>();
    expect(row?.commission_cash).toBe(100);
    if (annWins) expect([await balanceOf(ann.user.id), await balanceOf(bob.user.id)]).toEqual([1_600, 300]);
    else expect([await balanceOf(ann.user.id), await balanceOf(bob.user.id)]).toEqual([0, 1_900]);
    expect(await itemRow(bobItem)).toMatchObject({ owner_id: annWins ? ann.user.id : bob.user.id, status: "available" });
    // the loser's two bets accrue cashback on their whole price (2.5 % of $10) in one row, the 1 % bonus share
    // counts the balance parts ($20 → $0.20), and the wager rule counts both stakes
    const loser = annWins ? bob : ann;
    const cashback = await env.DB.prepare("SELECT cashback FROM users WHERE id = ?1").bind(loser.user.id).first<{ cashback: number }>();
    expect(cashback?.cashback).toBe(2_500);
    const accruals = await env.DB.prepare("SELECT lost_cents, amount FROM cashback_accruals WHERE user_id = ?1 AND ref LIKE 'jackpot:%'")
      .bind(loser.user.id)
      .all();
    expect(accruals.results).toEqual([{ lost_cents: 1_000, amount: 2_500 }]);
    const bonus = await env.DB.prepare("SELECT COALESCE(SUM(delta), 0) AS s FROM ledger WHERE account = 'bonus' AND idempotency_key = ?1")
      .bind(`jackpot:${roundId}:bonus`)
      .first<{ s: number }>();
    expect(bonus?.s).toBe(20);
    expect(await readWager(env, ann.user.id)).toMatchObject({ deposits: 1_000, bets: 1_000 });
    expect(await readWager(env, bob.user.id)).toMatchObject({ deposits: 1_000, bets: 1_000 });
    expect(await reconcile(env)).toMatchObject({ ok: true, jackpotMismatches: 0 });
    watcher.close();
  });

  it("a single player's round gives his balance part back when it times out", { timeout: 30_000 }, async () => {
    const cat = await player(500);
    const watcher = await connectJackpot("medium");
    const roundId = watcher.all("jackpotInit")[0]!.data.state.roundId;
    expect((await bet(cat.token, { level: "medium", value: 2 })).status).toBe(200);
    expect(await balanceOf(cat.user.id)).toBe(300);
    const first = await watcher.next("jackpotBoard");
    await fireAt("medium", first.data.soloEndsAt!);
    await vi.waitFor(async () => expect((await jackpotRoundRow(roundId))?.status).toBe("refunded"));
    expect(await balanceOf(cat.user.id)).toBe(500);
    expect(await reconcile(env)).toMatchObject({ ok: true, jackpotMismatches: 0 });
    watcher.close();
  });
});
