// Faults, a D1 batch failing in the middle (docs/testing.md "Reliability suite"): the money batches
// the server builds — a crash bet placed (the debit and the items locked), a crash win and a wheel
// win settled, a store trade (a buy paid partly with a sold item), a card deposit credited through
// the provider's notification route — are run against a D1 whose batch gets a failing statement
// (an INSERT into a table that does not exist) at a position drawn from a printed seed, from
// before the first statement to after the last. Every D1 table must be byte for byte what it was;
// the same operation retried without the fault lands exactly once, and retried again moves nothing.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import app from "../../worker/index";
import { placeBet, settleWin, writeRound } from "../../worker/rooms/crash/settlement";
import { placeBet as wheelPlace, settleWin as wheelWin } from "../../worker/rooms/wheel/settlement";
import { buy } from "../../worker/store/trade";
import { crashRound, writeWaitingRound } from "../worker/crash-fixtures";
import { freekassaCall, order, payer } from "../worker/payments-fixtures";
import { catalogueItem, houseUnits, tag, userItem } from "../worker/store-fixtures";
import { balanceOf, deposit, makeUser } from "../worker/user-fixtures";
import { count, FIRST_SEED, failingDb, type RanBatch, writing } from "./faults-fixtures";
import { changedTables, snapshot } from "./reliability-fixtures";

const DRAWS = 10;
const totals = { failed: 0, statements: 0, retried: 0, replays: 0, byOperation: new Map<string, number>() };

console.log(`faults (D1 batch) seed ${FIRST_SEED + 4} (FAULTS_SEED=${FIRST_SEED} replays this file)`);

afterAll(() => {
  const ops = [...totals.byOperation.entries()].map(([op, n]) => `${op} ×${n}`).join(", ");
  console.log(
    `faults (D1 batch): ${totals.failed} money batches failed at a drawn statement (${ops}; ${totals.statements} statements in them), nothing written each time; ${totals.retried} retries landed once, ${totals.replays} second retries moved nothing`,
  );
});

/** Where the failing statement goes, per operation and draw: a fraction of the batch in ‰, 0 (before all) … 1,000 (after all). */
const PLANS = fc.sample(fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 5, maxLength: 5 }), { numRuns: DRAWS, seed: FIRST_SEED + 4 });
const positions = (operation: number) => PLANS.map((plan) => plan[operation]!);

/**
 * Runs `op` against a D1 whose money batch fails before statement round(fraction · n); asserts
 * the batch was a money batch, the operation did not succeed, and nothing at all was written.
 */
async function failsWritingNothing(name: string, fraction: number, op: (db: D1Database) => Promise<unknown>): Promise<void> {
  const ran: RanBatch[] = [];
  const before = await snapshot();
  const outcome = await op(failingDb((n) => Math.round((fraction / 1_000) * n), ran)).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const broken = ran.find((b) => b.at !== null);
  expect(broken, `${name}: a batch writing the ledger was run`).toBeDefined();
  expect(outcome, `${name}: the failed batch is not answered as a success`).not.toMatchObject({ value: { ok: true } });
  expect(outcome).not.toMatchObject({ value: { done: "settled" } });
  expect(changedTables(before, await snapshot()), `${name}: tables written by a batch that failed at ${broken!.at}/${broken!.statements.length}`).toEqual([]);
  totals.failed++;
  totals.statements += broken!.statements.length;
  totals.byOperation.set(name, (totals.byOperation.get(name) ?? 0) + 1);
}

/**
 * The retry without the fault: it lands, and its writes are ONE batch (one transaction — split in
 * two, a failure between them would leave the first half written, which no fault above could see).
 */
async function landsOnce<T>(name: string, op: (db: D1Database) => Promise<T>): Promise<T> {
  const ran: RanBatch[] = [];
  const value = await op(failingDb(null, ran));
  expect(writing(ran).length, `${name}: batches written by one money move`).toBe(1);
  totals.retried++;
  return value;
}

/** The second retry: nothing written. */
async function replayMovesNothing(name: string, op: () => Promise<unknown>): Promise<void> {
  const before = await snapshot();
  await op().catch(() => undefined);
  expect(changedTables(before, await snapshot()), `${name}: tables written by a replay`).toEqual([]);
  totals.replays++;
}

let crashRoundSeq = 7_000_000;
let wheelRoundSeq = 7_000_000;

describe("a D1 batch failing in the middle leaves nothing half-written; the retry lands once", () => {
  it("a crash bet placed: the balance debit and the item locked", { timeout: 120_000 }, async () => {
    for (const at of positions(0)) {
      const { user } = await makeUser();
      await deposit(user.id, 1_000);
      const item = await userItem(user.id, await catalogueItem(400, `${tag()} | Staked`), 400);
      const roundId = (await writeWaitingRound(++crashRoundSeq)).id;
      const bet = { betId: crypto.randomUUID(), roundId, userId: user.id, itemIds: [item], value: 250, autoWithdraw: 200, now: Date.now() };
      await failsWritingNothing("crash bet", at, (DB) => placeBet({ DB }, bet));
      expect(await landsOnce("crash bet", (DB) => placeBet({ DB }, bet))).toMatchObject({ ok: true, stake: 650 });
      expect(await balanceOf(user.id)).toBe(750);
      expect(await count("SELECT COUNT(*) AS n FROM crash_bets WHERE id = ?1", bet.betId)).toBe(1);
      expect(await count("SELECT COUNT(*) AS n FROM inventory_items WHERE id = ?1 AND status = 'in_bet'", item)).toBe(1);
      await replayMovesNothing("crash bet", () => placeBet(env, bet));
    }
    expect(await reconcile(env)).toMatchObject({ ok: true, crashMismatches: 0 });
  });

  it("a crash win settled: the bet won, the items to the house, the win credited", { timeout: 120_000 }, async () => {
    for (const at of positions(1)) {
      const { user } = await makeUser();
      await deposit(user.id, 1_000);
      const item = await userItem(user.id, await catalogueItem(300, `${tag()} | Staked`), 300);
      const roundId = (await writeWaitingRound(++crashRoundSeq)).id;
      const betId = crypto.randomUUID();
      const placed = await placeBet(env, { betId, roundId, userId: user.id, itemIds: [item], value: 200, autoWithdraw: 999_999, now: Date.now() });
      expect(placed.ok).toBe(true);
      await writeRound(env, crashRound(roundId, { status: "running", startedAt: 2 }));
      const win = { betId, roundId, userId: user.id, cashout: 250, win: 1_250, winItem: null, now: Date.now() };
      await failsWritingNothing("crash win", at, (DB) => settleWin({ DB }, win));
      expect(await landsOnce("crash win", (DB) => settleWin({ DB }, win))).toMatchObject({ done: "settled" });
      expect(await balanceOf(user.id)).toBe(1_000 - 200 + 1_250);
      expect(await count("SELECT COUNT(*) AS n FROM ledger WHERE idempotency_key LIKE ?1 AND account = 'user'", `%${betId}%win%`)).toBe(1);
      await replayMovesNothing("crash win", async () => expect(await settleWin(env, win)).toMatchObject({ done: "replay" }));
    }
    expect(await reconcile(env)).toMatchObject({ ok: true, crashMismatches: 0 });
  });

  it("a wheel win settled", { timeout: 120_000 }, async () => {
    for (const at of positions(2)) {
      const { user } = await makeUser();
      await deposit(user.id, 1_000);
      const item = await userItem(user.id, await catalogueItem(500, `${tag()} | Staked`), 500);
      const roundId = ++wheelRoundSeq;
      await env.DB.prepare("INSERT INTO wheel_rounds (id, public_hash, day_of_month, layout, status, created_at) VALUES (?1, ?2, 1, '[]', 'betting', ?3)")
        .bind(roundId, "c".repeat(64), Date.now())
        .run();
      const betId = crypto.randomUUID();
      expect((await wheelPlace(env, { betId, roundId, userId: user.id, colour: "red", itemIds: [item], value: 100, now: Date.now() })).ok).toBe(true);
      await env.DB.prepare("UPDATE wheel_rounds SET status = 'spinning' WHERE id = ?1").bind(roundId).run();
      const win = { betId, roundId, userId: user.id, win: 1_200, winItem: null, multiplier: 2, now: Date.now() };
      await failsWritingNothing("wheel win", at, (DB) => wheelWin({ DB }, win));
      expect(await landsOnce("wheel win", (DB) => wheelWin({ DB }, win))).toMatchObject({ done: "settled" });
      expect(await balanceOf(user.id)).toBe(1_000 - 100 + 1_200);
      await replayMovesNothing("wheel win", async () => expect(await wheelWin(env, win)).toMatchObject({ done: "replay" }));
    }
    expect(await reconcile(env)).toMatchObject({ ok: true, wheelMismatches: 0 });
  });

  it("a store trade: a buy paid with the balance and a sold item", { timeout: 120_000 }, async () => {
    for (const at of positions(3)) {
      const { user } = await makeUser();
      await deposit(user.id, 1_000);
      const wanted = await catalogueItem(700, `${tag()} | Wanted`);
      await houseUnits(wanted, 1, 700);
      const given = await userItem(user.id, await catalogueItem(300, `${tag()} | Given`), 300);
      const request = { userId: user.id, buyIds: [wanted], sellIds: [given], requestId: crypto.randomUUID(), taxPercent: 10 };
      await failsWritingNothing("store trade", at, (DB) => buy({ DB }, request));
      expect(await landsOnce("store trade", (DB) => buy({ DB }, request))).toMatchObject({ ok: true, replay: false });
      // 700 − (300 − 10 % tax)
      expect(await balanceOf(user.id)).toBe(1_000 - 700 + 270);
      expect(await count("SELECT COUNT(*) AS n FROM inventory_items WHERE owner_id = ?1 AND catalogue_id = ?2", user.id, wanted)).toBe(1);
      await replayMovesNothing("store trade", async () => expect(await buy(env, request)).toMatchObject({ ok: true, replay: true }));
    }
    expect(await reconcile(env)).toMatchObject({ ok: true, mismatchedAccounts: 0 });
  });

  it("a card deposit credited by the provider's notification", { timeout: 120_000 }, async () => {
    for (const at of positions(4)) {
      const { user, token } = await payer();
      const a = await order(token, { sum: 25, depositMethod: "card" });
      const call = freekassaCall({ orderId: a.order_id, amount: "25" });
      const notify = async (DB: D1Database) => {
        const ctx = createExecutionContext();
        const res = await app.fetch(
          new Request("http://x/api/payment/callback/freekassa", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: call.fields.toString(),
          }),
          { ...env, DB },
          ctx,
        );
        await waitOnExecutionContext(ctx);
        return { status: res.status, text: await res.text() };
      };
      await failsWritingNothing("deposit", at, async (DB) => {
        const answer = await notify(DB);
        // the provider is told to come again (no YES): the notification is retried
        expect(answer.text).not.toBe("YES");
        return answer;
      });
      expect(await landsOnce("deposit", notify)).toEqual({ status: 200, text: "YES" });
      expect(await balanceOf(user.id)).toBe(2_500);
      expect(await count("SELECT COUNT(*) AS n FROM ledger WHERE reference = ?1", `payment:${a.order_id}`)).toBe(1);
      await replayMovesNothing("deposit", async () => expect(await call.send()).toEqual({ status: 200, text: "YES" }));
    }
    expect(await reconcile(env)).toMatchObject({ ok: true, paymentMismatches: 0 });
  });
});
