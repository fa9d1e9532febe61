// The console tables' keyset cursor (shared/api/keyset.ts): a position round-trips, and anything
// that is not a cursor of the body's sort is refused by the schema with the table's own keys.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeCursor, encodeCursor, sortedListBody, sortedListInvalid } from "../../shared/api/keyset";

const body = sortedListBody({ q: z.string().optional() }, { newest: "int", name: "text" }, "newest");

describe("console keyset cursor", () => {
  it("round-trips integer and text positions, ties and colons included", () => {
    expect(decodeCursor(encodeCursor("newest", { value: 1_700_000_000_000, id: 7 }), "newest", "int")).toEqual({ value: 1_700_000_000_000, id: 7 });
    expect(decodeCursor(encodeCursor("newest", { value: -5, id: 1 }), "newest", "int")).toEqual({ value: -5, id: 1 });
    expect(decodeCursor(encodeCursor("newest", { value: 0, id: 2 }), "newest", "int")).toEqual({ value: 0, id: 2 });
    expect(decodeCursor(encodeCursor("name", { value: "A: b:c", id: 3 }), "name", "text")).toEqual({ value: "A: b:c", id: 3 });
    expect(decodeCursor(encodeCursor("name", { value: "", id: 3 }), "name", "text")).toEqual({ value: "", id: 3 });
  });

  it("refuses a cursor of another sort, a malformed id or a value of the wrong kind", () => {
    for (const bad of [
      "",
      "newest",
      "newest:",
      "newest:5",
      "newest:0:1",
      "newest:05:1",
      "newest:1e3:1",
      "newest:-1:1",
      "newest:1:1.5",
      "newest:1:01",
      "newest:1:x",
      "newest:1: 1",
      "newest:1:99999999999999999",
      "name:1:5",
      "NEWEST:1:1",
      "newest:9007199254740993:1",
    ])
      expect(decodeCursor(bad, "newest", "int"), bad).toBeNull();
    expect(decodeCursor("newest:1:5", "name", "text")).toBeNull();
  });

  it("the body schema defaults the sort, checks the cursor against it and names the failing part", () => {
    expect(body.parse({})).toEqual({ sort: "newest" });
    expect(body.parse({ sort: "name", cursor: "name:4:Alpha" })).toEqual({ sort: "name", cursor: "name:4:Alpha" });
    const cases: [unknown, string | undefined][] = [
      [{ sort: "bogus" }, "console_api.bad_sort"],
      [{ sort: 1 }, "console_api.bad_sort"],
      [{ cursor: "name:4:Alpha" }, "console_api.bad_cursor"],
      [{ cursor: 5 }, "console_api.bad_cursor"],
      [{ sort: "newest", cursor: "garbage" }, "console_api.bad_cursor"],
      [{ other: 1 }, undefined],
    ];
    for (const [input, key] of cases) {
      const parsed = body.safeParse(input);
      expect(parsed.success, JSON.stringify(input)).toBe(false);
      if (!parsed.success) expect(sortedListInvalid(parsed.error), JSON.stringify(input)).toBe(key);
    }
  });
});
