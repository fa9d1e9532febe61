// The audit page's before/after diff (web/src/features/admin/console/users/diff.ts).
import { describe, expect, it } from "vitest";
import { diffStates } from "../../web/src/features/admin/console/users/diff";

describe("diffStates", () => {
  it("lists only the changed paths, nested ones by their path", () => {
    expect(diffStates({ balance: "10.00", note: "x" }, { balance: "7.50", note: "x" })).toEqual([{ path: "balance", before: "10.00", after: "7.50" }]);
    expect(diffStates({ banned: false }, { banned: true })).toEqual([{ path: "banned", before: "false", after: "true" }]);
    expect(diffStates({ a: { b: 1, c: 2 } }, { a: { b: 1, c: 3 } })).toEqual([{ path: "a.c", before: "2", after: "3" }]);
  });

  it("shows added and removed keys, lists of plain values as one line, and a null side as nothing", () => {
    expect(diffStates({ live_sessions: ["aa", "bb"] }, { live_sessions: ["bb"] })).toEqual([{ path: "live_sessions", before: "aa, bb", after: "bb" }]);
    expect(diffStates({ live_sessions: ["aa"] }, { live_sessions: [] })).toEqual([{ path: "live_sessions", before: "aa", after: "[]" }]);
    expect(diffStates(null, { enrolled: true })).toEqual([{ path: "enrolled", before: undefined, after: "true" }]);
    expect(diffStates({ x: 1 }, {})).toEqual([{ path: "x", before: "1", after: undefined }]);
    expect(diffStates({ x: {} }, { x: { y: 1 } })).toEqual([
      { path: "x", before: "{}", after: undefined },
      { path: "x.y", before: undefined, after: "1" },
    ]);
  });

  it("compares plain values at the top", () => {
    expect(diffStates("on", "off")).toEqual([{ path: "", before: "on", after: "off" }]);
    expect(diffStates(1, 1)).toEqual([]);
  });
});
