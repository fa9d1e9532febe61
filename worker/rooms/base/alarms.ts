// Named timers multiplexed on a Durable Object's single alarm (docs/architecture.md "Where things are"). Deadlines are
// absolute epoch milliseconds kept in storage, so they survive eviction; the DO alarm is always
// set to the earliest of them.

export type Deadlines = Record<string, number>;

/** Splits deadlines into those due at `now` (earliest first) and the rest (pure). */
export function splitDue(deadlines: Deadlines, now: number): { due: string[]; rest: Deadlines } {
  const due = Object.entries(deadlines)
    .filter(([, at]) => at <= now)
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name);
  const rest = Object.fromEntries(Object.entries(deadlines).filter(([, at]) => at > now));
  return { due, rest };
}

export function earliest(deadlines: Deadlines): number | undefined {
  const times = Object.values(deadlines);
  return times.length ? Math.min(...times) : undefined;
}

const STORAGE_KEY = "room:alarms";

export class NamedAlarms<N extends string> {
  private cache: Deadlines | undefined;

  constructor(private readonly storage: DurableObjectStorage) {}

  async deadline(name: N): Promise<number | undefined> {
    return (await this.load())[name];
  }

  /** Sets (or moves) the named timer to the absolute time `at`. */
  async set(name: N, at: number): Promise<void> {
    await this.save({ ...(await this.load()), [name]: at });
  }

  /** Sets the timer to `at`, or cancels it when `at` is undefined; nothing when it is already so. */
  async setOrCancel(name: N, at: number | undefined): Promise<void> {
    if (at === (await this.deadline(name))) return;
    if (at === undefined) await this.cancel(name);
    else await this.set(name, at);
  }

  /** Makes `timers` the complete set among `names`: each listed one set, the others cancelled. */
  async setExactly(names: readonly N[], timers: ReadonlyMap<N, number>): Promise<void> {
    for (const name of names) await this.setOrCancel(name, timers.get(name));
  }

  async cancel(name: N): Promise<void> {
    const { [name]: _gone, ...rest } = await this.load();
    await this.save(rest);
  }

  /** Removes and returns the timers due at `now`; re-arms the DO alarm for the others. */
  async takeDue(now: number): Promise<N[]> {
    const { due, rest } = splitDue(await this.load(), now);
    await this.save(rest);
    return due as N[];
  }

  private async load(): Promise<Deadlines> {
    this.cache ??= (await this.storage.get<Deadlines>(STORAGE_KEY)) ?? {};
    return this.cache;
  }

  private async save(deadlines: Deadlines): Promise<void> {
    this.cache = deadlines;
    await this.storage.put(STORAGE_KEY, deadlines);
    const next = earliest(deadlines);
    if (next === undefined) await this.storage.deleteAlarm();
    else if ((await this.storage.getAlarm()) !== next) await this.storage.setAlarm(next);
  }
}
