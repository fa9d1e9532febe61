// Faults, the trade bot and the payout provider (docs/testing.md "Reliability suite"): skin
// withdrawals, skins deposits and money payouts run against the fakes (tests/fakes/trade-bot.mjs,
// payments.mjs) through a fault layer on the worker's outbound fetch, which gives each call, as
// drawn per withdrawal or deposit from a printed seed: a gateway's 503 or 429 before the provider saw it,
// the provider's answer lost (it acted; the connection drops), no answer at all (the worker's own
// timeout ends the call), the answer coming after the timeout (it acted), or the request delivered
// twice. Some are also driven by two queue passes at once (the same answer handled twice). The
// worker's own queue passes (WithdrawQueue.runNow, as its alarm runs them) then carry on. After
// each: at most one offer or payout per request, an item leaves (or arrives) once and only if the
// provider says so, the fee and payout move once, and the books reconcile.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WITHDRAW } from "../../shared/constants";
import { reconcile } from "../../worker/books/reconcile";
import { payoutPaymentId, processDuePayouts } from "../../worker/money-withdraw/payout-pass";
import { processDueDeposits } from "../../worker/skins-deposit/queue";
import { tradeBotFromEnv } from "../../worker/withdraws/bot";
import { processDue } from "../../worker/withdraws/queue";
import { withdrawQueue } from "../../worker/withdraws/WithdrawQueue";
import { botDecide, createDeposit, depositor, depositRow, heldItems } from "../worker/skins-deposit-fixtures";
import {
  createOk,
  payoutOutcome,
  row as moneyRow,
  sandboxPayouts,
  statuses,
  uniqueCard,
  withdrawer as moneyWithdrawer,
} from "../worker/money-withdraw-fixtures";
import { balanceOf } from "../worker/user-fixtures";
import { botOffers, itemStatuses, makeDue, send, withdrawal, withdrawer, withdrawLedger } from "../worker/withdraw-fixtures";
import { count, FIRST_SEED } from "./faults-fixtures";

const DRAWS = 20;
/** The worker's provider timeouts (10 s) shortened to this for the run: a call nobody answers ends here. */
const TIMEOUT_MS = 250;
const FAULTS = ["5xx", "4xx", "lost", "hang", "late", "twice"] as const;
type Fault = (typeof FAULTS)[number];

const totals = {
  withdrawals: 0,
  deposits: 0,
  payouts: 0,
  passes: 0,
  racingPasses: 0,
  byFault: new Map<Fault, number>(FAULTS.map((f) => [f, 0])),
  outcomes: new Map<string, number>(),
};
const tally = (outcome: string) => totals.outcomes.set(outcome, (totals.outcomes.get(outcome) ?? 0) + 1);

// ── the fault layer ─────────────────────────────────────────────────────────
/** The faults still to give, per subject (a trade link, a payout's paymentId), one per call, in order. */
const planned = new Map<string, Fault[]>();
/** A bot offer's subject (its trade link), learnt from the answers. */
const offerSubject = new Map<string, string>();
const realFetch = globalThis.fetch;
const realTimeout = AbortSignal.timeout.bind(AbortSignal);

/** The subject of a provider call the faults apply to; null for anything else (the fakes' control routes…). */
function subjectOf(url: string, body: string | undefined): string | null {
  const bot = env.TRADE_BOT_URL.replace(/\/+$/, "");
  const pay = env.FREEKASSA_API_URL.replace(/\/+$/, "");
  const parsed = body ? (JSON.parse(body) as { trade_link?: string; paymentId?: string }) : {};
  if (url === `${bot}/offers` || url === `${bot}/deposits`) return parsed.trade_link ?? null;
  const offer = url.startsWith(`${bot}/offers/`) ? decodeURIComponent(url.slice(`${bot}/offers/`.length).replace(/\/cancel$/, "")) : null;
  if (offer !== null) return offerSubject.get(offer) ?? null;
  if (url === `${pay}/v1/withdrawals` || url === `${pay}/v1/withdrawals/create`) return parsed.paymentId ?? null;
  return null;
}

/** Waits until the worker gives up on the call (its abort signal): the only way such a call ends. */
function untilAborted(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return; // no timeout on the call: it hangs, and the test's own timeout fails it
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

const unavailable = () => new Response(JSON.stringify({ type: "error", error: "faults: unavailable", message: "faults: unavailable" }), { status: 503 });

async function faultyFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const body = typeof init?.body === "string" ? init.body : undefined;
  const subject = typeof input === "string" ? subjectOf(url, body) : null;
  const fault = subject === null ? undefined : planned.get(subject)?.shift();
  const forward = async () => {
    const res = await realFetch(input, init);
    // learn which subject an offer belongs to (its polls get the subject's faults)
    const json = (await res
      .clone()
      .json()
      .catch(() => null)) as { offer_id?: unknown } | null;
    if (subject !== null && json?.offer_id !== undefined) offerSubject.set(String(json.offer_id), subject);
    return res;
  };
  if (fault === undefined) return forward();
  totals.byFault.set(fault, totals.byFault.get(fault)! + 1);
  if (fault === "5xx") return unavailable();
  // a firewall's or a gateway's bare 429 before the provider saw the call: not the provider's word
  if (fault === "4xx") return new Response("Too Many Requests", { status: 429 });
  if (fault === "hang") return untilAborted(init?.signal);
  const first = await forward();
  if (fault === "lost") {
    await first.body?.cancel();
    throw new TypeError("faults: network connection lost");
  }
  if (fault === "late") {
    await first.body?.cancel();
    return untilAborted(init?.signal);
  }
  // twice: the same request delivered again; the worker reads the second answer
  await first.body?.cancel();
  return forward();
}

beforeAll(() => {
  globalThis.fetch = faultyFetch as typeof fetch;
  AbortSignal.timeout = (ms: number) => realTimeout(Math.min(ms, TIMEOUT_MS));
});

afterAll(() => {
  globalThis.fetch = realFetch;
  AbortSignal.timeout = realTimeout;
  const faults = [...totals.byFault.entries()].map(([f, n]) => `${f} ×${n}`).join(", ");
  const outcomes = [...totals.outcomes.entries()].map(([o, n]) => `${o} ×${n}`).join(", ");
  console.log(
    `faults (providers): ${totals.withdrawals} skin withdrawals, ${totals.deposits} skins deposits, ${totals.payouts} money payouts over ${totals.passes} queue passes (${totals.racingPasses} raced by a second pass); faults given: ${faults}; outcomes: ${outcomes}; at most one offer or payout per request, every item and cent moved once`,
  );
});

/** A subject's faults: up to `max` of them, a bot mode or payout outcome, and whether two passes race. */
const plan = <T>(outcome: fc.Arbitrary<T>, max: number) =>
  fc.record({
    faults: fc.array(fc.constantFrom(...FAULTS), { minLength: 0, maxLength: max }),
    outcome,
    racing: fc.boolean(),
  });

/**
 * One queue pass (the WithdrawQueue DO, as its alarm runs it), raced, when asked, by a second pass
 * of the same queue code run here at the same time: the same answers handled twice.
 */
async function queuePass(racing: boolean, second: () => Promise<unknown>): Promise<void> {
  totals.passes++;
  if (!racing) {
    await withdrawQueue(env).runNow();
    return;
  }
  totals.racingPasses++;
  await Promise.all([withdrawQueue(env).runNow(), second()]);
}

describe("providers failing, hanging or answering twice change nothing twice", () => {
  it("skin withdrawals: one offer per request, the items leave once", { timeout: 180_000 }, async () => {
    const seed = FIRST_SEED + 5;
    console.log(`faults (providers) seed ${seed} (FAULTS_SEED=${FIRST_SEED} replays this file)`);
    // up to maxSendAttempts + 2 faults: every send attempt may fail, some after the bot made the
    // offer (its answer lost) — the queue gives up only on the bot's own word, never with an offer standing
    const plans = fc.sample(plan(fc.constantFrom("accept" as const, "decline" as const), WITHDRAW.maxSendAttempts + 2), { numRuns: DRAWS, seed });
    const bot = tradeBotFromEnv(env)!;
    for (const p of plans) {
      const me = await withdrawer({ prices: [1_000, 255], mode: p.outcome });
      planned.set(me.tradeLink, [...p.faults]);
      const res = await send(me.token, { items: me.itemIds });
      expect(res.status).toBe(200);
      const { id } = (await res.json()) as { id: string };
      totals.withdrawals++;
      for (let i = 0; (await withdrawal(id))?.status === "sending"; i++) {
        expect(i, `withdrawal ${id} never finished (faults ${p.faults.join(", ")})`).toBeLessThan(20);
        await makeDue(id);
        await queuePass(p.racing, () => processDue(env, bot, Date.now()));
      }
      const row = (await withdrawal(id))!;
      tally(`withdrawal ${row.status}/${row.outcome}`);
      const { offers } = await botOffers(me.tradeLink);
      const mine = offers.filter((o) => o.reference === id);
      expect(mine.length, "offers made for one withdrawal").toBeLessThanOrEqual(1);
      const ledger = (await withdrawLedger(id)).map((r) => `${r.account}:${r.kind}:${r.delta}`);
      if (row.status === "completed") {
        // the bot says the player took them: they left the site, once; the fee is kept
        expect(mine[0]?.state).toBe("accepted");
        expect(await itemStatuses(me.itemIds)).toEqual(["withdrawn", "withdrawn"]);
        expect(ledger).toEqual(["user:withdraw_fee:-251", "house:withdraw_fee:251"]);
        expect(await balanceOf(me.user.id)).toBe(10_000 - 251);
      } else {
        // canceled: the bot's offer (if any) can no longer be taken; the items and the fee are back, once
        expect(row.status).toBe("canceled");
        expect(mine[0]?.state ?? "none").not.toMatch(/^(accepted|active)$/);
        expect(await itemStatuses(me.itemIds)).toEqual(["available", "available"]);
        expect(ledger).toEqual(["user:withdraw_fee:-251", "house:withdraw_fee:251", "user:withdraw_fee_refund:251", "house:withdraw_fee_refund:-251"]);
        expect(await balanceOf(me.user.id)).toBe(10_000);
      }
      expect(await reconcile(env)).toMatchObject({ ok: true, withdrawMismatches: 0, mismatchedAccounts: 0 });
    }
  });

  it("skins deposits: one offer per deposit, the items credited once", { timeout: 180_000 }, async () => {
    const plans = fc.sample(plan(fc.constantFrom("accepted" as const, "declined" as const), 5), { numRuns: DRAWS, seed: FIRST_SEED + 6 });
    const bot = tradeBotFromEnv(env)!;
    for (const p of plans) {
      // the bot's offer stays open until the test decides it (after the faults of the first calls)
      const me = await depositor({ prices: [1_250, 300], mode: "timeout" });
      planned.set(me.tradeLink, [...p.faults]);
      const res = await createDeposit(me.token, { items: me.known });
      expect(res.status, await res.clone().text()).toBe(200);
      const { deposit } = (await res.json()) as { deposit: { id: string } };
      totals.deposits++;
      let decided = false;
      for (let i = 0; ; i++) {
        const dep = await depositRow(deposit.id);
        if (dep.state !== "sending" && dep.state !== "active" && (dep.state !== "accepted" || dep.credited_at !== null)) break;
        expect(i, `deposit ${deposit.id} never finished (faults ${p.faults.join(", ")})`).toBeLessThan(20);
        // the player answers the offer once the faults drawn for the first calls are spent
        if (!decided && dep.offer_id !== null && (planned.get(me.tradeLink)?.length ?? 0) <= 1) {
          await botDecide(dep.offer_id, p.outcome);
          decided = true;
        }
        await env.DB.prepare("UPDATE skin_deposits SET next_attempt_at = 0 WHERE id = ?1").bind(deposit.id).run();
        await queuePass(p.racing, () => processDueDeposits(env, bot, Date.now()));
      }
      const dep = await depositRow(deposit.id);
      tally(`deposit ${dep.state}`);
      const { offers } = await botOffers(me.tradeLink);
      const mine = offers.filter((o) => o.reference === deposit.id);
      expect(mine, "offers made for one deposit").toHaveLength(1);
      expect(dep.state, "the site's outcome is the bot's").toBe(mine[0]!.state);
      const held = await heldItems(me.user.id);
      if (dep.state === "accepted") {
        // credited once: each skin arrives once, at its catalogue price
        expect(held.map((i) => i.price).sort((a, b) => a - b)).toEqual([300, 1_250]);
        expect(dep.amount).toBe(1_550);
      } else expect(held).toEqual([]);
      expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?1 AND name = 'skins_deposit'", me.user.id)).toBe(
        dep.state === "accepted" ? 1 : 0,
      );
      expect(await reconcile(env)).toMatchObject({ ok: true, skinDepositMismatches: 0, mismatchedAccounts: 0 });
    }
  });

  it("money payouts: each pays once, and only what the provider paid completes", { timeout: 180_000 }, async () => {
    const plans = fc.sample(plan(fc.constantFrom("success" as const, "failure" as const, "delay" as const, "refuse" as const), 5), {
      numRuns: DRAWS,
      seed: FIRST_SEED + 7,
    });
    for (const p of plans) {
      const card = uniqueCard();
      await payoutOutcome(card, p.outcome, p.outcome === "delay" ? 2 : undefined);
      const player = await moneyWithdrawer([1_250, 750]);
      const w = await createOk(player.token, player.items, 20, { wallet: card });
      expect(w.status).toBe("sending");
      planned.set(payoutPaymentId({ id: w.id, created_at: w.date }), [...p.faults]);
      const balance = await balanceOf(player.id);
      totals.payouts++;
      for (let i = 0; (await moneyRow(w.id))?.status === "sending"; i++) {
        expect(i, `money withdrawal ${w.id} never finished (faults ${p.faults.join(", ")})`).toBeLessThan(20);
        await env.DB.prepare("UPDATE money_withdrawals SET next_attempt_at = 0 WHERE id = ?1").bind(w.id).run();
        await queuePass(p.racing, () => processDuePayouts(env, Date.now()));
      }
      const done = (await moneyRow(w.id))!;
      tally(`payout ${done.status}`);
      const payouts = await sandboxPayouts(card);
      expect(payouts.length, "payouts made for one withdrawal").toBeLessThanOrEqual(1);
      const paidOut = await count("SELECT COUNT(*) AS n FROM ledger WHERE reference = ?1 AND kind = 'withdrawal'", `money_withdrawal:${w.id}`);
      if (done.status === "completed") {
        // the provider paid: the house paid it out once, the items went to the house
        expect(payouts.map((x) => x.status)).toEqual([1]);
        expect(paidOut).toBe(1);
        expect(await statuses(player.items)).toEqual(player.items.map(() => ({ owner_id: null, status: "available" })));
      } else {
        // nothing paid, nor ever to be (no payout, or one the provider failed): nothing booked, the items back
        expect(done.status).toBe("canceled");
        expect(payouts.map((x) => x.status)).toEqual(payouts.length === 0 ? [] : [9]);
        expect(paidOut).toBe(0);
        expect(await statuses(player.items)).toEqual(player.items.map(() => ({ owner_id: player.id, status: "available" })));
      }
      expect(await balanceOf(player.id), "a money withdrawal moves items, not the balance").toBe(balance);
      expect(await reconcile(env)).toMatchObject({ ok: true, moneyWithdrawMismatches: 0, mismatchedAccounts: 0 });
    }
  });
});
