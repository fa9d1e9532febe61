// Conservation, model-based (fast-check, docs/testing.md "Reliability suite"): random steps of money
// operations by a few players — deposits through the provider's notification (some delivered
// twice at once, a referee's paying the referrer's share), promo codes, staff adjustments both
// ways, house gifts, store buys and sells, case opens, crash bets with items and balance settled as
// a win at a random multiplier, a loss or a refund, wheel bets the same way, money withdrawals created and cancelled, cashback
// takes, jackpot rounds of up to three players played to the draw (or a lone player's refund), the
// bonus pool's draw, tournaments joined and paid (conservation-games.ts), skin deposits accepted or
// declined, skin withdrawals completed or canceled, money withdrawals approved by staff and then
// paid or failed (conservation-trades.ts) — the operations of one step run at once, so players
// race themselves (and, in a jackpot round or the pool, each other). A model keeps each
// player's balance and items from what the server answered; after every step D1 must hold exactly
// the model (balance to the cent, the same available items), an operation a player ran alone must
// not be refused when the model says it can pass, and after every run the books reconcile. The
// seed is printed; a failure prints the shrunk steps (replay with CONSERVATION_SEED=<seed>).
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, describe, expect, inject, it } from "vitest";
import { WHEEL } from "../../shared/constants";
import { sellTax } from "../../shared/fees";
import { reconcile } from "../../worker/books/reconcile";
import { placeBet, refundBet as crashRefund, settleLoss, settleWin, writeRound } from "../../worker/rooms/crash/settlement";
import { placeBet as wheelPlace, refundBet as wheelRefund, settleLoss as wheelLoss, settleWin as wheelWin } from "../../worker/rooms/wheel/settlement";
import { referralShareCents, referralSharePercent } from "../../worker/referrals/share";
import { sellTaxPercent } from "../../worker/store/pricing";
import { makeCase } from "../worker/cases-fixtures";
import { bet as wagered, CARD } from "../worker/money-withdraw-fixtures";
import { crashRound, writeWaitingRound } from "../worker/crash-fixtures";
import { freekassaCall, order, payer } from "../worker/payments-fixtures";
import { makePromo } from "../worker/promo-fixtures";
import { catalogueItem, houseUnits, tag, userItem } from "../worker/store-fixtures";
import { deposit, makeUser, post } from "../worker/user-fixtures";
import { cancelTournament } from "../../worker/tournaments/batches";
import { type GameOp, gameOps, playersOf, runBonus, runJackpot, runTournament } from "./conservation-games";
import { type Effect, type Model, type Outcome, pickItem, type World } from "./conservation-model";
import { runPayout, runSkinDeposit, runSkinWithdraw, type TradeOp, tradeOps } from "./conservation-trades";

/** Operations per CI run, at least: batches of runs (~28 operations each) are added until there are. */
const TARGET_OPS = 10_000;
/** CONSERVATION_RUNS on the host: that many runs instead. */
const RUNS = inject("conservationRuns");
/** What each player starts with (a deposit through the ledger), so most operations can pass. */
const START_CENTS = 5_000;
const PLAYERS = 4;
/** The items each player starts with (cents): money withdrawals ≥ $5, one of them above the $20 auto-approve limit. */
const START_ITEMS = [700, 2_600];

type Op =
  | { kind: "deposit"; p: number; dollars: number; twice: boolean }
  | { kind: "promo"; p: number; cents: number }
  | { kind: "adjust"; p: number; cents: number }
  | { kind: "buy"; p: number; cents: number }
  | { kind: "sell"; p: number; pick: number }
  | { kind: "case"; p: number }
  | { kind: "crash"; p: number; pick: number; valueCents: number; withItem: boolean; cashout: number | null; refund: boolean }
  | { kind: "wheel"; p: number; pick: number; valueCents: number; withItem: boolean; multiplier: number | null; refund: boolean }
  | { kind: "gift"; p: number; cents: number }
  | { kind: "cashback"; p: number }
  | { kind: "withdraw"; p: number; pick: number; cancel: boolean }
  | GameOp
  | TradeOp;

const player = fc.nat({ max: PLAYERS - 1 });
/** The kinds of this list are drawn three times as often as those of the games and trades modules (dearer: queue passes, bot and provider calls). */
const cheap: Array<fc.Arbitrary<Op>> = [
  fc.record({ kind: fc.constant("deposit" as const), p: player, dollars: fc.integer({ min: 1, max: 40 }), twice: fc.boolean() }),
  fc.record({ kind: fc.constant("promo" as const), p: player, cents: fc.integer({ min: 1, max: 2_000 }) }),
  fc.record({ kind: fc.constant("adjust" as const), p: player, cents: fc.integer({ min: -3_000, max: 3_000 }).filter((c) => c !== 0) }),
  fc.record({ kind: fc.constant("buy" as const), p: player, cents: fc.integer({ min: 10, max: 2_500 }) }),
  fc.record({ kind: fc.constant("sell" as const), p: player, pick: fc.nat() }),
  fc.record({ kind: fc.constant("case" as const), p: player }),
  fc.record({
    kind: fc.constant("crash" as const),
    p: player,
    pick: fc.nat(),
    valueCents: fc.integer({ min: 0, max: 1_500 }),
    withItem: fc.boolean(),
    cashout: fc.option(fc.integer({ min: 100, max: 1_000 }), { nil: null }),
    refund: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("wheel" as const),
    p: player,
    pick: fc.nat(),
    valueCents: fc.integer({ min: 0, max: 1_500 }),
    withItem: fc.boolean(),
    multiplier: fc.option(fc.constantFrom(2, 3, 5, 30), { nil: null }),
    refund: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("gift" as const), p: player, cents: fc.integer({ min: 10, max: 3_000 }) }),
  fc.record({ kind: fc.constant("cashback" as const), p: player }),
  fc.record({ kind: fc.constant("withdraw" as const), p: player, pick: fc.nat(), cancel: fc.boolean() }),
];
const op: fc.Arbitrary<Op> = fc.oneof(
  ...cheap.map((arbitrary) => ({ arbitrary, weight: 3 })),
  ...[...gameOps(player), ...tradeOps(player)].map((arbitrary) => ({ arbitrary: arbitrary as fc.Arbitrary<Op>, weight: 1 })),
);
// longer runs (4–16 steps) share one world setup and one reconcile (whose cost grows with D1) among more operations
const steps = fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 4, maxLength: 16 });

const cents = (dollars: number) => Math.round(dollars * 100);
const totals = {
  runs: 0,
  steps: 0,
  ops: 0,
  refused: 0,
  byKind: new Map<string, number>(),
  refusedByKind: new Map<string, number>(),
  /** "<kind>: <note>" → how many passed ops ended so */
  notes: new Map<string, number>(),
};
let crashRoundSeq = 900_000;
let wheelRoundSeq = 900_000;

async function newWorld(): Promise<World> {
  // the players are set up at once (the array keeps their order)
  const players: Model[] = await Promise.all(
    Array.from({ length: PLAYERS }, async () => {
      const { user, token } = await payer();
      await deposit(user.id, START_CENTS);
      // a lost crash bet of the deposit (no money moves): the wagering rule lets money withdrawals pass
      await wagered(user.id, START_CENTS);
      // two items given by the house: one under the money withdrawals' auto-approve limit, one above it
      const items = new Map<number, number>();
      for (const price of START_ITEMS) items.set(await userItem(user.id, await catalogueItem(price, `${tag()} | Start`), price), price);
      return { id: user.id, token, tradeLink: user.tradeLink!, balance: START_CENTS, items };
    }),
  );
  const admin = await makeUser({ isAdmin: true });
  // the last run's tournament ends without a payout (staff's cancel): its players are no longer modelled
  await cancelTournament(env, "conservation: the next run", admin.user.id, Date.now());
  // player 1 signed up through player 0's referral link: player 0 earns a share of each deposit
  await env.DB.prepare("INSERT INTO referrals (referee_id, referrer_id, created_at) VALUES (?1, ?2, ?3)")
    .bind(players[1]!.id, players[0]!.id, Date.now())
    .run();
  return { players, admin: admin.token, box: await makeCase(150) };
}

/** The players an op touches: it ran "alone" when none of them ran anything else in its step. */
const involved = (o: Op): number[] => (o.kind === "jackpot" || o.kind === "bonus" || o.kind === "tournament" ? playersOf(o) : [o.p]);

async function run(world: World, o: Op, alone: boolean): Promise<Outcome> {
  const m = world.players[o.p]!;
  switch (o.kind) {
    case "deposit": {
      const a = await order(m.token, { sum: o.dollars, depositMethod: "card" });
      const call = freekassaCall({ orderId: a.order_id, amount: String(o.dollars) });
      const answers = await Promise.all(o.twice ? [call.send(), call.send()] : [call.send()]);
      const ok = answers.every((x) => x.status === 200 && x.text === "YES");
      const share = o.p === 1 ? referralShareCents(o.dollars * 100, referralSharePercent(env)) : 0;
      const others: Effect["others"] = share > 0 ? [[0, { balance: share, gain: [], lose: [] }]] : [];
      return { effect: ok ? { balance: o.dollars * 100, gain: [], lose: [], others } : null, refusal: JSON.stringify(answers), mustPass: true };
    }
    case "promo": {
      const promo = await makePromo({ amount: o.cents });
      const res = await post("/api/user/usePromo", { promocode: promo.code }, m.token);
      const body = (await res.json()) as { message?: string };
      return { effect: res.status === 200 ? { balance: o.cents, gain: [], lose: [] } : null, refusal: body.message, mustPass: true };
    }
    case "gift": {
      // an item given by the house (a giveaway prize): the player's inventory grows, the books with it
      const cat = await catalogueItem(o.cents, `${tag()} | Gift`);
      const id = await userItem(m.id, cat, o.cents);
      return { effect: { balance: 0, gain: [[id, o.cents]], lose: [] }, mustPass: true };
    }
    case "adjust": {
      const res = await post("/api/admin/users/adjust", { user_id: m.id, amount: o.cents / 100, reason: "conservation" }, world.admin);
      const body = (await res.json()) as { message?: string };
      return {
        effect: res.status === 200 ? { balance: o.cents, gain: [], lose: [] } : null,
        refusal: body.message,
        mustPass: alone && m.balance + o.cents >= 0,
      };
    }
    case "buy": {
      const cat = await catalogueItem(o.cents, `${tag()} | Unit`);
      await houseUnits(cat, 1, o.cents);
      const res = await post("/api/user/buy", { buyIds: [cat] }, m.token);
      const body = (await res.json()) as { message?: string; items?: Array<{ myId: number; price: number }> };
      if (res.status !== 200) return { effect: null, refusal: body.message, mustPass: alone && m.balance >= o.cents };
      return { effect: { balance: -o.cents, gain: body.items!.map((i) => [i.myId, cents(i.price)]), lose: [] }, mustPass: true };
    }
    case "sell": {
      const item = pickItem(m, o.pick);
      if (item === undefined) return { effect: { balance: 0, gain: [], lose: [] }, mustPass: false };
      const price = m.items.get(item)!;
      const res = await post("/api/user/sell", { sellIds: [item] }, m.token);
      const body = (await res.json()) as { message?: string };
      if (res.status !== 200) return { effect: null, refusal: body.message, mustPass: alone };
      return { effect: { balance: price - sellTax(price, sellTaxPercent(env)), gain: [], lose: [item] }, mustPass: true };
    }
    case "case": {
      const res = await post("/api/cases/open", { id: world.box.id }, m.token);
      const body = (await res.json()) as { message?: string; winItem?: { myId: number; price: number } };
      if (res.status !== 200) return { effect: null, refusal: body.message, mustPass: alone && m.balance >= world.box.price };
      return { effect: { balance: -world.box.price, gain: [[body.winItem!.myId, cents(body.winItem!.price)]], lose: [] }, mustPass: true };
    }
    case "crash": {
      const item = o.withItem ? pickItem(m, o.pick) : undefined;
      const itemPrice = item === undefined ? 0 : m.items.get(item)!;
      const roundId = (await writeWaitingRound(++crashRoundSeq)).id;
      const betId = crypto.randomUUID();
      const placed = await placeBet(env, {
        betId,
        roundId,
        userId: m.id,
        itemIds: item === undefined ? [] : [item],
        value: o.valueCents,
        autoWithdraw: 999_999,
        now: Date.now(),
      });
      const canPass = (item !== undefined || o.valueCents > 0) && m.balance >= o.valueCents;
      if (!placed.ok) return { effect: null, refusal: placed.message, mustPass: alone && canPass };
      expect(placed.stake, "the bank is the items' prices and the balance part").toBe(itemPrice + o.valueCents);
      await writeRound(env, crashRound(roundId, { status: "running", startedAt: 2 }));
      const lose = item === undefined ? [] : [item];
      if (o.refund && o.cashout === null) {
        // the round could not run (a restart lost it): the stake comes back whole
        expect((await crashRefund(env, { betId, userId: m.id, roundId, value: o.valueCents, now: Date.now() })).done).toBe("settled");
        return { effect: { balance: 0, gain: [], lose: [] }, mustPass: true };
      }
      if (o.cashout === null) {
        expect((await settleLoss(env, { betId, userId: m.id, now: Date.now() })).done).toBe("settled");
        return { effect: { balance: -o.valueCents, gain: [], lose }, mustPass: true };
      }
      const win = Math.floor((placed.stake * o.cashout) / 100);
      const settled = await settleWin(env, { betId, roundId, userId: m.id, cashout: o.cashout, win, winItem: null, now: Date.now() });
      expect(settled.done).toBe("settled");
      return { effect: { balance: win - o.valueCents, gain: [], lose }, mustPass: true };
    }
    case "withdraw": {
      // a money withdrawal of one item (its eligibility — deposits wagered, one open at a time — may refuse it)
      const item = pickItem(m, o.pick);
      if (item === undefined) return { effect: { balance: 0, gain: [], lose: [] }, mustPass: false };
      const res = await post("/api/user/createWithdraw", { sum: m.items.get(item)! / 100, wallet: CARD, system: 3, items: [item] }, m.token);
      const body = (await res.json()) as { message?: string; withdraw?: { id: number; status: string } };
      if (res.status !== 200) return { effect: null, refusal: body.message, mustPass: false };
      if (!o.cancel || body.withdraw!.status !== "moderation") return { effect: { balance: 0, gain: [], lose: [item] }, mustPass: true };
      const cancel = await post("/api/user/cancelWithdraw", { id: body.withdraw!.id, type: "money" }, m.token);
      expect(cancel.status, "the owner cancels a withdrawal in moderation").toBe(200);
      return { effect: { balance: 0, gain: [], lose: [] }, mustPass: true };
    }
    case "wheel": {
      const item = o.withItem ? pickItem(m, o.pick) : undefined;
      const itemPrice = item === undefined ? 0 : m.items.get(item)!;
      // the room refuses a bet of nothing before any batch (worker/rooms/wheel/rules.ts: no_items); the batch is never asked
      if (item === undefined && o.valueCents === 0) return { effect: null, refusal: "wheel_api.no_items", mustPass: false };
      const roundId = ++wheelRoundSeq;
      await env.DB.prepare("INSERT INTO wheel_rounds (id, public_hash, day_of_month, layout, status, created_at) VALUES (?1, ?2, 1, '[]', 'betting', ?3)")
        .bind(roundId, "c".repeat(64), Date.now())
        .run();
      const betId = crypto.randomUUID();
      const bank = itemPrice + o.valueCents;
      const placed = await wheelPlace(env, {
        betId,
        roundId,
        userId: m.id,
        colour: "red",
        itemIds: item === undefined ? [] : [item],
        value: o.valueCents,
        now: Date.now(),
      });
      const canPass = bank >= WHEEL.minBetCents && bank <= WHEEL.maxBetCents && m.balance >= o.valueCents;
      if (!placed.ok) return { effect: null, refusal: placed.message, mustPass: alone && canPass };
      await env.DB.prepare("UPDATE wheel_rounds SET status = 'spinning' WHERE id = ?1").bind(roundId).run();
      const lose = item === undefined ? [] : [item];
      if (o.refund && o.multiplier === null) {
        expect((await wheelRefund(env, { betId, userId: m.id, roundId, value: o.valueCents, now: Date.now() })).done).toBe("settled");
        return { effect: { balance: 0, gain: [], lose: [] }, mustPass: true };
      }
      if (o.multiplier === null) {
        expect((await wheelLoss(env, { betId, userId: m.id, now: Date.now() })).done).toBe("settled");
        return { effect: { balance: -o.valueCents, gain: [], lose }, mustPass: true };
      }
      const win = bank * o.multiplier;
      const settled = await wheelWin(env, { betId, roundId, userId: m.id, win, winItem: null, multiplier: o.multiplier, now: Date.now() });
      expect(settled.done).toBe("settled");
      return { effect: { balance: win - o.valueCents, gain: [], lose }, mustPass: true };
    }
    case "cashback": {
      const res = await post("/api/user/cashback/take", {}, m.token);
      const body = (await res.json()) as { message?: string; amount?: number };
      // eligibility (deposits, the 24 h period, a cent accrued) is the cashback tests' matter: a refusal is allowed
      return { effect: res.status === 200 ? { balance: cents(body.amount!), gain: [], lose: [] } : null, refusal: body.message, mustPass: false };
    }
    case "jackpot":
      return runJackpot(world, o, alone);
    case "bonus":
      return runBonus(world, o);
    case "tournament":
      return runTournament(world, o, m);
    case "skinDeposit":
      return runSkinDeposit(o, m, alone);
    case "skinWithdraw":
      return runSkinWithdraw(o, m, alone);
    case "payout":
      return runPayout(world, o, m);
  }
}

/** D1 against the model: balance and available items of every player. */
async function expectModel(world: World, where: string): Promise<void> {
  // one read of every player's balance and one of their items (a step's check is two queries)
  const ids = JSON.stringify(world.players.map((m) => m.id));
  const [balances, items] = await env.DB.batch([
    env.DB.prepare("SELECT id, balance FROM users WHERE id IN (SELECT value FROM json_each(?1))").bind(ids),
    env.DB.prepare("SELECT owner_id, id FROM inventory_items WHERE owner_id IN (SELECT value FROM json_each(?1)) AND status = 'available' ORDER BY id").bind(
      ids,
    ),
  ]);
  for (const m of world.players) {
    const balance = (balances!.results as Array<{ id: number; balance: number }>).find((r) => r.id === m.id)?.balance;
    expect(balance, `${where}: balance of player ${m.id}`).toBe(m.balance);
    expect(
      (items!.results as Array<{ owner_id: number; id: number }>).filter((r) => r.owner_id === m.id).map((r) => r.id),
      `${where}: items of player ${m.id}`,
    ).toEqual([...m.items.keys()].sort((a, b) => a - b));
  }
}

afterAll(() => {
  const kinds = [...totals.byKind.entries()].map(([k, n]) => `${k} ${n} (${totals.refusedByKind.get(k) ?? 0} refused)`).join(", ");
  console.log(
    `conservation: ${totals.ops} operations in ${totals.steps} concurrent steps over ${totals.runs} runs (${kinds}); ${totals.refused} refused; the books balanced after every run`,
  );
  const notes = [...totals.notes.entries()].sort(([a], [b]) => a.localeCompare(b));
  console.log(`conservation outcomes: ${notes.map(([k, n]) => `${k} ${n}`).join(", ")}`);
});

const property = fc.asyncProperty(steps, async (plan) => {
  const world = await newWorld();
  totals.runs++;
  for (const [s, step] of plan.entries()) {
    const perPlayer = new Map<number, number>();
    for (const o of step) for (const q of involved(o)) perPlayer.set(q, (perPlayer.get(q) ?? 0) + 1);
    // allSettled: an operation that throws must not leave the rest of its step still running into
    // the next property run (or fast-check's shrinking) — the whole step lands, then the failure
    const settled = await Promise.allSettled(
      step.map((o) =>
        run(
          world,
          o,
          involved(o).every((q) => perPlayer.get(q) === 1),
        ),
      ),
    );
    const thrown = settled.findIndex((r) => r.status === "rejected");
    if (thrown >= 0) {
      const reason = (settled[thrown] as PromiseRejectedResult).reason as unknown;
      throw new Error(`step ${s}: ${JSON.stringify(step[thrown])} threw: ${reason instanceof Error ? reason.stack : String(reason)}`);
    }
    const outcomes = settled.map((r) => (r as PromiseFulfilledResult<Outcome>).value);
    totals.steps++;
    for (const [i, outcome] of outcomes.entries()) {
      const o = step[i]!;
      totals.ops++;
      totals.byKind.set(o.kind, (totals.byKind.get(o.kind) ?? 0) + 1);
      if (!outcome.effect) {
        totals.refused++;
        totals.refusedByKind.set(o.kind, (totals.refusedByKind.get(o.kind) ?? 0) + 1);
        expect(outcome.mustPass, `step ${s}: ${JSON.stringify(o)} was refused (${outcome.refusal}) though the model says it passes`).toBe(false);
        continue;
      }
      if (outcome.note) totals.notes.set(`${o.kind}: ${outcome.note}`, (totals.notes.get(`${o.kind}: ${outcome.note}`) ?? 0) + 1);
      for (const [q, move] of [[o.p, outcome.effect] as const, ...(outcome.effect.others ?? [])]) {
        const m = world.players[q]!;
        m.balance += move.balance;
        for (const id of move.lose) {
          expect(m.items.has(id), `step ${s}: ${JSON.stringify(o)} spent item ${id} player ${q} no longer had (spent twice)`).toBe(true);
          m.items.delete(id);
        }
        for (const [id, price] of move.gain) m.items.set(id, price);
      }
    }
    await expectModel(world, `step ${s}`);
  }
  const books = await reconcile(env);
  expect(books.ok, JSON.stringify(books)).toBe(true);
});

describe("money and items are conserved under random concurrent operations", () => {
  it("D1 holds the model after every step; the books reconcile after every run", { timeout: 1_200_000 }, async () => {
    const first = inject("conservationSeed") ?? Date.now() % 2_147_483_647;
    // batches of 100 runs, each with its own seed printed before it runs: a failure names the one to replay
    for (let seed = first; RUNS !== undefined ? totals.runs < RUNS : totals.ops < TARGET_OPS; seed++) {
      const numRuns = Math.min(100, RUNS === undefined ? 100 : RUNS - totals.runs);
      console.log(`conservation seed ${seed} (CONSERVATION_SEED=${seed} CONSERVATION_RUNS=${numRuns} replays it)`);
      await fc.assert(property, { numRuns, seed, endOnFailure: false, verbose: 1 });
    }
  });
});

declare module "vitest" {
  interface ProvidedContext {
    conservationSeed: number | undefined;
    conservationRuns: number | undefined;
  }
}
