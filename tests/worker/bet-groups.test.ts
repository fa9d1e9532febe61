// Bets that arrive together go to D1 in one batch (worker/rooms/base/bet-groups.ts) and each keeps
// its own guards: a group with a refused bet is answered bet by bet, a group never lands half.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { BetGroups } from "../../worker/rooms/base/bet-groups";
import { placeBet, type PlaceBet } from "../../worker/rooms/crash/settlement";
import { giveItem, itemRow, writeWaitingRound } from "./crash-fixtures";
import { balanceOf, deposit, makeUser } from "./user-fixtures";

let roundSeq = 7000;

/** env.DB with its batch calls counted. */
function countingDb() {
  const counted = { batches: 0 };
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          counted.batches++;
          return target.batch(statements);
        };
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { DB: db }, counted };
}

async function player(cents = 300) {
  const { user } = await makeUser();
  return { userId: user.id, item: await giveItem(user.id, cents) };
}

const bet = (roundId: number, p: { userId: number; item: number }, patch: Partial<PlaceBet> = {}): PlaceBet => ({
  betId: crypto.randomUUID(),
  roundId,
  userId: p.userId,
  itemIds: [p.item],
  autoWithdraw: 200,
  now: Date.now(),
  ...patch,
});

describe("bet groups", () => {
  it("bets placed together share D1 batches; each is answered with its own staked items", async () => {
    const roundId = (await writeWaitingRound(++roundSeq)).id;
    const players = await Promise.all([...Array(12).keys()].map(() => player()));
    const { env: counting, counted } = countingDb();
    const groups = new BetGroups(counting, 5);
    const answers = await Promise.all(players.map((p) => placeBet(counting, bet(roundId, p), (_e, b) => groups.place(b))));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(answers.map((a) => (a.ok ? a.items.map((x) => x.id) : []))).toEqual(players.map((p) => [p.item]));
    // the first alone, then the rest in groups of at most 5: far fewer batches than bets
    expect(groups.counts).toEqual({ bets: 12, batches: counted.batches });
    expect(counted.batches).toBeLessThanOrEqual(4);
    for (const p of players) expect((await itemRow(p.item))?.status).toBe("in_bet");
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("a refused bet in a group is answered alone; the others land, and nothing lands twice", async () => {
    const roundId = (await writeWaitingRound(++roundSeq)).id;
    const a = await player();
    const b = await player();
    const bSecond = { userId: b.userId, item: await giveItem(b.userId, 200) };
    const c = await player(500);
    await deposit(c.userId, 1_000);
    const groups = new BetGroups(env, 10);
    const place = (p: PlaceBet) => placeBet(env, p, (_e, x) => groups.place(x));
    // a's item twice (the second must be refused: items_unavailable), b at the same target twice
    // (same_multiplier), c with more balance than he has (no_money) and one good bet of c
    const answers = await Promise.all([
      place(bet(roundId, a)),
      place(bet(roundId, a)),
      place(bet(roundId, b)),
      place(bet(roundId, bSecond)),
      place(bet(roundId, c, { itemIds: [], value: 5_000, autoWithdraw: 300 })),
      place(bet(roundId, c, { value: 400, autoWithdraw: 400 })),
    ]);
    expect(answers.map((x) => (x.ok ? "ok" : x.message))).toEqual([
      "ok",
      "crash_api.items_unavailable",
      "ok",
      "crash_api.same_multiplier",
      "crash_api.no_money",
      "ok",
    ]);
    expect(await balanceOf(c.userId)).toBe(600);
    const bets = await env.DB.prepare("SELECT user_id, bank FROM crash_bets WHERE round_id = ?1 ORDER BY user_id, bank").bind(roundId).all();
    expect(bets.results).toEqual([
      { user_id: a.userId, bank: 300 },
      { user_id: b.userId, bank: 300 },
      { user_id: c.userId, bank: 900 },
    ]);
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("a group whose round has closed refuses every bet of it, each with its key", async () => {
    const roundId = (await writeWaitingRound(++roundSeq, { status: "running" })).id;
    const players = await Promise.all([...Array(3).keys()].map(() => player()));
    const groups = new BetGroups(env, 10);
    const answers = await Promise.all(players.map((p) => placeBet(env, bet(roundId, p), (_e, x) => groups.place(x))));
    expect(answers.map((x) => (x.ok ? "ok" : x.message))).toEqual(Array(3).fill("crash_api.game_started"));
    for (const p of players) expect((await itemRow(p.item))?.status).toBe("available");
  });
});
