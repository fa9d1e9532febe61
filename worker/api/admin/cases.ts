// /api/admin/cases/* (staff: moderators and admins; checked on every call, audited): list every
// case with its EV and weights, create and update cases. Items must exist in the catalogue,
// weights are positive integers and the RTP (EV / price at current catalogue prices) must lie
// within CASES.rtpBounds: otherwise 400 cases_api.invalid_items / cases_api.invalid_price.
import { Hono } from "hono";
import { emptyBody } from "../../../shared/api/common";
import { adminCreateCaseBody, adminUpdateCaseBody, type AdminListAnswer, type AdminSaveAnswer } from "../../../shared/api/cases";
import { toCents } from "../../../shared/money";
import { requireStaff } from "../../auth/middleware";
import { casesRtpPercent } from "../../cases/config";
import { priceForRtp } from "../../cases/odds";
import { checkCase, type ItemChoice } from "../../cases/validation";
import { classifyBatchError, expectChanges } from "../../db/ledger";
import type { AppEnv } from "../../env";
import { auditStatement } from "../../lib/audit";
import { fail, jsonBody } from "../../lib/http";
import { presentAdminCase } from "../../cases/presenters";
import { findCase, listCases } from "../../cases/queries";

type DbEnv = Pick<Env, "DB">;

/** Current catalogue prices (cents) of the ids that exist. */
async function cataloguePrices(env: DbEnv, ids: number[]): Promise<Map<number, number>> {
  const { results } = await env.DB.prepare("SELECT id, price FROM catalogue WHERE id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(ids))
    .all<{ id: number; price: number }>();
  return new Map(results.map((r) => [r.id, r.price]));
}

/** Price for these items at the configured RTP (null when the items themselves are invalid). */
async function defaultPrice(env: DbEnv & { CASES_RTP_PERCENT?: string }, choices: ItemChoice[]): Promise<number | null> {
  const prices = await cataloguePrices(env, choices.map((c) => c.catalogue_id));
  if (choices.some((c) => !prices.has(c.catalogue_id))) return null;
  try {
    return priceForRtp(choices.map((c) => ({ weight: c.weight, price: prices.get(c.catalogue_id)! })), casesRtpPercent(env));
  } catch {
    return null;
  }
}

function itemStatements(d1: D1Database, caseId: number | null, items: { catalogue_id: number; weight: number }[]): D1PreparedStatement[] {
  // caseId null: the case inserted just before in the batch
  const id = caseId === null ? "(SELECT MAX(id) FROM cases)" : "?1";
  return [
    d1.prepare(`DELETE FROM case_items WHERE case_id = ${id}`).bind(...(caseId === null ? [] : [caseId])),
    d1
      .prepare(
        `INSERT INTO case_items (case_id, catalogue_id, weight)
         SELECT ${caseId === null ? "(SELECT MAX(id) FROM cases)" : "?2"}, json_extract(value, '$.catalogue_id'), json_extract(value, '$.weight') FROM json_each(?1)`,
      )
      .bind(JSON.stringify(items), ...(caseId === null ? [] : [caseId])),
  ];
}

export const adminCasesRoutes = new Hono<AppEnv>()
  .use(requireStaff("cases_api.forbidden"))
  .post("/list", jsonBody(emptyBody), async (c) => {
    const cases = await listCases(c.env, { all: true });
    return c.json({ cases: cases.map(presentAdminCase) } satisfies AdminListAnswer);
  })
  .post("/create", jsonBody(adminCreateCaseBody), async (c) => {
    const staff = c.get("user");
    const body = c.req.valid("json");
    const price = body.price !== undefined ? toCents(body.price) : await defaultPrice(c.env, body.items);
    if (price === null) return fail(c, 400, "cases_api.invalid_items");
    const checked = checkCase(body.items, await cataloguePrices(c.env, body.items.map((i) => i.catalogue_id)), price);
    if (!checked.ok) return fail(c, 400, checked.message);
    const d1 = c.env.DB;
    const now = Date.now();
    const [inserted] = await d1.batch<{ id: number }>([
      d1
        .prepare("INSERT INTO cases (name, image, price, priority, active, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6) RETURNING id")
        .bind(body.name, body.image, price, body.priority, body.active ? 1 : 0, now),
      ...itemStatements(d1, null, checked.items),
      auditStatement(d1, { actorId: staff.id, action: "cases.create", details: { name: body.name, price, rtp: checked.rtp, items: checked.items.length } }, now),
    ]);
    const kase = await findCase(c.env, inserted!.results[0]!.id);
    return c.json({ success: true, message: "cases_api.saved", case: presentAdminCase(kase!) } satisfies AdminSaveAnswer);
  })
  .post("/update", jsonBody(adminUpdateCaseBody), async (c) => {
    const staff = c.get("user");
    const body = c.req.valid("json");
    const current = await findCase(c.env, body.id);
    if (!current) return fail(c, 404, "cases_api.case_not_found");
    const choices = body.items ?? current.items.map((i) => ({ catalogue_id: i.catalogue_id, weight: i.weight }));
    const price = body.price !== undefined ? toCents(body.price) : current.price;
    const checked = checkCase(choices, await cataloguePrices(c.env, choices.map((i) => i.catalogue_id)), price);
    // Prices drift with the feed: renaming, reordering or disabling a case is never refused for
    // its RTP; new items, a new price or switching it on are.
    const recheck = body.items !== undefined || body.price !== undefined || (body.active === true && !current.active);
    if (!checked.ok && (recheck || checked.message === "cases_api.invalid_items")) return fail(c, 400, checked.message);
    const d1 = c.env.DB;
    // strictly later than the last change, so an open that read the old case is refused
    const now = Math.max(Date.now(), current.updated_at + 1);
    const saved = await d1
      .batch([
        d1
          .prepare("UPDATE cases SET name = ?2, image = ?3, price = ?4, priority = ?5, active = ?6, updated_at = ?7 WHERE id = ?1 AND updated_at = ?8")
          .bind(
            current.id,
            body.name ?? current.name,
            body.image ?? current.image,
            price,
            body.priority ?? current.priority,
            (body.active ?? Boolean(current.active)) ? 1 : 0,
            now,
            current.updated_at,
          ),
        // another staff edit since we read the case: refuse rather than overwrite it
        expectChanges(d1, 1),
        ...(body.items && checked.ok ? itemStatements(d1, current.id, checked.items) : []),
        auditStatement(d1, { actorId: staff.id, action: "cases.update", details: { id: current.id, fields: Object.keys(body).filter((k) => k !== "id"), price, rtp: checked.ok ? checked.rtp : null } }, now),
      ])
      .then(
        () => true,
        (err: unknown) => {
          if (classifyBatchError(err) === "guard") return false;
          throw err;
        },
      );
    if (!saved) return fail(c, 409, "cases_api.busy");
    const kase = await findCase(c.env, current.id);
    return c.json({ success: true, message: "cases_api.saved", case: presentAdminCase(kase!) } satisfies AdminSaveAnswer);
  });
