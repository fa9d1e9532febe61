// §3 Statistics across Crash, Jackpot, Wheel and Cases, checked against a recomputation from the
// raw rows (written here in the shape each room's settlement leaves them), and every game list
// paged with its typed rows (docs/api.md "History pages").
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { caseHistoryPage, jackpotHistoryPage, wheelHistoryPage } from "../../shared/api/history";
import { getUserAnswer, profileAnswer } from "../../shared/api/user";
import { addCatalogue, giveItem } from "./crash-fixtures";
import { makeUser, post } from "./user-fixtures";

let nextId = 970_000;
const id = () => ++nextId;

/** A tiny seeded generator: the mix of games is the same on every run. */
function rng(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
}

async function crashBet(userId: number, won: boolean, bank: number, cashout: number, at: number) {
  const round = id();
  await env.DB.prepare("INSERT INTO crash_rounds (id, public_hash, day_of_month, crash_point, status) VALUES (?1, ?2, 1, ?3, 'crashed')")
    .bind(round, `h${round}`, won ? cashout + 50 : 120)
    .run();
  const item = await giveItem(userId, bank);
  const bet = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO crash_bets (id, round_id, user_id, bank, auto_withdraw, status, cashout, win, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    ).bind(bet, round, userId, bank, cashout, won ? 1 : 2, won ? cashout : null, won ? Math.floor((bank * cashout) / 100) : 0, at),
    env.DB.prepare("INSERT INTO crash_bet_items (bet_id, item_id, price) VALUES (?1, ?2, ?3)").bind(bet, item, bank),
  ]);
}

async function wheelBet(userId: number, won: boolean, bank: number, at: number) {
  const round = id();
  const colour = won ? "red" : "black";
  await env.DB.prepare(
    "INSERT INTO wheel_rounds (id, public_hash, day_of_month, layout, colour, multiplier, status) VALUES (?1, ?2, 1, '[]', 'red', 3, 'finished')",
  )
    .bind(round, `w${round}`)
    .run();
  const item = await giveItem(userId, bank);
  const bet = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO wheel_bets (id, round_id, user_id, colour, bank, status, win, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)").bind(
      bet,
      round,
      userId,
      colour,
      bank,
      won ? 1 : 2,
      won ? bank * 3 : 0,
      at,
    ),
    env.DB.prepare("INSERT INTO wheel_bet_items (bet_id, item_id, price) VALUES (?1, ?2, ?3)").bind(bet, item, bank),
  ]);
}

async function jackpotRound(userId: number, otherId: number, won: boolean, stake: number, at: number) {
  const round = id();
  const other = 500;
  const winner = won ? userId : otherId;
  const win = Math.floor(((stake + other) * 95) / 100);
  await env.DB.prepare(
    "INSERT INTO jackpot_rounds (id, level, chain_index, public_hash, day_of_month, status, bank, winner_id, win, created_at) VALUES (?1, 'low', ?1, ?2, 1, 'finished', ?3, ?4, ?5, ?6)",
  )
    .bind(round, `j${round}`, stake + other, winner, win, at)
    .run();
  const mine = crypto.randomUUID();
  const theirs = crypto.randomUUID();
  const item = await giveItem(userId, stake);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO jackpot_bets (id, round_id, seq, user_id, price, ticket_from, ticket_to, created_at) VALUES (?1, ?2, 1, ?3, ?4, 1, ?4, ?5)",
    ).bind(mine, round, userId, stake, at),
    env.DB.prepare(
      "INSERT INTO jackpot_bets (id, round_id, seq, user_id, price, ticket_from, ticket_to, created_at) VALUES (?1, ?2, 2, ?3, ?4, ?5, ?6, ?7)",
    ).bind(theirs, round, otherId, other, stake + 1, stake + other, at + 1),
    env.DB.prepare("INSERT INTO jackpot_bet_items (bet_id, round_id, item_id, price) VALUES (?1, ?2, ?3, ?4)").bind(mine, round, item, stake),
  ]);
}

async function caseOpen(userId: number, caseId: number, price: number, itemPrice: number, at: number) {
  const catalogueId = await addCatalogue(itemPrice, `Drop ${crypto.randomUUID().slice(0, 8)}`);
  const item = await env.DB.prepare("INSERT INTO inventory_items (owner_id, catalogue_id, price, status) VALUES (?1, ?2, ?3, 'available') RETURNING id")
    .bind(userId, catalogueId, itemPrice)
    .first<{ id: number }>();
  await env.DB.prepare(
    "INSERT INTO case_opens (user_id, case_id, price, catalogue_id, item_id, item_price, server_seed_hash, client_seed, nonce, request_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'seed', ?8, ?9, ?10)",
  )
    .bind(userId, caseId, price, catalogueId, item?.id, itemPrice, "a".repeat(64), id(), crypto.randomUUID(), at)
    .run();
}

interface Game {
  stake: number;
  payout: number;
  won: boolean;
  ratio: number;
}

/** The statistics recomputed from the raw rows with SQL of their own (not the worker's queries). */
async function recompute(userId: number) {
  const q = async <T>(s: string) => (await env.DB.prepare(s).bind(userId).all<T>()).results;
  const games: Game[] = [
    ...(
      await q<{ bank: number; win: number; status: number; cashout: number }>(
        "SELECT bank, win, status, cashout FROM crash_bets WHERE user_id = ?1 AND status IN (1, 2)",
      )
    ).map((b) => ({ stake: b.bank, payout: b.status === 1 ? b.win : 0, won: b.status === 1, ratio: b.status === 1 ? b.cashout / 100 : 0 })),
    ...(
      await q<{ bank: number; win: number; status: number; multiplier: number }>(
        "SELECT b.bank, b.win, b.status, r.multiplier FROM wheel_bets b JOIN wheel_rounds r ON r.id = b.round_id WHERE b.user_id = ?1 AND b.status IN (1, 2)",
      )
    ).map((b) => ({ stake: b.bank, payout: b.status === 1 ? b.win : 0, won: b.status === 1, ratio: b.status === 1 ? b.multiplier : 0 })),
    ...(
      await q<{ stake: number; winner_id: number; win: number }>(
        "SELECT SUM(b.price) AS stake, r.winner_id, r.win FROM jackpot_bets b JOIN jackpot_rounds r ON r.id = b.round_id WHERE b.user_id = ?1 AND r.status = 'finished' GROUP BY r.id",
      )
    ).map((r) => {
      const won = r.winner_id === userId;
      return { stake: r.stake, payout: won ? r.win : 0, won, ratio: won ? r.win / r.stake : 0 };
    }),
    ...(await q<{ price: number; item_price: number }>("SELECT price, item_price FROM case_opens WHERE user_id = ?1")).map((o) => ({
      stake: o.price,
      payout: o.item_price,
      won: o.item_price > o.price,
      ratio: o.item_price / o.price,
    })),
  ];
  const won = games.filter((g) => g.won);
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    games: games.length,
    won: won.length,
    winrate: games.length ? r2((won.length * 100) / games.length) : 0,
    amount_won: won.reduce((s, g) => s + g.payout, 0) / 100,
    top_win: Math.max(0, ...won.map((g) => g.payout)) / 100,
    top_ratio: r2(Math.max(0, ...won.map((g) => g.ratio))),
  };
}

describe("statistics across the four modes", () => {
  it("equal a recomputation from the raw rows, in getProfile and getUser alike", async () => {
    const player = await makeUser();
    const other = await makeUser();
    const caseRow = await env.DB.prepare("INSERT INTO cases (name, price) VALUES ('Stats case', 500) RETURNING id").first<{ id: number }>();
    const next = rng(42);
    const t = Date.UTC(2026, 5, 1);
    for (let i = 0; i < 40; i++) {
      const at = t + i * 1_000;
      const stake = 50 + next(500);
      switch (next(4)) {
        case 0:
          await crashBet(player.user.id, next(2) === 0, stake, 110 + next(400), at);
          break;
        case 1:
          await wheelBet(player.user.id, next(3) === 0, stake, at);
          break;
        case 2:
          await jackpotRound(player.user.id, other.user.id, next(2) === 0, stake, at);
          break;
        default:
          await caseOpen(player.user.id, caseRow?.id ?? 0, 500, 100 + next(900), at);
      }
    }
    const expected = await recompute(player.user.id);
    expect(expected.games).toBe(40);
    const own = profileAnswer.parse(await (await post("/api/user/getProfile", {}, player.token)).json());
    expect(own.stats).toEqual(expected);
    const seen = getUserAnswer.parse(await (await post("/api/user/getUser", { user_id: player.user.id })).json());
    expect(seen.user.stats).toEqual(expected);
    // nothing private in the public view
    expect(Object.keys(seen.user).sort()).toEqual(["avatar", "crashBets", "id", "jackpotBets", "stats", "username", "wheelBets"]);

    // each game list pages its own typed rows, newest first
    const all = async <T extends { rows: unknown[]; next: unknown }>(path: string, parse: (v: unknown) => T) => {
      const rows: T["rows"] = [];
      let before: unknown;
      for (let i = 0; i < 10; i++) {
        const page = parse(await (await post(path, { user_id: player.user.id, ...(before ? { before } : {}) })).json());
        rows.push(...page.rows);
        if (!page.next) break;
        before = page.next;
      }
      return rows;
    };
    const jackpot = await all("/api/user/history/jackpot", (v) => jackpotHistoryPage.parse(v));
    const wheel = await all("/api/user/history/wheel", (v) => wheelHistoryPage.parse(v));
    const cases = await all("/api/user/history/cases", (v) => caseHistoryPage.parse(v));
    const count = async (sql: string) => (await env.DB.prepare(sql).bind(player.user.id).first<{ n: number }>())?.n;
    expect(jackpot.length).toBe(await count("SELECT COUNT(DISTINCT round_id) AS n FROM jackpot_bets WHERE user_id = ?1"));
    expect(wheel.length).toBe(await count("SELECT COUNT(*) AS n FROM wheel_bets WHERE user_id = ?1"));
    expect(cases.length).toBe(await count("SELECT COUNT(*) AS n FROM case_opens WHERE user_id = ?1"));
    for (const list of [jackpot, wheel, cases]) {
      const dates = list.map((r) => r.created_at);
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    }
    for (const r of jackpot) {
      expect(r.items).toHaveLength(1);
      expect(r.chance).toBeGreaterThan(0);
      if (r.status === "won") expect(r.multiplier).toBeGreaterThan(0);
      else expect(r).toMatchObject({ status: "lost", multiplier: null, win: 0 });
    }
    for (const r of wheel) expect(r.result_colour).toBe("red");
    for (const r of cases) expect(r).toMatchObject({ case_name: "Stats case", price: 5, multiplier: Math.round(r.item.price * 20) / 100 });
  });
});
