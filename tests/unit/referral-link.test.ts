// The SPA side of referral links (web/src/lib/referral.ts) and the pure promo / referral rules
// of the worker (worker/promo/rules.ts, worker/referrals/code.ts).
import { describe, expect, it } from "vitest";
import { promoCodeOf } from "../../web/src/lib/promo";
import { captureReferral, referralLink } from "../../web/src/lib/referral";
import { promoRefusal, utcDay } from "../../worker/promo/rules";
import { referralCode, referrerIdOf } from "../../worker/referrals/code";

describe("promo code rules (pure)", () => {
  const live = { kind: "balance" as const, active: true, expiresAt: null, dailyLimit: 2 };
  const facts = { now: 1_000_000, usedByPlayer: false, usesToday: 0 };

  it("refuses in the order the player is told: not found, ended, already used, daily limit", () => {
    expect(promoRefusal(undefined, "balance", facts)).toBe("not_found");
    expect(promoRefusal(live, "deposit", facts)).toBe("not_found");
    expect(promoRefusal({ ...live, active: false }, "balance", { ...facts, usedByPlayer: true })).toBe("ended");
    expect(promoRefusal({ ...live, expiresAt: facts.now }, "balance", facts)).toBe("ended");
    expect(promoRefusal({ ...live, expiresAt: facts.now + 1 }, "balance", facts)).toBeNull();
    expect(promoRefusal(live, "balance", { ...facts, usedByPlayer: true, usesToday: 5 })).toBe("already_used");
    expect(promoRefusal(live, "balance", { ...facts, usesToday: 2 })).toBe("daily_limit");
    expect(promoRefusal(live, "balance", { ...facts, usesToday: 1 })).toBeNull();
  });

  it("counts days in UTC", () => {
    expect(utcDay(Date.UTC(2026, 10, 25, 23, 59))).toBe(utcDay(Date.UTC(2026, 10, 25, 0, 0)));
    expect(utcDay(Date.UTC(2026, 10, 26, 0, 0))).toBe(utcDay(Date.UTC(2026, 10, 25)) + 1);
  });

  it("the client normalises a typed code as the server stores it, and keeps the button off for anything else", () => {
    expect(promoCodeOf("  welcome-5 ")).toBe("WELCOME-5");
    for (const bad of ["", "ab", "white space", "<x>", "A".repeat(33)]) expect(promoCodeOf(bad)).toBeNull();
  });
});

describe("referral codes", () => {
  it("round-trip every id and refuse look-alikes", () => {
    for (const id of [1, 35, 36, 1295, 123_456, 2_147_483_647]) expect(referrerIdOf(referralCode(id))).toBe(id);
    expect(referrerIdOf("0a")).toBeUndefined();
    expect(referrerIdOf("-1")).toBeUndefined();
  });
});

describe("the SPA's referral link", () => {
  it("is <origin>/?ref=<code>", () => {
    expect(referralLink("2N9C", "https://skinrush.example")).toBe("https://skinrush.example/?ref=2N9C");
  });

  it("takes ?ref= out of the address bar on boot, keeping the rest", () => {
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) } as unknown as History;
    captureReferral({ href: "http://127.0.0.1:8787/cases?ref=2N9C&x=1#top" } as Location, history);
    expect(replaced).toEqual(["/cases?x=1#top"]);
    captureReferral({ href: "http://127.0.0.1:8787/profile" } as Location, history);
    expect(replaced).toHaveLength(1);
  });

  it("leaves the support page's ?ref= (a ticket's reference) in place", () => {
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) } as unknown as History;
    captureReferral({ href: "http://127.0.0.1:8787/support?ref=crash:123#new-ticket" } as Location, history);
    expect(replaced).toEqual([]);
  });
});
