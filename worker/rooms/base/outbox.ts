// The settlements (and round-row writes) a game room owes D1, kept in DO storage until D1
// confirms them (README "Where things are"). Entries are staged in the same storage write as the
// state that decided them, so an eviction between "decided" and "written" only delays them: the
// next drain (every alarm, every start) runs them again, and the room's settlement.ts makes a
// replay move nothing. Crash and the wheel each give it their D1 calls (`OutboxMoney`).
import type { NotificationJson } from "../../../shared/api/user";
import { pushCashback } from "../../cashback/push";
import { pushBalance, pushNotification } from "../../lib/notify";

/** What every room's settlements share (the room's own union adds its fields). */
type AnySettlement =
  | { kind: "win"; roundId: number; betId: string; userId: number; winItem: { id: number; price: number } | null }
  | { kind: "loss"; roundId: number; betId: string; userId: number }
  | { kind: "refund"; roundId: number; betId: string; userId: number }
  | { kind: "bonusShare"; roundId: number; amount: number };

export type OutboxEntryOf<R extends { id: number }, S extends AnySettlement> = { kind: "round"; row: R } | { kind: "settle"; settlement: S };
type Stored<R extends { id: number }, S extends AnySettlement> = OutboxEntryOf<R, S> & { version: string };
type Loss<S> = Extract<S, { kind: "loss" }>;

/** The room's D1 calls (its settlement.ts), each keyed so a replay moves nothing. */
export interface OutboxMoney<R, S extends AnySettlement> {
  writeRound(row: R): Promise<void>;
  /** a win, refund or bonus share; a won bet worth telling answers its committed bell row */
  settle(s: Exclude<S, { kind: "loss" }>, now: number): Promise<NotificationJson | null | undefined>;
  settleLoss(loss: Loss<S>, now: number): Promise<{ done: "settled" | "replay" }>;
  /** every loss of the group in ONE batch, or none of them (throws) */
  settleLossGroup(losses: readonly Loss<S>[], now: number): Promise<void>;
  /** bets D1 holds as pending that are not in `known` */
  orphanBets(known: ReadonlySet<string>): Promise<Orphan[]>;
}

type Orphan = { betId: string; roundId: number; userId: number };

type Win<S> = Extract<S, { kind: "win" }>;
type Move = { betId: string; userId: number; now: number };

/** A bet room's settlement.ts, as the outbox calls it (crash and the wheel export these names). */
export interface BetSettlementModule<R, S extends AnySettlement> {
  writeRound(env: Env, row: R): Promise<void>;
  settleWin(
    env: Env,
    s: Omit<Win<S>, "winItem" | "kind"> & { winItem: { catalogueId: number; price: number } | null; now: number },
  ): Promise<{ notification?: NotificationJson | null }>;
  settleLoss(env: Env, s: Move): Promise<{ done: "settled" | "replay" }>;
  settleLossGroup(env: Env, losses: readonly Move[]): Promise<void>;
  refundBet(env: Env, s: Move): Promise<unknown>;
  bonusShare(env: Env, s: { roundId: number; amount: number; now: number }): Promise<unknown>;
  orphanBets(env: Env, known: ReadonlySet<string>): Promise<Orphan[]>;
}

/** The outbox's D1 calls from a bet room's settlement.ts. */
export function betOutboxMoney<R, S extends AnySettlement>(env: Env, m: BetSettlementModule<R, S>): OutboxMoney<R, S> {
  return {
    writeRound: (row) => m.writeRound(env, row),
    async settle(s, now) {
      if (s.kind === "win") {
        const win = s as unknown as Win<S>;
        return (await m.settleWin(env, { ...win, winItem: win.winItem && { catalogueId: win.winItem.id, price: win.winItem.price }, now })).notification;
      }
      if (s.kind === "refund") await m.refundBet(env, { betId: s.betId, userId: s.userId, now });
      else if (s.kind === "bonusShare") await m.bonusShare(env, { roundId: s.roundId, amount: s.amount, now });
      return undefined;
    },
    settleLoss: (loss, now) => m.settleLoss(env, { betId: loss.betId, userId: loss.userId, now }),
    settleLossGroup: (losses, now) =>
      m.settleLossGroup(
        env,
        losses.map((l) => ({ betId: l.betId, userId: l.userId, now })),
      ),
    orphanBets: (known) => m.orphanBets(env, known),
  };
}

const PREFIX = "outbox:";
/** Losses settled per D1 batch (a round can leave a thousand at once); ≤ 128 (storage.delete). */
export const LOSS_GROUP = 50;
const pad = (n: number) => String(n).padStart(12, "0");

export class RoomOutbox<R extends { id: number }, S extends AnySettlement> {
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Env,
    private readonly money: OutboxMoney<R, S>,
    /** the room's name in the logs */
    private readonly room: string,
  ) {}

  /** Key → value pairs to put together with the state (one atomic storage write). */
  stage(entries: readonly OutboxEntryOf<R, S>[]): Record<string, Stored<R, S>> {
    return Object.fromEntries(entries.map((e) => [keyOf(e), { ...e, version: crypto.randomUUID() }]));
  }

  /** Runs every entry once (rounds first: their keys sort first); drains never overlap. */
  drain(): Promise<void> {
    this.running = this.running.catch(() => undefined).then(() => this.drainOnce());
    return this.running;
  }

  /** Resolves when the drain under way (if any) is over. */
  idle(): Promise<void> {
    return this.running.catch(() => undefined);
  }

  /**
   * Bets D1 took while the room that decided them was lost (neither in `bets`, the room's state,
   * nor owed a settlement): the refunds to stage, so their items go back.
   */
  async orphanRefunds(bets: readonly { id: string }[]): Promise<Array<Orphan & { kind: "refund" }>> {
    const known = await this.owedBets();
    for (const b of bets) known.add(b.id);
    return (await this.money.orphanBets(known)).map((o) => ({ kind: "refund", ...o }));
  }

  /** Bets with a settlement still owed to D1. */
  private async owedBets(): Promise<Set<string>> {
    const entries = await this.storage.list<Stored<R, S>>({ prefix: PREFIX });
    return new Set([...entries.values()].flatMap((e) => (e.kind === "settle" && "betId" in e.settlement ? [e.settlement.betId] : [])));
  }

  private async drainOnce(): Promise<void> {
    const entries = await this.storage.list<Stored<R, S>>({ prefix: PREFIX });
    const credited = new Set<number>();
    const told: Array<[number, NotificationJson]> = [];
    const losses: [key: string, entry: Stored<R, S>, loss: Loss<S>][] = [];
    for (const [key, entry] of entries) {
      if (entry.kind === "settle" && entry.settlement.kind === "loss") {
        losses.push([key, entry, entry.settlement as Loss<S>]); // grouped below (they credit nobody)
        continue;
      }
      let notification: NotificationJson | null | undefined;
      try {
        if (entry.kind === "round") await this.money.writeRound(entry.row);
        else notification = await this.money.settle(entry.settlement as Exclude<S, { kind: "loss" }>, Date.now());
      } catch (err) {
        console.error(`${this.room} outbox entry failed; kept for the next drain`, key, String(err));
        continue;
      }
      // every winner: the staged remainder may be 0 and the win still credited in cash (a win
      // pays at current prices: an item that got dearer than the win is not minted)
      if (entry.kind === "settle" && entry.settlement.kind === "win") {
        credited.add(entry.settlement.userId);
        if (notification) told.push([entry.settlement.userId, notification]);
      }
      await this.forget([[key, entry]]);
    }
    // losers whose cashback grew: one updateCashback each per drain
    const accrued = new Set<number>();
    for (let i = 0; i < losses.length; i += LOSS_GROUP) await this.settleLosses(losses.slice(i, i + LOSS_GROUP), accrued);
    for (const userId of credited) await pushBalance(this.env, userId);
    for (const [userId, notification] of told) await pushNotification(this.env, userId, notification);
    await pushCashback(this.env, accrued);
  }

  /**
   * A group of losses in one batch; if the group fails, each one alone (replays and faults apart).
   * Adds to `accrued` the bettors whose loss (and its cashback accrual) landed now.
   */
  private async settleLosses(group: [string, Stored<R, S>, Loss<S>][], accrued: Set<number>): Promise<void> {
    if (group.length > 1) {
      try {
        await this.money.settleLossGroup(
          group.map(([, , loss]) => loss),
          Date.now(),
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
        const done = await this.money.settleLoss(loss, Date.now());
        if (done.done === "settled") accrued.add(loss.userId);
      } catch (err) {
        console.error(`${this.room} outbox entry failed; kept for the next drain`, key, String(err));
        continue;
      }
      await this.forget([[key, entry]]);
    }
  }

  /** Drops entries D1 has confirmed; a newer version staged while D1 answered stays for the next drain. */
  private async forget(done: readonly (readonly [string, Stored<R, S>, ...unknown[]])[]): Promise<void> {
    const now = await this.storage.get<Stored<R, S>>(done.map(([key]) => key));
    const keys = done.filter(([key, entry]) => now.get(key)?.version === entry.version).map(([key]) => key);
    if (keys.length > 0) await this.storage.delete(keys);
  }
}

/** One key per thing owed: a newer round row replaces an unwritten older one of the same round. */
function keyOf(e: OutboxEntryOf<{ id: number }, AnySettlement>): string {
  if (e.kind === "round") return `${PREFIX}r:${pad(e.row.id)}`;
  const s = e.settlement;
  return `${PREFIX}s:${pad(s.roundId)}:${s.kind}:${"betId" in s ? s.betId : ""}`;
}
