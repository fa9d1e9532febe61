import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startWheel, type WheelConnection } from "../../web/src/features/wheel/connection";
import { emptyTotals } from "../../web/src/features/wheel/state";
import { useWheelStore } from "../../web/src/features/wheel/store";
import { fakeFactory, settle } from "./socket-fake";

let conn: WheelConnection | undefined;
afterEach(() => {
  conn?.stop();
  conn = undefined;
  vi.useRealTimers();
});
beforeEach(() => useWheelStore.getState().reset());

const NOW = Date.now();
const initFrame = {
  event: "wheelInit",
  data: {
    game: { id: 3, phase: "betting", bank: 7.5, publicHash: "ab".repeat(32), countdownEndsAt: NOW + 5_000 },
    bets: [],
    totals: emptyTotals,
    stats: { total_bank: 7.5, total_items: 2, total_users: 1 },
    history: [],
    spin: null,
    selfBets: [],
    maintenance: false,
    serverTime: NOW,
  },
};

async function setup(token: string | null = "tok") {
  const f = fakeFactory();
  const deps = {
    getToken: vi.fn(() => token),
    notify: vi.fn(),
    playSound: vi.fn(),
    setBank: vi.fn(),
    url: "ws://x/ws/wheel",
    connect: f.connect,
    random: () => 1,
  };
  conn = startWheel(deps);
  await settle();
  return { f, deps };
}

describe("wheel connection", () => {
  it("identifies first on every (re)connect, applies wheelInit and pushes the bank to the mode bar", async () => {
    vi.useFakeTimers();
    const { f, deps } = await setup("abc");
    f.last().serverOpen();
    expect(f.last().sentFrames()[0]).toEqual({ event: "identity", data: { apiToken: "abc" } });
    f.last().serverSend(initFrame);
    expect(useWheelStore.getState()).toMatchObject({ phase: "betting", roundId: 3, connected: true });
    expect(deps.setBank).toHaveBeenCalledWith(7.5);

    f.last().serverClose();
    expect(useWheelStore.getState().connected).toBe(false);
    await settle(500);
    f.last().serverOpen();
    expect(f.sockets).toHaveLength(2);
    expect(f.last().sentFrames()[0]!.event).toBe("identity");
    conn!.reidentify();
    expect(f.last().sentFrames().at(-1)!.event).toBe("identity");
  });

  it("drops a frame the shared schema rejects; an error frame becomes a notice", async () => {
    const { f, deps } = await setup();
    f.last().serverOpen();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    f.last().serverSend({ event: "wheelTimer", data: { roundId: -1, publicHash: "x", countdownEndsAt: 1, serverTime: 1 } });
    expect(useWheelStore.getState().phase).toBe("loading");
    expect(warn).toHaveBeenCalled();
    f.last().serverSend({ event: "error", data: { message: "app_api.too_many_requests" } });
    expect(deps.notify).toHaveBeenCalledWith({ type: "error", message: "app_api.too_many_requests" });
  });

  it("stop closes the socket and forgets the round", async () => {
    const { f } = await setup();
    f.last().serverOpen();
    f.last().serverSend(initFrame);
    conn!.stop();
    conn = undefined;
    expect(f.last().closedWith).toBeDefined();
    expect(useWheelStore.getState().roundId).toBeNull();
  });
});
