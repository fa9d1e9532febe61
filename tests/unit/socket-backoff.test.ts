import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SOCKET } from "../../shared/constants";
import { hubProtocol } from "../../shared/rooms/hub";
import { createRoomSocket, reconnectOptions, roomUrl } from "../../web/src/lib/socket";
import { fakeFactory, settle } from "./socket-fake";

const schedule = { baseMs: 500, factor: 2, maxMs: 30_000, jitter: 0.5 };

describe("reconnectOptions", () => {
  it("maps the schedule onto partysocket's: base·factor^n up to the cap, restarted after a stable connection", () => {
    expect(reconnectOptions({ ...schedule, stableAfterMs: 10_000 }, () => 1)).toEqual({
      minReconnectionDelay: 500,
      reconnectionDelayGrowFactor: 2,
      maxReconnectionDelay: 30_000,
      minUptime: 10_000,
    });
  });

  it("randomises only the jittered share of the base, once per socket", () => {
    const base = (random: number, jitter = 0.5) => reconnectOptions({ ...schedule, jitter, stableAfterMs: 0 }, () => random).minReconnectionDelay;
    expect(base(0)).toBe(250);
    expect(base(0.5)).toBe(375);
    expect(base(0.9, 0)).toBe(500);
    for (let i = 0; i < 200; i++) {
      const d = reconnectOptions({ ...schedule, stableAfterMs: 0 }).minReconnectionDelay;
      expect(d).toBeGreaterThanOrEqual(250);
      expect(d).toBeLessThanOrEqual(500);
    }
  });

  it("uses the shared constants by default", () => {
    expect(reconnectOptions(undefined, () => 1)).toMatchObject({ minReconnectionDelay: SOCKET.reconnect.baseMs, maxReconnectionDelay: SOCKET.reconnect.maxMs });
  });
});

describe("roomUrl", () => {
  it("follows the page's scheme and host", () => {
    expect(roomUrl("chat", { protocol: "https:", host: "skinrush.example" })).toBe("wss://skinrush.example/ws/chat");
    expect(roomUrl("crash", { protocol: "http:", host: "127.0.0.1:8787" })).toBe("ws://127.0.0.1:8787/ws/crash");
  });
});

describe("createRoomSocket reconnects", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const options = (f: ReturnType<typeof fakeFactory>, token = () => "tok") => ({
    url: "ws://x/ws/hub",
    protocol: hubProtocol,
    hello: () => [{ event: "identity" as const, data: { apiToken: token() } }],
    connect: f.connect,
    random: () => 1,
    backoff: { ...schedule, stableAfterMs: 10_000 },
    pingIntervalMs: 25_000,
  });

  it("waits base·2^n (capped) between failed attempts, then stops after close()", async () => {
    const f = fakeFactory();
    const s = createRoomSocket(options(f));
    await settle();
    expect(f.sockets).toHaveLength(1);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const before = f.sockets.length;
      f.last().serverClose();
      let waited = 0;
      while (f.sockets.length === before) {
        await settle(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    s.close();
    expect(s.status).toBe("closed");
    f.last().serverClose();
    await settle(120_000);
    expect(f.sockets).toHaveLength(9);
  });

  it("sends identity first on every (re)connect, with the token of that moment", async () => {
    const f = fakeFactory();
    let token = "first";
    const statuses: [string, boolean][] = [];
    const s = createRoomSocket(options(f, () => token));
    s.onStatus((st, { reconnect }) => statuses.push([st, reconnect]));
    await settle();
    f.last().serverOpen();
    expect(f.last().sentFrames()).toEqual([{ event: "identity", data: { apiToken: "first" } }]);
    token = "";
    f.last().serverClose();
    await settle(500);
    f.last().serverOpen();
    expect(f.last().sentFrames()[0]).toEqual({ event: "identity", data: { apiToken: "" } });
    expect(statuses).toEqual([
      ["open", false],
      ["connecting", false],
      ["open", true],
    ]);
    s.close();
  });

  it("restarts the schedule after a connection that stayed up", async () => {
    const f = fakeFactory();
    const s = createRoomSocket(options(f));
    await settle();
    // four failed attempts: the next one would wait 8 s
    for (const wait of [500, 1000, 2000, 4000]) {
      f.last().serverClose();
      await settle(wait);
    }
    expect(f.sockets).toHaveLength(5);
    f.last().serverOpen();
    f.last().serverSend({ event: "pong", data: {} });
    await settle(10_000);
    f.last().serverClose();
    await settle(499);
    expect(f.sockets).toHaveLength(5);
    await settle(1);
    expect(f.sockets).toHaveLength(6);
    s.close();
  });

  it("keeps a short-lived connection on the growing schedule", async () => {
    const f = fakeFactory();
    const s = createRoomSocket(options(f));
    await settle();
    f.last().serverClose(); // attempt 0 → 500
    await settle(500);
    f.last().serverOpen();
    f.last().serverClose(); // open for 0 ms: attempt 1 → 1000
    await settle(999);
    expect(f.sockets).toHaveLength(2);
    await settle(1);
    expect(f.sockets).toHaveLength(3);
    s.close();
  });

  it("pings while open and reconnects when nothing is heard for two intervals", async () => {
    const f = fakeFactory();
    const s = createRoomSocket(options(f));
    await settle();
    const first = f.last();
    first.serverOpen();
    await settle(25_000);
    expect(first.sentFrames().map((x) => x.event)).toEqual(["identity", "ping"]);
    first.serverSend({ event: "pong", data: {} });
    await settle(50_000);
    expect(first.sentFrames().filter((x) => x.event === "ping")).toHaveLength(3);
    expect(f.sockets).toHaveLength(1);
    await settle(25_000); // 75 s since the pong: dead
    expect(first.closedWith?.code).toBe(4000);
    await settle(500);
    expect(f.sockets).toHaveLength(2);
    s.close();
  });

  it("gives up on a connection that does not open within its timeout and tries again", async () => {
    const f = fakeFactory();
    const s = createRoomSocket(options(f));
    await settle();
    expect(f.sockets).toHaveLength(1);
    await settle(4_000); // partysocket's connection timeout
    expect(f.sockets[0]!.closedWith).toBeDefined();
    await settle(500);
    expect(f.sockets).toHaveLength(2);
    s.close();
  });

  it("treats a socket error like a close and a throwing constructor like a failed attempt", async () => {
    const f = fakeFactory();
    let fail = true;
    const s = createRoomSocket({
      ...options(f),
      connect: (url: string) => {
        if (fail) {
          fail = false;
          throw new Error("blocked");
        }
        return f.connect(url);
      },
    });
    await settle();
    expect(f.sockets).toHaveLength(0);
    await settle(500);
    expect(f.sockets).toHaveLength(1);
    f.last().serverError();
    expect(f.sockets[0]!.closedWith).toBeDefined();
    await settle(1000);
    expect(f.sockets).toHaveLength(2);
    s.close();
  });
});
