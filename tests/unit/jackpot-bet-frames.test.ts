// worker/rooms/jackpot/bet-frames.ts: bets within one window leave as one frame; another round's
// bet flushes the window first; flush() sends at once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { JACKPOT } from "../../shared/constants";
import type { JackpotBet } from "../../worker/jackpot/types";
import { BetFrames } from "../../worker/rooms/jackpot/bet-frames";

const bet = (id: string): JackpotBet => ({ id, seq: 1, user: { id: 1, username: "u", avatar: "" }, items: [], price: 1, from: 1, to: 1, createdAt: 0 });

afterEach(() => vi.useRealTimers());

describe("BetFrames", () => {
  it("coalesces a window's bets into one frame", () => {
    vi.useFakeTimers();
    const sent: [number, string[]][] = [];
    const frames = new BetFrames((roundId, bets) => sent.push([roundId, bets.map((b) => b.id)]));
    for (let i = 0; i < 50; i++) frames.add(7, bet(`b${i}`));
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(JACKPOT.betsWindowMs);
    expect(sent).toHaveLength(1);
    expect(sent[0]![1]).toHaveLength(50);
    frames.add(7, bet("late"));
    vi.advanceTimersByTime(JACKPOT.betsWindowMs);
    expect(sent.map(([, ids]) => ids.length)).toEqual([50, 1]);
  });

  it("flushes before another round's bet and on demand", () => {
    vi.useFakeTimers();
    const sent: [number, string[]][] = [];
    const frames = new BetFrames((roundId, bets) => sent.push([roundId, bets.map((b) => b.id)]));
    frames.add(1, bet("a"));
    frames.add(4, bet("b"));
    expect(sent).toEqual([[1, ["a"]]]);
    frames.flush();
    expect(sent).toEqual([
      [1, ["a"]],
      [4, ["b"]],
    ]);
    frames.flush();
    vi.advanceTimersByTime(JACKPOT.betsWindowMs * 2);
    expect(sent).toHaveLength(2);
  });
});
