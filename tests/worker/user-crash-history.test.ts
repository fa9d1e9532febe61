// Crash bets in the profile: /api/user/getProfile and /api/user/getUser list the first page of the
// player's crash bets (newest first, refunded ones left out), /api/user/history/crash the pages after
// it, and the statistics come from settled bets.
// Rows are written straight into D1 in the shape the room's settlement leaves them.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HISTORY } from "../../shared/constants";
import { crashHistoryPage } from "../../shared/api/history";
import { getUserAnswer, profileAnswer } from "../../shared/api/user";
import { userBalanceStatements } from "../../worker/db/ledger";
import { addCatalogue, giveItem } from "./crash-fixtures";
import { makeUser, post } from "./user-fixtures";
import { batch } from "../../worker/db/sql";

let nextRound = 900_000;

/** A crash round in D1; crashed rounds carry their point (hundredths). */
async function addRound(status: "waiting" | "running" | "crashed" | "voided", crashPoint: number | null = null): Promise<number> {
  const id = ++nextRound;
  await env.DB.prepare("INSERT INTO crash_rounds (id, public_hash, day_of_month, crash_point, status) VALUES (?1, ?2, 1, ?3, ?4)")
    .bind(id, `hash-${id}`, crashPoint, status)
    .run();
  return id;
}

interface BetSpec {
  roundId: number;
  userId: number;
  /** staked items: [inventory id, booked cents] */
  items: Array<[number, number]>;
  autoWithdraw: number;
  status: 0 | 1 | 2 | 3;
  cashout?: number;
  win?: number;
  winItemId?: number;
  createdAt: number;
}

async function addBet(b: BetSpec): Promise<string> {
  const id = crypto.randomUUID();
  const bank = b.items.reduce((sum, [, price]) => sum + price, 0);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO crash_bets (id, round_id, user_id, bank, auto_withdraw, status, cashout, win, win_item_id, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    ).bind(id, b.roundId, b.userId, bank, b.autoWithdraw, b.status, b.cashout ?? null, b.win ?? 0, b.winItemId ?? null, b.createdAt),
    ...b.items.map(([itemId, price]) => env.DB.prepare("INSERT INTO crash_bet_items (bet_id, item_id, price) VALUES (?1, ?2, ?3)").bind(id, itemId, price)),
  ]);
  return id;
}

async function mintedItem(ownerId: number, price: number): Promise<number> {
  const catalogueId = await addCatalogue(price, `Minted ${crypto.randomUUID().slice(0, 8)}`);
  const row = await env.DB.prepare("INSERT INTO inventory_items (owner_id, catalogue_id, price, status) VALUES (?1, ?2, ?3, 'available') RETURNING id")
    .bind(ownerId, catalogueId, price)
    .first<{ id: number }>();
  return row!.id;
}

/** Alice: a won bet, a lost bet, a refunded bet of a voided round and a pending bet, in that order. */
async function aliceWithFourBets() {
  const alice = await makeUser({ username: "alice" });
  const t = Date.UTC(2026, 0, 1);
  const [w1, w2, l1, r1, p1] = await Promise.all([
    giveItem(alice.user.id, 600),
    giveItem(alice.user.id, 400),
    giveItem(alice.user.id, 500),
    giveItem(alice.user.id, 300),
    giveItem(alice.user.id, 250),
  ]);
  const prize = await mintedItem(alice.user.id, 1_500);
  const won = await addBet({
    roundId: await addRound("crashed", 250),
    userId: alice.user.id,
    items: [
      [w2, 400],
      [w1, 600],
    ],
    autoWithdraw: 200,
    status: 1,
    cashout: 200,
    win: 2_000,
    winItemId: prize,
    createdAt: t,
  });
  const lostRound = await addRound("crashed", 130);
  const lost = await addBet({ roundId: lostRound, userId: alice.user.id, items: [[l1, 500]], autoWithdraw: 999_999, status: 2, createdAt: t + 1_000 });
  await addBet({ roundId: await addRound("voided"), userId: alice.user.id, items: [[r1, 300]], autoWithdraw: 150, status: 3, createdAt: t + 2_000 });
  const pendingRound = await addRound("running");
  const pending = await addBet({ roundId: pendingRound, userId: alice.user.id, items: [[p1, 250]], autoWithdraw: 300, status: 0, createdAt: t + 3_000 });
  // the settlement credits the remainder (win − item price) with a 'win' ledger row: not a second game
  await batch(
    env.DB,
    userBalanceStatements({ userId: alice.user.id, delta: 500, kind: "win", reference: "crash:win-remainder", idempotencyKey: crypto.randomUUID() }),
  );
  return { alice, t, ids: { won, lost, pending }, items: { w1, w2, l1, p1, prize }, rounds: { lostRound, pendingRound } };
}

const item = (id: number, price: number) => ({
  id,
  market_hash_name: expect.any(String),
  name: expect.any(String),
  image: "img",
  rarity: "Covert",
  rarity_color: "#eb4b4b",
  price,
});

describe("crash bets in the profile", () => {
  it("every statistic agrees with the history it summarises (a ×1.10 cash-out of $0.05 pays $0.05 and shows ×1.10)", async () => {
    const bob = await makeUser({ username: "bob-stats" });
    const t = Date.UTC(2026, 0, 2);
    const [a, b, c] = await Promise.all([giveItem(bob.user.id, 5), giveItem(bob.user.id, 300), giveItem(bob.user.id, 200)]);
    // floor(5 × 1.10) = 5 cents: the win item is worth the stake
    const even = await mintedItem(bob.user.id, 5);
    await addBet({
      roundId: await addRound("crashed", 140),
      userId: bob.user.id,
      items: [[a, 5]],
      autoWithdraw: 110,
      status: 1,
      cashout: 110,
      win: 5,
      winItemId: even,
      createdAt: t,
    });
    // a lost bet whose crash point (×3.50) is higher than any cash-out: not a "best multiplier"
    await addBet({ roundId: await addRound("crashed", 350), userId: bob.user.id, items: [[b, 300]], autoWithdraw: 999_999, status: 2, createdAt: t + 1 });
    const prize = await mintedItem(bob.user.id, 210);
    await addBet({
      roundId: await addRound("crashed", 120),
      userId: bob.user.id,
      items: [[c, 200]],
      autoWithdraw: 105,
      status: 1,
      cashout: 105,
      win: 210,
      winItemId: prize,
      createdAt: t + 2,
    });

    for (const seen of [
      getUserAnswer.parse(await (await post("/api/user/getUser", { user_id: bob.user.id })).json()).user,
      profileAnswer.parse(await (await post("/api/user/getProfile", {}, bob.token)).json()),
    ]) {
      const settled = seen.crashBets.filter((r) => r.is_win !== 0);
      const won = settled.filter((r) => r.is_win === 1);
      const cents = (d: number) => Math.round(d * 100);
      expect(seen.stats).toEqual({
        games: settled.length,
        won: won.length,
        winrate: Math.round((won.length * 10_000) / settled.length) / 100,
        amount_won: won.reduce((sum, r) => sum + cents(r.win), 0) / 100,
        top_win: Math.max(...won.map((r) => r.win)),
        top_ratio: Math.max(...won.map((r) => r.multiplier!)),
      });
      expect(seen.stats.top_ratio).toBe(1.1);
    }
  });

  it("getProfile lists the player's crash bets newest first and counts settled ones in the stats", async () => {
    const { alice, t, ids, items, rounds } = await aliceWithFourBets();
    const res = await post("/api/user/getProfile", {}, alice.token);
    expect(res.status).toBe(200);
    const body = profileAnswer.parse(await res.json());

    expect(body.crashBets.map((b) => b.id)).toEqual([ids.pending, ids.lost, ids.won]);
    const [pending, lost, won] = body.crashBets;
    expect(pending).toEqual({
      id: ids.pending,
      game_id: rounds.pendingRound,
      bank: 2.5,
      items: [item(items.p1, 2.5)],
      autoWithdraw: 3,
      multiplier: null,
      is_win: 0,
      win: 0,
      winItem: null,
      created_at: t + 3_000,
    });
    // a lost bet shows the crash point, even when it was a manual bet
    expect(lost).toMatchObject({ game_id: rounds.lostRound, bank: 5, autoWithdraw: 9999.99, multiplier: 1.3, is_win: 2, win: 0, winItem: null });
    // a won bet shows its cash-out and the whole win with the minted item; items most expensive first
    expect(won).toMatchObject({ bank: 10, multiplier: 2, is_win: 1, win: 20, created_at: t });
    expect(won!.items).toEqual([item(items.w1, 6), item(items.w2, 4)]);
    expect(won!.winItem).toEqual(item(items.prize, 15));

    // won 1 of 2 settled bets; the pending and the refunded one are not games
    expect(body.stats).toEqual({ games: 2, won: 1, winrate: 50, amount_won: 20, top_win: 20, top_ratio: 2 });
  });

  it("getUser shows the same rows and stats to another player", async () => {
    const { alice } = await aliceWithFourBets();
    const viewer = await makeUser();
    const own = profileAnswer.parse(await (await post("/api/user/getProfile", {}, alice.token)).json());
    const res = await post("/api/user/getUser", { user_id: alice.user.id }, viewer.token);
    expect(res.status).toBe(200);
    const body = getUserAnswer.parse(await res.json());
    expect(body.user.crashBets).toEqual(own.crashBets);
    expect(body.user.stats).toEqual(own.stats);
    expect(body.user.crashBets).toHaveLength(3);
  });

  it("keeps players apart: another player's bets are neither listed nor counted", async () => {
    const { alice } = await aliceWithFourBets();
    const bob = await makeUser();
    const mine = profileAnswer.parse(await (await post("/api/user/getProfile", {}, bob.token)).json());
    expect(mine.crashBets).toEqual([]);
    expect(mine.stats.games).toBe(0);
    const seen = getUserAnswer.parse(await (await post("/api/user/getUser", { user_id: bob.user.id }, alice.token)).json());
    expect(seen.user.crashBets).toEqual([]);
  });

  it("shows the first page of 20, pages the rest by cursor stably while new bets land, and counts every settled one", async () => {
    const carol = await makeUser();
    const t = Date.UTC(2026, 1, 1);
    const total = 45;
    const round = await addRound("crashed", 110);
    const ids: string[] = [];
    // two bets share a timestamp: the cursor's key (the rowid) keeps them apart
    for (let i = 0; i < total; i++) {
      const itemId = await giveItem(carol.user.id, 100 + i);
      ids.push(
        await addBet({ roundId: round, userId: carol.user.id, items: [[itemId, 100 + i]], autoWithdraw: 200 + i, status: 2, createdAt: t + Math.floor(i / 2) }),
      );
    }
    const newestFirst = [...ids].reverse();
    const body = profileAnswer.parse(await (await post("/api/user/getProfile", {}, carol.token)).json());
    expect(body.crashBets.map((b) => b.id)).toEqual(newestFirst.slice(0, HISTORY.pageSize));
    // each row carries its own item only
    for (const b of body.crashBets) expect(b.items).toEqual([item(expect.any(Number), b.bank)]);
    expect(body.stats).toEqual({ games: total, won: 0, winrate: 0, amount_won: 0, top_win: 0, top_ratio: 0 });

    const seen: string[] = [];
    let before: unknown;
    for (let page = 0; page < 10; page++) {
      const res = await post("/api/user/history/crash", { user_id: carol.user.id, ...(before ? { before } : {}) });
      const answer = crashHistoryPage.parse(await res.json());
      seen.push(...answer.rows.map((r) => r.id));
      // a bet landing between two pages goes on top and never shifts the pages behind it
      const itemId = await giveItem(carol.user.id, 50);
      await addBet({ roundId: round, userId: carol.user.id, items: [[itemId, 50]], autoWithdraw: 150 - page, status: 0, createdAt: t + 10_000 + page });
      if (!answer.next) break;
      expect(answer.rows).toHaveLength(HISTORY.pageSize);
      before = answer.next;
    }
    expect(seen).toEqual(newestFirst);
  });

  it("pages refuse a bad cursor or an unknown player", async () => {
    const { alice } = await aliceWithFourBets();
    for (const before of [{ at: -1, id: 1 }, { at: 1, id: 0 }, { at: 1.5, id: 1 }, { at: "1", id: 1 }, { at: 1, id: 1, x: 1 }, "1:1"]) {
      const res = await post("/api/user/history/crash", { user_id: alice.user.id, before });
      expect(res.status, JSON.stringify(before)).toBe(400);
    }
    const res = await post("/api/user/history/crash", { user_id: 987_654_321 });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "user_api.user_not_found" });
    // the money lists are the caller's own
    expect((await post("/api/user/history/deposits", {})).status).toBe(401);
  });

  it("still answers 400 for a bad body and changes nothing", async () => {
    const { alice } = await aliceWithFourBets();
    for (const bad of [{}, { user_id: "alice" }, { user_id: -1 }]) {
      const res = await post("/api/user/getUser", bad, alice.token);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: "app_api.invalid_request" });
    }
    for (const bad of ["[1, 2]", "not json", "42"]) {
      const res = await post("/api/user/getProfile", bad, alice.token);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: "app_api.invalid_request" });
    }
    const after = profileAnswer.parse(await (await post("/api/user/getProfile", {}, alice.token)).json());
    expect(after.crashBets).toHaveLength(3);
  });

  it("asks for a session", async () => {
    const res = await post("/api/user/getProfile", {});
    expect(res.status).toBe(401);
  });
});
