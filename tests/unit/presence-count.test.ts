import { describe, expect, it } from "vitest";
import { tokenOf } from "../../worker/lib/socket-identity";
import { bindIdentity } from "../../worker/rooms/base/identity";
import { countOnline, onlineSchedule, sameCounts } from "../../worker/rooms/hub/presence";

const visitor = (id: string) => ({ userId: null, session: null, visitorId: id, connectedAt: 0 });
const user = (userId: number, id: string, session: string | null = "h") => ({ userId, session, visitorId: id, connectedAt: 0 });

describe("countOnline", () => {
  it("counts a user once across tabs and each visitor socket once", () => {
    expect(countOnline([visitor("a"), visitor("b"), user(7, "c"), user(7, "d")])).toEqual({ users: 1, visitors: 2, total: 3 });
    expect(countOnline([user(1, "a"), user(2, "b"), user(1, "c")])).toEqual({ users: 2, visitors: 0, total: 2 });
    expect(countOnline([])).toEqual({ users: 0, visitors: 0, total: 0 });
  });

  it("compares counts", () => {
    expect(sameCounts(undefined, { users: 0, visitors: 0, total: 0 })).toBe(false);
    expect(sameCounts({ users: 1, visitors: 2, total: 3 }, { users: 1, visitors: 2, total: 3 })).toBe(true);
    expect(sameCounts({ users: 2, visitors: 1, total: 3 }, { users: 1, visitors: 2, total: 3 })).toBe(false);
  });
});

describe("onlineSchedule", () => {
  it("sends at once when nothing was sent within the window, else at the window's end", () => {
    expect(onlineSchedule(undefined, 1_000, 500)).toEqual({ now: true });
    expect(onlineSchedule(1_000, 1_500, 500)).toEqual({ now: true });
    expect(onlineSchedule(1_000, 1_200, 500)).toEqual({ at: 1_500 });
    expect(onlineSchedule(1_000, 1_000, 500)).toEqual({ at: 1_500 });
  });
});

describe("bindIdentity", () => {
  it("binds a user and the session (token hash) it proved, keeps the visitor id", () => {
    expect(bindIdentity(visitor("v"), { kind: "user", user: { id: 3, username: "u3", avatar: "default" }, session: "h3" })).toEqual({
      attachment: user(3, "v", "h3"),
    });
  });

  it("turns a banned user into a visitor and tells the socket", () => {
    expect(bindIdentity(user(3, "v"), { kind: "banned" })).toEqual({
      attachment: visitor("v"),
      refused: "user_api.banned",
    });
  });

  it("unbinds on an empty or invalid token", () => {
    expect(bindIdentity(user(3, "v"), { kind: "visitor" })).toEqual({ attachment: visitor("v") });
  });
});

describe("tokenOf", () => {
  it("accepts the bare token and tolerates a Bearer prefix", () => {
    expect(tokenOf("abc")).toBe("abc");
    expect(tokenOf("Bearer abc")).toBe("abc");
    expect(tokenOf("  ")).toBe("");
    expect(tokenOf("")).toBe("");
  });
});
