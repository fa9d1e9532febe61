// After a price refresh the items of a case may be worth more (or less) than its price allows:
// a case whose RTP at current catalogue prices left CASES.rtpBounds is re-priced to the
// configured RTP. Cases still inside the bounds keep the price an admin gave them. Each change
// is conditional on the case not having changed since it was read (an admin edit in between
// wins) and lands with its audit row; updated_at moves, so an open in flight is refused (busy).
import { classifyBatchError } from "../db/ledger";
import { expectChanges } from "../db/guards";
import { auditStatement } from "../lib/audit";
import { priceForRtp, rtpInBand, rtpPercent, type WeightedItem } from "../../shared/case-odds";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { cases as casesTable } from "../db/schema";
import { all, batch, sql } from "../db/sql";

export interface Repriced {
  id: number;
  from: number;
  to: number;
  rtpBefore: number;
}

interface Row {
  id: number;
  case_price: number;
  updated_at: number;
  weight: number;
  price: number;
}

/** Cases (active or not) whose RTP left the bounds, with the price that brings them to `rtp`. Pure. */
export function driftedCases(cases: ReadonlyMap<number, { price: number; items: WeightedItem[] }>, rtp: number): Repriced[] {
  const out: Repriced[] = [];
  for (const [id, c] of cases) {
    if (c.items.length === 0) continue;
    const rtpBefore = rtpPercent(c.items, c.price);
    if (rtpInBand(rtpBefore)) continue;
    const to = priceForRtp(c.items, rtp);
    if (to !== c.price) out.push({ id, from: c.price, to, rtpBefore });
  }
  return out;
}

export async function repriceDriftedCases(env: Pick<Env, "DB">, opts: { rtp: number; actorId?: number; now?: number }): Promise<Repriced[]> {
  const { rtp, actorId, now = Date.now() } = opts;
  const d1 = env.DB;
  const results = await all<Row>(
    d1,
    sql`SELECT c.id, c.price AS case_price, c.updated_at, ci.weight, cat.price
         FROM cases c JOIN case_items ci ON ci.case_id = c.id JOIN catalogue cat ON cat.id = ci.catalogue_id
        ORDER BY c.id, ci.catalogue_id`,
  );
  const cases = new Map<number, { price: number; updatedAt: number; items: WeightedItem[] }>();
  for (const r of results) {
    const c = cases.get(r.id) ?? { price: r.case_price, updatedAt: r.updated_at, items: [] };
    c.items.push({ weight: r.weight, price: r.price });
    cases.set(r.id, c);
  }
  const drifted = driftedCases(cases, rtp);
  const done: Repriced[] = [];
  for (const d of drifted) {
    const read = cases.get(d.id)!;
    const statements = [
      db(env)
        .update(casesTable)
        .set({ price: d.to, updatedAt: Math.max(now, read.updatedAt + 1) })
        .where(and(eq(casesTable.id, d.id), eq(casesTable.price, d.from), eq(casesTable.updatedAt, read.updatedAt))),
      expectChanges(1),
    ];
    if (actorId !== undefined) {
      statements.push(
        auditStatement({ actorId, action: "cases.reprice", details: { case_id: d.id, from: d.from, to: d.to, rtp_before: d.rtpBefore, rtp } }, now),
      );
    }
    try {
      await batch(d1, statements);
      done.push(d);
    } catch (err) {
      if (classifyBatchError(err) !== "guard") throw err; // changed meanwhile: the admin's edit stands
    }
  }
  return done;
}
