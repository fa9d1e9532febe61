// A round's losses settle set-based in one batch (rooms/base/bet-moves.ts): every bet turns lost,
// its items go to the house, each bettor's cashback, tournament points and top-list sums grow by
// the sum of his banks — and a group with one wrong bet lands nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dayOf } from "../../worker/top/stats";
import { placeBet, settleLoss, settleLossGroup } from "../../worker/rooms/crash/settlement";
import { betRow, giveItem, itemRow, writeWaitingRound } from "./crash-fixtures";
import { makeUser } from "./user-fixtures";

let roundSeq = 8100;

async function pendingBet(userId: number, ...prices: number[]) {
  const roundId = (await writeWaitingRound(++roundSeq)).id;
  const items = [];
  for (const p of prices) items.push(await giveItem(userId, p));
  const betId = crypto.randomUUID();
  expect((await placeBet(env, { betId, roundId, userId, itemIds: items, autoWithdraw: 999_999, now: Date.now() })).ok).toBe(true);
  return { betId, userId, items };
}

const one = <T>(q: string, ...args: unknown[]) =>
  env.DB.prepare(q)
    .bind(...args)
    .first<T>();

describe("a loss group", () => {
  it("settles many bets of several players at once: rows, items, cashback, points and sums per player", async () => {
    const now = Date.now();
    const tournament = await one<{ id: number }>(
      `INSERT INTO tournaments (status, name_ru, name_en, description_ru, description_en, prizes, min_payment, created_at, ends_at)
       VALUES ('open', 'Т', 'T', '', '', '[100]', 0, ?1, ?2) RETURNING id`,
      now - 60_000,
      now + 3_600_000,
    );
    const ann = (await makeUser()).user.id;
    const bob = (await makeUser()).user.id;
    await env.DB.prepare("INSERT INTO tournament_participants (tournament_id, user_id, joined_at) VALUES (?1, ?2, ?3)")
      .bind(tournament!.id, ann, now - 30_000)
      .run();
    const bets = [await pendingBet(ann, 200, 50), await pendingBet(ann, 300), await pendingBet(bob, 400)];

    await settleLossGroup(
      env,
      bets.map((b) => ({ betId: b.betId, userId: b.userId, now })),
    );
    for (const b of bets) {
      expect((await betRow(b.betId))?.status).toBe(2);
      for (const id of b.items) expect(await itemRow(id)).toMatchObject({ owner_id: null, status: "available" });
    }
    // cashback: 2.5 % of each bank, in hundredths of a cent, summed per player
    expect((await one<{ cashback: number }>("SELECT cashback FROM users WHERE id = ?1", ann))?.cashback).toBe(1_375);
    expect((await one<{ cashback: number }>("SELECT cashback FROM users WHERE id = ?1", bob))?.cashback).toBe(1_000);
    expect(
      (await one<{ n: number }>("SELECT COUNT(*) AS n FROM cashback_accruals WHERE ref IN (?1, ?2, ?3)", ...bets.map((b) => `crash:bet:${b.betId}`)))?.n,
    ).toBe(3);
    // points for the participant only, one per cent staked
    expect((await one<{ points: number }>("SELECT points FROM tournament_participants WHERE user_id = ?1", ann))?.points).toBe(550);
    expect(await one("SELECT points FROM tournament_participants WHERE user_id = ?1", bob)).toBeNull();
    // the top list's sums: wagered, nothing won
    expect(await one("SELECT wagered, won FROM player_totals WHERE user_id = ?1", ann)).toEqual({ wagered: 550, won: 0 });
    expect(await one("SELECT wagered, won FROM player_days WHERE user_id = ?1 AND day = ?2", bob, dayOf(now))).toEqual({ wagered: 400, won: 0 });
    await env.DB.prepare("UPDATE tournaments SET status = 'finished' WHERE id = ?1").bind(tournament!.id).run();
  });

  it("lands nothing when one bet is another player's, already settled, or its item moved", async () => {
    const ann = (await makeUser()).user.id;
    const bob = (await makeUser()).user.id;
    const now = Date.now();
    const mine = await pendingBet(ann, 100);
    const theirs = await pendingBet(bob, 100);
    const unchanged = async () => {
      for (const b of [mine, theirs]) {
        expect((await betRow(b.betId))?.status).toBe(0);
        expect(await itemRow(b.items[0]!)).toMatchObject({ status: "in_bet" });
      }
      expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM cashback_accruals WHERE user_id IN (?1, ?2)", ann, bob))?.n).toBe(0);
    };

    // bob's bet named as ann's
    await expect(
      settleLossGroup(env, [
        { betId: mine.betId, userId: ann, now },
        { betId: theirs.betId, userId: ann, now },
      ]),
    ).rejects.toThrow();
    await unchanged();

    // an item of the bet no longer in the bet
    await env.DB.prepare("UPDATE inventory_items SET status = 'available' WHERE id = ?1").bind(theirs.items[0]).run();
    await expect(
      settleLossGroup(env, [
        { betId: mine.betId, userId: ann, now },
        { betId: theirs.betId, userId: bob, now },
      ]),
    ).rejects.toThrow();
    expect((await betRow(mine.betId))?.status).toBe(0);
    await env.DB.prepare("UPDATE inventory_items SET status = 'in_bet' WHERE id = ?1").bind(theirs.items[0]).run();
    await unchanged();

    // one of them settled already: the group fails whole, the single settle tells the replay
    expect(await settleLoss(env, { betId: mine.betId, userId: ann, now })).toEqual({ done: "settled" });
    await expect(
      settleLossGroup(env, [
        { betId: mine.betId, userId: ann, now },
        { betId: theirs.betId, userId: bob, now },
      ]),
    ).rejects.toThrow();
    expect((await betRow(theirs.betId))?.status).toBe(0);
    expect(await settleLoss(env, { betId: mine.betId, userId: ann, now })).toEqual({ done: "replay" });
    expect((await one<{ cashback: number }>("SELECT cashback FROM users WHERE id = ?1", ann))?.cashback).toBe(250);
  });
});
