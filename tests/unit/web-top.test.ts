import { describe, expect, it } from "vitest";
import { topSearch, topViewOf } from "../../web/src/features/top/topParams";

describe("the top list's view in the URL", () => {
  it("reads the period and the metric, defaults for anything else", () => {
    expect(topViewOf(new URLSearchParams("period=week&metric=wagered"))).toEqual({ period: "week", metric: "wagered" });
    expect(topViewOf(new URLSearchParams(""))).toEqual({ period: "today", metric: "net" });
    expect(topViewOf(new URLSearchParams("period=year&metric=x"))).toEqual({ period: "today", metric: "net" });
  });

  it("changes one part and keeps the other", () => {
    expect(topSearch({ period: "week", metric: "net" }, { metric: "wagered" })).toBe("?period=week&metric=wagered");
    expect(topSearch({ period: "week", metric: "net" }, { period: "all" })).toBe("?period=all&metric=net");
  });
});
