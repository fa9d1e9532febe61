// The settlements (and wheel_rounds writes) the room owes D1, kept in DO storage until D1 confirms
// them — crash's outbox for the wheel (rooms/crash/outbox.ts). Entries are staged in the same
// storage write as the state that decided them, so an eviction between "decided" and "written"
// only delays them; settlement.ts makes a replay move nothing.
import { pushCashback } from "../../cashback/push";
import type { NotificationJson } from "../../../shared/api/user";
import { pushBalance, pushNotification } from "../../lib/notify";
import type { RoundRow, Settlement } from "./effects";
import { bonusShare, refundBet, settleLoss, settleLossGroup, settleWin, writeRound } from "./settlement";

export type OutboxEntry = { kind: "round"; row: RoundRow } | { kind: "settle"; settlement: Settlement };
type Stored = OutboxEntry & { version: string };
type Loss = Extract<Settlement, { kind: "loss" }>;
type OwedLoss = [key: string, entry: Stored, loss: Loss];

const PREFIX = "outbox:";
/** Losses settled per D1 batch; ≤ 128 (storage.delete). */
const LOSS_GROUP = 50;
const pad = (n: number) => String(n).padStart(12, "0");

/** One key per thing owed: a newer round row replaces an unwritten older one of the same round. */
function keyOf(e: OutboxEntry): string {
  if (e.kind === "round") return `${PREFIX}r:${pad(e.row.id)}`;
  const s = e.settlement;
  return `${PREFIX}s:${pad(s.roundId)}:${s.kind}:${"betId" in s ? s.betId : ""}`;
}

export class Outbox {
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Env,
  ) {}

  stage(entries: readonly OutboxEntry[]): Record<string, Stored> {
    return Object.fromEntries(entries.map((e) => [keyOf(e), { ...e, version: crypto.randomUUID() }]));
  }

  /** Runs every entry once (rounds first: their keys sort first); drains never overlap. */
  drain(): Promise<void> {
    this.running = this.running.catch(() => undefined).then(() => this.drainOnce());
    return this.running;
  }

  idle(): Promise<void> {
    return this.running.catch(() => undefined);
  }

  /** Bets with a settlement still owed to D1. */
  async owedBets(): Promise<Set<string>> {
    const entries = await this.storage.list<Stored>({ prefix: PREFIX });
    return new Set([...entries.values()].flatMap((e) => (e.kind === "settle" && "betId" in e.settlement ? [e.settlement.betId] : [])));
  }

  private async drainOnce(): Promise<void> {
    const entries = await this.storage.list<Stored>({ prefix: PREFIX });
    const credited = new Set<number>();
    const told: [number, NotificationJson][] = [];
    const losses: OwedLoss[] = [];
    for (const [key, entry] of entries) {
      if (entry.kind === "settle" && entry.settlement.kind === "loss") {
        losses.push([key, entry, entry.settlement]);
        continue;
      }
      try {
        const notification = await this.run(entry);
        if (notification && entry.kind === "settle" && entry.settlement.kind === "win") told.push([entry.settlement.userId, notification]);
      } catch (err) {
        console.error("wheel outbox entry failed; kept for the next drain", key, String(err));
        continue;
      }
      if (entry.kind === "settle" && entry.settlement.kind === "win") credited.add(entry.settlement.userId);
      await this.forget([[key, entry]]);
    }
    const accrued = new Set<number>();
    for (let i = 0; i < losses.length; i += LOSS_GROUP) await this.settleLosses(losses.slice(i, i + LOSS_GROUP), accrued);
    for (const userId of credited) await pushBalance(this.env, userId);
    for (const [userId, notification] of told) await pushNotification(this.env, userId, notification);
    await pushCashback(this.env, accrued);
  }

  private async settleLosses(group: OwedLoss[], accrued: Set<number>): Promise<void> {
    if (group.length > 1) {
      const now = Date.now();
      try {
        await settleLossGroup(
          this.env,
          group.map(([, , loss]) => ({ betId: loss.betId, userId: loss.userId, now })),
        );
        for (const [, , loss] of group) accrued.add(loss.userId);
        await this.forget(group);
        return;
      } catch {
        // nothing of the group landed: one by one below
      }
    }
    for (const [key, entry, loss] of group) {
      try {
        const done = await settleLoss(this.env, { ...loss, now: Date.now() });
        if (done.done === "settled") accrued.add(loss.userId);
      } catch (err) {
        console.error("wheel outbox entry failed; kept for the next drain", key, String(err));
        continue;
      }
      await this.forget([[key, entry]]);
    }
  }

  /** Drops entries D1 has confirmed; a newer version staged while D1 answered stays. */
  private async forget(done: readonly (readonly [string, Stored, ...unknown[]])[]): Promise<void> {
    const now = await this.storage.get<Stored>(done.map(([key]) => key));
    const keys = done.filter(([key, entry]) => now.get(key)?.version === entry.version).map(([key]) => key);
    if (keys.length > 0) await this.storage.delete(keys);
  }

  /** Runs one entry; answers the bell row a win wrote, to push once the drain is done. */
  private async run(entry: OutboxEntry): Promise<NotificationJson | null | undefined> {
    if (entry.kind === "round") {
      await writeRound(this.env, entry.row);
      return;
    }
    const s = entry.settlement;
    const now = Date.now();
    switch (s.kind) {
      case "win":
        return (await settleWin(this.env, { ...s, winItem: s.winItem && { catalogueId: s.winItem.id, price: s.winItem.price }, now })).notification;
      case "loss":
        await settleLoss(this.env, { ...s, now });
        return;
      case "refund":
        await refundBet(this.env, { ...s, now });
        return;
      case "bonusShare":
        await bonusShare(this.env, { roundId: s.roundId, amount: s.amount, now });
        return;
    }
  }
}
