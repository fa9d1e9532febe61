// A jackpot level as the round-room driver runs it (base/round-game.ts): the pure step (step.ts),
// the round's bets from D1 at the draw and the next seed from the level's chain (dueEvent), the
// state without its bets (store.ts), the round's settlement (settlement.ts), the views.
import type { JackpotBetJson } from "../../../shared/api/jackpot";
import { JACKPOT, type JackpotLevel } from "../../../shared/constants";
import { history, roundBets } from "../../jackpot/queries";
import { totalTickets } from "../../jackpot/tickets";
import { toBetJson } from "../../jackpot/present";
import { BoardDiff } from "../base/board";
import type { RoundGame } from "../base/round-game";
import { type Settler, settlementKey } from "../base/outbox";
import { jackpotBankPush } from "./banks";
import type { JackpotTypes, RoundRow, Settlement } from "./effects";
import { due } from "./logic";
import { JackpotSeeds, roomConfig } from "./seeds";
import { closedRoundMatches, closeRound, lastChainIndex, refundRound, settleRound, writeRound } from "./settlement";
import { createState } from "./state";
import { roundRow, step } from "./step";
import { JackpotStore } from "./store";
import { boardData, type LeaderRow, leaderRows, stateJson, topBets } from "./views";

/** `level()`: the level this instance runs (a call names it; a restored state knows it). */
export function jackpotGame(env: Env, storage: DurableObjectStorage, level: () => JackpotLevel | undefined): RoundGame<JackpotTypes> {
  let seeds: JackpotSeeds | undefined;
  const seedOf = (l: JackpotLevel, k: number) => {
    seeds ??= new JackpotSeeds(env, storage, l);
    return seeds.seed(k, Date.now());
  };
  // the leaders the last board sent (the driver keeps the top's: RoundRoom's BoardDiff)
  const leaderDiff = new BoardDiff<LeaderRow>();
  return {
    name: "jackpot",
    timers: ["solo", "draw", "reveal", "end"],
    step,
    context: async (s) => roomConfig(env, s.level),
    restore: { type: "restore" },
    async dueEvent(_name, s) {
      const now = Date.now();
      const next = due(s, now);
      if (next === "draw") {
        // closed in D1 first: a bet batch still in flight can no longer land; the draw is on all
        // D1 took — the room's own bets when D1's count and sums say they are all, else read back
        const closed = await closeRound(env, s.round.id, now);
        const held = closedRoundMatches(closed, s.bets, s.pending.length);
        return { type: "draw", roundId: s.round.id, bets: held ? "held" : await roundBets(env, s.round.id) };
      }
      if (next === "refund" || next === "newGame") return { type: "newRound", seed: await seedOf(s.level, s.round.chainIndex + 1) };
      return { type: "tick" };
    },
    store: new JackpotStore(env, storage),
    async firstState() {
      const l = level();
      if (l === undefined) return undefined;
      // continue after the rounds D1 already has
      const seed = await seedOf(l, (await lastChainIndex(env, l)) + 1);
      return createState(l, seed, null, await history(env, l, JACKPOT.historySize));
    },
    roundRow,
    settler: jackpotSettler(env),
    rows: {
      // a player's own rows go to him at once (withRows); everyone sees the board
      windowMs: JACKPOT.boardWindowMs,
      perFrame: JACKPOT.boardTop,
      leading: true,
      rowsOf: (frame) => (frame.event === "jackpotNewBet" ? frame.data.bets : undefined),
      withRows: (latest, bets: JackpotBetJson[]) =>
        latest.event === "jackpotNewBet" ? { ...latest, data: { ...latest.data, bets, serverTime: Date.now() } } : latest,
      board: {
        windowMs: JACKPOT.boardWindowMs,
        ownerOf: (row) => row.user.id,
        roundOf: (s) => s.round.id,
        top: topBets,
        frame: (s, top) => ({ event: "jackpotBoard", data: boardData(s, top, leaderDiff.next(s.round.id, leaderRows(s)), Date.now()) }),
      },
    },
    bank: (s) => totalTickets(s.bets),
    bankPush: (owe) => jackpotBankPush(env, level, owe),
    initFrame(s, userId, maintenance, now) {
      const { settings, timers } = roomConfig(env, s.level);
      const selfBets = userId === null ? [] : s.bets.filter((b) => b.user.id === userId).map(toBetJson);
      return { event: "jackpotInit", data: { state: stateJson(s, settings, timers, maintenance, now), history: s.history, selfBets } };
    },
  };
}

/** The outbox's D1 calls: a drawn round's settlement (its losers' cashback pushed once it lands), a timed-out round's refund. */
function jackpotSettler(env: Env): Settler<RoundRow, Settlement> {
  return {
    writeRound: (row) => writeRound(env, row),
    async settle(s) {
      if (s.kind === "refund") {
        await refundRound(env, s.roundId);
        return {};
      }
      const { kind: _kind, ...round } = s;
      const done = await settleRound(env, round);
      return done.done === "settled" ? { cashback: s.losers.map((l) => l.userId), bonusBank: s.bonusShare > 0 } : {};
    },
    keyOf: (s) => settlementKey(s.roundId, s.kind),
  };
}
