// The bonus screens' pure parts: the meter (filling scale against the room's minimum, the
// countdown split into d/h/m/s and its text), why Join is disabled, the room frames' reducer and
// the provably-fair page's recomputation of a drawn round.
import { describe, expect, it } from "vitest";
import type { BonusCondition, BonusRoundJson } from "../../shared/api/bonus";
import { bonusSplit, bonusWinners } from "../../shared/bonus";
import { publicHash } from "../../shared/fairness";
import { toDollars } from "../../shared/money";
import { verifyBonusRound } from "../../web/src/features/fairness/bonusCheck";
import { joinBlock, type JoinInput } from "../../web/src/features/bonus/joinBlock";
import { applyBonusFrame, initialBonusData } from "../../web/src/features/bonus/state";
import { bonusMeter } from "../../web/src/lib/banksStore";
import { countdownText } from "../../web/src/lib/bonusClock";

describe("bonusMeter against the room's minimum", () => {
  const now = 1_700_000_000_000;
  it("fills the scale as bank / minimum below it", () => {
    expect(bonusMeter(0.25, null, now, 0.5)).toEqual({ kind: "scale", fill: 0.5 });
    expect(bonusMeter(0.004, null, now, 0.01)).toMatchObject({ kind: "scale" });
    expect(bonusMeter(3, null, now, 0)).toMatchObject({ kind: "timer" });
  });
  it("counts down from the minimum on, split into days, hours, minutes and seconds", () => {
    const end = now + ((2 * 24 + 5) * 3600 + 7 * 60 + 9) * 1000 + 999;
    const meter = bonusMeter(0.01, end, now, 0.01);
    expect(meter).toEqual({ kind: "timer", days: 2, hours: 5, minutes: 7, seconds: 9, ended: false });
    if (meter.kind === "timer") expect(countdownText(meter, "д")).toBe("2д 05:07:09");
  });
  it("writes no days under a day, and zero once the end passed", () => {
    const meter = bonusMeter(1, now + 61_000, now);
    if (meter.kind === "timer") expect(countdownText(meter, "d")).toBe("00:01:01");
    const past = bonusMeter(1, now - 1, now);
    expect(past).toMatchObject({ ended: true });
    if (past.kind === "timer") expect(countdownText(past, "d")).toBe("00:00:00");
  });
});

const met: BonusCondition = { is_active: true, is_completed: true, required: 1, progress: 1 };
const off: BonusCondition = { is_active: false, is_completed: true, required: 0, progress: 0 };
const conditions = { username: { ...met, required: "skinrush" }, chat_messages: met, total_bet_sum: met };
const ready: JoinInput = { signedIn: true, joined: false, conditions, timer: "running" };

describe("joinBlock: why Join is disabled", () => {
  it("is null when everything is met and the timer runs", () => {
    expect(joinBlock(ready)).toBeNull();
  });
  it("asks a visitor to sign in first, then says the player is in", () => {
    expect(joinBlock({ ...ready, signedIn: false, joined: true })).toEqual({ kind: "visitor" });
    expect(joinBlock({ ...ready, joined: true, conditions: null })).toEqual({ kind: "joined" });
    expect(joinBlock({ ...ready, conditions: null })).toEqual({ kind: "loading" });
  });
  it("names the first missing condition in the server's order; a condition that is off never blocks", () => {
    const missing = { ...met, is_completed: false, progress: 0 };
    expect(joinBlock({ ...ready, conditions: { ...conditions, chat_messages: missing, total_bet_sum: missing } })).toEqual({
      kind: "condition",
      name: "chat_messages",
    });
    expect(joinBlock({ ...ready, conditions: { ...conditions, username: { ...missing, required: "skinrush" }, total_bet_sum: missing } })).toEqual({
      kind: "condition",
      name: "username",
    });
    expect(joinBlock({ ...ready, conditions: { username: off, chat_messages: off, total_bet_sum: off } })).toBeNull();
  });
  it("waits for the timer, and refuses once the end time passed", () => {
    expect(joinBlock({ ...ready, timer: "none" })).toEqual({ kind: "no_timer" });
    expect(joinBlock({ ...ready, timer: "ended" })).toEqual({ kind: "closed" });
  });
});

const live = { round_id: 7, public_hash: "ab", bank: 0.5, end_time: null, participants: 2, min_bank: 1, server_time: 10_000 };

describe("the bonus room's frames", () => {
  it("init sets the round, joined and the last winners, and sends the meter to the mode bar", () => {
    const winner = { place: 1, user: { id: 3, username: "Dasha", avatar: "default" }, sum: 1.5 };
    const { state, effects } = applyBonusFrame(
      initialBonusData,
      { event: "jackpot-bonus.init", data: { ...live, joined: true, last_winners: [winner] } },
      9_000,
    );
    expect(state).toMatchObject({ round: live, joined: true, lastWinners: [winner], clockOffsetMs: 1_000 });
    expect(effects).toEqual([{ kind: "meter", bank: 0.5, endTime: null, minBank: 1, clockOffsetMs: 1_000 }]);
  });
  it("keeps joined within the round and drops it with a new round", () => {
    const joined = { ...initialBonusData, round: live, joined: true, clockOffsetMs: 0 };
    const same = applyBonusFrame(joined, { event: "jackpot-bonus.update-bank", data: { ...live, bank: 1, end_time: 20_000 } }, 10_000);
    expect(same.state.joined).toBe(true);
    const next = applyBonusFrame(joined, { event: "jackpot-bonus.update-bank", data: { ...live, round_id: 8 } }, 10_000);
    expect(next.state.joined).toBe(false);
  });
  it("a draw becomes the last winners and the result shown", () => {
    const winners = [{ place: 1, user: { id: 3, username: "Dasha", avatar: "default" }, sum: 0.01 }];
    const { state } = applyBonusFrame(
      { ...initialBonusData, round: live },
      { event: "jackpot-bonus.draw", data: { round_id: 7, secret: "x", bank: 0.01, carried: 0, winners, server_time: 1 } },
      1,
    );
    expect(state.lastWinners).toEqual(winners);
    expect(state.draw).toEqual({ roundId: 7, bank: 0.01, carried: 0, winners });
  });
});

describe("verifyBonusRound (the provably-fair page)", () => {
  const secret = "a3f1c2d4e5b6978899aabbccddeeff00112233445566778899aabbccddeeff01";
  const salt = "75695de3064ef388775787530ba0742a7ca551cb13e9e045ac68d9735f5a2ea5";
  const participants = [11, 12, 13, 14];
  const ids = bonusWinners(secret, salt, participants);
  const cents = bonusSplit(10_001, ids.length);
  const round: BonusRoundJson = {
    id: 5,
    status: "finished",
    public_hash: publicHash(secret, 5, 17),
    secret,
    salt,
    day_of_month: 17,
    bank: 100.01,
    paid: 100.01,
    carried: 0,
    end_time: 1,
    participants,
    winners: ids.map((id, i) => ({ place: i + 1, user: { id, username: `u${id}`, avatar: "default" }, sum: toDollars(cents[i] ?? 0) })),
  };
  it("agrees with an honest round", () => {
    const v = verifyBonusRound(round, salt);
    expect(v).toMatchObject({ publicHashMatches: true, winnersMatch: true, saltMatches: true });
    expect(v.winners.map((w) => w.cents)).toEqual([5_001, 2_500, 2_500]);
  });
  it("catches a swapped winner, a wrong sum, another salt and a public hash of another day", () => {
    const [first, second, third] = round.winners;
    if (!first || !second || !third) throw new Error("three winners expected");
    expect(verifyBonusRound({ ...round, winners: [{ ...first, user: second.user }, { ...second, user: first.user }, third] }, salt).winnersMatch).toBe(false);
    expect(verifyBonusRound({ ...round, winners: [{ ...first, sum: 50 }, second, third] }, salt).winnersMatch).toBe(false);
    expect(verifyBonusRound(round, "other").saltMatches).toBe(false);
    expect(verifyBonusRound({ ...round, public_hash: publicHash(secret, 5, 18) }, salt).publicHashMatches).toBe(false);
  });
  it("has nothing to check before the secret is revealed", () => {
    expect(verifyBonusRound({ ...round, secret: null, status: "drawn", winners: [] }, null)).toMatchObject({
      publicHash: null,
      winnersMatch: null,
      saltMatches: null,
    });
  });
});
