// Bets that arrive together leave in ONE D1 batch (docs/money.md "Money rules"): while a room's bet
// batch is in flight the next bets wait, and then go as one transaction — a thousand players
// betting in one countdown cost tens of D1 round trips, not a thousand. Each bet keeps every guard
// of its own (base/place-bet.ts betStatements, in arrival order, so a guard sees the group's
// earlier bets as it would see earlier batches). A guard that fails aborts the whole group: then
// each bet of it goes again alone, in order, and gets its own answer. A fault that is no guard's
// leaves the group landed whole or not at all (one transaction); the first bet's row tells which.
import { failedGuard } from "../../db/guards";
import { batch } from "../../db/sql";
import { GroupQueue, type Queued } from "./group-queue";
import { type BetBatch, type BetBatchResult, betStatements, placeBetBatch } from "./place-bet";

type Waiting = Queued<BetBatch<string>, BetBatchResult<string>>;

export class BetGroups {
  private readonly queue: GroupQueue<BetBatch<string>, BetBatchResult<string>>;
  /** batches sent and bets placed (the bench prints their ratio) */
  readonly counts = { batches: 0, bets: 0 };

  /** `max`: bets per batch at most (a batch's statements count against the invocation's D1 queries) */
  constructor(
    private readonly env: Pick<Env, "DB">,
    max: number,
  ) {
    this.queue = new GroupQueue(max, (group) => this.send(group));
  }

  /** Places `bet` with the bets waiting alongside it (a PlaceBatch). */
  place<K extends string>(bet: BetBatch<K>): Promise<BetBatchResult<K>> {
    return this.queue.ask(bet) as Promise<BetBatchResult<K>>;
  }

  private async send(group: Waiting[]): Promise<void> {
    this.counts.bets += group.length;
    if (group.length === 1) return this.alone(group[0]!);
    const parts = group.map((w) => betStatements(w.item));
    this.counts.batches++;
    try {
      const results = await batch(this.env.DB, parts.flat());
      let end = 0;
      group.forEach((w, i) => {
        end += parts[i]!.length;
        w.answer({ ok: true, results: results.slice(end - w.item.reads.length, end) });
      });
    } catch (err) {
      if (failedGuard(err) !== undefined) {
        // one of them was refused: each again alone, in order, with its own answer
        for (const w of group) await this.alone(w);
        return;
      }
      const landed = await group[0]!.item.landed().catch(() => false);
      for (const w of group) {
        if (!landed) w.fail(err);
        else await batch(this.env.DB, w.item.reads).then((results) => w.answer({ ok: true, results }), w.fail);
      }
    }
  }

  private async alone(w: Waiting): Promise<void> {
    this.counts.batches++;
    await placeBetBatch(this.env, w.item).then(w.answer, w.fail);
  }
}
