import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SOCKET } from "../../shared/constants";
import { hubProtocol } from "../../shared/rooms/hub";
import { backoffDelay, createRoomSocket, roomUrl } from "../../web/src/lib/socket";
import { fakeFactory } from "./socket-fake";

const schedule = { baseMs: 500, factor: 2, maxMs: 30_000, jitter: 0.5 };

describe("backoffDelay", () => {
  it("doubles from the base up to the cap at the top of the jitter range", () => {
    const top = Array.from({ length: 9 }, (_, i) => backoffDelay(i, schedule, () => 1));
    expect(top).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("randomises only the jittered share of the delay", () => {
    expect(backoffDelay(3, schedule, () => 0)).toBe(2000);
    expect(backoffDelay(3, schedule, () => 0.5)).toBe(3000);
    expect(backoffDelay(20, schedule, () => 0)).toBe(15000);
    expect(backoffDelay(3, { ...schedule, jitter: 0 }, () => 0.9)).toBe(4000);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(i % 12, schedule);
      const ceiling = Math.min(30_000, 500 * 2 ** (i % 12));
      expect(d).toBeGreaterThanOrEqual(ceiling / 2);
      expect(d).toBeLessThanOrEqual(ceiling);
    }
  });

  it("uses the shared constants by default", () => {
    expect(backoffDelay(0, undefined, () => 1)).toBe(SOCKET.reconnect.baseMs);
    expect(backoffDelay(99, undefined, () => 1)).toBe(SOCKET.reconnect.maxMs);
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

  it("waits base·2^n (capped) between failed attempts, then stops after close()", () => {
    const f = fakeFactory();
    const s = createRoomSocket(options(f));
    expect(f.sockets).toHaveLength(1);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const before = f.sockets.length;
      f.last().serverClose();
      let waited = 0;
      while (f.sockets.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    s.close();
    expect(s.status).toBe("closed");
    f.last().serverClose();
    vi.advanceTimersByTime(120_000);
    expect(f.sockets).toHaveLength(9);
  });

  it("sends identity first on every (re)connect, with the token of that moment", () => {
    const f = fakeFactory();
    let token = "first";
    const statuses: [string, boolean][] = [];
    const s = createRoomSocket(options(f, () => token));
    s.onStatus((st, { reconnect }) => statuses.push([st, reconnect]));
    f.last().serverOpen();
    expect(f.last().sentFrames()).toEqual([{ event: "identity", data: { apiToken: "first" } }]);
    token = "";
    f.last().serverClose();
    vi.advanceTimersByTime(500);
    f.last().serverOpen();
    expect(f.last().sentFrames()[0]).toEqual({ event: "identity", data: { apiToken: "" } });
    expect(statuses).toEqual([
      ["open", false],
      ["connecting", false],
      ["open", true],
    ]);
    s.close();
  });

  it("restarts the schedule after a connection that stayed up", () => {
    const f = fakeFactory();
    const s = createRoomSocket(options(f));
    for (let i = 0; i < 4; i++) {
      f.last().serverClose();
      vi.advanceTimersByTime(30_000);
    }
    expect(f.sockets).toHaveLength(5);
    f.last().serverOpen();
    f.last().serverSend({ event: "pong", data: {} });
    vi.advanceTimersByTime(10_000);
    f.last().serverClose();
    vi.advanceTimersByTime(499);
    expect(f.sockets).toHaveLength(5);
    vi.advanceTimersByTime(1);
    expect(f.sockets).toHaveLength(6);
    s.close();
  });

  it("keeps a short-lived connection on the growing schedule", () => {
    const f = fakeFactory();
    const s = createRoomSocket(options(f));
    f.last().serverClose(); // attempt 0 → 500
    vi.advanceTimersByTime(500);
    f.last().serverOpen();
    f.last().serverClose(); // open for 0 ms: attempt 1 → 1000
    vi.advanceTimersByTime(999);
    expect(f.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(f.sockets).toHaveLength(3);
    s.close();
  });

  it("pings while open and reconnects when nothing is heard for two intervals", () => {
    const f = fakeFactory();
    const s = createRoomSocket(options(f));
    const first = f.last();
    first.serverOpen();
    vi.advanceTimersByTime(25_000);
    expect(first.sentFrames().map((x) => x.event)).toEqual(["identity", "ping"]);
    first.serverSend({ event: "pong", data: {} });
    vi.advanceTimersByTime(50_000);
    expect(first.sentFrames().filter((x) => x.event === "ping")).toHaveLength(3);
    expect(f.sockets).toHaveLength(1);
    vi.advanceTimersByTime(25_000); // 75 s since the pong: dead
    expect(first.closedWith?.code).toBe(4000);
    vi.advanceTimersByTime(500);
    expect(f.sockets).toHaveLength(2);
    s.close();
  });

  it("treats a socket error like a close and a throwing constructor like a failed attempt", () => {
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
    expect(f.sockets).toHaveLength(0);
    vi.advanceTimersByTime(500);
    expect(f.sockets).toHaveLength(1);
    f.last().onerror?.({});
    expect(f.sockets[0]!.closedWith).toBeDefined();
    vi.advanceTimersByTime(1000);
    expect(f.sockets).toHaveLength(2);
    s.close();
  });
});
