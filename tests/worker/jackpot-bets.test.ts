// Jackpot bets through POST /api/jackpot/setBet: every rule answers a 4xx with its key and writes
// nothing; one item can never be in two bets, even raced into two rooms at once; bad frames and
// bad sockets are refused; a single player's round returns his items when it times out.
import { env, exports } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { count, giveItem, itemRow } from "./crash-fixtures";
import { allBets, connectJackpot, fireAt, jackpotRoundRow, setBet } from "./jackpot-client";
import { makeUser, post } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

const betsCount = () => count("SELECT COUNT(*) AS n FROM jackpot_bets");

describe("jackpot bets", () => {
  it("refuses bad bodies and broken rules with a key, writing nothing", async () => {
    const { user, token } = await makeUser();
    const cheap = await giveItem(user.id, 5);
    const ok = await giveItem(user.id, 2_000);
    const other = await makeUser();
    const theirs = await giveItem(other.user.id, 2_000);
    const before = await betsCount();
    const cases: [unknown, number, string][] = [
      [{ level: "medium", items: [] }, 400, "jackpot_api.no_items"],
      [{ level: "medium", items: Array.from({ length: 101 }, (_, i) => i + 1) }, 400, "jackpot_api.too_many_items"],
      [{ level: "medium", items: [ok, ok] }, 400, "app_api.invalid_request"],
      [{ level: "huge", items: [ok] }, 400, "app_api.invalid_request"],
      [{ level: "medium", items: [1.5] }, 400, "app_api.invalid_request"],
      [{ level: "medium", items: ["1e2"] }, 400, "app_api.invalid_request"],
      [{ level: null, items: [ok] }, 400, "app_api.invalid_request"],
      [{ level: "medium", items: Array.from({ length: 16 }, (_, i) => i + 1) }, 400, "jackpot_api.too_many_items"],
      [{ level: "medium", items: [theirs] }, 400, "jackpot_api.skins_not_found"],
      [{ level: "medium", items: [999_999_999] }, 400, "jackpot_api.skins_not_found"],
      [{ level: "medium", items: [cheap] }, 400, "jackpot_api.too_small"],
    ];
    for (const [body, status, message] of cases) {
      const res = await post("/api/jackpot/setBet", body, token);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await res.json(), JSON.stringify(body)).toMatchObject({ status: "error", message });
    }
    const visitor = await post("/api/jackpot/setBet", { level: "medium", items: [ok] });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ message: "jackpot_api.unauthorized" });
    expect(await betsCount()).toBe(before);
    for (const id of [cheap, ok, theirs]) expect((await itemRow(id))?.status).toBe("available");
  });

  it("one item raced into two bets (two rooms at once): exactly one wins", async () => {
    const { user, token } = await makeUser();
    const item = await giveItem(user.id, 5_000);
    const [a, b] = await Promise.all([setBet(token, "low", [item]), setBet(token, "medium", [item])]);
    const won = [a, b].filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect([a, b].find((r) => r.status !== 200)?.body.message).toBe("jackpot_api.skins_not_found");
    expect(await count("SELECT COUNT(*) AS n FROM jackpot_bet_items WHERE item_id = ?1", item)).toBe(1);
    expect((await itemRow(item))?.status).toBe("in_bet");
    // the same item again in the same room
    expect((await setBet(token, a.status === 200 ? "low" : "medium", [item])).body.message).toBe("jackpot_api.skins_not_found");
  });

  it("bets sent at once are numbered in D1's commit order: contiguous ranges, the state as D1 holds them", async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => makeUser()));
    const items = await Promise.all(people.map((p, i) => giveItem(p.user.id, 100 + i)));
    const answers = await Promise.all(people.map((p, i) => setBet(p.token, "low", [items[i]])));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    // the whole list (the board's "Show all"), in bet order
    const state = await allBets("low");
    const mine = new Set(answers.map((a) => (a.body.bet as { id: string }).id));
    const ours = state.bets.filter((b) => mine.has(b.id));
    expect(ours).toHaveLength(8);
    // every range starts where the previous one ended, whatever the order the answers came back in
    for (let i = 1; i < state.bets.length; i++) expect(state.bets[i]!.from).toBe(state.bets[i - 1]!.to + 1);
    const d1 = await env.DB.prepare('SELECT id, ticket_from AS "from", ticket_to AS "to" FROM jackpot_bets WHERE round_id = ?1 ORDER BY seq')
      .bind(state.roundId)
      .all<{ id: string; from: number; to: number }>();
    expect(d1.results.map((b) => [b.id, b.from, b.to])).toEqual(state.bets.map((b) => [b.id, b.from, b.to]));
  });

  it("bets sent together share D1 batches; one refused among them gets its key, the others land", async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => makeUser()));
    // low's minimum is $0.10: the sixth player's $0.05 item is refused
    const items = await Promise.all(people.map((p, i) => giveItem(p.user.id, i === 5 ? 5 : 200 + i)));
    const answers = await Promise.all(people.map((p, i) => setBet(p.token, "low", [items[i]])));
    expect(answers.map((a) => a.status)).toEqual(people.map((_, i) => (i === 5 ? 400 : 200)));
    expect(answers[5]!.body.message).toBe("jackpot_api.too_small");
    expect((await itemRow(items[5]!))?.status).toBe("available");
    const state = await allBets("low");
    for (let i = 1; i < state.bets.length; i++) expect(state.bets[i]!.from).toBe(state.bets[i - 1]!.to + 1);
    const landed = new Set(state.bets.map((b) => b.id));
    for (const a of answers.filter((x) => x.status === 200)) expect(landed.has((a.body.bet as { id: string }).id)).toBe(true);
  });

  it("keeps a player under the per-player item limit", async () => {
    const { user, token } = await makeUser();
    // medium: 15 per bet, 30 per player in a round
    const items = await Promise.all(Array.from({ length: 31 }, () => giveItem(user.id, 100)));
    expect((await setBet(token, "medium", items.slice(0, 15))).status).toBe(200);
    expect((await setBet(token, "medium", items.slice(15, 30))).status).toBe(200);
    expect((await setBet(token, "medium", items.slice(30))).body.message).toBe("jackpot_api.too_many_items_player");
  });

  it("refuses unknown frames and a socket without a level", async () => {
    const noLevel = await exports.default.fetch("http://x/ws/jackpot", { headers: { Upgrade: "websocket" } });
    expect(noLevel.status).toBe(400);
    const bad = await exports.default.fetch("http://x/ws/jackpot?level=huge", { headers: { Upgrade: "websocket" } });
    expect(bad.status).toBe(400);
    const c = await connectJackpot("low");
    c.send({ event: "setBet", data: { items: [1] } });
    c.send("not json");
    const errors = await c.next("error", () => true, 1);
    expect(errors.data.message).toBe("app_api.invalid_request");
    expect(c.all("error")).toHaveLength(2);
    c.close();
  });

  it("returns a single player's items when the round times out (no draw, no commission)", async () => {
    const { user, token } = await makeUser();
    const item = await giveItem(user.id, 3_000);
    const watcher = await connectJackpot("high");
    const roundId = watcher.all("jackpotInit")[0]!.data.state.roundId;
    const state = watcher.all("jackpotInit")[0]!.data.state;
    expect(state.bets).toEqual([]); // no other test of this file bets on the high room
    expect((await setBet(token, "high", [item])).status).toBe(200);
    const frame = await watcher.next("jackpotBoard");
    await fireAt("high", frame.data.soloEndsAt!);
    const next = await watcher.next("newGameJackpot");
    expect(next.data.finished).toMatchObject({ id: roundId, status: "refunded", winner: null, secret: null });
    await vi.waitFor(async () => expect((await jackpotRoundRow(roundId))?.status).toBe("refunded"));
    expect(await itemRow(item)).toMatchObject({ owner_id: user.id, status: "available" });
    expect(await reconcile(env)).toMatchObject({ ok: true, jackpotMismatches: 0 });
    watcher.close();
  });
});
