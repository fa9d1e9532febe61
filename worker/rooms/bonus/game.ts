// The bonus pool as the round-room driver runs it (base/round-game.ts): the pure step (logic.ts),
// the rounds' seeds from the pool's committed chain (seeds.ts), the state under one storage key,
// the draw's close and payout in D1 (settlement.ts), the views. The update-bank frame rides on the
// driver's row throttle (a rows frame with no rows): at most one per BONUS.bankFrameMs.
import { BONUS } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { bonusConfig } from "../../bonus/config";
import { BankPush } from "../../lib/bank-push";
import { settlementKey } from "../base/outbox";
import type { RoundGame, StateStore } from "../base/round-game";
import { hub } from "../hub";
import type { BonusTypes } from "./effects";
import { drawDue, roundRow, step } from "./logic";
import { bonusSeeds } from "./seeds";
import { closeRound, hasJoined, roundToOpen, settleDraw, writeRound } from "./settlement";
import { type BonusState, createState, type Timing } from "./state";
import { initFrame } from "./views";

const STATE_KEY = "bonus:state";

/** The whole state under one key: it is small (the round's numbers, the last three winners). */
function stateStore(storage: DurableObjectStorage): StateStore<BonusState> {
  return {
    load: () => storage.get<BonusState>(STATE_KEY),
    save: (state, extra) => storage.put({ [STATE_KEY]: state, ...extra }),
  };
}

export function bonusGame(env: Env, storage: DurableObjectStorage): RoundGame<BonusTypes> {
  const seeds = bonusSeeds(env, storage);
  const timing = (): Timing => {
    const c = bonusConfig(env);
    return { roundMs: c.roundMs, minBankCents: c.minBankCents };
  };
  return {
    name: "bonus",
    timers: ["draw"],
    step,
    context: async () => ({ salt: env.BONUS_SALT }),
    restore: { type: "restore" },
    async dueEvent(_name, s) {
      const now = Date.now();
      if (!drawDue(s, now)) return null; // a stale delivery: the round it was set for is gone
      const next = await seeds.seed(s.round.id + 1, now);
      const closed = await closeRound(env, s.round.id, next, now);
      return {
        type: "timer",
        name: "draw",
        drawn: { roundId: s.round.id, bank: closed.bank, participants: closed.participants },
        next,
        nextBank: closed.nextBank,
      };
    },
    store: stateStore(storage),
    async firstState() {
      // continue D1's open round (a room whose storage was lost), or open the next one
      const now = Date.now();
      const { open, nextId, unassigned } = await roundToOpen(env);
      if (open) {
        const state = createState(await seeds.seed(open.roundId, open.createdAt), open.bank, open.participants, open.createdAt, timing());
        return { ...state, round: { ...state.round, endsAt: open.endsAt ?? state.round.endsAt } };
      }
      return createState(await seeds.seed(nextId, now), unassigned, 0, now, timing());
    },
    roundRow,
    settler: {
      writeRound: (row) => writeRound(env, row),
      settle: (s, now) => settleDraw(env, s, now),
      keyOf: (s) => settlementKey(s.roundId, s.kind),
    },
    rows: {
      windowMs: BONUS.bankFrameMs,
      perFrame: 1,
      leading: true,
      rowsOf: (frame) => (frame.event === "jackpot-bonus.update-bank" ? [] : undefined),
      withRows: (latest) => latest,
    },
    bank: (s) => s.round.bank,
    bankPush: (owe) => new BankPush((cents) => hub(env).broadcast({ event: "banks", data: { bonus: toDollars(cents) } }), 1_000, owe),
    async initFrame(s, userId, _maintenance, now) {
      const joined = userId !== null && (await hasJoined(env, s.round.id, userId));
      return initFrame(s, joined, now);
    },
  };
}
