// Bets that arrive together leave in ONE D1 batch (docs/money.md "Money rules"): while a room's bet
// batch is in flight the next bets wait, and then go as one transaction — a thousand players
// betting in one countdown cost tens of D1 round trips, not a thousand. Each bet keeps every guard
// of its own (base/place-bet.ts betStatements, in arrival order, so a guard sees the group's
// earlier bets as it would see earlier batches). A guard that fails aborts the whole group: then
// each bet of it goes again alone, in order, and gets its own answer. A fault that is no guard's
// leaves the group landed whole or not at all (one transaction); the first bet's row tells which.
import { failedGuard } from "../../db/guards";
import { batch } from "../../db/sql";
import { type BetBatch, type BetBatchResult, betStatements, placeBetBatch } from "./place-bet";

interface Waiting {
  bet: BetBatch<string>;
  /** sent in a group (its answer comes with the group's) */
  taken: boolean;
  resolve(result: BetBatchResult<string>): void;
  reject(err: unknown): void;
}

export class BetGroups {
  private readonly waiting: Waiting[] = [];
  private flight: Promise<void> | undefined;
  /** batches sent and bets placed (the bench prints their ratio) */
  readonly counts = { batches: 0, bets: 0 };

  /** `max`: bets per batch at most (a batch's statements count against the invocation's D1 queries) */
  constructor(
    private readonly env: Pick<Env, "DB">,
    private readonly max: number,
  ) {}

  /**
   * Places `bet` with the bets waiting alongside it (a PlaceBatch). A group is sent from the call
   * of one of its own bets, so each invocation sends a few batches, never the whole countdown's.
   */
  async place<K extends string>(bet: BetBatch<K>): Promise<BetBatchResult<K>> {
    const answer = new Promise<BetBatchResult<K>>((resolve, reject) => {
      this.waiting.push({ bet, taken: false, resolve: resolve as (r: BetBatchResult<string>) => void, reject });
    });
    const mine = this.waiting.at(-1)!;
    while (!mine.taken) {
      if (this.flight) {
        await this.flight;
        continue;
      }
      const group = this.waiting.splice(0, this.max);
      for (const w of group) w.taken = true;
      this.flight = this.send(group).finally(() => {
        this.flight = undefined;
      });
      await this.flight;
    }
    return answer;
  }

  private async send(group: Waiting[]): Promise<void> {
    this.counts.bets += group.length;
    if (group.length === 1) return this.alone(group[0]!);
    const parts = group.map((w) => betStatements(w.bet));
    this.counts.batches++;
    try {
      const results = await batch(this.env.DB, parts.flat());
      let end = 0;
      group.forEach((w, i) => {
        end += parts[i]!.length;
        w.resolve({ ok: true, results: results.slice(end - w.bet.reads.length, end) });
      });
    } catch (err) {
      if (failedGuard(err) !== undefined) {
        // one of them was refused: each again alone, in order, with its own answer
        for (const w of group) await this.alone(w);
        return;
      }
      const landed = await group[0]!.bet.landed().catch(() => false);
      for (const w of group) {
        if (!landed) w.reject(err);
        else await batch(this.env.DB, w.bet.reads).then((results) => w.resolve({ ok: true, results }), w.reject);
      }
    }
  }

  private async alone(w: Waiting): Promise<void> {
    this.counts.batches++;
    await placeBetBatch(this.env, w.bet).then(w.resolve, w.reject);
  }
}
