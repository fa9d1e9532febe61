// The round rows and settlements a round room owes D1, kept in DO storage until D1 confirms them
// (docs/architecture.md "Where things are"). Entries are staged in the same storage write as the state that
// decided them, so an eviction between "decided" and "written" only delays them: the next drain
// (every alarm, every start, every step that owes something) runs them again, and the game's
// settlement makes a replay move nothing. Each game gives its D1 calls as a `Settler`; the bet
// rooms (crash, wheel) share one (betSettler), the jackpot has its own.
import type { NotificationJson } from "../../../shared/api/user";
import { pushCashback } from "../../cashback/push";
import { pushBonusBank } from "../../lib/bonus-feed";
import { pushBalances, pushNotifications } from "../../lib/notify";

/** Who to tell once a settlement landed: balances changed, a bell rung, cashback grown. */
export interface Told {
  balances?: readonly number[];
  bells?: readonly (readonly [userId: number, bell: NotificationJson])[];
  cashback?: readonly number[];
  /** a bonus share landed: the bonus pool's bank moved (lib/bonus-feed.ts) */
  bonusBank?: boolean;
}

/** A game's D1 calls, each keyed so a replay moves nothing. */
export interface Settler<R, S> {
  writeRound(row: R): Promise<void>;
  /** settles one entry and says who to tell (a replay: nobody, or as the game's rule says) */
  settle(s: S, now: number): Promise<Told>;
  /**
   * Entries D1 takes many at once (a round's thousand losses): `of` tells them, `settle` runs a
   * group in ONE batch, all or none (it throws, and the group is settled one by one).
   */
  group?: { of(s: S): boolean; settle(group: readonly S[], now: number): Promise<Told> };
  /** one key per thing owed (a newer version of the same thing replaces an unwritten older one) */
  keyOf(s: S): string;
}

export type OutboxEntryOf<R extends { id: number }, S> = { kind: "round"; row: R } | { kind: "settle"; settlement: S };
type Stored<R extends { id: number }, S> = OutboxEntryOf<R, S> & { version: string };

const PREFIX = "outbox:";
/** Group entries (losses, and wins where the game groups them) settled per D1 batch (a round can leave a thousand at once); ≤ 128 (storage.delete). */
export const SETTLE_GROUP = 50;
const pad = (n: number) => String(n).padStart(12, "0");

/** The key of a round's settlement: `s:<round>:<what>` (rounds sort before their settlements). */
export const settlementKey = (roundId: number, what: string) => `s:${pad(roundId)}:${what}`;

export class RoomOutbox<R extends { id: number }, S> {
  private running: Promise<void> = Promise.resolve();
  /** the drain queued behind the running one, not started yet: later calls join it */
  private queued: Promise<void> | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Env,
    private readonly settler: Settler<R, S>,
    /** the room's name in the logs */
    private readonly room: string,
  ) {}

  /** Key → value pairs to put together with the state (one atomic storage write). */
  stage(entries: readonly OutboxEntryOf<R, S>[]): Record<string, Stored<R, S>> {
    return Object.fromEntries(entries.map((e) => [this.keyOf(e), { ...e, version: crypto.randomUUID() }]));
  }

  /**
   * Runs every entry once (rounds first: their keys sort first); drains never overlap. A call
   * while a drain is queued joins it: that drain lists storage after the call, so it runs the
   * caller's entries too (a thousand cash-outs used to queue a thousand drains).
   */
  drain(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.drainOnce();
      });
    this.queued = next;
    this.running = next;
    return next;
  }

  /** Resolves when the drain under way (if any) is over. */
  idle(): Promise<void> {
    return this.running.catch(() => undefined);
  }

  /** The settlements still owed to D1. */
  async owed(): Promise<S[]> {
    const entries = await this.storage.list<Stored<R, S>>({ prefix: PREFIX });
    return [...entries.values()].flatMap((e) => (e.kind === "settle" ? [e.settlement] : []));
  }

  private keyOf(e: OutboxEntryOf<R, S>): string {
    return `${PREFIX}${e.kind === "round" ? `r:${pad(e.row.id)}` : this.settler.keyOf(e.settlement)}`;
  }

  private async drainOnce(): Promise<void> {
    const entries = await this.storage.list<Stored<R, S>>({ prefix: PREFIX });
    const told: Told[] = [];
    const grouped: [key: string, entry: Stored<R, S>, settlement: S][] = [];
    for (const [key, entry] of entries) {
      if (entry.kind === "settle" && this.settler.group?.of(entry.settlement)) {
        grouped.push([key, entry, entry.settlement]); // settled in groups below
        continue;
      }
      try {
        if (entry.kind === "round") await this.settler.writeRound(entry.row);
        else told.push(await this.settler.settle(entry.settlement, Date.now()));
      } catch (err) {
        console.error(`${this.room} outbox entry failed; kept for the next drain`, key, String(err));
        continue;
      }
      await this.forget([[key, entry]]);
    }
    for (let i = 0; i < grouped.length; i += SETTLE_GROUP) told.push(...(await this.settleGroup(grouped.slice(i, i + SETTLE_GROUP))));
    await this.tell(told);
  }

  /** A group in one batch; if the group fails, each one alone (replays and faults apart). */
  private async settleGroup(group: [string, Stored<R, S>, S][]): Promise<Told[]> {
    const settle = this.settler.group?.settle;
    if (settle && group.length > 1) {
      try {
        const told = await settle(
          group.map(([, , s]) => s),
          Date.now(),
        );
        await this.forget(group);
        return [told];
      } catch {
        // nothing of the group landed: one by one below
      }
    }
    const told: Told[] = [];
    for (const [key, entry, s] of group) {
      try {
        told.push(await this.settler.settle(s, Date.now()));
      } catch (err) {
        console.error(`${this.room} outbox entry failed; kept for the next drain`, key, String(err));
        continue;
      }
      await this.forget([[key, entry]]);
    }
    return told;
  }

  /** One push per user and kind per drain, grouped into few hub calls: balances, then bells, then cashback, then the bonus pool's bank. */
  private async tell(told: readonly Told[]): Promise<void> {
    // one read and one hub call for a thousand winners, not a thousand of each
    await pushBalances(
      this.env,
      told.flatMap((t) => t.balances ?? []),
    );
    await pushNotifications(
      this.env,
      told.flatMap((t) => t.bells ?? []),
    );
    await pushCashback(this.env, new Set(told.flatMap((t) => t.cashback ?? [])));
    if (told.some((t) => t.bonusBank)) await pushBonusBank(this.env);
  }

  /** Drops entries D1 has confirmed; a newer version staged while D1 answered stays for the next drain. */
  private async forget(done: readonly (readonly [string, Stored<R, S>, ...unknown[]])[]): Promise<void> {
    const now = await this.storage.get<Stored<R, S>>(done.map(([key]) => key));
    const keys = done.filter(([key, entry]) => now.get(key)?.version === entry.version).map(([key]) => key);
    if (keys.length > 0) await this.storage.delete(keys);
  }
}
