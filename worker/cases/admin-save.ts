// Admin case edits (/api/admin/cases/create, /update and /publish): items must exist in the
// catalogue, weights are positive integers and the RTP (EV / price at current catalogue prices,
// shared/case-odds.ts) must lie within CASES.rtpBounds (validation.ts) to save new odds of a
// published case or to publish one; an unpublished draft may be saved outside the band, and
// taking a case off is always allowed. Each change is one D1 batch with its audit row,
// which carries the case's price, items and state before and after.
import type { AdminCreateCaseBody, AdminUpdateCaseBody } from "../../shared/api/cases";
import type { ServerKey } from "../../shared/errors";
import { toCents, toDollars } from "../../shared/money";
import { classifyBatchError } from "../db/ledger";
import { expectChanges } from "../db/guards";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { cases } from "../db/schema";
import { all, batch, rowsOf, type SQL, sql } from "../db/sql";
import { auditStatement } from "../lib/audit";
import { casesRtpPercent } from "./config";
import { priceForRtp, rtpInBand, rtpPercent } from "../../shared/case-odds";
import { type CaseWithItems, findCase } from "./queries";
import { checkCase, type CaseCheckKey, type ItemChoice } from "./validation";

/** The saved case's id, or the refusal the route answers (K: the keys that save can refuse with). */
export type CaseSave<K extends ServerKey = ServerKey> = { ok: true; caseId: number } | { ok: false; status: 400 | 404 | 409; key: K };

type DbEnv = Pick<Env, "DB">;
type CasesEnv = DbEnv & { CASES_RTP_PERCENT?: string };

/** Current catalogue prices (cents) of the ids that exist. */
async function cataloguePrices(env: DbEnv, ids: number[]): Promise<Map<number, number>> {
  const results = await all<{ id: number; price: number }>(
    env.DB,
    sql`SELECT id, price FROM catalogue WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  );
  return new Map(results.map((r) => [r.id, r.price]));
}

/** Price for these items at the configured RTP (null when the items themselves are invalid). */
async function defaultPrice(env: CasesEnv, choices: ItemChoice[]): Promise<number | null> {
  const prices = await cataloguePrices(
    env,
    choices.map((c) => c.catalogue_id),
  );
  if (choices.some((c) => !prices.has(c.catalogue_id))) return null;
  try {
    return priceForRtp(
      choices.map((c) => ({ weight: c.weight, price: prices.get(c.catalogue_id)! })),
      casesRtpPercent(env),
    );
  } catch {
    return null;
  }
}

/** What an audit row keeps of a case (before and after a change): price in dollars, items in pick order. */
interface CaseSnapshot {
  name: string;
  price: number;
  active: boolean;
  items: ItemChoice[];
}

function snapshot(c: { name: string; price: number; active: boolean }, items: readonly ItemChoice[]): CaseSnapshot {
  return {
    name: c.name,
    price: toDollars(c.price),
    active: Boolean(c.active),
    items: [...items].sort((a, b) => a.catalogue_id - b.catalogue_id).map((i) => ({ catalogue_id: i.catalogue_id, weight: i.weight })),
  };
}

const snapshotOf = (c: CaseWithItems) => snapshot(c, c.items);

function itemStatements(caseId: number | null, items: { catalogue_id: number; weight: number }[]): SQL[] {
  // caseId null: the case inserted just before in the batch
  const id = caseId === null ? sql`(SELECT MAX(id) FROM cases)` : sql`${caseId}`;
  return [
    sql`DELETE FROM case_items WHERE case_id = ${id}`,
    sql`INSERT INTO case_items (case_id, catalogue_id, weight)
         SELECT ${id}, json_extract(value, '$.catalogue_id'), json_extract(value, '$.weight') FROM json_each(${JSON.stringify(items)})`,
  ];
}

/** A new case; its price defaults to the one that gives the configured RTP. */
export async function createCase(env: CasesEnv, actorId: number, body: AdminCreateCaseBody): Promise<CaseSave<CaseCheckKey>> {
  const price = body.price !== undefined ? toCents(body.price) : await defaultPrice(env, body.items);
  if (price === null) return { ok: false, status: 400, key: "cases_api.invalid_items" };
  const checked = checkCase(
    body.items,
    await cataloguePrices(
      env,
      body.items.map((i) => i.catalogue_id),
    ),
    price,
    body.active,
  );
  if (!checked.ok) return { ok: false, status: 400, key: checked.message };
  const now = Date.now();
  const [inserted] = await batch(env.DB, [
    db(env)
      .insert(cases)
      .values({ name: body.name, image: body.image, price, priority: body.priority, active: body.active, createdAt: now, updatedAt: now })
      .returning({ id: cases.id }),
    ...itemStatements(null, checked.items),
    auditStatement(
      {
        actorId,
        action: "cases.create",
        details: { name: body.name, price, rtp: checked.rtp, items: checked.items.length },
        before: null,
        after: snapshot({ name: body.name, price, active: body.active }, checked.items),
      },
      now,
    ),
  ]);
  return { ok: true, caseId: rowsOf<{ id: number }>(inserted)[0]!.id };
}

/** Changes the given fields of a case (items, when given, replace its items). */
export async function updateCase(
  env: CasesEnv,
  actorId: number,
  body: AdminUpdateCaseBody,
): Promise<CaseSave<CaseCheckKey | "cases_api.case_not_found" | "cases_api.busy">> {
  const current = await findCase(env, body.id);
  if (!current) return { ok: false, status: 404, key: "cases_api.case_not_found" };
  const choices = body.items ?? current.items.map((i) => ({ catalogue_id: i.catalogue_id, weight: i.weight }));
  const price = body.price !== undefined ? toCents(body.price) : current.price;
  const checked = checkCase(
    choices,
    await cataloguePrices(
      env,
      choices.map((i) => i.catalogue_id),
    ),
    price,
    body.active ?? Boolean(current.active),
  );
  // Prices drift with the feed: renaming, reordering or disabling a case is never refused for
  // its RTP; new items, a new price or switching it on are.
  const recheck = body.items !== undefined || body.price !== undefined || (body.active === true && !current.active);
  if (!checked.ok && (recheck || checked.message === "cases_api.invalid_items")) return { ok: false, status: 400, key: checked.message };
  // strictly later than the last change, so an open that read the old case is refused
  const now = Math.max(Date.now(), current.updated_at + 1);
  const after = snapshot(
    { name: body.name ?? current.name, price, active: body.active ?? current.active },
    body.items && checked.ok ? checked.items : current.items,
  );
  const saved = await batch(env.DB, [
    db(env)
      .update(cases)
      .set({
        name: body.name ?? current.name,
        image: body.image ?? current.image,
        price,
        priority: body.priority ?? current.priority,
        active: body.active ?? current.active,
        updatedAt: now,
      })
      .where(and(eq(cases.id, current.id), eq(cases.updatedAt, current.updated_at))),
    // another staff edit since we read the case: refuse rather than overwrite it
    expectChanges(1),
    ...(body.items && checked.ok ? itemStatements(current.id, checked.items) : []),
    auditStatement(
      {
        actorId,
        action: "cases.update",
        details: { id: current.id, fields: Object.keys(body).filter((k) => k !== "id"), price, rtp: checked.ok ? checked.rtp : null },
        before: snapshotOf(current),
        after,
      },
      now,
    ),
  ]).then(
    () => true,
    (err: unknown) => {
      if (classifyBatchError(err) === "guard") return false;
      throw err;
    },
  );
  if (!saved) return { ok: false, status: 409, key: "cases_api.busy" };
  return { ok: true, caseId: current.id };
}

/** Why a publish is refused. */
type PublishKey = "cases_api.case_not_found" | "cases_api.invalid_items" | "cases_api.rtp_out_of_band" | "cases_api.busy";

/**
 * Publishes a case (players can open it) or takes it off. Publishing needs items and an RTP at
 * current catalogue prices within the band; a case already in the asked state changes nothing
 * (and writes no audit row).
 */
export async function publishCase(env: DbEnv, actorId: number, caseId: number, published: boolean): Promise<CaseSave<PublishKey>> {
  const current = await findCase(env, caseId);
  if (!current) return { ok: false, status: 404, key: "cases_api.case_not_found" };
  const rtp = current.items.length > 0 ? rtpPercent(current.items, current.price) : null;
  if (published) {
    if (rtp === null) return { ok: false, status: 400, key: "cases_api.invalid_items" };
    if (!rtpInBand(rtp)) return { ok: false, status: 409, key: "cases_api.rtp_out_of_band" };
  }
  if (Boolean(current.active) === published) return { ok: true, caseId };
  const now = Math.max(Date.now(), current.updated_at + 1);
  const saved = await batch(env.DB, [
    db(env)
      .update(cases)
      .set({ active: published, updatedAt: now })
      .where(and(eq(cases.id, current.id), eq(cases.updatedAt, current.updated_at))),
    expectChanges(1),
    auditStatement(
      {
        actorId,
        action: published ? "cases.publish" : "cases.unpublish",
        details: { id: current.id, rtp },
        before: snapshotOf(current),
        after: { ...snapshotOf(current), active: published },
      },
      now,
    ),
  ]).then(
    () => true,
    (err: unknown) => {
      if (classifyBatchError(err) === "guard") return false;
      throw err;
    },
  );
  if (!saved) return { ok: false, status: 409, key: "cases_api.busy" };
  return { ok: true, caseId };
}
