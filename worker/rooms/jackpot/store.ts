// Where a jackpot room keeps its state (base/round-game.ts StateStore): the round under
// `jackpot:state` WITHOUT its bets — D1 is their truth (a bet D1 took while the instance that
// placed it was lost is there too), so a load reads them back from D1 and rebuilds the round's
// clocks — and the level's history under `jackpot:history`, written only when it changed (once a
// round). A write per bet stays small.
import type { JackpotHistoryEntry } from "../../../shared/api/jackpot";
import { JACKPOT_SECOND } from "../../../shared/api/jackpot";
import { history, roundBets } from "../../jackpot/queries";
import type { StateStore } from "../base/round-game";
import { rebuild } from "./logic";
import { roomConfig } from "./seeds";
import type { JackpotState } from "./state";

const STATE_KEY = "jackpot:state";
const HISTORY_KEY = "jackpot:history";

type Core = Omit<JackpotState, "bets" | "pending" | "history">;

export class JackpotStore implements StateStore<JackpotState> {
  /** the history storage holds (compared by identity: a step replaces it, never changes it) */
  private savedHistory: JackpotHistoryEntry[] | undefined;

  constructor(
    private readonly env: Env,
    private readonly storage: DurableObjectStorage,
  ) {}

  async load(): Promise<JackpotState | undefined> {
    const core = await this.storage.get<Core>(STATE_KEY);
    if (!core) return undefined;
    // a state stored by an older version has no history key: the level's from D1
    const kept = await this.storage.get<JackpotHistoryEntry[]>(HISTORY_KEY);
    this.savedHistory = kept;
    const s: JackpotState = { ...core, bets: [], pending: [], history: kept ?? (await history(this.env, core.level)) };
    const bets = await roundBets(this.env, core.round.id);
    if (s.status > JACKPOT_SECOND) return { ...s, bets };
    const { settings, timers } = roomConfig(this.env, core.level);
    return rebuild(s, bets, settings, timers);
  }

  async save(state: JackpotState, extra: Record<string, unknown>): Promise<void> {
    const { bets: _bets, pending: _pending, history: kept, ...core } = state;
    const entries: Record<string, unknown> = { [STATE_KEY]: core, ...extra };
    if (kept !== this.savedHistory) entries[HISTORY_KEY] = kept;
    await this.storage.put(entries);
    this.savedHistory = kept;
  }
}
