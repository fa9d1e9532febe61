// The wheel room's state in DO storage: the round, history and timing under one key, each bet of
// the round under its own key (`wheel:bet:<round>:<index>`, so listing gives them in order). A bet
// writes its own key and the small core, not the whole list: the whole state per bet was O(n)
// bytes, O(n²) a round, and at 1000 players the room spent the countdown writing (README
// "Benchmarks"). Bets are never changed in place (logic.ts), so a changed bet is a new object.
import type { WheelBet, WheelState } from "./state";

const STATE_KEY = "wheel:state";
const BET_PREFIX = "wheel:bet:";
const roundPrefix = (roundId: number) => `${BET_PREFIX}${String(roundId).padStart(12, "0")}:`;
const betKey = (roundId: number, index: number) => `${roundPrefix(roundId)}${String(index).padStart(6, "0")}`;
/** keys per storage.delete call */
const DELETE_CHUNK = 128;

type Core = Omit<WheelState, "bets">;

export class WheelStore {
  constructor(private readonly storage: DurableObjectStorage) {}

  /** The stored state with its round's bets in order, or undefined (nothing stored yet). */
  async load(): Promise<WheelState | undefined> {
    const core = await this.storage.get<Core>(STATE_KEY);
    if (!core) return undefined;
    const bets = await this.storage.list<WheelBet>({ prefix: roundPrefix(core.round.id) });
    return { ...core, bets: [...bets.values()] };
  }

  /**
   * What to write for `next` when `prev` is what storage holds: the core and the bets whose object
   * changed (all of them for a new round). Put together with the outbox entries in one write.
   */
  entries(prev: WheelState | undefined, next: WheelState): Record<string, unknown> {
    const { bets, ...core } = next;
    const out: Record<string, unknown> = { [STATE_KEY]: core };
    const before = prev?.round.id === next.round.id ? prev.bets : [];
    bets.forEach((bet, i) => {
      if (bet !== before[i]) out[betKey(next.round.id, i)] = bet;
    });
    return out;
  }

  /** Drops the bets of rounds before `roundId` (never read again: load() lists the current round's). */
  async dropBefore(roundId: number): Promise<void> {
    const old = [...(await this.storage.list({ prefix: BET_PREFIX, end: roundPrefix(roundId) })).keys()];
    for (let i = 0; i < old.length; i += DELETE_CHUNK) await this.storage.delete(old.slice(i, i + DELETE_CHUNK));
  }
}
