// A bet room's state in DO storage: the round, history and the rest under one key
// (`<room>:state`), each bet of the round under its own key (`<room>:bet:<round>:<index>`, so
// listing gives them in order). A step writes the small core and the bets whose object changed,
// not the whole list: the whole state per bet or cash-out was O(n) bytes, O(n²) a round, and at
// 1000 players the rooms spent the countdown writing (docs/benchmarks.md "Benchmarks"). The rooms' logic
// never changes a bet in place (a changed bet is a new object), which is what makes the
// comparison by identity right.
const DELETE_CHUNK = 128; // keys per storage.delete call
const PUT_CHUNK = 128; // pairs per storage.put call (the documented limit)

interface BetState<B> {
  round: { id: number };
  bets: B[];
}

/**
 * A state stored before the round's secret was called `secret` (crash and wheel called it
 * `round.secretHash`): the same state with the field renamed.
 */
export function renamedSecret<S>(stored: S): S {
  const round = (stored as { round?: Record<string, unknown> }).round;
  if (!round || "secret" in round || !("secretHash" in round)) return stored;
  const { secretHash, ...rest } = round;
  return { ...stored, round: { ...rest, secret: secretHash } };
}

export class BetStore<S extends BetState<B>, B = S["bets"][number]> {
  /** what storage holds (undefined: nothing of the per-bet layout yet) */
  private persisted: S | undefined;
  private readonly stateKey: string;
  private readonly betPrefix: string;

  constructor(
    private readonly storage: DurableObjectStorage,
    room: string,
    /** a state an older version stored, as this version reads it */
    private readonly upgrade: (stored: S) => S = (stored) => stored,
  ) {
    this.stateKey = `${room}:state`;
    this.betPrefix = `${room}:bet:`;
  }

  /** The stored state with its round's bets in order, or undefined (nothing stored yet). */
  async load(): Promise<S | undefined> {
    const core = await this.storage.get<Omit<S, "bets"> & { bets?: B[] }>(this.stateKey);
    if (!core) return undefined;
    // a state written whole by an older version (bets inside): the next save writes every bet
    if (Array.isArray(core.bets)) return this.upgrade(core as S);
    const bets = await this.storage.list<B>({ prefix: this.roundPrefix(core.round.id) });
    const state = this.upgrade({ ...core, bets: [...bets.values()] } as S);
    this.persisted = state;
    return state;
  }

  /**
   * Writes `next` (the core and the bets whose object changed since the last save; all of them
   * for a new round) together with `extra` (the outbox entries) as ONE atomic write, then drops
   * the bets of earlier rounds. Puts issued with no await between them are coalesced into one
   * atomic write by the runtime, so a write over PUT_CHUNK pairs is still all or nothing.
   */
  async save(next: S, extra: Record<string, unknown> = {}): Promise<void> {
    const prev = this.persisted;
    const { bets, ...core } = next;
    const entries: [string, unknown][] = [[this.stateKey, core], ...Object.entries(extra)];
    const before = prev?.round.id === next.round.id ? prev.bets : [];
    bets.forEach((bet, i) => {
      if (bet !== before[i]) entries.push([this.betKey(next.round.id, i), bet]);
    });
    this.persisted = next;
    const puts: Promise<void>[] = [];
    for (let i = 0; i < entries.length; i += PUT_CHUNK) puts.push(this.storage.put(Object.fromEntries(entries.slice(i, i + PUT_CHUNK))));
    await Promise.all(puts);
    if (prev && prev.round.id !== next.round.id) await this.dropBefore(next.round.id);
  }

  /** Drops the bets of rounds before `roundId` (never read again: load() lists the current round's). */
  private async dropBefore(roundId: number): Promise<void> {
    const old = [...(await this.storage.list({ prefix: this.betPrefix, end: this.roundPrefix(roundId) })).keys()];
    for (let i = 0; i < old.length; i += DELETE_CHUNK) await this.storage.delete(old.slice(i, i + DELETE_CHUNK));
  }

  private roundPrefix(roundId: number): string {
    return `${this.betPrefix}${String(roundId).padStart(12, "0")}:`;
  }

  private betKey(roundId: number, index: number): string {
    return `${this.roundPrefix(roundId)}${String(index).padStart(6, "0")}`;
  }
}
