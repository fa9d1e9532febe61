import { describe, expect, it } from "vitest";
import type { BonusCondition as GiveawayCondition } from "../../shared/api/bonus";
import type { GiveawayConditions } from "../../shared/api/giveaways";
import { clockText, remainingMs, splitLeft } from "../../web/src/features/giveaway/countdown";
import { conditionsMet, type JoinContext, joinBlock } from "../../web/src/features/giveaway/joinBlock";
import { readTelegramFragment } from "../../web/src/features/giveaway/telegramFragment";

const off: GiveawayCondition = { is_active: false, is_completed: false, required: 0, progress: 0 };
const open = (required: number | string, progress = 0): GiveawayCondition => ({ is_active: true, is_completed: false, required, progress });
const done = (required: number | string, progress = 1): GiveawayCondition => ({ is_active: true, is_completed: true, required, progress });
const none: GiveawayConditions = { telegram_channel_subscribe: off, username: off, deposit: off, games: off };

const ready: JoinContext = { signedIn: true, remainingMs: 60_000, isParticipant: false, pending: false, conditions: none };

describe("joinBlock (§4 participation, §6 visitor)", () => {
  it("allows joining when signed in, timed, not in, idle and every condition met", () => {
    expect(joinBlock(ready)).toBeNull();
    expect(joinBlock({ ...ready, conditions: { ...none, deposit: done(10, 12), games: done(5, 5) } })).toBeNull();
  });

  it("asks a visitor to sign in before anything else", () => {
    expect(joinBlock({ ...ready, signedIn: false, conditions: null, remainingMs: 0 })).toBe("sign_in");
  });

  it("refuses without a running timer", () => {
    expect(joinBlock({ ...ready, remainingMs: null })).toBe("no_timer");
    expect(joinBlock({ ...ready, remainingMs: 0 })).toBe("no_timer");
  });

  it("says a participant is in, a running request is pending", () => {
    expect(joinBlock({ ...ready, isParticipant: true })).toBe("member");
    expect(joinBlock({ ...ready, pending: true })).toBe("pending");
  });

  it("waits for every switched-on condition, and for the conditions to be known", () => {
    expect(joinBlock({ ...ready, conditions: { ...none, games: open(5, 4) } })).toBe("conditions");
    expect(joinBlock({ ...ready, conditions: { ...none, telegram_channel_subscribe: open("@skinrush") } })).toBe("conditions");
    expect(joinBlock({ ...ready, conditions: null })).toBe("conditions");
  });

  it("ignores a condition that is switched off, completed or not", () => {
    expect(conditionsMet({ ...none, username: { ...off, is_completed: false } })).toBe(true);
    expect(conditionsMet({ ...none, username: open("skinrush") })).toBe(false);
  });
});

describe("the giveaway countdown", () => {
  it("counts by the server's clock and stops at zero", () => {
    expect(remainingMs(10_000, 4_000, 1_000)).toBe(5_000);
    expect(remainingMs(10_000, 12_000, 0)).toBe(0);
  });

  it("rounds up to whole seconds and splits days, hours, minutes", () => {
    expect(splitLeft(200)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(splitLeft(90_061_000)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(splitLeft(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it("shows mm:ss under an hour, hh:mm:ss above, days in front", () => {
    expect(clockText(splitLeft(65_000))).toBe("01:05");
    expect(clockText(splitLeft(3_600_000 + 5_000))).toBe("01:00:05");
    expect(clockText(splitLeft(2 * 86_400_000 + 3_000))).toBe("2:00:00:03");
  });
});

function fragmentOf(payload: unknown): string {
  const b64 = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `#tgAuthResult=${b64}`;
}

describe("readTelegramFragment (the Telegram login return)", () => {
  const payload = { id: 123456, first_name: "Ива́н", username: "ivan", auth_date: 1_700_000_000, hash: "a".repeat(64) };

  it("decodes the base64url JSON, UTF-8 names included", () => {
    expect(readTelegramFragment(fragmentOf(payload))).toEqual({ kind: "payload", payload });
    expect(readTelegramFragment(fragmentOf(payload).slice(1))).toEqual({ kind: "payload", payload });
  });

  it("keeps unknown string fields (they are part of the signed check string)", () => {
    const result = readTelegramFragment(fragmentOf({ ...payload, extra: "x" }));
    expect(result.kind === "payload" && result.payload.extra).toBe("x");
  });

  it("tells a missing fragment from a garbled one", () => {
    expect(readTelegramFragment("")).toEqual({ kind: "missing" });
    expect(readTelegramFragment("#other=1")).toEqual({ kind: "missing" });
    expect(readTelegramFragment("#tgAuthResult=%%%")).toEqual({ kind: "garbled" });
    expect(readTelegramFragment("#tgAuthResult=bm90IGpzb24")).toEqual({ kind: "garbled" });
    expect(readTelegramFragment(fragmentOf({ ...payload, hash: "short" }))).toEqual({ kind: "garbled" });
    expect(readTelegramFragment(fragmentOf({ ...payload, id: -1 }))).toEqual({ kind: "garbled" });
  });
});
