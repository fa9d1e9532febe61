// Staff cancel the running tournament (docs/games.md "Tournaments"): status canceled, no prize
// paid, every participant's bell, the audit row (before/after) — one batch under the status guard,
// so a second cancel or a cancel racing the payout takes effect once and the books stay balanced;
// the players' page shows it canceled and the next one may start from the template. And the
// console's past tournaments and giveaways, page by page.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { adminPastGiveawaysAnswer } from "../../shared/api/giveaways";
import { adminPastAnswer, cancelTournamentAnswer, getAnswer } from "../../shared/api/tournaments";
import { CONSOLE } from "../../shared/constants";
import { reconcile } from "../../worker/books/reconcile";
import { cancelTournament, finishTournament } from "../../worker/tournaments/batches";
import { openTournament, type TournamentRow, topPlaces } from "../../worker/tournaments/queries";
import { catalogueItem, houseUnits, racingDb, tag } from "./store-fixtures";
import { balanceOf, deposit, makeUser, post } from "./user-fixtures";

const TEMPLATE = {
  enabled: false,
  name_ru: "Турнир",
  name_en: "Tournament",
  description_ru: "",
  description_en: "",
  duration_ms: 3_600_000,
  prizes: [10, 5, 3, 2, 1],
  min_payment: 0,
};
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeEach(async () => {
  admin = await makeUser({ isAdmin: true });
});

/** Ends any running tournament (no payout) and starts a fresh one from the template; its id. */
async function freshTournament(): Promise<number> {
  await env.DB.prepare("UPDATE tournaments SET status = 'finished', finished_at = 0, winners = '[]' WHERE status = 'open'").run();
  const res = await post("/api/admin/tournaments/save-template", { ...TEMPLATE, start_now: true }, admin.token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await env.DB.prepare("SELECT id FROM tournaments WHERE status = 'open'").first<{ id: number }>())!.id;
}

/** A player in tournament `id` with `points`. */
async function participant(id: number, points: number) {
  const p = await makeUser();
  await deposit(p.user.id, 500);
  expect((await post("/api/tournaments/setActive", { id }, p.token)).status).toBe(200);
  await env.DB.prepare("UPDATE tournament_participants SET points = ?1 WHERE tournament_id = ?2 AND user_id = ?3").bind(points, id, p.user.id).run();
  return p;
}

const tournament = (id: number) => env.DB.prepare("SELECT * FROM tournaments WHERE id = ?1").bind(id).first<TournamentRow>();
const prizeRows = async (id: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger WHERE reference = ?1").bind(`tournament:${id}`).first<{ n: number }>())!.n;
const bells = async (userId: number, name: string) =>
  (await env.DB.prepare("SELECT content FROM notifications WHERE user_id = ?1 AND name = ?2").bind(userId, name).all<{ content: string }>()).results.map(
    (r) => r.content,
  );
const audits = async (actorId: number) =>
  (
    await env.DB.prepare("SELECT action, details, before, after FROM audit_log WHERE actor_id = ?1 AND action = 'tournament.cancel' ORDER BY id")
      .bind(actorId)
      .all<{ action: string; details: string; before: string; after: string }>()
  ).results;

describe("POST /api/admin/tournaments/cancel", () => {
  it("cancels the running tournament: status canceled, nothing paid, the participants' bells, audit before/after; the page shows it canceled", async () => {
    const id = await freshTournament();
    const players = [await participant(id, 300), await participant(id, 100)];
    const balances = await Promise.all(players.map((p) => balanceOf(p.user.id)));
    const res = await post("/api/admin/tournaments/cancel", { reason: "  prize budget changed  " }, admin.token);
    expect(res.status).toBe(200);
    const answer = cancelTournamentAnswer.parse(await res.json());
    expect(answer).toMatchObject({ message: "tournament_api.canceled", tournament: { id, status: 2 } });
    expect(await tournament(id)).toMatchObject({ status: "canceled", winners: "[]" });
    expect(await prizeRows(id)).toBe(0);
    expect(await Promise.all(players.map((p) => balanceOf(p.user.id)))).toEqual(balances);
    for (const p of players) expect(await bells(p.user.id, "tournament_canceled")).toEqual([`#${id} · prize budget changed`]);

    const [audit, ...more] = await audits(admin.user.id);
    expect(more).toEqual([]);
    expect(JSON.parse(audit!.details)).toMatchObject({ tournament_id: id, reason: "prize budget changed", members: 2 });
    expect(JSON.parse(audit!.before)).toMatchObject({ status: "open", finished_at: null, members: 2 });
    expect(JSON.parse(audit!.after)).toMatchObject({ status: "canceled", winners: "[]", members: 2 });
    expect(JSON.parse(audit!.after).finished_at).toBeGreaterThan(0);

    // the players' page: no running one, the canceled one on top (status 2), no winners
    const page = getAnswer.parse(await (await post("/api/tournaments/get", {})).json());
    expect(page.tournament).toMatchObject({ id, status: 2 });
    expect(page.history[0]).toMatchObject({ id, status: 2, winners: [] });
    // joining it is refused; the next one starts from the template
    expect((await post("/api/tournaments/setActive", { id }, players[0]!.token)).status).toBe(404);
    const next = await post("/api/admin/tournaments/save-template", { ...TEMPLATE, start_now: true }, admin.token);
    expect(((await next.json()) as { running: { id: number } | null }).running?.id).toBeGreaterThan(id);
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("a second cancel, or one with nothing running, is refused (tournament_api.none_running) and writes nothing", async () => {
    const id = await freshTournament();
    await participant(id, 10);
    expect((await post("/api/admin/tournaments/cancel", { reason: "first" }, admin.token)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await post("/api/admin/tournaments/cancel", { reason: "again" }, admin.token);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ message: "tournament_api.none_running" });
    }
    expect(await audits(admin.user.id)).toHaveLength(1);
  });

  it("racing the payout: whichever batch lands first takes effect, the other does nothing; the books balance", async () => {
    for (const first of ["payout", "cancel"] as const) {
      const id = await freshTournament();
      const winner = await participant(id, 500);
      const before = await balanceOf(winner.user.id);
      const row = (await openTournament(env))!;
      const top = await topPlaces(env, id, 5);
      const pay = (db: D1Database) => finishTournament({ DB: db }, row, top, null, Date.now());
      const cancel = (db: D1Database) => cancelTournament({ DB: db }, "race", admin.user.id, Date.now());
      if (first === "payout") {
        // the payout lands between the cancel's read and its batch
        const lost = await cancel(racingDb(() => pay(env.DB), 1));
        expect(lost).toEqual({ ok: false, key: "tournament_api.none_running" });
        expect(await tournament(id)).toMatchObject({ status: "finished" });
        expect(await balanceOf(winner.user.id)).toBe(before + 1_000);
        expect(await bells(winner.user.id, "tournament_canceled")).toEqual([]);
      } else {
        const lost = await pay(racingDb(() => cancel(env.DB), 1));
        expect(lost).toEqual({ done: "replay" });
        expect(await tournament(id)).toMatchObject({ status: "canceled" });
        expect(await balanceOf(winner.user.id)).toBe(before);
        expect(await prizeRows(id)).toBe(0);
        expect(await bells(winner.user.id, "tournament_canceled")).toHaveLength(1);
      }
      const books = await reconcile(env);
      expect(books, JSON.stringify(books)).toMatchObject({ ok: true });
    }
  });

  it("the room never pays a canceled tournament when its end passes", async () => {
    const id = await freshTournament();
    const p = await participant(id, 50);
    const before = await balanceOf(p.user.id);
    expect((await post("/api/admin/tournaments/cancel", { reason: "stop" }, admin.token)).status).toBe(200);
    await env.DB.prepare("UPDATE tournaments SET ends_at = 1 WHERE id = ?1").bind(id).run();
    const { tournamentRoom } = await import("../../worker/rooms/tournament/stub");
    await tournamentRoom(env).touch();
    expect(await tournament(id)).toMatchObject({ status: "canceled" });
    expect(await balanceOf(p.user.id)).toBe(before);
    expect(await prizeRows(id)).toBe(0);
  });

  it("answers 403 to a player and a moderator, 400 to a bad reason, and writes nothing", async () => {
    const id = await freshTournament();
    for (const caller of [await makeUser(), await makeUser({ isModerator: true })]) {
      for (const path of ["/api/admin/tournaments/cancel", "/api/admin/tournaments/past", "/api/admin/giveaways/past"]) {
        const res = await post(path, path.endsWith("cancel") ? { reason: "x" } : {}, caller.token);
        expect(res.status, path).toBe(403);
        expect(await res.json()).toMatchObject({ message: "user_api.forbidden" });
      }
      expect(await audits(caller.user.id)).toEqual([]);
    }
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: "x".repeat(201) }, { reason: 5 }, { reason: "x", id }]) {
      expect((await post("/api/admin/tournaments/cancel", body, admin.token)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await tournament(id)).toMatchObject({ status: "open" });
    expect(await audits(admin.user.id)).toEqual([]);
  });
});

describe("the console's past lists", () => {
  it("past tournaments: finished and canceled, newest first, with winners; keyset pages by id", async () => {
    const ids: number[] = [];
    for (let i = 0; i < CONSOLE.pageSize + 2; i++) ids.push(await freshTournament());
    await env.DB.prepare("UPDATE tournaments SET status = 'canceled', winners = '[]' WHERE status = 'open'").run();
    const winner = await makeUser();
    await env.DB.prepare("UPDATE tournaments SET winners = ?1 WHERE id = ?2")
      .bind(JSON.stringify([{ user_id: winner.user.id, place: 1, points: 99, prize: 1_000 }]), ids[0])
      .run();
    const first = adminPastAnswer.parse(await (await post("/api/admin/tournaments/past", {}, admin.token)).json());
    expect(first.tournaments).toHaveLength(CONSOLE.pageSize);
    expect(first.tournaments[0]).toMatchObject({ id: ids.at(-1), status: "canceled", winners: [] });
    expect(first.tournaments.map((t) => t.id)).toEqual([...first.tournaments.map((t) => t.id)].sort((a, b) => b - a));
    expect(first.next).toBe(first.tournaments.at(-1)!.id);
    const rest: number[] = [];
    let cursor: number | null = first.next;
    while (cursor !== null) {
      const page = adminPastAnswer.parse(await (await post("/api/admin/tournaments/past", { cursor }, admin.token)).json());
      rest.push(...page.tournaments.map((t) => t.id));
      cursor = page.next;
    }
    expect(rest.every((id) => id < first.next!)).toBe(true);
    expect(rest).toContain(ids[0]);
    const all = [...first.tournaments.map((t) => t.id), ...rest];
    expect(new Set(all).size).toBe(all.length);
    const paid = adminPastAnswer.parse(await (await post("/api/admin/tournaments/past", { cursor: ids[0]! + 1 }, admin.token)).json()).tournaments[0];
    expect(paid).toMatchObject({ id: ids[0], status: "finished", winners: [{ place: 1, user: { id: winner.user.id }, points: 99, prize: 10 }] });
    for (const cursor of [0, -1, 1.5, "x"]) expect((await post("/api/admin/tournaments/past", { cursor }, admin.token)).status).toBe(400);
  });

  it("past giveaways: drawn and canceled, newest first, with the prize and the winner; keyset pages by id", async () => {
    const cat = await catalogueItem(1_250, `Past ${tag()} | Skin (Field-Tested)`);
    const winner = await makeUser();
    const top = (await env.DB.prepare("SELECT COALESCE(MAX(id), 0) AS m FROM giveaways").first<{ m: number }>())!.m;
    const made: number[] = [];
    for (let i = 1; i <= CONSOLE.pageSize + 3; i++) {
      const [itemId] = await houseUnits(cat, 1, 1_250);
      const id = top + i;
      await env.DB.prepare(
        "INSERT INTO giveaways (id, item_id, catalogue_id, status, public_hash, day_of_month, duration_ms, members, winner_id, ends_at, drawn_at) VALUES (?1, ?2, ?3, ?4, 'ph', 1, 60000, ?5, ?6, 1000, ?7)",
      )
        .bind(id, itemId, cat, i % 2 ? "drawn" : "canceled", i, i % 2 ? winner.user.id : null, 2_000 + i)
        .run();
      made.push(id);
    }
    const first = adminPastGiveawaysAnswer.parse(await (await post("/api/admin/giveaways/past", {}, admin.token)).json());
    expect(first.giveaways).toHaveLength(CONSOLE.pageSize);
    const newest = made.at(-1)!;
    expect(first.giveaways[0]).toMatchObject({ id: newest, status: made.length % 2 ? "drawn" : "canceled", prize: { price: 12.5 } });
    const drawn = first.giveaways.find((g) => g.status === "drawn")!;
    expect(drawn.winner).toMatchObject({ id: winner.user.id });
    expect(first.giveaways.find((g) => g.status === "canceled")!.winner).toBeNull();
    const second = adminPastGiveawaysAnswer.parse(await (await post("/api/admin/giveaways/past", { cursor: first.next }, admin.token)).json());
    expect(second.giveaways.length).toBeGreaterThanOrEqual(3);
    expect(second.giveaways.every((g) => g.id < first.next!)).toBe(true);
    expect(second.giveaways.map((g) => g.id)).toEqual(expect.arrayContaining(made.slice(0, 3)));
  });
});
