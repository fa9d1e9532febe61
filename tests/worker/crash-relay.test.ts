// The relay layout (docs/relay.md): watchers (/ws/crash?watch=1) sit on relay Durable Objects
// filled two at a time here (RELAY_SOCKETS in vitest.config.ts); the room sends one frame per
// relay, and every watcher gets every frame a socket on the room gets, once and in order — also
// when its relay is evicted mid-round, and when the room itself restarts (then a fresh init).
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { CRASH, SOCKET } from "../../shared/constants";
import { elapsedFor } from "../../shared/crash-curve";
import type { CrashServerFrame } from "../../shared/rooms/crash";
import { relayRoom } from "../../worker/rooms/relay/stub";
import { connectCrash, type CrashClient, fireAt, room, startRound, twistedRound } from "./crash-client";
import { closeAll, connectGameRoom } from "./hub-client";
import { makeUser } from "./user-fixtures";

let open: CrashClient[] = [];
afterEach(() => {
  closeAll(open);
  open = [];
});
afterAll(() => vi.useRealTimers());

async function watch(): Promise<CrashClient> {
  const c = await connectGameRoom<CrashServerFrame>("/ws/crash?watch=1", "crashInit");
  open.push(c);
  return c;
}

/** The relay that holds `sockets` watchers (the worker fills the first one with room). */
async function holding(sockets: number): Promise<string> {
  for (let k = 0; k < 8; k++) if ((await relayRoom(env, `crash:${k}`).status()).sockets === sockets) return `crash:${k}`;
  throw new Error(`no relay holds ${sockets} watchers`);
}

/** What the room broadcast, in order, from frame `from` on (not the inits, which differ by socket). */
const broadcasts = (c: CrashClient, from: number) => c.frames.slice(from).filter((f) => f.event !== "crashInit" && f.event !== "pong");

/** Runs a round to its crash at 1.30 with a tick at 1.10 and 1.20; `midway` runs between the ticks. */
async function playRound(direct: CrashClient, admin: string, watchers: CrashClient[], midway: () => Promise<void> = async () => {}) {
  const timer = await twistedRound(direct, admin, 1.3);
  const startedAt = await startRound(direct, timer);
  await fireAt(startedAt + elapsedFor(110));
  await midway();
  await fireAt(startedAt + elapsedFor(120));
  await fireAt(startedAt + elapsedFor(130));
  const roundId = timer.data.roundId;
  const crashed = (c: CrashClient) => c.next("crashMultiplier", (f) => f.data.phase === "crashed" && f.data.roundId === roundId);
  const crash = await crashed(direct);
  // the next round's countdown (the next round twists it)
  await fireAt(crash.data.serverTime + CRASH.crashedPauseMs);
  const counting = (c: CrashClient) => c.next("crashStartTimer", (f) => f.data.roundId === roundId + 1);
  await counting(direct);
  // the barrier: a socket's frames arrive in order; a watcher has the round once it has this one
  await Promise.all(watchers.map(counting));
  return roundId;
}

describe("relays", () => {
  it("fills relay after relay; the room sends one frame per relay; every watcher gets the room's frames once and in order", async () => {
    const admin = await makeUser({ isAdmin: true });
    const direct = await connectCrash();
    open.push(direct);
    const watchers = [await watch(), await watch(), await watch()];
    expect((await relayRoom(env, "crash:0").status()).sockets).toBe(2);
    expect((await relayRoom(env, "crash:1").status()).sockets).toBe(1);

    const from = direct.frames.length;
    const marks = watchers.map((w) => w.frames.length);
    await room().profileReport(true);
    await playRound(direct, admin.token, watchers);

    const expected = broadcasts(direct, from);
    expect(expected.map((f) => f.event)).toEqual(expect.arrayContaining(["crashStartTimer", "clearBets", "crashMultiplier"]));
    for (const [i, w] of watchers.entries()) expect(broadcasts(w, marks[i]!)).toEqual(expected);
    // one frame per relay (two relays), not one per watcher
    const sent = (await room().profileReport(false)).sent;
    const ticks = sent.crashMultiplier!.frames; // to the one socket on the room
    expect(sent["crashMultiplier (relays)"]!.frames).toBe(2 * ticks);
  }, 30_000);

  it("a relay evicted mid-round (its sockets hibernating) goes on where it was: nothing lost, nothing twice", async () => {
    const admin = await makeUser({ isAdmin: true });
    const direct = await connectCrash();
    open.push(direct);
    const watchers = [await watch(), await watch()];
    const from = direct.frames.length;
    const marks = watchers.map((w) => w.frames.length);
    const relay = relayRoom(env, await holding(2));
    const before = await relay.status();

    await playRound(direct, admin.token, watchers, async () => {
      await evictDurableObject(relay, { webSockets: "hibernate" });
    });

    const expected = broadcasts(direct, from);
    for (const [i, w] of watchers.entries()) {
      expect(broadcasts(w, marks[i]!)).toEqual(expected);
      expect(w.frames.slice(marks[i]).filter((f) => f.event === "crashInit")).toHaveLength(0);
    }
    const after = await relay.status();
    expect(after.position?.epoch).toBe(before.position?.epoch);
    expect(after.position!.next - before.position!.next).toBe(expected.length);
  }, 30_000);

  it("a room that restarts: its relays' watchers get a fresh init, then its frames in order", async () => {
    const admin = await makeUser({ isAdmin: true });
    const direct = await connectCrash();
    open.push(direct);
    const watchers = [await watch(), await watch()];
    await playRound(direct, admin.token, watchers); // the relays are fed

    await evictDurableObject(room(), { webSockets: "hibernate" });
    const marks = watchers.map((w) => w.frames.length);
    const fresh = await connectCrash(); // the round helpers read a socket's first frames
    open.push(fresh);
    const from = fresh.frames.length;
    await playRound(fresh, admin.token, watchers);

    const expected = broadcasts(fresh, from);
    for (const [i, w] of watchers.entries()) {
      const got = w.frames.slice(marks[i]);
      // the first frame of the new instance made the relay ask for an init: it comes before the rest
      expect(got[0]?.event).toBe("crashInit");
      expect(got.filter((f) => f.event === "crashInit")).toHaveLength(1);
      // the frames that revealed the restart are in that init: the watcher's rest is the room's after them
      const rest = broadcasts(w, marks[i]!);
      expect(rest.length).toBeGreaterThan(0);
      expect(expected.slice(expected.length - rest.length)).toEqual(rest);
    }
  }, 30_000);

  it("a watcher that signs in is sent back to the room; a watcher's other frames are refused", async () => {
    const w = await watch();
    w.send({ event: "newBet", data: { items: [1], autoWithdraw: 2 } });
    expect((await w.next("error")).data.message).toBe("app_api.invalid_request");
    w.identify(""); // a visitor's identity changes nothing
    const { token } = await makeUser();
    w.identify(token);
    expect((await w.waitClosed()).code).toBe(SOCKET.relayDirectCode);
  });
});
