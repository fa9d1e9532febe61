// The support desk's pure pieces: the "report a problem" link (lib/supportLink.ts) and the
// reference the support page reads back from ?ref= (features/support/reference.ts).
import { describe, expect, it } from "vitest";
import { referenceFromQuery, referenceHref } from "../../web/src/features/support/reference";
import { ticketIdFrom } from "../../web/src/features/support/ticketId";
import { supportHref } from "../../web/src/lib/supportLink";

describe("a ticket's reference in the support link", () => {
  it("links to the new-ticket form with kind:id", () => {
    expect(supportHref("crash", 123)).toBe("/support?ref=crash:123#new-ticket");
    expect(supportHref("payment", "pay_AB-12cd")).toBe("/support?ref=payment:pay_AB-12cd#new-ticket");
  });

  it("reads every kind back, and nothing else", () => {
    expect(referenceFromQuery("crash:123")).toEqual({ kind: "crash", id: 123 });
    expect(referenceFromQuery("jackpot:5")).toEqual({ kind: "jackpot", id: 5 });
    expect(referenceFromQuery("wheel:7")).toEqual({ kind: "wheel", id: 7 });
    expect(referenceFromQuery("case:9")).toEqual({ kind: "case", id: 9 });
    expect(referenceFromQuery("payment:pay_AB-12cd")).toEqual({ kind: "payment", id: "pay_AB-12cd" });
    for (const bad of [null, "", "crash", "crash:", "crash:0", "crash:1e2", "crash:05", "dice:1", ":1", "payment:a b", "2N9C"])
      expect(referenceFromQuery(bad), String(bad)).toBeNull();
  });

  it("leads to the round's page or the deposits; a case opening has no page", () => {
    expect(referenceHref({ kind: "crash", id: 1 })).toBe("/crash/1");
    expect(referenceHref({ kind: "jackpot", id: 2 })).toBe("/jackpot/2");
    expect(referenceHref({ kind: "wheel", id: 3 })).toBe("/wheel/3");
    expect(referenceHref({ kind: "case", id: 4 })).toBeNull();
    expect(referenceHref({ kind: "payment", id: "x" })).toBe("/profile#profile-money-deposits");
  });

  it("takes a ticket id of plain digits only", () => {
    expect(ticketIdFrom("12")).toBe(12);
    for (const bad of [undefined, "", "abc", "0", "-1", "1.5", "1e2", "012"]) expect(ticketIdFrom(bad), String(bad)).toBeNull();
  });
});
