// The crash game as the round-room driver runs it (base/round-game.ts): the pure step (logic.ts),
// the next round's seed from the committed chain (seeds.ts), the state a key per bet
// (base/bet-store.ts), the bet settlements (settlement.ts through base/bet-settler.ts), the views.
import type { BetPublic } from "../../../shared/api/crash";
import { CRASH } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { hub } from "../hub";
import { CatalogueCache } from "../../lib/catalogue-cache";
import { BankPush } from "../../lib/bank-push";
import { BetStore, renamedSecret } from "../base/bet-store";
import { betSettler, orphanRefunds } from "../base/bet-settler";
import { type RoundGame, seededTimers } from "../base/round-game";
import type { CrashTypes } from "./effects";
import { step } from "./logic";
import { roundRow } from "./running";
import { RoundSeeds, storedHistory } from "./seeds";
import * as settlement from "./settlement";
import { lastRoundId } from "./settlement";
import { createState, potOf, type CrashState } from "./state";
import { crashBoardData, crashInitData, topBets } from "./views";

/** CRASH_MAX_PAYOUT_CENTS (digits) or the default: the most one round may pay out. */
function maxPayoutOf(env: Pick<Env, "CRASH_MAX_PAYOUT_CENTS">): number {
  const max = Number(env.CRASH_MAX_PAYOUT_CENTS);
  return Number.isSafeInteger(max) && max > 0 ? max : CRASH.defaultMaxPayoutCents;
}

export function crashGame(env: Env, storage: DurableObjectStorage): RoundGame<CrashTypes> {
  const catalogue = new CatalogueCache(env);
  const seeds = new RoundSeeds(env, storage);
  return {
    name: "crash",
    idle: { timer: "next", finished: (s) => s.round.phase === "crashed" },
    timers: ["start", "tick", "auto", "crash", "next"],
    step,
    context: async () => ({ catalogue: await catalogue.items(), maxPayoutCents: maxPayoutOf(env) }),
    restore: { type: "restore" },
    // a plain tick changes nothing worth a storage write (after an eviction ticks simply resume)
    quiet: (event) => event.type === "timer" && event.name === "tick",
    dueEvent: seededTimers((k, now) => seeds.seed(k, now)),
    store: new BetStore<CrashState>(storage, "crash", renamedSecret),
    async firstState() {
      // continue after the rounds D1 already has
      const now = Date.now();
      const id = (await lastRoundId(env)) + 1;
      return createState(await seeds.seed(id, now), now, await storedHistory(env, CRASH.historySize));
    },
    roundRow,
    settler: betSettler(env, settlement),
    orphans: (s, owed) => orphanRefunds(env, settlement, s.bets, owed),
    rows: {
      windowMs: CRASH.boardWindowMs,
      perFrame: CRASH.boardTop,
      leading: true,
      rowsOf: (frame) => (frame.event === "newBets" ? frame.data.bets : undefined),
      withRows: (_latest, bets: BetPublic[]) => ({ event: "newBets", data: { bets } }),
      board: {
        windowMs: CRASH.boardWindowMs,
        ownerOf: (row) => row.user.id,
        roundOf: (s) => s.round.id,
        top: topBets,
        frame: (s, top) => ({ event: "crashBoard", data: crashBoardData(s, top) }),
      },
    },
    bank: (s) => potOf(s.bets.filter((b) => b.status !== "refunded")),
    bankPush: (owe) => new BankPush((cents) => hub(env).broadcast({ event: "banks", data: { crash: toDollars(cents) } }), 1_000, owe),
    initFrame: (s, userId, maintenance, now) => ({ event: "crashInit", data: crashInitData(s, userId, maintenance, now) }),
  };
}
