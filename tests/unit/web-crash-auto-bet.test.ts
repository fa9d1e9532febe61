// Crash auto-bet (web/src/features/crash/autoBet.ts): one balance bet per round, stops on rounds,
// profit, loss, a short balance, a refusal or the player; never two bets in one round.
import { describe, expect, it } from "vitest";
import {
  acknowledged,
  type AutoBetConfig,
  autoConfigIssue,
  isRunning,
  nextAction,
  pendingBet,
  refused,
  type RoomView,
  sent,
  settled,
  startRun,
  stop,
} from "../../web/src/features/crash/autoBet";

const config: AutoBetConfig = { rounds: 3, stakeCents: 100, target: 2, stopProfitCents: null, stopLossCents: null };
const waiting = (roundId: number, patch: Partial<RoomView> = {}): RoomView => ({
  phase: "waiting",
  roundId,
  connected: true,
  sending: false,
  ownBets: 0,
  balanceCents: 10_000,
  ...patch,
});

/** One round: bet in `roundId`, acknowledged, settled with `winCents`. */
const round = (run: ReturnType<typeof startRun>, roundId: number, winCents: number) => settled(acknowledged(sent(run, roundId), `b${roundId}`), winCents);

describe("crash auto-bet", () => {
  it("bets once per waiting round, and only when the room can take it", () => {
    const run = startRun(config);
    expect(nextAction(run, waiting(7))).toEqual({ kind: "bet" });
    const afterSend = sent(run, 7);
    expect(nextAction(afterSend, waiting(7))).toBeNull();
    expect(nextAction(acknowledged(afterSend, "b"), waiting(7))).toBeNull();
    for (const patch of [{ phase: "running" as const }, { connected: false }, { sending: true }, { ownBets: 3 }, { roundId: null }])
      expect(nextAction(run, waiting(7, patch))).toBeNull();
    // the next round after the bet settled
    expect(nextAction(settled(acknowledged(afterSend, "b"), 0), waiting(8))).toEqual({ kind: "bet" });
  });

  it("stops when the balance is short of the stake", () => {
    expect(nextAction(startRun(config), waiting(7, { balanceCents: 99 }))).toEqual({ kind: "stop", reason: "balance" });
    expect(nextAction(startRun(config), waiting(7, { balanceCents: 100 }))).toEqual({ kind: "bet" });
  });

  it("plays N rounds and keeps the net to the cent", () => {
    let run = startRun(config);
    run = round(run, 1, 200);
    run = round(run, 2, 0);
    expect(isRunning(run)).toBe(true);
    expect(run.netCents).toBe(0);
    run = round(run, 3, 0);
    expect(run).toMatchObject({ played: 3, netCents: -100, stopped: "rounds" });
    expect(nextAction(run, waiting(4))).toBeNull();
  });

  it("stops on the loss limit as soon as the net loss reaches it", () => {
    let run = startRun({ ...config, rounds: 10, stopLossCents: 300 });
    run = round(round(run, 1, 0), 2, 0);
    expect(isRunning(run)).toBe(true);
    run = round(run, 3, 0);
    expect(run).toMatchObject({ played: 3, netCents: -300, stopped: "loss" });
  });

  it("stops on the profit target", () => {
    const run = round(startRun({ ...config, rounds: 10, stopProfitCents: 150 }), 1, 300);
    expect(run).toMatchObject({ netCents: 200, stopped: "profit" });
  });

  it("a refused bet or the player's stop ends the run; a stopped run still follows its last bet", () => {
    expect(refused(sent(startRun(config), 1)).stopped).toBe("refused");
    const live = acknowledged(sent(startRun(config), 1), "b1");
    const stopped = stop(live, "user");
    expect(isRunning(stopped)).toBe(false);
    expect(pendingBet(stopped)).toBe(true);
    const done = settled(stopped, 250);
    expect(done).toMatchObject({ stopped: "user", netCents: 150, played: 1 });
    expect(stop(done, "loss").stopped).toBe("user");
  });

  it("refuses a config the room would refuse or that cannot run", () => {
    expect(autoConfigIssue(config)).toBeNull();
    expect(autoConfigIssue({ ...config, stakeCents: 0 })).toBe("no_amount");
    expect(autoConfigIssue({ ...config, target: 9999.99 })).toBe("manual_target");
    expect(autoConfigIssue({ ...config, target: 1.2 })).toBe("abuse_target");
    expect(autoConfigIssue({ ...config, target: 1.01 })).toBe("abuse_target");
    expect(autoConfigIssue({ ...config, target: 1.21 })).toBeNull();
    for (const rounds of [0, -1, 1001, 1.5, Number.NaN]) expect(autoConfigIssue({ ...config, rounds })).toBe("rounds");
  });
});
