import { describe, expect, it } from "vitest";
import { CRASH, STORAGE_KEYS } from "../../shared/constants";
import { betButtonEnabled, betButtonState, type BetButtonInput } from "../../web/src/features/crash/betButton";
import { betRowAmount, betRowKind, itemsShown } from "../../web/src/features/crash/betRowDisplay";
import {
  betMultiplierFrom,
  compactMultiplier,
  DEFAULT_MULTIPLIERS,
  formatMultiplier,
  normalizeMultipliers,
  parseMultiplier,
  readBetMultiplier,
  readMultipliers,
  writeMultipliers,
} from "../../web/src/features/crash/multipliers";
import { roundIdFrom } from "../../web/src/lib/roundId";
import { retained, toggled } from "../../web/src/features/crash/selection";
import { parseTwist } from "../../web/src/features/crash/twist";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe("custom multipliers (§5 Multipliers)", () => {
  it("drops empty values on save and sorts the rest ascending", () => {
    expect(normalizeMultipliers(["5", "", "1.5", "  ", "3.25"])).toEqual([1.5, 3.25, 5]);
  });
  it("keeps at most 4, drops values not above 1, garbage and duplicates", () => {
    expect(normalizeMultipliers(["10", "2", "abc", "1", "0.5", "2.00", "3", "4", "6"])).toEqual([2, 3, 4, 6]);
    expect(normalizeMultipliers([])).toEqual([]);
  });
  it("accepts a comma as the decimal mark and keeps two decimals", () => {
    expect(parseMultiplier("2,5")).toBe(2.5);
    expect(parseMultiplier("1.999")).toBe(1.99);
    expect(parseMultiplier("")).toBeNull();
    expect(parseMultiplier("1")).toBeNull();
  });
  it("round-trips through local storage under crash_multipliers; defaults when missing or broken", () => {
    const s = memoryStorage();
    expect(readMultipliers(s)).toEqual([...DEFAULT_MULTIPLIERS]);
    writeMultipliers([1.5, 7], s);
    expect(s.data.get(STORAGE_KEYS.crashMultipliers)).toBe("[1.5,7]");
    expect(readMultipliers(s)).toEqual([1.5, 7]);
    expect(readMultipliers(memoryStorage({ [STORAGE_KEYS.crashMultipliers]: "{oops" }))).toEqual([...DEFAULT_MULTIPLIERS]);
    expect(readMultipliers(memoryStorage({ [STORAGE_KEYS.crashMultipliers]: '["9","","2"]' }))).toEqual([2, 9]);
  });
  it("uses a stored bet multiplier only if > 1, else ∞ (9999.99)", () => {
    expect(betMultiplierFrom("2.5")).toBe(2.5);
    expect(betMultiplierFrom("1")).toBe(CRASH.infiniteMultiplier);
    expect(betMultiplierFrom("0.7")).toBe(CRASH.infiniteMultiplier);
    expect(betMultiplierFrom(null)).toBe(CRASH.infiniteMultiplier);
    expect(betMultiplierFrom("nonsense")).toBe(CRASH.infiniteMultiplier);
    expect(readBetMultiplier(memoryStorage({ [STORAGE_KEYS.crashBetMultiplier]: "3" }))).toBe(3);
  });
  it("shows manual stop as ∞", () => {
    expect(formatMultiplier(CRASH.infiniteMultiplier)).toBe("∞");
    expect(formatMultiplier(2)).toBe("×2.00");
    expect(compactMultiplier(10)).toBe("×10");
    expect(compactMultiplier(1.5)).toBe("×1.5");
    expect(compactMultiplier(CRASH.infiniteMultiplier)).toBe("∞");
  });
});

describe("bet button (§5 Crash bet start)", () => {
  const ready: BetButtonInput = {
    signedIn: true,
    maintenance: false,
    connected: true,
    phase: "waiting",
    editing: false,
    selectedCount: 2,
    valueCents: 0,
    amountIssue: null,
    ownBets: 0,
    sending: false,
  };
  it("is ready when every condition holds", () => {
    expect(betButtonState(ready)).toBe("ready");
    expect(betButtonEnabled("ready")).toBe(true);
  });
  it.each([
    [{ signedIn: false }, "login"],
    [{ maintenance: true }, "maintenance"],
    [{ connected: false }, "offline"],
    [{ phase: "running" as const }, "not_waiting"],
    [{ phase: "crashed" as const }, "not_waiting"],
    [{ editing: true }, "editing"],
    [{ selectedCount: 0 }, "no_items"],
    [{ selectedCount: 0, valueCents: 150 }, "ready"],
    [{ amountIssue: "above_balance" as const }, "bad_amount"],
    [{ selectedCount: 0, amountIssue: "not_amount" as const }, "bad_amount"],
    [{ ownBets: CRASH.maxOwnBets }, "max_bets"],
    [{ sending: true }, "sending"],
  ])("%o → %s", (patch, expected) => {
    const state = betButtonState({ ...ready, ...patch });
    expect(state).toBe(expected);
    expect(betButtonEnabled(state)).toBe(expected === "login" || expected === "ready");
  });
  it("signed out wins over everything else (it asks to log in)", () => {
    expect(betButtonState({ ...ready, signedIn: false, maintenance: true, phase: "running", selectedCount: 0 })).toBe("login");
  });
});

describe("bet rows (§4 Crash bet row)", () => {
  it("in-round while undecided, win with an amount, lose with the flag and no amount", () => {
    expect(betRowKind({ is_win: 0, win: 0, bank: 5 })).toBe("in-round");
    expect(betRowKind({ is_win: 1, win: 12.5, bank: 5 })).toBe("win");
    expect(betRowKind({ is_win: 2, win: 0, bank: 5 })).toBe("lose");
    expect(betRowKind({ is_win: 1, win: 0, bank: 5 })).toBe("lose");
  });
  it("shows the win amount, otherwise the bank", () => {
    expect(betRowAmount({ is_win: 1, win: 12.5, bank: 5 })).toBe(12.5);
    expect(betRowAmount({ is_win: 0, win: 0, bank: 5 })).toBe(5);
  });
  it("shows 2 items (3 in wide mode) and +N for the rest, counting itemsMore", () => {
    expect(itemsShown(3, 0, false)).toEqual({ shown: 2, more: 1 });
    expect(itemsShown(3, 0, true)).toEqual({ shown: 3, more: 0 });
    expect(itemsShown(3, 7, true)).toEqual({ shown: 3, more: 7 });
    expect(itemsShown(1, 0, false)).toEqual({ shown: 1, more: 0 });
  });
});

describe("item selection, twist value and round ids", () => {
  it("toggles only available items and forgets ones that left", () => {
    let s = toggled([], { myId: 4, status: "available" });
    s = toggled(s, { myId: 9, status: "in_bet" });
    s = toggled(s, { myId: 2, status: "available" });
    expect(s).toEqual([4, 2]);
    expect(toggled(s, { myId: 4, status: "available" })).toEqual([2]);
    expect(
      retained(s, [
        { myId: 2, status: "available" },
        { myId: 4, status: "in_bet" },
      ]),
    ).toEqual([2]);
  });
  it("refuses more than the per-bet item cap", () => {
    const full = Array.from({ length: CRASH.maxItemsPerBet }, (_, i) => i + 1);
    expect(toggled(full, { myId: 999, status: "available" })).toHaveLength(CRASH.maxItemsPerBet);
  });
  it("twist needs a value ≥ 1 with at most two decimals", () => {
    expect(parseTwist("1")).toBe(1);
    expect(parseTwist("3,50")).toBe(3.5);
    expect(parseTwist("0.99")).toBeNull();
    expect(parseTwist("2.555")).toBeNull();
    expect(parseTwist("")).toBeNull();
    expect(parseTwist("-2")).toBeNull();
  });
  it("round ids are positive whole numbers", () => {
    expect(roundIdFrom("42")).toBe(42);
    expect(roundIdFrom("0")).toBeNull();
    expect(roundIdFrom("abc")).toBeNull();
    expect(roundIdFrom("1e3")).toBeNull();
    expect(roundIdFrom(undefined)).toBeNull();
  });
});

describe("crash and fairness texts", () => {
  it("use Russian plurals (one / few / many) and English one / other", async () => {
    const { createI18n } = await import("../../web/src/lib/i18n");
    const { allResources } = await import("./web-locales");
    const ru = createI18n("ru", allResources);
    const en = createI18n("en", allResources);
    expect([1, 2, 5, 21, 11].map((count) => ru.t("summary.players", { ns: "crash", count }))).toEqual([
      "1 игрок",
      "2 игрока",
      "5 игроков",
      "21 игрок",
      "11 игроков",
    ]);
    expect([1, 3, 25].map((count) => ru.t("bets.title", { ns: "crash", count }))).toEqual(["1 ставка", "3 ставки", "25 ставок"]);
    expect(en.t("summary.items", { ns: "crash", count: 1 })).toBe("1 item");
    expect(en.t("summary.items", { ns: "crash", count: 4 })).toBe("4 items");
    expect(ru.t("form.verify", { ns: "fairness" })).toBe("Проверить");
  });
});
