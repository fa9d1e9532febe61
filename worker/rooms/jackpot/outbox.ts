// What the jackpot room owes D1 after a draw or a single-player timeout, kept in DO storage until
// D1 confirms it (as the crash room's outbox). An entry is staged in the same storage write as
// the state that decided it, so an eviction in between only delays it: the next drain (every
// alarm, every start, every step) runs it again, and settlement.ts makes a replay move nothing.
import { pushCashback } from "../../cashback/push";
import { refundRound, settleRound, type SettleRound } from "./settlement";

export type Owed = { kind: "settle"; settle: SettleRound } | { kind: "refund"; roundId: number };

const PREFIX = "owed:";
const keyOf = (o: Owed) => `${PREFIX}${String(o.kind === "settle" ? o.settle.roundId : o.roundId).padStart(12, "0")}`;

export class Outbox {
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Env,
  ) {}

  /** Key → value pairs to put together with the state (one atomic storage write). */
  stage(entries: readonly Owed[]): Record<string, Owed> {
    return Object.fromEntries(entries.map((e) => [keyOf(e), e]));
  }

  /** Resolves when the drain under way (if any) is over. */
  idle(): Promise<void> {
    return this.running.catch(() => undefined);
  }

  /** Runs every entry once; drains never overlap. */
  drain(): Promise<void> {
    this.running = this.running.catch(() => undefined).then(() => this.drainOnce());
    return this.running;
  }

  private async drainOnce(): Promise<void> {
    const entries = await this.storage.list<Owed>({ prefix: PREFIX });
    for (const [key, entry] of entries) {
      try {
        if (entry.kind === "settle") {
          const done = await settleRound(this.env, entry.settle);
          if (done.done === "settled") await pushCashback(this.env, new Set(entry.settle.losers.map((l) => l.userId)));
        } else await refundRound(this.env, entry.roundId);
      } catch (err) {
        console.error("jackpot outbox entry failed; kept for the next drain", key, String(err));
        continue;
      }
      await this.storage.delete(key);
    }
  }
}
