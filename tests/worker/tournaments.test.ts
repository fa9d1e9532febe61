// Tournaments (docs/games.md "Tournaments"): the conditions each as a case; the join; points per mode
// written by the settlement batches (a crash win and loss, a refund, a bet placed before joining, a
// case opening, a jackpot round); the ranking and its ties; the payout at the end exactly once
// with the books balanced; the next tournament from the template (or none); the live frame; bad
// bodies on every route.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { conditionsAnswer, getAnswer } from "../../shared/api/tournaments";
import type { HubServerFrame } from "../../shared/rooms/hub";
import { reconcile } from "../../worker/books/reconcile";
import { batch } from "../../worker/db/sql";
import { placeBet, refundBet, settleLoss, settleWin, writeRound } from "../../worker/rooms/crash/settlement";
import type { TournamentRoom } from "../../worker/rooms/tournament/TournamentRoom";
import { tournamentRoom } from "../../worker/rooms/tournament/stub";
import { jackpotRoundPoints } from "../../worker/tournaments/points";
import { makeCase, openCase } from "./cases-fixtures";
import { crashRound, giveItem, writeWaitingRound } from "./crash-fixtures";
import { bindHub, connectHub, type FrameIn, makeUser as makeHubUser } from "./hub-client";
import { advanceClock } from "./room-clock";
import { balanceOf, deposit, makeUser, post } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

const room = () => tournamentRoom(env);
const TEMPLATE = {
  enabled: true,
  name_ru: "Турнир",
  name_en: "Tournament",
  description_ru: "Ставьте и поднимайтесь",
  description_en: "Bet and climb",
  duration_ms: 60_000,
  prizes: [10, 5, 3, 2, 1],
  min_payment: 5,
};
let admin: { token: string };

/** Ends any running tournament (no payout) and starts a fresh one from `template`. */
async function freshTournament(template: Record<string, unknown> = {}): Promise<number> {
  await env.DB.prepare("UPDATE tournaments SET status = 'finished', finished_at = 0, winners = '[]' WHERE status = 'open'").run();
  const res = await post("/api/admin/tournaments/save-template", { ...TEMPLATE, ...template, start_now: true }, admin.token);
  expect(res.status, await res.clone().text()).toBe(200);
  const row = await env.DB.prepare("SELECT id FROM tournaments WHERE status = 'open'").first<{ id: number }>();
  return row!.id;
}

async function joined(id: number) {
  const p = await makeUser();
  await deposit(p.user.id, 500);
  const res = await post("/api/tournaments/setActive", { id }, p.token);
  expect(res.status).toBe(200);
  return p;
}

const points = async (id: number, userId: number) =>
  (await env.DB.prepare("SELECT points FROM tournament_participants WHERE tournament_id = ?1 AND user_id = ?2").bind(id, userId).first<{ points: number }>())
    ?.points ?? null;
const conditions = async (token: string) =>
  conditionsAnswer.parse(
    await (await exports.default.fetch("http://x/api/tournaments/get-conditions", { headers: { Authorization: `Bearer ${token}` } })).json(),
  );

let roundSeq = 90_000;
/** A crash bet of `price` cents on a running round, placed now. */
async function crashBet(userId: number, price: number) {
  const roundId = ++roundSeq;
  await writeWaitingRound(roundId);
  const itemId = await giveItem(userId, price);
  const betId = crypto.randomUUID();
  const placed = await placeBet(env, { betId, roundId, userId, itemIds: [itemId], autoWithdraw: 200, now: Date.now() });
  expect(placed.ok).toBe(true);
  await writeRound(env, crashRound(roundId, { status: "running", startedAt: 2 }));
  return { betId, roundId };
}

beforeEach(async () => {
  admin = await makeUser({ isAdmin: true });
});

describe("conditions and joining", () => {
  it("min_payment: deposits before the start do not count, made during it do; off at 0; member", async () => {
    const p = await makeUser();
    await deposit(p.user.id, 10_000);
    advanceClock(1_000);
    const id = await freshTournament();
    let c = await conditions(p.token);
    expect(c).toEqual({
      tournament_id: id,
      conditions: {
        member: { is_active: true, is_completed: false, required: 1, total: 0 },
        min_payment: { is_active: true, is_completed: false, required: 5, total: 0 },
      },
    });
    const refused = await post("/api/tournaments/setActive", { id }, p.token);
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([403, "tournament_api.min_payment"]);
    await deposit(p.user.id, 499);
    expect((await conditions(p.token)).conditions.min_payment).toEqual({ is_active: true, is_completed: false, required: 5, total: 4.99 });
    await deposit(p.user.id, 1);
    expect((await post("/api/tournaments/setActive", { id }, p.token)).status).toBe(200);
    c = await conditions(p.token);
    expect(c.conditions).toEqual({
      member: { is_active: true, is_completed: true, required: 1, total: 1 },
      min_payment: { is_active: true, is_completed: true, required: 5, total: 5 },
    });
    await freshTournament({ min_payment: 0 });
    expect((await conditions((await makeUser()).token)).conditions.min_payment).toMatchObject({ is_active: false, is_completed: true });
  });

  it("joining twice is one participation; another id 404; a visitor 401; bad bodies 400 and nothing written", async () => {
    const id = await freshTournament({ min_payment: 0 });
    const p = await makeUser();
    const first = await post("/api/tournaments/setActive", { id }, p.token);
    expect(await first.json()).toEqual({ success: true, message: "tournament_api.joined", members: 1 });
    // §7 sends no input: the running tournament
    const again = await post("/api/tournaments/setActive", {}, p.token);
    expect(await again.json()).toEqual({ success: true, message: "tournament_api.joined", members: 1 });
    expect((await post("/api/tournaments/setActive", { id: id + 100 }, p.token)).status).toBe(404);
    expect((await post("/api/tournaments/setActive", { id })).status).toBe(401);
    const q = await makeUser();
    for (const body of [{ id: "x" }, { id: -1 }, { id: 2.5 }, { id, more: 1 }, [id]]) {
      const res = await post("/api/tournaments/setActive", body, q.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("app_api.invalid_request");
    }
    for (const body of [{ page: 0 }, { page: "abc" }, { lang: "de" }, { page: 1, x: 1 }]) {
      expect((await post("/api/tournaments/get", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await points(id, q.user.id)).toBeNull();
  });
});

describe("points", () => {
  it("crash: a win and a loss add their banks; a refund adds none; a bet placed before joining adds none", async () => {
    const id = await freshTournament({ min_payment: 0 });
    const p = await makeUser();
    const early = await crashBet(p.user.id, 700);
    advanceClock(10);
    await post("/api/tournaments/setActive", { id }, p.token);
    advanceClock(10);
    await settleLoss(env, { betId: early.betId, userId: p.user.id, now: Date.now() });
    expect(await points(id, p.user.id)).toBe(0);
    const lost = await crashBet(p.user.id, 250);
    await settleLoss(env, { betId: lost.betId, userId: p.user.id, now: Date.now() });
    expect(await points(id, p.user.id)).toBe(250);
    const won = await crashBet(p.user.id, 400);
    await settleWin(env, { betId: won.betId, roundId: won.roundId, userId: p.user.id, cashout: 150, win: 600, winItem: null, now: Date.now() });
    expect(await points(id, p.user.id)).toBe(650);
    const refunded = await crashBet(p.user.id, 999);
    await refundBet(env, { betId: refunded.betId, roundId: refunded.roundId, userId: p.user.id, value: 0, now: Date.now() });
    expect(await points(id, p.user.id)).toBe(650);
    // a replayed settlement adds nothing
    await settleLoss(env, { betId: lost.betId, userId: p.user.id, now: Date.now() });
    expect(await points(id, p.user.id)).toBe(650);
  });

  it("a case opening adds its price; a player not in the tournament gets none", async () => {
    const id = await freshTournament({ min_payment: 0 });
    const kase = await makeCase(150);
    const p = await makeUser();
    await post("/api/tournaments/setActive", { id }, p.token);
    await deposit(p.user.id, 300);
    expect((await openCase(p.token, kase.id)).status).toBe(200);
    expect(await points(id, p.user.id)).toBe(150);
    const outsider = await makeUser();
    await deposit(outsider.user.id, 300);
    expect((await openCase(outsider.token, kase.id)).status).toBe(200);
    expect(await points(id, outsider.user.id)).toBeNull();
  });

  it("a jackpot round: each participant's bets of it placed after joining", async () => {
    const id = await freshTournament({ min_payment: 0 });
    const a = await makeUser();
    const b = await makeUser();
    const roundId = 900_000 + Math.floor(Math.random() * 90_000);
    await env.DB.prepare("INSERT INTO jackpot_rounds (id, level, chain_index, public_hash, day_of_month, status) VALUES (?1, 'low', ?1, 'p', 1, 'drawn')")
      .bind(roundId)
      .run();
    const betAt = async (user: number, seq: number, price: number) =>
      env.DB.prepare("INSERT INTO jackpot_bets (id, round_id, seq, user_id, price, ticket_from, ticket_to, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?5, ?6)")
        .bind(crypto.randomUUID(), roundId, seq, user, price, Date.now())
        .run();
    await betAt(a.user.id, 1, 300); // before joining
    advanceClock(10);
    await post("/api/tournaments/setActive", { id }, a.token);
    await post("/api/tournaments/setActive", { id }, b.token);
    advanceClock(10);
    await betAt(a.user.id, 2, 200);
    await betAt(b.user.id, 3, 500);
    await batch(env.DB, [jackpotRoundPoints(roundId, Date.now())]);
    expect(await points(id, a.user.id)).toBe(200);
    expect(await points(id, b.user.id)).toBe(500);
    // the hand-made round has no stakes behind it: it leaves the books as it found them
    await env.DB.batch([
      env.DB.prepare("DELETE FROM jackpot_bets WHERE round_id = ?1").bind(roundId),
      env.DB.prepare("DELETE FROM jackpot_rounds WHERE id = ?1").bind(roundId),
    ]);
  });
});

/** Sets the players' points directly, each reaching them at the given time order. */
async function seedPoints(id: number, rows: { userId: number; points: number; at: number }[]) {
  for (const r of rows)
    await env.DB.prepare("UPDATE tournament_participants SET points = ?1, reached_at = ?2 WHERE tournament_id = ?3 AND user_id = ?4")
      .bind(r.points, r.at, id, r.userId)
      .run();
}

describe("the table and the payout", () => {
  it("ranks by points, ties by who reached them first; the caller's own row outside the page", async () => {
    const id = await freshTournament({ min_payment: 0 });
    const players = [];
    for (let i = 0; i < 23; i++) players.push(await joined(id));
    await seedPoints(
      id,
      players.map((p, i) => ({ userId: p.user.id, points: i === 22 ? 1 : 1_000 - (i % 3) * 100, at: 1_000 + (22 - i) })),
    );
    const answer = getAnswer.parse(await (await post("/api/tournaments/get", { page: 1, lang: "en" }, players[22]!.token)).json());
    expect(answer.tournament).toMatchObject({ id, name: "Tournament", status: 0, prize_1: 10, prize_5: 1, members: 23 });
    expect(answer.users).toHaveLength(20);
    expect(answer.has_more).toBe(true);
    // 1000-point players: i = 0, 3, 6, …, 21; the later index reached its points first (smaller at)
    expect(answer.users[0]!.user.id).toBe(players[21]!.user.id);
    expect(answer.users[1]!.user.id).toBe(players[18]!.user.id);
    expect(answer.users.map((u) => u.place)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(answer.me).toMatchObject({ place: 23, points: 1, user: { id: players[22]!.user.id } });
    const page2 = getAnswer.parse(await (await post("/api/tournaments/get", { page: 2 })).json());
    expect(page2.users.map((u) => u.place)).toEqual([21, 22, 23]);
    expect(page2.me).toBeNull();
    expect(page2.tournament!.name).toBe("Турнир");
  });

  it("at the end places 1–5 are paid once (a doubled alarm, a touch), 0 points win nothing, the books balance, the next starts", async () => {
    const id = await freshTournament({ min_payment: 0 });
    const players = [];
    for (let i = 0; i < 7; i++) players.push(await joined(id));
    await seedPoints(
      id,
      players.map((p, i) => ({ userId: p.user.id, points: i === 6 ? 0 : 100 * (i + 1), at: 1_000 + i })),
    );
    const before = await Promise.all(players.map((p) => balanceOf(p.user.id)));
    const end = (await env.DB.prepare("SELECT ends_at FROM tournaments WHERE id = ?1").bind(id).first<{ ends_at: number }>())!.ends_at;
    advanceClock(end - Date.now() + 1);
    await runInDurableObject(room(), async (instance: TournamentRoom) => {
      await Promise.all([instance.alarm(), instance.alarm(), instance.touch()]);
    });
    await runDurableObjectAlarm(room());
    await room().touch();
    const after = await Promise.all(players.map((p) => balanceOf(p.user.id)));
    const gained = after.map((b, i) => b - before[i]!);
    // points 100…600 for i = 0…5: place 1 is i = 5
    expect(gained).toEqual([0, 100, 200, 300, 500, 1_000, 0]);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger WHERE reference = ?1 AND account = 'user'")
      .bind(`tournament:${id}`)
      .first<{ n: number }>();
    expect(rows!.n).toBe(5);
    const bells = await env.DB.prepare("SELECT COUNT(*) AS n FROM notifications WHERE name = 'tournament_prize' AND user_id = ?1")
      .bind(players[5]!.user.id)
      .first<{ n: number }>();
    expect(bells!.n).toBe(1);
    const books = await reconcile(env);
    expect(books, JSON.stringify(books)).toMatchObject({ ok: true });
    const answer = getAnswer.parse(await (await post("/api/tournaments/get", {})).json());
    expect(answer.tournament).toMatchObject({ status: 0 });
    expect(answer.tournament!.id).toBeGreaterThan(id);
    expect(answer.history[0]).toMatchObject({
      id,
      status: 1,
      winners: [{ place: 1, user: { id: players[5]!.user.id }, prize: 10 }, { place: 2 }, { place: 3 }, { place: 4 }, { place: 5 }],
    });
  });

  it("fewer participants: fewer prizes, the rest stays with the house; the template off: none follows", async () => {
    const id = await freshTournament({ min_payment: 0, enabled: false });
    const [a, b] = [await joined(id), await joined(id)];
    await seedPoints(id, [
      { userId: a.user.id, points: 50, at: 1 },
      { userId: b.user.id, points: 50, at: 2 },
    ]);
    const before = [await balanceOf(a.user.id), await balanceOf(b.user.id)];
    advanceClock(61_000);
    await runDurableObjectAlarm(room());
    expect((await balanceOf(a.user.id)) - before[0]!).toBe(1_000);
    expect((await balanceOf(b.user.id)) - before[1]!).toBe(500);
    expect(await env.DB.prepare("SELECT id FROM tournaments WHERE status = 'open'").first()).toBeNull();
  });

  it("the table goes live over the hub: a frame after a join", async () => {
    const id = await freshTournament({ min_payment: 0 });
    const watcher = await connectHub();
    await bindHub(watcher, await makeHubUser());
    const p = await joined(id);
    await room().touch();
    type Frame = FrameIn<HubServerFrame, "tournament">;
    const frame = await watcher.waitFor((f: HubServerFrame): f is Frame => f.event === "tournament" && f.data.members === 1, "the table");
    expect(frame.data.users[0]!.user.id).toBe(p.user.id);
    watcher.close();
  });
});

describe("staff", () => {
  it("the template: a player is 403, a visitor 401; bad bodies 400 and nothing saved", async () => {
    const player = await makeUser();
    expect((await post("/api/admin/tournaments/save-template", TEMPLATE, player.token)).status).toBe(403);
    expect((await post("/api/admin/tournaments/save-template", TEMPLATE)).status).toBe(401);
    const saved = await env.DB.prepare("SELECT updated_at FROM tournament_template WHERE id = 1").first<{ updated_at: number }>();
    for (const body of [
      { ...TEMPLATE, prizes: [1, 2, 3, 4] },
      { ...TEMPLATE, prizes: [1, 2, 3, 4, -5] },
      { ...TEMPLATE, duration_ms: 5 },
      { ...TEMPLATE, name_ru: "" },
      { ...TEMPLATE, min_payment: "lots" },
      { ...TEMPLATE, enabled: "yes" },
    ]) {
      const res = await post("/api/admin/tournaments/save-template", body, admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const after = await env.DB.prepare("SELECT updated_at FROM tournament_template WHERE id = 1").first<{ updated_at: number }>();
    expect(after).toEqual(saved);
    const read = await post("/api/admin/tournaments/template", {}, admin.token);
    expect(read.status).toBe(200);
  });
});
