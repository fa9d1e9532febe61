// worker/lib/bank-push.ts: a change pushes at once; changes inside the window are owed at its end
// (the room is told when, and pushes its bank then: the last one wins), without `owe` they wait
// for the next push; a reset to 0 goes at once, an unchanged bank is not pushed.
import { afterEach, describe, expect, it, vi } from "vitest";
import { BankPush } from "../../worker/lib/bank-push";

afterEach(() => vi.useRealTimers());

describe("BankPush", () => {
  it("throttles to one push per window and pushes the last bank at the window's end", async () => {
    vi.useFakeTimers({ now: 0 });
    const sent: number[] = [];
    let bank = 0;
    // the room: at the owed moment (its "bank" alarm) it pushes its bank as it is then
    const push: BankPush = new BankPush(
      async (b) => void sent.push(b),
      1_000,
      (at) => setTimeout(() => push.push(bank), at - Date.now()),
    );
    const change = (b: number) => {
      bank = b;
      push.push(bank);
    };
    change(100);
    change(100);
    vi.advanceTimersByTime(100);
    change(200);
    vi.advanceTimersByTime(100);
    change(300);
    expect(sent).toEqual([100]);
    vi.advanceTimersByTime(800);
    expect(sent).toEqual([100, 300]);
    change(0);
    expect(sent).toEqual([100, 300, 0]);
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual([100, 300, 0]);
  });

  it("owed to the room: told the window's end once per burst, the room pushes its bank then", async () => {
    const sent: number[] = [];
    const owed: number[] = [];
    const push = new BankPush(
      async (bank) => void sent.push(bank),
      1_000,
      (at) => owed.push(at),
    );
    push.push(100, 0);
    push.push(200, 100);
    push.push(300, 400);
    expect(sent).toEqual([100]);
    expect(owed).toEqual([1_000]);
    push.push(300, 1_000); // the room's alarm at the window's end, with its current bank
    expect(sent).toEqual([100, 300]);
    push.push(300, 1_200); // unchanged: nothing owed
    push.push(400, 1_300);
    expect(owed).toEqual([1_000, 2_000]);
    push.push(400, 2_000);
    expect(sent).toEqual([100, 300, 400]);
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
