// base/group-queue.ts: requests that arrive while a call is in flight go together in the next
// one, at most `max` a call, one call in flight, each request with its own answer.
import { describe, expect, it } from "vitest";
import { GroupQueue } from "../../worker/rooms/base/group-queue";

function deferred() {
  let open!: () => void;
  const gate = new Promise<void>((r) => {
    open = r;
  });
  return { gate, open };
}

describe("GroupQueue", () => {
  it("sends the first request alone, then those that waited together, at most max a call", async () => {
    const calls: number[][] = [];
    const first = deferred();
    const queue = new GroupQueue<number, number>(3, async (group) => {
      calls.push(group.map((w) => w.item));
      if (calls.length === 1) await first.gate;
      for (const w of group) w.answer(w.item * 10);
    });
    const answers = [1, 2, 3, 4, 5, 6].map((n) => queue.ask(n));
    first.open();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(calls).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it("a call that throws fails its own requests only; the next group still goes", async () => {
    let n = 0;
    const queue = new GroupQueue<string, string>(10, async (group) => {
      n++;
      if (group.some((w) => w.item === "bad")) throw new Error("D1 down");
      for (const w of group) w.answer(w.item);
    });
    const bad = queue.ask("bad");
    const good = queue.ask("good");
    await expect(bad).rejects.toThrow("D1 down");
    expect(await good).toBe("good");
    expect(n).toBe(2);
  });

  it("never has two calls in flight", async () => {
    let inFlight = 0;
    let most = 0;
    const queue = new GroupQueue<number, number>(2, async (group) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      for (const w of group) w.answer(w.item);
    });
    await Promise.all([...Array(25).keys()].map((i) => queue.ask(i)));
    expect(most).toBe(1);
  });
});
