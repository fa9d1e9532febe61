// The crash socket's sad paths and races: bad frames, every bet rule answered with its key,
// an item staked twice, duplicate takes racing (exactly one pays), maintenance, admin tools.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { elapsedFor } from "../../shared/crash-curve";
import { reconcile } from "../../worker/books/reconcile";
import { betRow, count, giveItem, itemRow } from "./crash-fixtures";
import { advanceClock, connectCrash, fireAt, startRound, twistedRound, type CrashClient } from "./crash-client";
import { auditRows, balanceOf, makeUser } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

const newBet = (items: number[], autoWithdraw: number) => ({ event: "newBet", data: { items, autoWithdraw } });

describe("crash socket", () => {
  // every test may run alone (-t): the admin and the visitor's watching socket are the suite's own
  let admin: Awaited<ReturnType<typeof makeUser>>;
  let watcher: CrashClient;
  beforeAll(async () => {
    admin = await makeUser({ isAdmin: true });
    watcher = await connectCrash();
  });
  afterAll(() => watcher.close());

  it("answers bad frames with app_api.invalid_request and keeps the socket open", async () => {
    for (const bad of [
      "not json",
      { event: "nope", data: {} },
      { event: "newBet", data: { items: "1", autoWithdraw: 2 } },
      { event: "newBet", data: { items: [1, 1], autoWithdraw: 2 } },
      { event: "newBet", data: { items: [1], autoWithdraw: 2.001 } },
      { event: "newBet", data: { items: [1], autoWithdraw: 1 } },
      { event: "newBet", data: { items: [1], autoWithdraw: 10_000 } },
      { event: "newBet", data: { items: Array.from({ length: 51 }, (_, i) => i + 1), autoWithdraw: 2 } },
      { event: "take", data: {} },
      { event: "twistCrash", data: { nextCrash: 0.5 } },
      { event: "getGame", data: { id: -1 } },
    ]) {
      expect((await watcher.ask(bad, "error")).data.message).toBe("app_api.invalid_request");
    }
    expect((await watcher.ask({ event: "ping", data: {} }, "pong")).event).toBe("pong");
  });

  it("refuses a visitor's bet and take, and a banned user's identity", async () => {
    expect((await watcher.ask(newBet([1], 2), "errorBet")).data.message).toBe("crash_api.unauthorized");
    expect((await watcher.ask({ event: "take", data: { betId: "x" } }, "errorTake")).data.message).toBe("crash_api.unauthorized");
    const banned = await makeUser({ banned: true });
    const c = await connectCrash();
    expect((await c.ask({ event: "identity", data: { apiToken: banned.token } }, "error")).data.message).toBe("user_api.banned");
    expect((await c.ask(newBet([1], 2), "errorBet")).data.message).toBe("crash_api.unauthorized");
    c.close();
    // banned after connecting: the bet is refused when it reaches D1, nothing is staked
    const later = await makeUser();
    const item = await giveItem(later.user.id, 450);
    const d = await connectCrash(later.token);
    await env.DB.prepare("UPDATE users SET banned = 1 WHERE id = ?1").bind(later.user.id).run();
    expect((await d.ask(newBet([item], 2), "errorBet")).data.message).toBe("user_api.banned");
    expect((await itemRow(item))?.status).toBe("available");
    d.close();
  });

  it("answers every bet rule of §5 with its key and writes nothing for a refused bet", async () => {
    const { user, token } = await makeUser();
    const items = await Promise.all([100, 200, 300, 400, 500].map((p) => giveItem(user.id, p)));
    const [i1, i2, i3, i4, i5] = items as [number, number, number, number, number];
    const other = await makeUser();
    const theirs = await giveItem(other.user.id, 900);
    const c = await connectCrash(token);
    const ask = async (frame: unknown) => (await c.ask(frame, "errorBet")).data.message;

    expect(await ask(newBet([], 2))).toBe("crash_api.no_items");
    expect(await ask(newBet([i1], 1.2))).toBe("crash_api.abuse_range");
    expect(await ask(newBet([i1], 1.01))).toBe("crash_api.abuse_range");
    expect(await ask(newBet([theirs], 2))).toBe("crash_api.items_unavailable");
    expect(await ask(newBet([987_654], 2))).toBe("crash_api.items_unavailable");
    expect((await c.ask(newBet([i1], 1.21), "successBet")).data.bet.autoWithdraw).toBe(1.21);
    expect(await ask(newBet([i2], 1.21))).toBe("crash_api.same_multiplier");
    expect(await ask(newBet([i1], 3))).toBe("crash_api.items_unavailable");
    expect((await c.ask(newBet([i2], 9999.99), "successBet")).data.bet.autoWithdraw).toBe(9999.99);
    expect(await ask(newBet([i3], 9999.99))).toBe("crash_api.one_manual");
    expect((await c.ask(newBet([i3], 5), "successBet")).data.bet.autoWithdraw).toBe(5);
    expect(await ask(newBet([i4], 6))).toBe("crash_api.max_bets");
    for (const id of [i4, i5, theirs]) expect((await itemRow(id))?.status).toBe("available");
    expect(await count("SELECT COUNT(*) AS n FROM crash_bets WHERE user_id = ?1", user.id)).toBe(3);
    c.close();
  });

  it("stakes an item once when two bets race for it (the other is refused, nothing written)", async () => {
    const { user, token } = await makeUser();
    const item = await giveItem(user.id, 1_234);
    const spare = await giveItem(user.id, 10);
    const a = await connectCrash(token);
    const b = await connectCrash(token);
    a.send(newBet([item], 2));
    b.send(newBet([spare, item], 4));
    const answers = await Promise.race([Promise.all([a.next("successBet"), b.next("errorBet")]), Promise.all([a.next("errorBet"), b.next("successBet")])]);
    const refused = answers.find((f) => f.event === "errorBet")!;
    expect(refused.data).toEqual({ message: "crash_api.items_unavailable" });
    expect(await count("SELECT COUNT(*) AS n FROM crash_bets WHERE user_id = ?1", user.id)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM crash_bet_items x JOIN crash_bets b ON b.id = x.bet_id WHERE b.user_id = ?1", user.id)).toBe(1);
    expect((await itemRow(spare))?.status).toBe("available");
    a.close();
    b.close();
  });

  it("blocks bets in maintenance (read when a bet arrives)", async () => {
    const { user, token } = await makeUser();
    const item = await giveItem(user.id, 300);
    const c = await connectCrash(token);
    await env.DB.prepare("INSERT INTO app_settings (key, value) VALUES ('maintenance', 'true') ON CONFLICT(key) DO UPDATE SET value = 'true'").run();
    advanceClock(3_500); // past the room's short cache
    expect((await c.ask(newBet([item], 2), "errorBet")).data.message).toBe("crash_api.maintenance");
    expect((await itemRow(item))?.status).toBe("available");
    const init = await c.ask({ event: "getGame", data: { id: 1 } }, "crashInit");
    expect(init.data.maintenance).toBe(true);
    await env.DB.prepare("UPDATE app_settings SET value = 'false' WHERE key = 'maintenance'").run();
    advanceClock(3_500);
    expect((await c.ask(newBet([item], 2), "successBet")).data.bet.bank).toBe(3);
    c.close();
  });

  it("pays racing duplicate takes exactly once, priced by the server's clock", async () => {
    const { user, token } = await makeUser();
    const item = await giveItem(user.id, 1_000);
    const timer = await twistedRound(watcher, admin.token, 4);
    const one = await connectCrash(token);
    const two = await connectCrash(token);
    const bet = (await one.ask(newBet([item], 9999.99), "successBet")).data.bet;
    // a take before the run is refused
    expect((await one.ask({ event: "take", data: { betId: bet.id } }, "errorTake")).data.message).toBe("crash_api.game_over");
    const startedAt = await startRound(watcher, timer);
    advanceClock(startedAt + elapsedFor(150) - Date.now());
    const balance = await balanceOf(user.id);
    for (let i = 0; i < 3; i++) {
      one.send({ event: "take", data: { betId: bet.id } });
      two.send({ event: "take", data: { betId: bet.id } });
    }
    await one.next("successTake");
    const errors = await Promise.all([one.next("errorTake", () => true, 1), two.next("errorTake", () => true, 0)]);
    // every take is answered once (a success to the user's sockets or an error to its own): once all
    // seven are in, nothing more can come
    await vi.waitFor(() => expect(one.all("errorTake").length + two.all("errorTake").length).toBe(6));
    expect(one.all("successTake")).toHaveLength(1);
    expect(two.all("successTake")).toHaveLength(1); // both of the user's sockets are told
    // the early take + the 5 duplicates
    expect(one.all("errorTake").length + two.all("errorTake").length).toBe(6);
    expect(errors.every((e) => e.data.message === "crash_api.game_over")).toBe(true);
    expect(one.all("successTake")[0]!.data).toMatchObject({ multiplier: 1.5, win: 15 });
    expect(await betRow(bet.id)).toMatchObject({ status: 1, cashout: 150, win: 1_500 });
    const { remainder } = (await betRow(bet.id))!;
    expect(remainder).toBeGreaterThan(0);
    expect(await count("SELECT COUNT(*) AS n FROM ledger WHERE idempotency_key LIKE ?1", `crash:bet:${bet.id}%`)).toBe(2);
    expect((await balanceOf(user.id)) - balance).toBe(remainder);
    // a take of someone else's or an unknown bet
    const stranger = await makeUser();
    const s = await connectCrash(stranger.token);
    expect((await s.ask({ event: "take", data: { betId: bet.id } }, "errorTake")).data.message).toBe("crash_api.no_bet");
    await fireAt(startedAt + elapsedFor(400));
    await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed" && f.data.roundId === timer.data.roundId);
    expect((await reconcile(env)).ok).toBe(true);
    for (const c of [one, two, s]) c.close();
  });

  it("twistCrash: refused for a player; an admin (dev) crashes the round now, audited", async () => {
    const { token } = await makeUser();
    const player = await connectCrash(token);
    expect((await player.ask({ event: "twistCrash", data: {} }, "error")).data.message).toBe("crash_api.forbidden");
    expect((await player.ask({ event: "twistCrash", data: { nextCrash: 2 } }, "error")).data.message).toBe("crash_api.forbidden");
    const boss = await connectCrash(admin.token);
    const last = watcher
      .all("crashMultiplier")
      .filter((f) => f.data.phase === "crashed")
      .at(-1)!;
    await fireAt(last.data.serverTime + 4_000);
    const timer = await watcher.next("crashStartTimer", (f) => f.data.roundId === last.data.roundId + 1);
    const startedAt = await startRound(watcher, timer);
    advanceClock(startedAt + 2_000 - Date.now());
    boss.send({ event: "twistCrash", data: {} });
    const crashed = await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed" && f.data.serverTime === startedAt + 2_000);
    expect(crashed.data.crash?.provablyFair).toBe(false);
    expect((await auditRows()).some((r) => r.action === "crash.force_crash" && r.actor_id === admin.user.id)).toBe(true);
    player.close();
    boss.close();
  });
});
