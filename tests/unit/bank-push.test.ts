// worker/lib/bank-push.ts: a change pushes at once; with `trailing` changes inside the window wait
// for its end (the last one wins), without it they are dropped; a reset to 0 goes at once, an
// unchanged bank is not pushed.
import { afterEach, describe, expect, it, vi } from "vitest";
import { BankPush } from "../../worker/lib/bank-push";

afterEach(() => vi.useRealTimers());

describe("BankPush", () => {
  it("throttles to one push per window and pushes the last bank at the window's end", async () => {
    vi.useFakeTimers({ now: 0 });
    const sent: number[] = [];
    const push = new BankPush(async (bank) => void sent.push(bank), 1_000, true);
    push.push(100);
    push.push(100);
    vi.advanceTimersByTime(100);
    push.push(200);
    vi.advanceTimersByTime(100);
    push.push(300);
    expect(sent).toEqual([100]);
    vi.advanceTimersByTime(800);
    expect(sent).toEqual([100, 300]);
    push.push(0);
    expect(sent).toEqual([100, 300, 0]);
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual([100, 300, 0]);
  });

  it("without trailing, a change inside the window waits for the next push after it", async () => {
    vi.useFakeTimers({ now: 0 });
    const sent: number[] = [];
    const push = new BankPush(async (bank) => void sent.push(bank), 1_000);
    push.push(100);
    vi.advanceTimersByTime(200);
    push.push(200);
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual([100]);
    push.push(300);
    expect(sent).toEqual([100, 300]);
    push.push(0);
    expect(sent).toEqual([100, 300, 0]);
  });
});
