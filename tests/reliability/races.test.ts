// Racing duplicates on the idempotent paths (docs/testing.md "Reliability suite"): each path is
// raced ROUNDS times by RACERS identical or conflicting calls at once, through the real routes.
// Exactly one may succeed each time; the books must hold after each path. The counts are printed.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { CASHBACK } from "../../shared/constants";
import { reconcile } from "../../worker/books/reconcile";
import { cashbackAccrualStatements } from "../../worker/cashback/accrual";
import { batch } from "../../worker/db/sql";
import { placeBet, settleLoss, settleWin, writeRound } from "../../worker/rooms/crash/settlement";
import { buy, type TradeRequest } from "../../worker/store/trade";
import { crashRound, giveItem, writeWaitingRound } from "../worker/crash-fixtures";
import { setBet as jackpotBet } from "../worker/jackpot-client";
import { CARD, cancel, create, decide, withdrawer } from "../worker/money-withdraw-fixtures";
import { freekassaCall, order, payer } from "../worker/payments-fixtures";
import { makePromo } from "../worker/promo-fixtures";
import { catalogueItem, houseUnits, userItem } from "../worker/store-fixtures";
import { balanceOf, deposit, makeUser, post } from "../worker/user-fixtures";
import { bettingWheel, setBet as wheelBet } from "../worker/wheel-fixtures";

const ROUNDS = 24;
const RACERS = 8;
const counts = new Map<string, { races: number; racers: number; doubles: number }>();

/** Records one race of `racers` calls of which `won` succeeded (more than one is a double success). */
function record(path: string, racers: number, won: number): void {
  const c = counts.get(path) ?? { races: 0, racers: 0, doubles: 0 };
  c.races++;
  c.racers += racers;
  if (won > 1) c.doubles++;
  counts.set(path, c);
}

async function booksHold(): Promise<void> {
  const books = await reconcile(env);
  expect(books.ok, JSON.stringify(books)).toBe(true);
}

const many = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
let seq = 0;
let crashRoundSeq = 700_000;
let twoRoomWins = 0;
const nextCrashRound = () => ++crashRoundSeq;
const tag = () => `Race ${Date.now().toString(36)}${(seq++).toString(36)}`;

afterAll(() => {
  const total = [...counts.values()].reduce((s, c) => ({ racers: s.racers + c.racers, doubles: s.doubles + c.doubles }), { racers: 0, doubles: 0 });
  const lines = [...counts.entries()].map(([p, c]) => `  ${p}: ${c.races} races, ${c.racers} racing calls, ${c.doubles} double successes`);
  console.log(`races: ${total.racers} racing calls over ${counts.size} paths, ${total.doubles} double successes\n${lines.join("\n")}`);
});

describe("racing duplicates succeed once", () => {
  it("one promo code used by one player at once", { timeout: 180_000 }, async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const { user, token } = await makeUser();
      const promo = await makePromo();
      const answers = await many(RACERS, () => post("/api/user/usePromo", { promocode: promo.code }, token));
      const won = answers.filter((a) => a.status === 200).length;
      record("promo use", RACERS, won);
      expect(won).toBe(1);
      expect(await balanceOf(user.id)).toBe(promo.amount);
    }
    await booksHold();
  });

  it("cashback taken at once", { timeout: 180_000 }, async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const { user, token } = await makeUser();
      await deposit(user.id, CASHBACK.minDepositCents);
      await batch(env.DB, cashbackAccrualStatements({ userId: user.id, lostCents: 4_000, ref: `race:${crypto.randomUUID()}`, now: Date.now() }));
      const answers = await many(RACERS, () => post("/api/user/cashback/take", {}, token));
      const won = answers.filter((a) => a.status === 200).length;
      record("cashback take", RACERS, won);
      expect(won).toBe(1);
      expect(await balanceOf(user.id)).toBe(CASHBACK.minDepositCents + 100);
    }
    await booksHold();
  });

  it("one item staked in the jackpot and the wheel at once", { timeout: 300_000 }, async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const { user, token } = await makeUser();
      const item = await userItem(user.id, await catalogueItem(1_000, `${tag()} | Staked`), 1_000);
      await bettingWheel(2_000);
      const statuses = await many(RACERS, async (i) =>
        i % 2 === 0 ? (await jackpotBet(token, "high", [item])).status : (await wheelBet(token, { colour: "red", items: [item] })).status,
      );
      const won = statuses.filter((s) => s === 200).length;
      record("one item, two rooms", RACERS, won);
      // both rooms may be closed at that moment (the high jackpot room mid-draw, the wheel's margin spent under load):
      // none wins then, and the item stays; never two
      expect(won).toBeLessThanOrEqual(1);
      // refused everywhere: still the player's and free; staked once: in the bet (or, settled meanwhile, the house's or a win's)
      const row = await env.DB.prepare("SELECT owner_id, status FROM inventory_items WHERE id = ?1")
        .bind(item)
        .first<{ owner_id: number | null; status: string }>();
      expect(row?.owner_id === user.id && row.status === "available").toBe(won === 0);
      if (won === 1) twoRoomWins++;
    }
    expect(twoRoomWins, "some races had a winner").toBeGreaterThan(0);
    await booksHold();
  });

  it("a crash bet cashed out several times at once (and lost at the same time)", { timeout: 180_000 }, async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const { user } = await makeUser();
      const staked = await giveItem(user.id, 1_000);
      const roundId = (await writeWaitingRound(nextCrashRound())).id;
      const betId = crypto.randomUUID();
      expect((await placeBet(env, { betId, roundId, userId: user.id, itemIds: [staked], autoWithdraw: 9_999_99, now: Date.now() })).ok).toBe(true);
      await writeRound(env, crashRound(roundId, { status: "running", startedAt: 2 }));
      const outcomes = await many(RACERS, (i) =>
        i === RACERS - 1
          ? settleLoss(env, { betId, userId: user.id, now: Date.now() })
          : settleWin(env, { betId, roundId, userId: user.id, cashout: 150 + i, win: Math.floor((1_000 * (150 + i)) / 100), winItem: null, now: Date.now() }),
      );
      const settled = outcomes.filter((o) => o.done === "settled").length;
      record("crash cash-out / loss", RACERS, settled);
      expect(settled).toBe(1);
    }
    await booksHold();
  });

  it("one item staked in crash, the jackpot and the wheel at once", { timeout: 300_000 }, async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const { user, token } = await makeUser();
      const item = await giveItem(user.id, 1_000);
      const roundId = (await writeWaitingRound(nextCrashRound())).id;
      await bettingWheel(2_000);
      const won = await many(RACERS, async (i) => {
        if (i % 3 === 0)
          return (await placeBet(env, { betId: crypto.randomUUID(), roundId, userId: user.id, itemIds: [item], autoWithdraw: 200 + i, now: Date.now() })).ok;
        if (i % 3 === 1) return (await jackpotBet(token, "high", [item])).status === 200;
        return (await wheelBet(token, { colour: "black", items: [item] })).status === 200;
      });
      const n = won.filter(Boolean).length;
      record("one item, three rooms", RACERS, n);
      expect(n).toBe(1);
    }
    await booksHold();
  });

  it("a store trade replayed with one request_id, and one item given in several trades", { timeout: 180_000 }, async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const { user } = await makeUser();
      await deposit(user.id, 1_000);
      const wanted = await catalogueItem(250, `${tag()} | Wanted`);
      await houseUnits(wanted, RACERS);
      const request: TradeRequest = { userId: user.id, buyIds: [wanted], sellIds: [], requestId: crypto.randomUUID(), taxPercent: 10 };
      const replays = await many(RACERS, () => buy(env, request));
      const paid = replays.filter((o) => o.ok && !o.replay).length;
      record("store trade, one request_id", RACERS, paid);
      expect(paid).toBe(1);
      expect(replays.every((o) => o.ok)).toBe(true);
      expect(await balanceOf(user.id)).toBe(750);

      const given = await userItem(user.id, await catalogueItem(300, `${tag()} | Given`), 300);
      const trades = await many(RACERS, () => buy(env, { ...request, requestId: crypto.randomUUID(), sellIds: [given] }));
      const moved = trades.filter((o) => o.ok).length;
      record("store trade, one item given twice", RACERS, moved);
      expect(moved).toBe(1);
    }
    await booksHold();
  });

  it("a money withdrawal created with one request_id, and a cancel racing an approval", { timeout: 180_000 }, async () => {
    const boss = await makeUser({ isAdmin: true });
    for (let r = 0; r < ROUNDS; r++) {
      const p = await withdrawer([3_000]);
      const body = { sum: 30, wallet: CARD, system: 3, items: p.items, request_id: `race-${crypto.randomUUID()}` };
      const answers = await many(RACERS, () => create(p.token, body));
      const ids = new Set<number>();
      for (const a of answers) if (a.status === 200) ids.add(((await a.json()) as { withdraw: { id: number } }).withdraw.id);
      const rows = await env.DB.prepare("SELECT id FROM money_withdrawals WHERE user_id = ?1").bind(p.id).all<{ id: number }>();
      record("withdrawal, one request_id", RACERS, rows.results.length);
      expect(rows.results).toHaveLength(1);
      expect([...ids]).toEqual([rows.results[0]!.id]);

      const id = rows.results[0]!.id;
      const outcomes = await many(RACERS, (i) => (i % 2 === 0 ? cancel(p.token, id) : decide(boss.token, { id, decision: "approve" })));
      const won = outcomes.filter((o) => o.status === 200).length;
      record("withdrawal cancel vs approve", RACERS, won);
      expect(won).toBe(1);
    }
    await booksHold();
  });

  it("a provider notification delivered several times at once", { timeout: 180_000 }, async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const { user, token } = await payer();
      const a = await order(token, { sum: 25, depositMethod: "card" });
      const call = freekassaCall({ orderId: a.order_id, amount: "25" });
      const answers = await many(RACERS, () => call.send());
      expect(answers.every((x) => x.status === 200 && x.text === "YES")).toBe(true);
      const credits = await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger WHERE user_id = ?1 AND kind = 'deposit'").bind(user.id).first<number>("n");
      record("provider notification replayed", RACERS, credits ?? 0);
      expect(credits).toBe(1);
      expect(await balanceOf(user.id)).toBe(2_500);
    }
    await booksHold();
  });
});
