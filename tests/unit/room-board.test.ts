// The board of a round room (worker/rooms/base/board.ts): the biggest bets and, per board, only the
// rows a client does not have in that shape yet.
import { describe, expect, it } from "vitest";
import { BoardDiff, biggest } from "../../worker/rooms/base/board";

const row = (id: string, stake: number, state = "pending") => ({ id, stake, state });

describe("biggest", () => {
  it("takes the biggest by weight, biggest first, ties in the rows' order", () => {
    const rows = [row("a", 5), row("b", 9), row("c", 5), row("d", 1), row("e", 9)];
    expect(biggest(rows, 3, (r) => r.stake).map((r) => r.id)).toEqual(["b", "e", "a"]);
    expect(biggest(rows, 10, (r) => r.stake)).toHaveLength(5);
    expect(biggest([], 3, (r: { stake: number }) => r.stake)).toEqual([]);
  });
});

describe("BoardDiff", () => {
  it("sends a row when it enters the top or changes, not again while it stays the same", () => {
    const diff = new BoardDiff<ReturnType<typeof row>>();
    expect(diff.next(1, [row("a", 5)])).toEqual({ order: ["a"], rows: [row("a", 5)] });
    expect(diff.next(1, [row("b", 9), row("a", 5)])).toEqual({ order: ["b", "a"], rows: [row("b", 9)] });
    expect(diff.next(1, [row("b", 9), row("a", 5)])).toEqual({ order: ["b", "a"], rows: [] });
    expect(diff.next(1, [row("b", 9, "won"), row("a", 5)])).toEqual({ order: ["b", "a"], rows: [row("b", 9, "won")] });
  });
  it("a row that left the top and came back is sent again; a new round sends every row", () => {
    const diff = new BoardDiff<ReturnType<typeof row>>();
    diff.next(1, [row("a", 5)]);
    diff.next(1, [row("b", 9)]);
    expect(diff.next(1, [row("b", 9), row("a", 5)]).rows).toEqual([row("a", 5)]);
    expect(diff.next(2, [row("b", 9), row("a", 5)]).rows).toEqual([row("b", 9), row("a", 5)]);
  });
});
