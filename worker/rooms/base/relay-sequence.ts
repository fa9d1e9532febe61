// The order rules of the relay layout (docs/relay.md): every frame a room publishes to its relays
// carries the room instance's epoch and a number; a relay delivers each number once and in order.
// Pure: the room's side keeps a Backlog, the relay's side asks accept() what to do with a batch.

/** Frames first, first + 1, … of one room instance. */
export interface Batch {
  epoch: string;
  first: number;
  frames: string[];
}

/** Where a relay stands: the next number it expects from that room instance. */
export interface Position {
  epoch: string;
  next: number;
}

export type Accepted =
  /** send these now (none: the whole batch was already delivered) and move to `position` */
  | { kind: "deliver"; frames: string[]; position: Position }
  /** frames [from, batch.first) are missing: ask the room's backlog */
  | { kind: "gap"; from: number }
  /** another room instance, or nothing known: the watchers need a fresh init */
  | { kind: "resync" };

export function accept(at: Position | undefined, batch: Batch): Accepted {
  if (!at || at.epoch !== batch.epoch) return { kind: "resync" };
  if (batch.first > at.next) return { kind: "gap", from: at.next };
  const frames = batch.frames.slice(at.next - batch.first);
  return { kind: "deliver", frames, position: { epoch: at.epoch, next: Math.max(at.next, batch.first + batch.frames.length) } };
}

/** The last `size` frames published, numbered from 1. */
export class Backlog {
  private readonly kept: string[] = [];
  /** the number of kept[0] */
  private first = 1;

  constructor(private readonly size: number) {}

  /** Forgets every frame; the next one gets number `next`. */
  restart(next: number): void {
    this.kept.length = 0;
    this.first = next;
  }

  /** the number the next frame gets */
  get next(): number {
    return this.first + this.kept.length;
  }

  /** Keeps a frame; answers its number. */
  add(text: string): number {
    this.kept.push(text);
    if (this.kept.length > this.size) {
      this.kept.shift();
      this.first++;
    }
    return this.next - 1;
  }

  /** Frames from number `from` to the last; null when some of them are no longer kept. */
  since(from: number): string[] | null {
    if (!Number.isSafeInteger(from) || from < this.first || from > this.next) return null;
    return this.kept.slice(from - this.first);
  }
}
