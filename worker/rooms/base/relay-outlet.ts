// The room's side of the relay layout (docs/relay.md): the relays that hold this room's watchers,
// one pump per relay. Every unfiltered broadcast is numbered and kept in a backlog; each relay
// gets it once, in one RPC per batch: a pump has at most one delivery in flight and sends what
// queued meanwhile as the next batch, so the relay sees the numbers in order. A failed delivery
// is retried (the same frames first, spaced out, for as long as it fails: a relay with watchers is
// never given up; its queue keeps the newest SOCKET.relay.backlog frames, and the relay recovers
// the older ones from the backlog or with a fresh init). A relay that answers it has no sockets is
// dropped and joins again with its next watcher. The relays' names are stored, so a restarted
// room keeps feeding the relays it had.
import { SOCKET } from "../../../shared/constants";
import { Backlog, type Batch, type Position } from "./relay-sequence";

/** What a pump calls: the relay's deliver RPC (a fresh stub each time: a stub that threw is broken). */
export type Deliver = (name: string, batch: Batch) => Promise<{ sockets: number }>;

const NAMES_KEY = "relay:names";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Pump {
  private queue: { seq: number; text: string }[] = [];
  private running = false;
  private failures = 0;
  /** joins seen: an answer "no sockets" from before the relay's latest join does not drop it */
  private joins = 0;
  stopped = false;

  constructor(
    private readonly name: string,
    private readonly epoch: string,
    private readonly deliver: Deliver,
    private readonly drop: (pump: Pump) => void,
  ) {}

  joined(): void {
    this.joins++;
  }

  push(seq: number, text: string): void {
    if (this.stopped) return;
    this.queue.push({ seq, text });
    if (!this.running) void this.run();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0 && !this.stopped) {
        const batch = this.queue.splice(0);
        const joins = this.joins;
        try {
          const { sockets } = await this.deliver(this.name, { epoch: this.epoch, first: batch[0]!.seq, frames: batch.map((f) => f.text) });
          this.failures = 0;
          if (sockets === 0 && joins === this.joins) return this.drop(this);
        } catch (err) {
          // the same frames again, the newest `backlog` of them (a gap the relay then fills itself)
          this.queue = [...batch, ...this.queue].slice(-SOCKET.relay.backlog);
          this.failures++;
          console.error("relay delivery failed", this.name, this.failures, String(err));
          const { baseMs, maxMs } = SOCKET.relay.retry;
          await sleep(Math.min(maxMs, baseMs * 2 ** (this.failures - 1)));
        }
      }
    } finally {
      this.running = false;
    }
  }
}

export class RelayOutlet {
  /** this room instance: a relay that sees another one gives its watchers a fresh init */
  readonly epoch = crypto.randomUUID();
  private readonly backlog = new Backlog(SOCKET.relay.backlog);
  private readonly pumps = new Map<string, Pump>();

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly deliver: Deliver,
  ) {}

  /** The relays the room fed before it restarted (once per instance, in the room's start). */
  async load(): Promise<void> {
    for (const name of (await this.storage.get<string[]>(NAMES_KEY)) ?? []) if (!this.pumps.has(name)) this.pumps.set(name, this.pump(name));
  }

  /** how many relays the room feeds (their watchers keep the room running) */
  get count(): number {
    return this.pumps.size;
  }

  /**
   * One broadcast: numbered, kept, queued to every relay. Numbered even with no relay fed, so a
   * relay that joins again after its pump was dropped sees the frames it missed as a gap.
   */
  publish(text: string): void {
    const seq = this.backlog.add(text);
    for (const pump of this.pumps.values()) pump.push(seq, text);
  }

  /**
   * A relay asks for an init: from now on it is fed. Call it in the same synchronous turn as the
   * init is built, so the init holds every frame before the answered position and none after.
   */
  join(name: string): Position {
    const pump = this.pumps.get(name);
    if (pump) pump.joined();
    else {
      this.pumps.set(name, this.pump(name));
      this.save();
    }
    return { epoch: this.epoch, next: this.backlog.next };
  }

  /** Frames a relay missed, from number `from`; null: another instance, or no longer kept. */
  since(epoch: string, from: number): string[] | null {
    return epoch === this.epoch ? this.backlog.since(from) : null;
  }

  private pump(name: string): Pump {
    return new Pump(name, this.epoch, this.deliver, (pump) => {
      pump.stopped = true;
      if (this.pumps.get(name) !== pump) return; // already replaced by a new join
      this.pumps.delete(name);
      this.save();
    });
  }

  private save(): void {
    this.storage.put(NAMES_KEY, [...this.pumps.keys()]).catch((err: unknown) => console.error("could not store the relays", String(err)));
  }
}
