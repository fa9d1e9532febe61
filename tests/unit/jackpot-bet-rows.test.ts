// A trailing row throttle (base/row-throttle.ts, leading = false; the jackpot's rows were sent so
// before its board): rows within one window leave as one frame at its end; flush() (before any
// other frame of the room, such as the next round's) sends at once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { BetRowThrottle } from "../../worker/rooms/base/row-throttle";

const WINDOW_MS = 100;

const bet = (id: string) => ({ id });
const trailing = (send: (rows: { id: string }[]) => void) => new BetRowThrottle(send, WINDOW_MS, Number.POSITIVE_INFINITY, undefined, undefined, false);

afterEach(() => vi.useRealTimers());

describe("trailing bet rows", () => {
  it("coalesces a window's bets into one frame", () => {
    vi.useFakeTimers();
    const sent: string[][] = [];
    const rows = trailing((r) => sent.push(r.map((b) => b.id)));
    for (let i = 0; i < 50; i++) rows.add([bet(`b${i}`)]);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(WINDOW_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(50);
    rows.add([bet("late")]);
    vi.advanceTimersByTime(WINDOW_MS);
    expect(sent.map((ids) => ids.length)).toEqual([50, 1]);
  });

  it("flushes on demand, once", () => {
    vi.useFakeTimers();
    const sent: string[][] = [];
    const rows = trailing((r) => sent.push(r.map((b) => b.id)));
    rows.add([bet("a")]);
    rows.flush(); // the round ends: its rows go before newGameJackpot
    expect(sent).toEqual([["a"]]);
    rows.add([bet("b")]);
    rows.flush();
    expect(sent).toEqual([["a"], ["b"]]);
    rows.flush();
    vi.advanceTimersByTime(WINDOW_MS * 2);
    expect(sent).toHaveLength(2);
  });
});
