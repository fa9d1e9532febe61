// A session that ends ends on the sockets: a logout closes the sockets that session opened
// (4001) in every room, a site ban every socket of the user (4003); and a room re-checks the
// session in D1 when money moves, so a revoke or ban it never heard of still refuses a bet or a take.
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CRASH, SOCKET } from "../../shared/constants";
import { elapsedFor } from "../../shared/crash-curve";
import { createSession } from "../../worker/auth/sessions";
import { sha256Hex } from "../../worker/auth/tokens";
import { db } from "../../worker/db/client";
import { reconcile } from "../../worker/books/reconcile";
import { hub } from "../../worker/rooms/hub";
import { advanceClock, connectCrash, fireAt, startRound, type CrashClient, type FrameOf } from "./crash-client";
import { connectChat } from "./chat-client";
import { betRow, count, giveItem, itemRow } from "./crash-fixtures";
import { connectHub, hubBarrier, type HubClient } from "./hub-client";
import { balanceOf, makeUser, post } from "./user-fixtures";

afterAll(() => vi.useRealTimers());
// rounds run on a moved clock but real sockets: a whole round takes a few seconds
vi.setConfig({ testTimeout: 20_000 });

const newBet = (items: number[], autoWithdraw: number) => ({ event: "newBet", data: { items, autoWithdraw } });
const take = (betId: string) => ({ event: "take", data: { betId } });

/** A hub socket identified with `token`, once the hub reaches it as that user's. */
async function hubAs(token: string, userId: number): Promise<HubClient> {
  const h = await connectHub();
  h.identify(token);
  for (let i = 0; i < 80 && !h.frames.some((f) => f.event === "pong"); i++) {
    await hub(env).notifyUser(userId, { event: "pong", data: {} });
    await new Promise((r) => setTimeout(r, 25));
  }
  await h.waitFor((f) => f.event === "pong", "bound to the user");
  return h;
}

/** A frame sent on a socket the server closed goes nowhere (the send may throw). */
function trySend(c: CrashClient, frame: unknown): void {
  try {
    c.send(frame);
  } catch {
    // closed
  }
}

async function playerWithTwoSessions() {
  const first = await makeUser();
  const second = await createSession(db(env), first.user.id, 24);
  return { user: first.user, token: first.token, other: second };
}

const closeAll = (clients: { close(): void }[]) => {
  for (const c of clients) c.close();
};

/**
 * The next round, twisted to crash at `point`, from whatever phase the room is in: the current
 * round is crashed (at once, or at its start when it is still counting down), then the pause runs out.
 */
async function roundCrashingAt(watcher: CrashClient, adminToken: string, point: number): Promise<FrameOf<"crashStartTimer">> {
  const before = (await watcher.ask({ event: "getGame", data: { id: 1 } }, "crashInit")).data.round;
  expect((await post("/api/admin/crash/scheduleTwist", { nextCrash: point }, adminToken)).status).toBe(200);
  if (before.phase !== "crashed") expect((await post("/api/admin/crash/forceCrash", {}, adminToken)).status).toBe(200);
  if (before.phase === "waiting") await fireAt(before.countdownEndsAt!);
  const skip = watcher.all("crashStartTimer").length;
  await fireAt(Date.now() + CRASH.crashedPauseMs);
  return watcher.next("crashStartTimer", (f) => f.data.roundId > before.id, skip);
}

describe("logout", () => {
  let admin: Awaited<ReturnType<typeof makeUser>>;
  let watcher: CrashClient;
  beforeAll(async () => {
    admin = await makeUser({ isAdmin: true });
    watcher = await connectCrash();
  });
  afterAll(() => watcher.close());

  it("closes the session's /ws/crash, /ws/hub and /ws/chat sockets (4001); its other session keeps its sockets", async () => {
    const p = await playerWithTwoSessions();
    const [a, b] = [await giveItem(p.user.id, 500), await giveItem(p.user.id, 700)];
    const crash1 = await connectCrash(p.token);
    const crash2 = await connectCrash(p.other);
    const hub1 = await hubAs(p.token, p.user.id);
    const hub2 = await hubAs(p.other, p.user.id);
    const chat1 = await connectChat({ token: p.token, user: p.user });
    const chat2 = await connectChat({ token: p.other, user: p.user });

    const res = await post("/api/auth/logout", {}, p.token);
    expect(res.status).toBe(200);
    // closed by the time the logout answers (the client may see it a moment later)
    for (const c of [crash1, hub1, chat1]) expect(await c.waitClosed()).toEqual({ code: SOCKET.sessionEnded.signed_out, reason: "signed_out" });

    // the old socket can neither bet nor take: nothing reaches the room, nothing moves in D1
    const bets = await count("SELECT COUNT(*) AS n FROM crash_bets WHERE user_id = ?1", p.user.id);
    trySend(crash1, newBet([a], 2));
    trySend(crash1, take("x")); // a closed socket's frames never leave it: nothing to wait for
    expect(crash1.all("successBet")).toHaveLength(0);
    expect(await count("SELECT COUNT(*) AS n FROM crash_bets WHERE user_id = ?1", p.user.id)).toBe(bets);
    expect((await itemRow(a))?.status).toBe("available");

    // the other session (another device) is untouched: it still bets and hears its pushes
    expect(crash2.closed).toBeUndefined();
    expect(hub2.closed).toBeUndefined();
    expect(chat2.closed).toBeUndefined();
    const timer = await roundCrashingAt(watcher, admin.token, 3);
    expect((await crash2.ask(newBet([b], 2), "successBet")).data.bet.bank).toBe(7);
    expect(await hub(env).notifyUser(p.user.id, { event: "updateBalance", data: { balance: 1 } })).toEqual({ sent: 1 });
    await hub2.waitFor((f) => f.event === "updateBalance", "updateBalance");
    // the revoked token is a visitor's on a new socket
    const again = await connectCrash(p.token);
    expect((await again.ask(newBet([a], 2), "errorBet")).data.message).toBe("crash_api.unauthorized");
    const started = await startRound(watcher, timer);
    await fireAt(started + elapsedFor(300));
    await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed" && f.data.roundId === timer.data.roundId);
    closeAll([crash2, hub2, chat2, again]);
  });

  it("finds the session's sockets after the hub hibernated (the index is rebuilt from the attachments)", async () => {
    const p = await playerWithTwoSessions();
    const mine = [await hubAs(p.token, p.user.id), await hubAs(p.token, p.user.id)];
    const other = await hubAs(p.other, p.user.id);
    await evictDurableObject(hub(env), { webSockets: "hibernate" });
    expect((await post("/api/auth/logout", {}, p.token)).status).toBe(200);
    for (const c of mine) expect((await c.waitClosed()).code).toBe(SOCKET.sessionEnded.signed_out);
    await hubBarrier([other]); // a close the hub sent it would have come first
    expect(other.closed).toBeUndefined();
    other.close();
  });

  it("closes a socket whose identity resolved just before the revoke reached the room", async () => {
    const { token } = await makeUser();
    // the room hears of the end of a session that D1 still calls live (the identity read won the race)
    expect(await hub(env).endSessions({ session: await sha256Hex(token) }, "signed_out")).toBe(0);
    const h = await connectHub();
    h.identify(token);
    expect((await h.waitClosed()).code).toBe(SOCKET.sessionEnded.signed_out);
  });

  it("refuses a bet and a take of a session revoked behind the room's back (the room re-checks D1), nothing moves", async () => {
    const { user, token } = await makeUser();
    const [a, b] = [await giveItem(user.id, 1_000), await giveItem(user.id, 400)];
    const c = await connectCrash(token);
    const timer = await roundCrashingAt(watcher, admin.token, 4);
    const bet = (await c.ask(newBet([a], 9999.99), "successBet")).data.bet;
    // as if the logout's call to the room had failed: only D1 knows
    await env.DB.prepare("UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2").bind(Date.now(), user.id).run();
    expect((await c.ask(newBet([b], 2), "errorBet")).data.message).toBe("crash_api.unauthorized");
    expect((await itemRow(b))?.status).toBe("available");
    expect(await count("SELECT COUNT(*) AS n FROM crash_bets WHERE user_id = ?1", user.id)).toBe(1);

    const started = await startRound(watcher, timer);
    advanceClock(started + elapsedFor(200) - Date.now());
    const balance = await balanceOf(user.id);
    expect((await c.ask(take(bet.id), "errorTake")).data.message).toBe("crash_api.unauthorized");
    await fireAt(started + elapsedFor(400));
    await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed" && f.data.roundId === timer.data.roundId);
    // never cashed out: lost at the crash (the loss lands after the crash frame)
    await vi.waitFor(async () => expect(await betRow(bet.id)).toMatchObject({ status: 2, win: 0 }));
    expect(c.all("successTake")).toHaveLength(0);
    expect(await balanceOf(user.id)).toBe(balance);
    expect((await reconcile(env)).ok).toBe(true);
    c.close();
  });
});

describe("site ban", () => {
  let admin: Awaited<ReturnType<typeof makeUser>>;
  let watcher: CrashClient;
  beforeAll(async () => {
    admin = await makeUser({ isAdmin: true });
    watcher = await connectCrash();
  });
  afterAll(() => watcher.close());

  it("closes every socket of the user in every room (4003, the hub's after userBanned); the live bet settles as the round says", async () => {
    const p = await playerWithTwoSessions();
    const [manual, auto, spare] = [await giveItem(p.user.id, 1_000), await giveItem(p.user.id, 600), await giveItem(p.user.id, 300)];
    const crash1 = await connectCrash(p.token);
    const crash2 = await connectCrash(p.other);
    const hub1 = await hubAs(p.token, p.user.id);
    const chat1 = await connectChat({ token: p.token, user: p.user });
    const bystander = await makeUser();
    const hubOther = await hubAs(bystander.token, bystander.user.id);

    const timer = await roundCrashingAt(watcher, admin.token, 3);
    const manualBet = (await crash1.ask(newBet([manual], 9999.99), "successBet")).data.bet;
    const autoBet = (await crash2.ask(newBet([auto], 2), "successBet")).data.bet;
    const started = await startRound(watcher, timer);
    advanceClock(started + elapsedFor(150) - Date.now());

    expect((await post("/api/admin/users/ban", { user_id: p.user.id }, admin.token)).status).toBe(200);
    for (const c of [crash1, crash2, hub1, chat1]) expect(await c.waitClosed()).toEqual({ code: SOCKET.sessionEnded.banned, reason: "banned" });
    expect(hub1.frames.some((f) => f.event === "userBanned")).toBe(true);
    expect(hubOther.closed).toBeUndefined();

    // no manual cash-out any more: the closed socket reaches nothing, a new one is refused as banned
    trySend(crash1, take(manualBet.id));
    const fresh = await connectCrash();
    expect((await fresh.ask({ event: "identity", data: { apiToken: p.other } }, "error")).data.message).toBe("user_api.banned");
    expect((await fresh.ask(take(manualBet.id), "errorTake")).data.message).toBe("crash_api.unauthorized");
    expect((await fresh.ask(newBet([spare], 2), "errorBet")).data.message).toBe("crash_api.unauthorized");

    await fireAt(started + elapsedFor(300));
    await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed" && f.data.roundId === timer.data.roundId);
    // the round decides: the auto-withdraw bet cashed out at ×2, the manual one lost at ×3
    await vi.waitFor(async () => expect(await betRow(manualBet.id)).toMatchObject({ status: 2, win: 0 }));
    expect(await betRow(autoBet.id)).toMatchObject({ status: 1, cashout: 200 });
    expect((await itemRow(spare))?.status).toBe("available");
    expect((await reconcile(env)).ok).toBe(true);
    closeAll([fresh, hubOther]);
  });

  it("refuses a take of a player banned behind the room's back (the room re-checks D1 at the take)", async () => {
    const { user, token } = await makeUser();
    const item = await giveItem(user.id, 800);
    const c = await connectCrash(token);
    const timer = await roundCrashingAt(watcher, admin.token, 4);
    const bet = (await c.ask(newBet([item], 9999.99), "successBet")).data.bet;
    const started = await startRound(watcher, timer);
    advanceClock(started + elapsedFor(150) - Date.now());
    await env.DB.prepare("UPDATE users SET banned = 1 WHERE id = ?1").bind(user.id).run();
    expect((await c.ask(take(bet.id), "errorTake")).data.message).toBe("user_api.banned");
    await fireAt(started + elapsedFor(400));
    await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed" && f.data.roundId === timer.data.roundId);
    await vi.waitFor(async () => expect(await betRow(bet.id)).toMatchObject({ status: 2, win: 0 }));
    expect(c.all("successTake")).toHaveLength(0);
    c.close();
  });
});
