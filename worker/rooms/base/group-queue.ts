// Requests that arrive while one D1 call is in flight wait and then go together in the next call
// (at most `max` a call): a thousand players acting in one moment cost tens of D1 round trips, not
// a thousand, and never more than one call in flight. Each request gets its own answer. A group is
// sent from the call of one of its own requests, so each invocation sends a few calls, never all.

/** One request of a group: `answer` or `fail` settles its caller. */
export interface Queued<I, O> {
  item: I;
  answer(result: O): void;
  fail(err: unknown): void;
}

export class GroupQueue<I, O> {
  private readonly waiting: (Queued<I, O> & { taken: boolean })[] = [];
  private flight: Promise<void> | undefined;

  /** `send` answers (or fails) every request of the group it is given. */
  constructor(
    private readonly max: number,
    private readonly send: (group: Queued<I, O>[]) => Promise<void>,
  ) {}

  async ask(item: I): Promise<O> {
    let mine!: Queued<I, O> & { taken: boolean };
    const answer = new Promise<O>((answer, fail) => {
      mine = { item, answer, fail, taken: false };
      this.waiting.push(mine);
    });
    while (!mine.taken) {
      if (this.flight) {
        await this.flight;
        continue;
      }
      const group = this.waiting.splice(0, this.max);
      for (const w of group) w.taken = true;
      this.flight = this.send(group)
        .catch((err: unknown) => {
          for (const w of group) w.fail(err); // a request the group left unanswered
        })
        .finally(() => {
          this.flight = undefined;
        });
      await this.flight;
    }
    return answer;
  }
}
