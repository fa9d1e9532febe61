// The wheel as the round-room driver runs it (base/round-game.ts): the pure step (logic.ts), the
// next round's seed from the wheel's committed chain (seeds.ts), the state a key per bet
// (base/bet-store.ts), the bet settlements (settlement.ts through base/bet-settler.ts), the views.
import type { WheelBetPublic } from "../../../shared/api/wheel";
import { WHEEL } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { BankPush } from "../../lib/bank-push";
import { CatalogueCache } from "../../lib/catalogue-cache";
import { finishedRounds } from "../../wheel/queries";
import { BetStore, renamedSecret } from "../base/bet-store";
import { betSettler, orphanRefunds } from "../base/bet-settler";
import { type RoundGame, seededTimers } from "../base/round-game";
import { hub } from "../hub";
import { maxPayoutOf, timingOf } from "./config";
import type { WheelTypes } from "./effects";
import { roundRow, step } from "./logic";
import { RoundSeeds } from "./seeds";
import * as settlement from "./settlement";
import { lastRoundId } from "./settlement";
import { createState, potOf, type WheelState } from "./state";
import { wheelInitData } from "./views";

export function wheelGame(env: Env, storage: DurableObjectStorage): RoundGame<WheelTypes> {
  const catalogue = new CatalogueCache(env);
  const seeds = new RoundSeeds(env, storage);
  return {
    name: "wheel",
    idle: { timer: "next", finished: (s, now) => s.round.phase === "result" && now >= (s.round.resultEndsAt ?? 0) },
    timers: ["spin", "stop", "next"],
    step,
    context: async () => ({ catalogue: await catalogue.items(), maxPayoutCents: maxPayoutOf(env) }),
    restore: { type: "restore" },
    dueEvent: seededTimers((k, now) => seeds.seed(k, now)),
    store: new BetStore<WheelState>(storage, "wheel", renamedSecret),
    async firstState() {
      // continue after the rounds D1 already has
      const now = Date.now();
      const id = (await lastRoundId(env)) + 1;
      return createState(await seeds.seed(id, now), now, timingOf(env), await finishedRounds(env, WHEEL.historySize));
    },
    roundRow,
    settler: betSettler(env, settlement),
    orphans: (s, owed) => orphanRefunds(env, settlement, s.bets, owed),
    rows: {
      windowMs: WHEEL.betRowsWindowMs,
      perFrame: WHEEL.betRowsPerFrame,
      leading: true,
      rowsOf: (frame) => (frame.event === "wheelNewBet" ? frame.data.bets : undefined),
      // the totals of the latest bet: every player sees them, even when no row of his
      withRows: (latest, bets: WheelBetPublic[]) => (latest.event === "wheelNewBet" ? { ...latest, data: { ...latest.data, bets } } : latest),
    },
    bank: (s) => potOf(s.bets),
    bankPush: (owe) => new BankPush((cents) => hub(env).broadcast({ event: "banks", data: { wheel: toDollars(cents) } }), 1_000, owe),
    initFrame: (s, userId, maintenance, now) => ({ event: "wheelInit", data: wheelInitData(s, userId, maintenance, now) }),
  };
}
