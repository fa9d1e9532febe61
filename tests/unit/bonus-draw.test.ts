// The bonus pool's draw and split (shared/bonus.ts) and the room's pure step
// (worker/rooms/bonus/logic.ts) in Node: winners against vectors computed here from keccak by hand,
// the 50/25/25 split to the cent with the odd cents, fewer participants, the timer and the draw.
import sha3 from "js-sha3";
import { describe, expect, it } from "vitest";
import { bonusSplit, bonusWinners } from "../../shared/bonus";
import { step, timersOf } from "../../worker/rooms/bonus/logic";
import { createState, type BonusUser } from "../../worker/rooms/bonus/state";

const SECRET = "a3f1c2d4e5b6978899aabbccddeeff00112233445566778899aabbccddeeff01";
const SALT = "75695de3064ef388775787530ba0742a7ca551cb13e9e045ac68d9735f5a2ea5";

/** The draw as docs/fairness.md "Provably fair" states it, with js-sha3 and BigInt only. */
function byHand(secret: string, salt: string, ids: number[]): number[] {
  const left = [...ids];
  const out: number[] = [];
  for (let place = 1; place <= 3 && left.length > 0; place++) {
    const hex = sha3.keccak256(`${secret}:${salt}:${place}`);
    const n = BigInt(`0x${hex.slice(0, 13)}`);
    out.push(...left.splice(Number((n * BigInt(left.length)) / 2n ** 52n), 1));
  }
  return out;
}

describe("bonusWinners", () => {
  it("matches the scheme computed by hand, for pools of every size", () => {
    for (const size of [1, 2, 3, 4, 7, 50, 1000]) {
      const ids = Array.from({ length: size }, (_, i) => 100 + i);
      expect(bonusWinners(SECRET, SALT, ids)).toEqual(byHand(SECRET, SALT, ids));
    }
  });

  it("a fixed vector (secret, salt, ten participants)", () => {
    const ids = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
    const expected = byHand(SECRET, SALT, ids);
    expect(expected).toHaveLength(3);
    expect(bonusWinners(SECRET, SALT, ids)).toEqual(expected);
  });

  it("draws distinct winners, at most three, none from nobody", () => {
    expect(bonusWinners(SECRET, SALT, [])).toEqual([]);
    expect(bonusWinners(SECRET, SALT, [5])).toEqual([5]);
    expect(new Set(bonusWinners(SECRET, SALT, [1, 2])).size).toBe(2);
    const many = bonusWinners(
      SECRET,
      SALT,
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(many).size).toBe(3);
  });

  it("depends on the join order, the secret and the salt", () => {
    const ids = Array.from({ length: 30 }, (_, i) => i + 1);
    const base = bonusWinners(SECRET, SALT, ids);
    expect(bonusWinners(SECRET, SALT, [...ids].reverse())).not.toEqual(base);
    expect(bonusWinners(`${SECRET.slice(0, -1)}2`, SALT, ids)).not.toEqual(base);
  });
});

describe("bonusSplit", () => {
  it("pays 50/25/25 to the cent; the odd cents go to the first place", () => {
    expect(bonusSplit(10_000, 3)).toEqual([5_000, 2_500, 2_500]);
    expect(bonusSplit(101, 3)).toEqual([51, 25, 25]);
    expect(bonusSplit(103, 3)).toEqual([53, 25, 25]);
    expect(bonusSplit(3, 3)).toEqual([3, 0, 0]);
    for (const bank of [0, 1, 7, 99, 12_345, 9_999_999]) expect(bonusSplit(bank, 3).reduce((a, b) => a + b, 0)).toBe(bank);
  });

  it("pays only the places taken: the rest stays in the pool", () => {
    expect(bonusSplit(10_001, 2)).toEqual([5_001, 2_500]);
    expect(bonusSplit(10_001, 1)).toEqual([5_001]);
    expect(bonusSplit(10_001, 0)).toEqual([]);
  });

  it("refuses a bank that is not integer cents", () => {
    expect(() => bonusSplit(1.5, 3)).toThrow(RangeError);
    expect(() => bonusSplit(-1, 3)).toThrow(RangeError);
  });
});

describe("the room's step", () => {
  const timing = { roundMs: 60_000, minBankCents: 100 };
  const seed = (id: number) => ({ id, publicHash: `p${id}`, secret: SECRET, dayOfMonth: 1 });
  const ctx = { salt: SALT };
  const user = (id: number): BonusUser => ({ id, username: `u${id}`, avatar: "a" });
  const T0 = 1_000_000;

  it("no timer below the minimum bank; the timer starts when D1's bank reaches it", () => {
    const s0 = createState(seed(1), 50, 0, T0, timing);
    expect(s0.round.endsAt).toBeNull();
    expect(timersOf(s0)).toEqual({});
    const r1 = step(s0, { type: "numbers", roundId: 1, bank: 99, participants: 1 }, T0 + 10, ctx);
    expect(r1.state.round.endsAt).toBeNull();
    expect(r1.effects.some((e) => e.type === "broadcast" && e.frame.event === "jackpot-bonus.update-bank")).toBe(true);
    const r2 = step(r1.state, { type: "numbers", roundId: 1, bank: 100, participants: 1 }, T0 + 20, ctx);
    expect(r2.state.round.endsAt).toBe(T0 + 20 + 60_000);
    expect(r2.effects).toContainEqual({ type: "schedule", name: "draw", at: T0 + 20 + 60_000 });
    expect(r2.effects).toContainEqual({ type: "persist", round: expect.objectContaining({ id: 1, endsAt: T0 + 20 + 60_000 }) });
    // numbers of another round, or the same numbers, change nothing
    expect(step(r2.state, { type: "numbers", roundId: 7, bank: 500, participants: 3 }, T0 + 30, ctx).state.round.bank).toBe(100);
    expect(step(r2.state, { type: "numbers", roundId: 1, bank: 100, participants: 1 }, T0 + 30, ctx).effects.filter((e) => e.type !== "schedule")).toEqual([]);
  });

  it("draws at the end time: the winners' places, the carried rest, the next round", () => {
    const s = createState(seed(1), 1_001, 2, T0, timing);
    const people = [user(1), user(2)];
    const next = { ...seed(2), secret: "b".repeat(64) };
    const early = step(s, { type: "timer", name: "draw", drawn: { roundId: 1, bank: 1_001, participants: people }, next, nextBank: 0 }, T0 + 59_999, ctx);
    expect(early.state.round.id).toBe(1);
    const r = step(s, { type: "timer", name: "draw", drawn: { roundId: 1, bank: 1_001, participants: people }, next, nextBank: 7 }, T0 + 60_000, ctx);
    const order = byHand(SECRET, SALT, [1, 2]);
    const settle = r.effects.find((e) => e.type === "settle");
    expect(settle).toEqual({
      type: "settle",
      settlement: {
        kind: "draw",
        roundId: 1,
        nextRoundId: 2,
        bank: 1_001,
        secret: SECRET,
        participants: 2,
        winners: [
          { userId: order[0], place: 1, amount: 501 },
          { userId: order[1], place: 2, amount: 250 },
        ],
        carried: 250,
        drawnAt: T0 + 60_000,
      },
    });
    // the next round holds what D1 gave it plus the carried rest; 257 ≥ the minimum: its timer runs
    expect(r.state.round).toMatchObject({ id: 2, bank: 257, participants: 0, endsAt: T0 + 60_000 + 60_000 });
    expect(r.state.last?.winners.map((w) => [w.user.id, w.amount])).toEqual([
      [order[0], 501],
      [order[1], 250],
    ]);
    const frames = r.effects.flatMap((e) => (e.type === "broadcast" ? [e.frame.event] : []));
    expect(frames).toEqual(["jackpot-bonus.draw", "jackpot-bonus.update-bank"]);
  });

  it("nobody joined: the whole bank carries over; a draw of a round already gone does nothing", () => {
    const s = createState(seed(1), 500, 0, T0, timing);
    const r = step(s, { type: "timer", name: "draw", drawn: { roundId: 1, bank: 500, participants: [] }, next: seed(2), nextBank: 0 }, T0 + 60_000, ctx);
    expect(r.effects.find((e) => e.type === "settle")).toMatchObject({ settlement: { winners: [], carried: 500 } });
    expect(r.state.round).toMatchObject({ id: 2, bank: 500 });
    const again = step(
      r.state,
      { type: "timer", name: "draw", drawn: { roundId: 1, bank: 500, participants: [] }, next: seed(2), nextBank: 0 },
      T0 + 60_001,
      ctx,
    );
    expect(again.effects.filter((e) => e.type === "settle")).toEqual([]);
  });
});

describe("scripts/verify-bonus.mjs", () => {
  it("computes the same winners and split as shared/bonus.ts, and flags announced winners that differ", async () => {
    const script = await import("../../scripts/verify-bonus.mjs");
    for (const size of [0, 1, 2, 3, 9, 200]) {
      const ids = Array.from({ length: size }, (_, i) => 500 + i);
      const r = script.verifyBonus({ secret: SECRET, round: 4, day: 9, salt: SALT, participants: ids, bank: 12_345 });
      expect(r.winners).toEqual(bonusWinners(SECRET, SALT, ids));
      expect(r.amounts).toEqual(bonusSplit(12_345, r.winners.length));
      expect(r.ok).toBe(true);
    }
    const ids = [1, 2, 3, 4, 5];
    const right = bonusWinners(SECRET, SALT, ids);
    expect(script.verifyBonus({ secret: SECRET, round: 4, day: 9, salt: SALT, participants: ids, winners: right }).ok).toBe(true);
    expect(script.verifyBonus({ secret: SECRET, round: 4, day: 9, salt: SALT, participants: ids, winners: [...right].reverse() }).ok).toBe(false);
    const lines: string[] = [];
    const code = script.main(["--secret", SECRET, "--round", "4", "--day", "9", "--salt", SALT, "--participants", "1,2,3", "--winners", "9,8,7"], {
      log: (s: string) => lines.push(s),
      error: (s: string) => lines.push(s),
    });
    expect(code).toBe(1);
    expect(script.main(["--round", "x"], { log: () => {}, error: () => {} })).toBe(2);
  });
});
