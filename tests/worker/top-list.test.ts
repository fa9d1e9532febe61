// The top list (docs/games.md "Top list"): its figures against a recomputation from the raw settled bets
// for each period, a bet on each side of the day and week boundaries, the caller's own place,
// refunds and replays adding nothing, bad queries; and the cost of a request with 100,000 ledger
// rows and as many per-day sums behind it, printed (rows read), never timed.
import { env, exports } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { topAnswer } from "../../shared/api/top";
import { placeBet, refundBet, settleLoss, settleWin, writeRound } from "../../worker/rooms/crash/settlement";
import { ownPlace, topRows } from "../../worker/top/queries";
import { crashRound, giveItem, writeWaitingRound } from "./crash-fixtures";
import { createSession } from "../../worker/auth/sessions";
import { db } from "../../worker/db/client";
import { makeUser } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

const DAY = 86_400_000;
/** Monday 2026-11-30 00:00 UTC, the tests' week start. */
const MONDAY = Date.UTC(2026, 10, 30);

function at(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
}

let roundSeq = 70_000;
/** A crash bet of `price` cents settled at the clock's now: won (`win` cents) or lost. */
async function settledBet(userId: number, price: number, win: number | null) {
  const roundId = ++roundSeq;
  await writeWaitingRound(roundId);
  const itemId = await giveItem(userId, price);
  const betId = crypto.randomUUID();
  expect((await placeBet(env, { betId, roundId, userId, itemIds: [itemId], autoWithdraw: 200, now: Date.now() })).ok).toBe(true);
  await writeRound(env, crashRound(roundId, { status: "running", startedAt: 2 }));
  if (win === null) await settleLoss(env, { betId, userId, now: Date.now() });
  else await settleWin(env, { betId, roundId, userId, cashout: 200, win, winItem: null, now: Date.now() });
  return { betId, roundId };
}

/** A session made at the (moved) clock's now: the ones makeUser made have expired by then. */
async function tokenOf(userId: number): Promise<string> {
  return createSession(db(env), userId, 24);
}

async function top(query: string, token?: string) {
  const res = await exports.default.fetch(`http://x/api/top?${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(res.status).toBe(200);
  return topAnswer.parse(await res.json());
}

/** The figures recomputed from the crash bets themselves (settled_at in [from, ∞), won or lost). */
async function recomputed(userIds: number[], from: number) {
  const rows = await env.DB.prepare(
    `SELECT user_id, SUM(bank) AS wagered, SUM(CASE WHEN status = 1 THEN win ELSE 0 END) AS won FROM crash_bets
      WHERE status IN (1, 2) AND settled_at >= ?1 AND user_id IN (SELECT value FROM json_each(?2)) GROUP BY user_id`,
  )
    .bind(from, JSON.stringify(userIds))
    .all<{ user_id: number; wagered: number; won: number }>();
  return new Map(rows.results.map((r) => [r.user_id, { wagered: r.wagered, net: r.won - r.wagered }]));
}

describe("the figures", () => {
  it("match the raw bets for today, this week and all time, with bets on both sides of the boundaries", async () => {
    const [a, b, c] = [await makeUser(), await makeUser(), await makeUser()];
    at(MONDAY - 1); // Sunday 23:59:59.999: last week, yesterday
    await settledBet(a.user.id, 1_000, 5_000);
    at(MONDAY); // Monday 00:00: this week, yesterday for Tuesday
    await settledBet(b.user.id, 2_000, null);
    at(MONDAY + DAY - 1);
    await settledBet(c.user.id, 300, 900);
    at(MONDAY + DAY); // Tuesday 00:00: today
    await settledBet(a.user.id, 400, null);
    await settledBet(c.user.id, 100, 250);
    const refunded = await settledBetPending(b.user.id, 9_999);
    await refundBet(env, { betId: refunded.betId, roundId: refunded.roundId, userId: b.user.id, value: 0, now: Date.now() });

    const ids = [a.user.id, b.user.id, c.user.id];
    for (const [period, from] of [
      ["today", MONDAY + DAY],
      ["week", MONDAY],
      ["all", 0],
    ] as const) {
      const expected = await recomputed(ids, from);
      for (const metric of ["net", "wagered"] as const) {
        const answer = await top(`period=${period}&metric=${metric}`);
        expect(answer.since).toBe(from);
        const mine = answer.rows.filter((r) => ids.includes(r.user.id));
        expect(mine.length, `${period}/${metric}`).toBe(expected.size);
        for (const r of mine) expect(Math.round(r.value * 100), `${period}/${metric}/${r.user.id}`).toBe(expected.get(r.user.id)![metric]);
        // ordered by the figure
        const values = answer.rows.map((r) => r.value);
        expect(values).toEqual([...values].sort((x, y) => y - x));
      }
    }
    // today: A lost 4.00, C won 1.50 net; B played only on Monday
    const today = await top("period=today&metric=net", await tokenOf(c.user.id));
    expect(today.rows.some((r) => r.user.id === b.user.id)).toBe(false);
    expect(today.me).toMatchObject({ user: { id: c.user.id }, value: 1.5 });
    expect((await top("period=today", await tokenOf(b.user.id))).me).toBeNull();
    expect((await top("period=week&metric=wagered", await tokenOf(b.user.id))).me).toMatchObject({ value: 20 });
  });

  it("the caller's place counts the players ahead, also outside the list", async () => {
    at(MONDAY + 3 * DAY);
    const players = [await makeUser(), await makeUser(), await makeUser()];
    await settledBet(players[0]!.user.id, 100, null);
    await settledBet(players[1]!.user.id, 100, 300);
    await settledBet(players[2]!.user.id, 100, 200);
    const rows = await topRows(env, "today", "net", Date.now());
    const place = (id: number) => rows.find((r) => r.id === id)?.place;
    for (const p of players) expect((await ownPlace(env, p.user.id, "today", "net", Date.now()))?.place).toBe(place(p.user.id));
    expect(place(players[1]!.user.id)! < place(players[2]!.user.id)!).toBe(true);
  });

  it("bad queries answer 400 app_api.invalid_request", async () => {
    for (const q of ["period=year", "metric=profit", "period=today&extra=1", "period=", "period=TODAY"]) {
      const res = await exports.default.fetch(`http://x/api/top?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("app_api.invalid_request");
    }
  });
});

/** A crash bet placed and left pending (to refund). */
async function settledBetPending(userId: number, price: number) {
  const roundId = ++roundSeq;
  await writeWaitingRound(roundId);
  const itemId = await giveItem(userId, price);
  const betId = crypto.randomUUID();
  expect((await placeBet(env, { betId, roundId, userId, itemIds: [itemId], autoWithdraw: 200, now: Date.now() })).ok).toBe(true);
  return { betId, roundId };
}

describe("cost", () => {
  it("with 100,000 ledger rows and 100,000 per-day sums, a request reads the list's rows, not the history (printed)", async () => {
    at(MONDAY + 10 * DAY);
    const today = Math.floor(Date.now() / DAY);
    const { user } = await makeUser();
    // 2,000 players × 50 days of sums, and a ledger of 100,000 rows behind them
    const before = (await env.DB.prepare("SELECT MAX(id) AS id FROM users").first<{ id: number }>())!.id;
    const inserted = await env.DB.prepare(
      `INSERT INTO users (username) SELECT 'bulk_' || i FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) SELECT i FROM n)`,
    ).run();
    expect(inserted.meta.changes).toBe(2000);
    const first = before + 1;
    await env.DB.prepare(
      `INSERT INTO player_days (user_id, day, wagered, won)
       SELECT ?1 + (i % 2000), ?2 - (i / 2000), 100 + (i * 7919) % 5000, (i * 104729) % 9000
         FROM (WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999) SELECT i FROM n)`,
    )
      .bind(first, today)
      .run();
    await env.DB.prepare(
      `INSERT INTO player_totals (user_id, wagered, won) SELECT user_id, SUM(wagered), SUM(won) FROM player_days WHERE user_id >= ?1 AND user_id < ?1 + 2000 GROUP BY user_id`,
    )
      .bind(first)
      .run();
    await env.DB.prepare(
      `INSERT INTO ledger (user_id, account, delta, balance_after, kind, reference, idempotency_key, created_at)
       SELECT NULL, 'bench', 0, 0, 'adjustment', NULL, 'top-bench:' || ?1 || ':' || i, 0
         FROM (WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999) SELECT i FROM n)`,
    )
      .bind(user.id)
      .run();
    const reads: string[] = [];
    for (const period of ["today", "week", "all"] as const) {
      for (const metric of ["net", "wagered"] as const) {
        const now = Date.now();
        const list = await rowsRead(() => topRows(env, period, metric, now));
        const own = await rowsRead(() => ownPlace(env, first + 1234, period, metric, now));
        reads.push(`${period}/${metric}: list ${list} rows, own place ${own} rows`);
        // all time never touches the per-day history; a period reads its own days only
        if (period === "all") expect(list).toBeLessThan(1_000);
        expect(list).toBeLessThan(100_000);
      }
    }
    console.log(`[top list cost, 100,000 ledger rows + 100,000 day sums + 2,000 players]\n  ${reads.join("\n  ")}`);
  });
});

/** The rows D1 read for the statements `run` prepared (D1's meta.rows_read), by replaying them. */
async function rowsRead(run: () => Promise<unknown>): Promise<number> {
  const seen: { sql: string; params: unknown[] }[] = [];
  const original = env.DB.prepare.bind(env.DB);
  const spy = vi.spyOn(env.DB, "prepare").mockImplementation((q: string) => {
    const stmt = original(q);
    const bind = stmt.bind.bind(stmt);
    stmt.bind = (...params: unknown[]) => {
      seen.push({ sql: q, params });
      return bind(...params);
    };
    return stmt;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  let total = 0;
  for (const s of seen)
    total +=
      (
        await env.DB.prepare(s.sql)
          .bind(...s.params)
          .all()
      ).meta.rows_read ?? 0;
  return total;
}
