// What the "Faults" files share (docs/testing.md "Reliability suite"): the seed every plan is drawn
// from, a room evicted at a point of its round, a count query, and a D1 whose next money batch fails
// at a chosen statement.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { inject } from "vitest";

/**
 * FAULTS_SEED on the host replays a run: every plan of every faults file is drawn from it plus
 * the file's own offset (faults.test.ts +0…+2, faults-bonus +3, faults-batch +4, faults-providers +5).
 * Without it each file draws from the clock and prints what it drew.
 */
export const FIRST_SEED = inject("faultsSeed") ?? Date.now() % 2_147_483_647;

/** Evictions done, and how many of them cut an alarm that was running. */
export interface EvictionTally {
  evictions: number;
  duringAlarm: number;
}

/** Evicts the room (woken first when it is not running); with `during`, while an alarm runs (cut after `tick` event-loop turns). */
export async function evict(room: DurableObjectStub, during: boolean, tick: number, tally: EvictionTally): Promise<void> {
  tally.evictions++;
  if (!during) {
    await runInDurableObject(room, async () => {});
    return evictDurableObject(room);
  }
  tally.duringAlarm++;
  const alarm = runDurableObjectAlarm(room).catch(() => false);
  // let the alarm get `tick` turns of the event loop in (a D1 call or a storage write each) before
  // the room goes: macrotasks, so the alarm's own I/O gets to run between them
  for (let i = 0; i < tick; i++) await new Promise<void>((r) => setTimeout(r, 0));
  // an alarm that already finished left the room idle: nothing left to cut
  await evictDurableObject(room).catch((err: Error) => {
    if (!/not currently running/.test(err.message)) throw err;
  });
  await alarm;
}

export const count = async (q: string, ...args: unknown[]) =>
  (await env.DB.prepare(q)
    .bind(...args)
    .first<{ n: number }>())!.n;

/** A batch a recording D1 ran: its statements (their SQL) and where the failing one went (null: none). */
export interface RanBatch {
  statements: string[];
  at: number | null;
}

const WRITES = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i;

/** The batches that write (an INSERT, UPDATE or DELETE among their statements). */
export const writing = (batches: readonly RanBatch[]) => batches.filter((b) => b.statements.some((q) => WRITES.test(q)));

/**
 * env.DB, recording every batch into `ran`; with `pick`, the first batch writing the ledger gets a
 * failing statement (an INSERT into a table that does not exist) before its statement `pick(n)`
 * (n = its statement count; n itself: after the last one). D1 runs a batch as one transaction:
 * nothing of it may land.
 */
export function failingDb(pick: ((n: number) => number) | null, ran: RanBatch[]): D1Database {
  const text = new WeakMap<D1PreparedStatement, string>();
  const prepare = (query: string) => {
    const statement = env.DB.prepare(query);
    text.set(statement, query);
    // bind() answers a new statement: it keeps the text
    const bind = statement.bind.bind(statement);
    statement.bind = (...values: unknown[]) => {
      const bound = bind(...values);
      text.set(bound, query);
      return bound;
    };
    return statement;
  };
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") return prepare;
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const sqls = statements.map((s) => text.get(s) ?? "?");
          const breaks = pick !== null && !ran.some((b) => b.at !== null) && sqls.some((q) => /INSERT INTO "?ledger"?/i.test(q));
          const at = breaks ? pick(statements.length) : null;
          ran.push({ statements: sqls, at });
          if (at === null) return target.batch(statements);
          const fault = target.prepare("INSERT INTO faults_no_such_table (x) VALUES (1)");
          return target.batch([...statements.slice(0, at), fault, ...statements.slice(at)]);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

declare module "vitest" {
  interface ProvidedContext {
    faultsSeed: number | undefined;
  }
}
