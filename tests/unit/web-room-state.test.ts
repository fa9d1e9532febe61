// web/src/lib/roomState.ts: the handler map the game states are written as (every server event
// must have its handler, or the map does not compile), and the helpers they share.
import { describe, expect, it } from "vitest";
import type { JackpotServerFrame } from "../../shared/rooms/jackpot";
import { type FrameHandlers, mergeById, reduceFrame, unchanged, withHistory } from "../../web/src/lib/roomState";

describe("frame handlers", () => {
  it("hands each frame's data to its event's handler, with the effects it pushes", () => {
    const handlers: FrameHandlers<JackpotServerFrame, number, string> = {
      jackpotInit: (s) => s + 1,
      jackpotNewBet: (s, d, _now, effects) => {
        effects.push(`bank ${d.bank}`);
        return s + 10;
      },
      jackpotBoard: unchanged,
      jackpotTimer: (s, d) => s + d.countdownEndsAt,
      startJackpot: unchanged,
      newGameJackpot: unchanged,
      error: (s, d, now, effects) => {
        effects.push(`${d.message} at ${now}`);
        return s;
      },
      pong: unchanged,
    };
    const frame: JackpotServerFrame = {
      event: "jackpotNewBet",
      data: { roundId: 1, bets: [], bank: 2.5, itemsCount: 0, playersCount: 0, soloEndsAt: null, serverTime: 0 },
    };
    expect(reduceFrame(handlers, 5, frame, 0)).toEqual({ state: 15, effects: ["bank 2.5"] });
    expect(reduceFrame(handlers, 5, { event: "error", data: { message: "app_error.load" } }, 7)).toEqual({ state: 5, effects: ["app_error.load at 7"] });
    expect(reduceFrame(handlers, 5, { event: "pong", data: {} }, 0)).toEqual({ state: 5, effects: [] });
  });

  it("does not compile without a handler for every server event", () => {
    // @ts-expect-error — jackpotBoard, startJackpot, newGameJackpot, error and pong have no handler: a type error, not a silent drop
    const missing: FrameHandlers<JackpotServerFrame, number, never> = { jackpotInit: unchanged, jackpotNewBet: unchanged, jackpotTimer: unchanged };
    expect(Object.keys(missing)).toHaveLength(3);
  });
});

describe("shared helpers", () => {
  it("withHistory puts the entry first, replaces its repeat and keeps the size", () => {
    const h = [{ id: 3 }, { id: 2 }, { id: 1 }];
    expect(withHistory(h, { id: 4 }, 3)).toEqual([{ id: 4 }, { id: 3 }, { id: 2 }]);
    expect(withHistory(h, { id: 2 }, 5)).toEqual([{ id: 2 }, { id: 3 }, { id: 1 }]);
  });

  it("mergeById keeps the list's order for known rows and puts new rows on top, newest first", () => {
    expect(
      mergeById(
        [{ id: "a", v: 1 }],
        [
          { id: "b", v: 2 },
          { id: "c", v: 3 },
          { id: "a", v: 9 },
        ],
      ),
    ).toEqual([
      { id: "c", v: 3 },
      { id: "b", v: 2 },
      { id: "a", v: 9 },
    ]);
  });
});
