// /api/wheel/* and /ws/wheel refusals inside workerd: every bad body or rule answers 4xx with its
// wheel_api.* key and writes nothing; two bets racing for one item: one wins; the round page and
// the history after a round.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { roundHash, wheelSegment } from "../../shared/fairness";
import { segmentAt, wheelRotate } from "../../shared/wheel-layout";
import { giveItem, itemRow } from "./crash-fixtures";
import { makeUser, post } from "./user-fixtures";
import { advanceClock, connectWheel, fireAt, getWheel, setBet } from "./wheel-fixtures";

afterAll(() => vi.useRealTimers());

const betCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM wheel_bets").first<{ n: number }>())!.n;

async function refused(token: string | undefined, body: unknown, status: number, message: string) {
  const before = await betCount();
  const res = await setBet(token, body);
  expect(res.status).toBe(status);
  expect(await res.json()).toMatchObject({ success: false, message });
  expect(await betCount()).toBe(before);
}

describe("setBet refusals", () => {
  it("answers each rule with its key and writes nothing", { timeout: 30_000 }, async () => {
    advanceClock(3_600_000); // the room's real alarms stay far away
    const s = await getWheel();
    expect(s.game.phase).toBe("betting");
    expect(s.layout.segments).toHaveLength(54);
    expect(s.layout.rtp.black).toBeCloseTo(26 / 27, 10);
    expect(s.settings).toMatchObject({ max_colours: 2, max_items: 20, countdown_ms: 4_000 });

    const { user, token } = await makeUser();
    const item = await giveItem(user.id, 500);
    const other = await makeUser();
    const theirs = await giveItem(other.user.id, 500);
    await refused(undefined, { colour: "red", items: [item] }, 401, "wheel_api.unauthorized");
    await refused(token, { items: [item] }, 400, "wheel_api.no_colour");
    await refused(token, { colour: "purple", items: [item] }, 400, "wheel_api.no_colour");
    await refused(token, { colour: "red", items: [] }, 400, "wheel_api.no_items");
    await refused(token, { colour: "red" }, 400, "wheel_api.no_items");
    await refused(token, { colour: "red", items: Array.from({ length: 21 }, (_, i) => i + 1) }, 400, "wheel_api.max_items");
    await refused(token, { colour: "red", items: [theirs] }, 409, "wheel_api.item_not_found");
    await refused(token, { colour: "red", items: [999_999] }, 409, "wheel_api.item_not_found");
    await refused(token, { colour: "red", items: [true] }, 400, "app_api.invalid_request");
    await refused(token, { colour: "red", items: "1" }, 400, "app_api.invalid_request");
    await refused(token, { colour: "red", items: [item, item] }, 400, "app_api.invalid_request");
    const cheap = await giveItem(user.id, 5);
    await refused(token, { colour: "red", items: [cheap] }, 400, "wheel_api.min_bet");
    const dear = await giveItem(user.id, 100_001);
    await refused(token, { colour: "red", items: [dear] }, 400, "wheel_api.max_bet");
    expect(await itemRow(item)).toMatchObject({ status: "available", owner_id: user.id });

    // two colours at most
    expect((await setBet(token, { colour: "red", items: [item] })).status).toBe(200);
    expect((await setBet(token, { colour: "green", items: [await giveItem(user.id, 100)] })).status).toBe(200);
    expect((await setBet(token, { colour: "red", items: [await giveItem(user.id, 100)] })).status).toBe(200);
    await refused(token, { colour: "black", items: [await giveItem(user.id, 100)] }, 409, "wheel_api.only_two_colours");
    // an item already in a bet
    await refused(token, { colour: "red", items: [item] }, 409, "wheel_api.item_not_found");

    // a colour's payout cap (WHEEL_MAX_PAYOUT_CENTS 10 000 000: yellow ×50 takes two $1000 bets)
    for (let i = 0; i < 2; i++) {
      const p = await makeUser();
      expect((await setBet(p.token, { colour: "yellow", items: [await giveItem(p.user.id, 100_000)] })).status).toBe(200);
    }
    const third = await makeUser();
    const big = await giveItem(third.user.id, 100_000);
    await refused(third.token, { colour: "yellow", items: [big] }, 409, "wheel_api.limit_exceeded");
    expect(await itemRow(big)).toMatchObject({ status: "available" });
  });

  it("two bets racing for one item: exactly one is taken", async () => {
    const { user, token } = await makeUser();
    const item = await giveItem(user.id, 800);
    const answers = await Promise.all([setBet(token, { colour: "black", items: [item] }), setBet(token, { colour: "black", items: [item] })]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const bets = await env.DB.prepare("SELECT COUNT(*) AS n FROM wheel_bet_items WHERE item_id = ?1").bind(item).first<{ n: number }>();
    expect(bets?.n).toBe(1);
    expect(await itemRow(item)).toMatchObject({ status: "in_bet" });
  });

  it("refuses a bet once the wheel spins, bad socket frames with app_api.invalid_request", async () => {
    const watcher = await connectWheel();
    const init = watcher.all("wheelInit")[0]!.data;
    await fireAt(init.game.countdownEndsAt!);
    const spin = await watcher.next("startWheel", (f) => f.data.ms > 1);
    const { user, token } = await makeUser();
    await refused(token, { colour: "red", items: [await giveItem(user.id, 300)] }, 409, "wheel_api.already_started");

    for (const bad of ["not json", JSON.stringify({ event: "setBet", data: {} }), JSON.stringify({ event: "identity" })]) {
      const answer = await watcher.ask(bad, "error");
      expect(answer.data.message).toBe("app_api.invalid_request");
    }

    // the round page: revealed from the spin on, and it verifies
    const res = await post("/api/wheel/round", { id: spin.data.roundId });
    expect(res.status).toBe(200);
    const { game } = (await res.json()) as {
      game: { secret_hash: string; salt: string; segment: number; rotate: number; layout: { segments: string[] }; bets: unknown[]; status: string };
    };
    expect(game.status).toBe("spinning");
    expect(wheelSegment(game.secret_hash, game.salt, game.layout.segments.length)).toBe(game.segment);
    expect(game.rotate).toBe(wheelRotate(game.segment, roundHash(game.secret_hash, game.salt), 54));
    expect(segmentAt(game.rotate, 54)).toBe(game.segment);
    expect(game.bets.length).toBeGreaterThan(0);

    await fireAt(spin.data.startedAt + spin.data.ms);
    await watcher.next("startWheel", (f) => f.data.ms === 1);
    const history = (await (await post("/api/wheel/history", {})).json()) as { history: { id: number; colour: string }[] };
    expect(history.history[0]).toMatchObject({ id: spin.data.roundId, colour: spin.data.colour });
    expect((await post("/api/wheel/round", { id: 99_999 })).status).toBe(404);
    expect((await post("/api/wheel/round", { id: "1e2" })).status).toBe(400);
    watcher.close();
  });
});
