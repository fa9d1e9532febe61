import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { verifyCrashRound } from "../../shared/fairness";
import { startCrash, type CrashConnection } from "../../web/src/features/crash/connection";
import { useCrashStore } from "../../web/src/features/crash/store";
import { parseVerifyInput } from "../../web/src/features/fairness/verifyForm";
import { fakeFactory, settle } from "./socket-fake";

let conn: CrashConnection | undefined;
afterEach(() => {
  conn?.stop();
  conn = undefined;
  vi.useRealTimers();
});
beforeEach(() => useCrashStore.getState().reset());

const NOW = Date.now();
const initFrame = (maintenance = false, selfBets: unknown[] = []) => ({
  event: "crashInit",
  data: {
    round: { id: 3, phase: "running", publicHash: "ab".repeat(32), startedAt: NOW - 1000, bank: 0, playersCount: 0, itemsCount: 0, betsCount: 0 },
    bets: [],
    history: [],
    serverTime: NOW,
    selfBets,
    maintenance,
  },
});

async function setup(token: string | null = "tok") {
  const f = fakeFactory();
  const deps = {
    getToken: vi.fn(() => token),
    notify: vi.fn(),
    playSound: vi.fn(),
    setBank: vi.fn(),
    reload: vi.fn(),
    url: "ws://x/ws/crash",
    connect: f.connect,
    random: () => 1,
  };
  conn = startCrash(deps);
  await settle();
  return { f, deps };
}

describe("crash connection", () => {
  it("a visitor watches (?watch=1, a relay's socket); signing in connects anew straight to the room, signing out watches again", async () => {
    vi.useFakeTimers();
    let token: string | null = null;
    const { f, deps } = await setup(null);
    deps.getToken.mockImplementation(() => token);
    expect(f.last().url).toBe("ws://x/ws/crash?watch=1");
    f.last().serverOpen();
    expect(f.last().sentFrames()[0]).toEqual({ event: "identity", data: { apiToken: "" } });

    token = "abc";
    conn!.reidentify();
    await settle(0);
    expect(f.sockets).toHaveLength(2);
    expect(f.last().url).toBe("ws://x/ws/crash");
    f.last().serverOpen();
    expect(f.last().sentFrames()[0]).toEqual({ event: "identity", data: { apiToken: "abc" } });
    // a player's reidentify on the room's own socket stays on it
    conn!.reidentify();
    expect(f.sockets).toHaveLength(2);

    token = null;
    conn!.reidentify();
    await settle(0);
    expect(f.sockets).toHaveLength(3);
    expect(f.last().url).toBe("ws://x/ws/crash?watch=1");
  });

  it("identifies first on every (re)connect and applies crashInit each time", async () => {
    vi.useFakeTimers();
    const { f } = await setup("abc");
    f.last().serverOpen();
    expect(f.last().sentFrames()[0]).toEqual({ event: "identity", data: { apiToken: "abc" } });
    expect(useCrashStore.getState().connected).toBe(true);
    f.last().serverSend(initFrame());
    expect(useCrashStore.getState()).toMatchObject({ phase: "running", roundId: 3 });

    f.last().serverClose();
    expect(useCrashStore.getState().connected).toBe(false);
    await settle(500);
    f.last().serverOpen();
    expect(f.sockets).toHaveLength(2);
    expect(f.last().sentFrames()[0]!.event).toBe("identity");
  });

  it("sends newBet with inventory ids, the target and the balance part, marks sending until the answer", async () => {
    const { f, deps } = await setup();
    expect(conn!.bet([5, 6], 2, 0)).toBe(true); // not open yet: kept for the open, after identity
    f.last().serverOpen();
    expect(f.last().sentFrames()).toEqual([
      { event: "identity", data: { apiToken: "tok" } },
      { event: "newBet", data: { items: [5, 6], autoWithdraw: 2 } },
    ]);
    expect(conn!.bet([5, 6], 9999.99, 0)).toBe(true);
    expect(f.last().sentFrames().at(-1)).toEqual({ event: "newBet", data: { items: [5, 6], autoWithdraw: 9999.99 } });
    // a stake from the balance travels as `value`, in dollars
    expect(conn!.bet([], 3, 1.5)).toBe(true);
    expect(f.last().sentFrames().at(-1)).toEqual({ event: "newBet", data: { items: [], autoWithdraw: 3, value: 1.5 } });
    expect(useCrashStore.getState().sending).toBe(true);
    f.last().serverSend({ event: "errorBet", data: { message: "crash_api.game_started" } });
    expect(useCrashStore.getState().sending).toBe(false);
    expect(deps.notify).toHaveBeenCalledWith({ type: "error", message: "crash_api.game_started" });
    expect(deps.playSound).toHaveBeenCalledWith("error");
  });

  it("a cash-out and twist send their frames", async () => {
    const { f } = await setup();
    f.last().serverOpen();
    conn!.cashOut("bet-1");
    conn!.twist(3.5);
    conn!.twist();
    expect(f.last().sentFrames().slice(1)).toEqual([
      { event: "take", data: { betId: "bet-1" } },
      { event: "twistCrash", data: { nextCrash: 3.5 } },
      { event: "twistCrash", data: {} },
    ]);
  });

  it("drops a frame the shared schema rejects", async () => {
    const { f } = await setup();
    f.last().serverOpen();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    f.last().serverSend({ event: "crashMultiplier", data: { roundId: 3, phase: "running", elapsed: -1, multiplier: 1, serverTime: NOW } });
    expect(useCrashStore.getState().phase).toBe("loading");
    expect(warn).toHaveBeenCalled();
  });

  it("in maintenance, reloads 5 s after the round crashes (§4)", async () => {
    vi.useFakeTimers();
    const { f, deps } = await setup();
    f.last().serverOpen();
    f.last().serverSend(initFrame(true));
    f.last().serverSend({ event: "crashMultiplier", data: { roundId: 3, phase: "crashed", elapsed: 1000, multiplier: 1.06, serverTime: NOW } });
    expect(deps.playSound).toHaveBeenCalledWith("crash");
    await settle(4_999);
    expect(deps.reload).not.toHaveBeenCalled();
    await settle(1);
    expect(deps.reload).toHaveBeenCalledOnce();
  });

  it("writes the crash bank for the mode bar", async () => {
    const { f, deps } = await setup();
    f.last().serverOpen();
    f.last().serverSend({ ...initFrame(), data: { ...initFrame().data, round: { ...initFrame().data.round, bank: 12.34 } } });
    expect(deps.setBank).toHaveBeenLastCalledWith(12.34);
  });
});

describe("provably-fair form", () => {
  const vectors = JSON.parse(readFileSync(new URL("./fixtures/fairness-vectors.json", import.meta.url), "utf8")) as {
    salt: string;
    crash: { round_id: number; day_of_month: number; secret_hash: string; public_hash: string; crash_hundredths: number }[];
  };
  const v = vectors.crash[0]!;
  const input = { roundId: String(v.round_id), dayOfMonth: String(v.day_of_month), secret: v.secret_hash.toUpperCase(), salt: vectors.salt, publicHash: "" };

  it("accepts a pasted round and computes the published vector's crash point and public hash", async () => {
    const parsed = parseVerifyInput({ ...input, publicHash: ` ${v.public_hash} ` });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const verdict = verifyCrashRound(parsed.value);
    expect(verdict.crashPoint).toBe(v.crash_hundredths);
    expect(verdict.publicHashMatches).toBe(true);
  });
  it("a wrong day gives a public hash mismatch", async () => {
    const parsed = parseVerifyInput({ ...input, dayOfMonth: String((v.day_of_month % 28) + 1), publicHash: v.public_hash });
    expect(parsed.ok && verifyCrashRound(parsed.value).publicHashMatches).toBe(false);
  });
  it("names every malformed field", async () => {
    expect(parseVerifyInput({ roundId: "0", dayOfMonth: "32", secret: "xyz", salt: " ", publicHash: "12" })).toEqual({
      ok: false,
      errors: ["roundId", "dayOfMonth", "secret", "salt", "publicHash"],
    });
  });
});
