// The bet-row coalescing of the rooms (worker/rooms/base/row-throttle.ts) with crash rows, a hand-driven
// clock and timer queue.
import { describe, expect, it } from "vitest";
import type { BetPublic } from "../../shared/api/crash";
import { BetRowThrottle, type Scheduler } from "../../worker/rooms/base/row-throttle";

const row = (id: string, is_win: 0 | 1 | 2 = 0): BetPublic => ({
  id,
  user: { id: 1, username: "u", avatar: "default" },
  items: [],
  itemsMore: 0,
  bank: 1,
  value: 0,
  autoWithdraw: 2,
  is_win,
  win: 0,
  winItem: null,
  result: null,
});

function setup(windowMs = 100, maxRows = 3) {
  let now = 1_000;
  const queue: { fn: () => void; at: number; id: number }[] = [];
  let nextId = 0;
  const timers: Scheduler = {
    set: (fn, ms) => {
      const t = { fn, at: now + ms, id: nextId++ };
      queue.push(t);
      return t.id;
    },
    clear: (h) => {
      const i = queue.findIndex((t) => t.id === h);
      if (i >= 0) queue.splice(i, 1);
    },
  };
  const sent: string[][] = [];
  const throttle = new BetRowThrottle<BetPublic>(
    (rows) => sent.push(rows.map((r) => `${r.id}:${r.is_win}`)),
    windowMs,
    maxRows,
    () => now,
    timers,
  );
  const advance = (ms: number) => {
    now += ms;
    for (const t of queue.filter((t) => t.at <= now)) {
      queue.splice(queue.indexOf(t), 1);
      t.fn();
    }
  };
  return { throttle, sent, advance, queue };
}

describe("BetRowThrottle", () => {
  it("sends the first rows at once and holds the next ones until the window has passed", () => {
    const { throttle, sent, advance } = setup();
    throttle.add([row("a")]);
    expect(sent).toEqual([["a:0"]]);
    advance(10);
    throttle.add([row("b")]);
    advance(10);
    throttle.add([row("c")]);
    expect(sent).toHaveLength(1);
    advance(79);
    expect(sent).toHaveLength(1);
    advance(1); // 100 ms after the first frame
    expect(sent).toEqual([["a:0"], ["b:0", "c:0"]]);
    advance(500);
    throttle.add([row("d")]); // quiet for longer than the window: at once again
    expect(sent.at(-1)).toEqual(["d:0"]);
  });

  it("sends a row changed twice in the window once, in its latest state and place", () => {
    const { throttle, sent, advance } = setup();
    throttle.add([row("a")]);
    throttle.add([row("b"), row("c")]);
    throttle.add([row("b", 1)]);
    advance(100);
    expect(sent).toEqual([["a:0"], ["c:0", "b:1"]]);
  });

  it("flush sends what waits now (before another frame) and cancels the timer", () => {
    const { throttle, sent, advance, queue } = setup();
    throttle.add([row("a")]);
    throttle.add([row("b")]);
    expect(queue).toHaveLength(1);
    throttle.flush();
    expect(sent).toEqual([["a:0"], ["b:0"]]);
    expect(queue).toHaveLength(0);
    throttle.flush(); // nothing waits: nothing sent
    advance(1_000);
    expect(sent).toHaveLength(2);
  });

  it("splits a large batch into frames of at most maxRows rows", () => {
    const { throttle, sent, advance } = setup(100, 3);
    throttle.add([row("x")]);
    throttle.add(["a", "b", "c", "d", "e", "f", "g"].map((id) => row(id)));
    advance(100);
    expect(sent).toEqual([["x:0"], ["a:0", "b:0", "c:0"], ["d:0", "e:0", "f:0"], ["g:0"]]);
  });

  it("sends nothing for an empty list", () => {
    const { throttle, sent, queue } = setup();
    throttle.add([]);
    expect(sent).toEqual([]);
    expect(queue).toHaveLength(0);
  });
});
