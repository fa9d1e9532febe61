// Balance stakes on the wheel (docs/money.md "Money rules"): a bet of balance only, of items only and of
// both on the landing colour and on another, paid to the cent, the books balanced; min and max on
// the bet's total; a balance part larger than the balance moves nothing.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { WHEEL } from "../../shared/constants";
import { WHEEL_COLOURS, type WheelColour } from "../../shared/wheel-layout";
import { reconcile } from "../../worker/books/reconcile";
import { readWager } from "../../worker/money-withdraw/state";
import { addCatalogue, giveItem, itemRow } from "./crash-fixtures";
import { balanceOf, deposit, makeUser } from "./user-fixtures";
import { advanceClock, connectWheel, expectedColour, fireAt, setBet, wheelBetRow } from "./wheel-fixtures";

afterAll(() => vi.useRealTimers());

const MULT: Record<WheelColour, number> = { black: 2, green: 5, red: 3, yellow: 50 };

async function player(cents: number) {
  const p = await makeUser();
  await deposit(p.user.id, cents);
  return p;
}

async function betOk(token: string, body: unknown): Promise<{ id: string; bank: number; value: number }> {
  const res = await setBet(token, body);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return ((await res.json()) as { bet: { id: string; bank: number; value: number } }).bet;
}

async function refusal(token: string, body: unknown): Promise<[number, string]> {
  const res = await setBet(token, body);
  return [res.status, ((await res.json()) as { message: string }).message];
}

/** The ledger sum under one idempotency key. */
async function booked(key: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COALESCE(SUM(delta), 0) AS s FROM ledger WHERE idempotency_key = ?1").bind(key).first<{ s: number }>();
  return row?.s ?? 0;
}

describe("wheel: balance stakes", () => {
  it("balance only, items only and both: won and lost, paid to the cent, the books balanced", { timeout: 30_000 }, async () => {
    advanceClock(3_600_000); // far from real time: the room's real alarms never fire mid-test
    const landing = expectedColour(1);
    const other = WHEEL_COLOURS.find((c) => c !== landing)!;
    await addCatalogue(300 * MULT[landing] - 11, `Wheel Balance Prize ${crypto.randomUUID().slice(0, 8)}`);
    const watcher = await connectWheel();
    const init = watcher.all("wheelInit")[0]!.data;

    const [ann, bob, cat] = [await player(1_000), await player(1_000), await player(1_000)];
    const catItem = await giveItem(cat.user.id, 200);

    // rules on the balance part, before anything is staked: the total's min and max, the balance
    expect(await refusal(ann.token, { colour: landing, items: [] })).toEqual([400, "wheel_api.no_items"]);
    expect(await refusal(ann.token, { colour: landing, value: (WHEEL.minBetCents - 1) / 100 })).toEqual([400, "wheel_api.min_bet"]);
    expect(await refusal(ann.token, { colour: landing, value: 10.01 })).toEqual([400, "wheel_api.no_money"]);
    expect(await refusal(ann.token, { colour: landing, value: 0.001 })).toEqual([400, "app_api.invalid_request"]);
    expect(await balanceOf(ann.user.id)).toBe(1_000);

    // ann: $3.00 of balance on the landing colour; bob: $4.00 on another; cat: a $2 item and $1.00 on the landing colour
    const annBet = await betOk(ann.token, { colour: landing, value: 3 });
    expect(annBet).toMatchObject({ bank: 3, value: 3 });
    const bobBet = await betOk(bob.token, { colour: other, value: 4 });
    const catBet = await betOk(cat.token, { colour: landing, items: [catItem], value: 1 });
    expect(catBet).toMatchObject({ bank: 3, value: 1 });
    expect([await balanceOf(ann.user.id), await balanceOf(bob.user.id), await balanceOf(cat.user.id)]).toEqual([700, 600, 900]);
    expect((await reconcile(env)).ok).toBe(true);

    await fireAt(init.game.countdownEndsAt!);
    const spin = await watcher.next("startWheel", (f) => f.data.ms > 1);
    await fireAt(spin.data.startedAt + spin.data.ms);
    await watcher.next("startWheel", (f) => f.data.ms === 1);
    await vi.waitFor(async () => expect((await wheelBetRow(catBet.id))?.status).toBe(1));
    await vi.waitFor(async () => expect((await wheelBetRow(annBet.id))?.status).toBe(1));
    await vi.waitFor(async () => expect((await wheelBetRow(bobBet.id))?.status).toBe(2));

    // ann: stake × multiplier in cash, no item; cat: the win item and the rest; bob: nothing back
    const annWon = await wheelBetRow(annBet.id);
    expect(annWon).toMatchObject({ win: 300 * MULT[landing], remainder: 300 * MULT[landing], win_item_id: null });
    expect(await balanceOf(ann.user.id)).toBe(700 + 300 * MULT[landing]);
    const catWon = await wheelBetRow(catBet.id);
    expect(catWon).toMatchObject({ win: 300 * MULT[landing], remainder: 11 });
    expect(await balanceOf(cat.user.id)).toBe(900 + 11);
    expect(await itemRow(catItem)).toMatchObject({ owner_id: null });
    expect(await balanceOf(bob.user.id)).toBe(600);
    // bob's balance stake accrues cashback (2.5 % of $4.00, in hundredths of a cent), the round's
    // 1 % bonus share counts the balance parts (1 % of $3 + $4 + $3), and so does the wager rule
    const cashback = await env.DB.prepare("SELECT cashback FROM users WHERE id = ?1").bind(bob.user.id).first<{ cashback: number }>();
    expect(cashback?.cashback).toBe(1_000);
    await vi.waitFor(async () => expect(await booked(`wheel:${init.game.id}:bonus`)).toBe(10));
    expect(await readWager(env, ann.user.id)).toMatchObject({ deposits: 1_000, bets: 300 });
    expect(await readWager(env, bob.user.id)).toMatchObject({ deposits: 1_000, bets: 400 });
    expect(await reconcile(env)).toMatchObject({ ok: true, wheelMismatches: 0 });
    watcher.close();
  });
});
