// Where a jackpot room keeps its state (base/round-game.ts StateStore): the round under
// `jackpot:state` WITHOUT its bets — D1 is their truth (a bet D1 took while the instance that
// placed it was lost is there too), so a load reads them back from D1 and rebuilds the round's
// clocks — and the level's history under `jackpot:history`, written only when it changed (once a
// round). A write per bet stays small. A state an older version stored is read as this one
// stores it (the pot's old name, its own outbox keys).
import type { JackpotHistoryEntry } from "../../../shared/api/jackpot";
import { JACKPOT_SECOND } from "../../../shared/api/jackpot";
import { history, roundBets } from "../../jackpot/queries";
import { settlementKey } from "../base/outbox";
import type { StateStore } from "../base/round-game";
import { rebuild } from "./logic";
import { roomConfig } from "./seeds";
import type { SettleRound } from "./settlement";
import type { JackpotState } from "./state";

const STATE_KEY = "jackpot:state";
const HISTORY_KEY = "jackpot:history";

type Core = Omit<JackpotState, "bets" | "pending" | "history">;

/** `bank` → `pot` in a draw or last winner stored by an older version (the pot was called bank). */
function withPot<T extends { pot: number }>(stored: T | null): T | null {
  if (!stored || "pot" in stored) return stored;
  const { bank, ...rest } = stored as Omit<T, "pot"> & { bank: number };
  return { ...rest, pot: bank } as unknown as T;
}

/**
 * What an older version owed D1 under its own keys (`owed:<round>`, { kind: "settle", settle } or
 * { kind: "refund", roundId }), as entries of the shared outbox (rooms/base/outbox.ts): moved once.
 */
async function adoptOwed(storage: DurableObjectStorage): Promise<void> {
  const old = await storage.list<{ kind: "settle"; settle: Omit<SettleRound, "pot"> & { bank?: number; pot?: number } } | { kind: "refund"; roundId: number }>({
    prefix: "owed:",
  });
  if (old.size === 0) return;
  const moved: Record<string, unknown> = {};
  for (const entry of old.values()) {
    const settlement = entry.kind === "refund" ? entry : { kind: "draw" as const, ...entry.settle, pot: entry.settle.pot ?? entry.settle.bank ?? 0 };
    const roundId = settlement.roundId;
    moved[`outbox:${settlementKey(roundId, settlement.kind)}`] = { kind: "settle", settlement, version: crypto.randomUUID() };
  }
  await storage.put(moved);
  await storage.delete([...old.keys()]);
}

export class JackpotStore implements StateStore<JackpotState> {
  /** the history storage holds (compared by identity: a step replaces it, never changes it) */
  private savedHistory: JackpotHistoryEntry[] | undefined;

  constructor(
    private readonly env: Env,
    private readonly storage: DurableObjectStorage,
  ) {}

  async load(): Promise<JackpotState | undefined> {
    await adoptOwed(this.storage);
    const stored = await this.storage.get<Core>(STATE_KEY);
    if (!stored) return undefined;
    const core: Core = { ...stored, draw: withPot(stored.draw), lastWinner: withPot(stored.lastWinner) };
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
