// Staff side of promo codes (/api/admin/promo/*, admin only): create, list, disable — each
// change audited in the same batch (docs/money.md "Promo codes").
import { and, count, eq, getTableColumns, inArray } from "drizzle-orm";
import type { PromoCodeJson, PromoListBody, PromoSort } from "../../shared/api/promo";
import { PROMO } from "../../shared/constants";
import type { ServerKey } from "../../shared/errors";
import { formatCents, toDollars } from "../../shared/money";
import { db } from "../db/client";
import { classifyBatchError } from "../db/ledger";
import { expectChanges, failedGuard, guard } from "../db/guards";
import { afterPosition, type KeysetOrder, keysetPage, orderTerms, positionOf } from "../db/keyset";
import { promoCodes, promoUses } from "../db/schema";
import { batch, rowsOf, type SQL, sql } from "../db/sql";
import { auditStatement } from "../lib/audit";
import type { PromoRow } from "./queries";
import { utcDay } from "./rules";

type DbEnv = Pick<Env, "DB">;

export interface NewPromo {
  code: string;
  kind: "balance" | "deposit";
  /** cents (balance codes) */
  amount?: number;
  percent?: number;
  dailyLimit: number;
  expiresAt?: number;
}

/** A refusal carries its §8 key (the route answers it with the contract's status, the same as `status`). */
export type AdminPromoResult<K extends ServerKey> = { ok: true; promo: PromoCodeJson } | { ok: false; status: 404 | 409; key: K };

export async function createPromo(env: DbEnv, adminId: number, p: NewPromo, now = Date.now()): Promise<AdminPromoResult<"promo_api.code_taken">> {
  const amount = p.kind === "balance" ? (p.amount ?? 0) : 0;
  const percent = p.kind === "deposit" ? (p.percent ?? 0) : 0;
  try {
    const results = await batch(env.DB, [
      guard("promo.code_taken", sql`EXISTS (SELECT 1 FROM promo_codes WHERE code = ${p.code})`),
      sql`INSERT INTO promo_codes (code, kind, amount, percent, daily_limit, expires_at, active, created_by, created_at)
          VALUES (${p.code}, ${p.kind}, ${amount}, ${percent}, ${p.dailyLimit}, ${p.expiresAt ?? null}, 1, ${adminId}, ${now}) RETURNING id`,
      auditStatement(
        {
          actorId: adminId,
          action: "promo.create",
          details: { code: p.code, kind: p.kind, amount: formatCents(amount), percent, daily_limit: p.dailyLimit, expires_at: p.expiresAt ?? null },
          before: null,
          after: { code: p.code, kind: p.kind, amount: formatCents(amount), percent, daily_limit: p.dailyLimit, expires_at: p.expiresAt ?? null, active: true },
        },
        now,
      ),
    ]);
    const id = rowsOf<{ id: number }>(results[1])[0]?.id;
    const row = id === undefined ? undefined : await db(env).select().from(promoCodes).where(eq(promoCodes.id, id)).get();
    if (!row) throw new Error("promo code vanished after insert");
    return { ok: true, promo: presentPromo(row, 0, 0) };
  } catch (err) {
    if (failedGuard(err) === "promo.code_taken") return { ok: false, status: 409, key: "promo_api.code_taken" };
    throw err;
  }
}

export async function disablePromo(
  env: DbEnv,
  adminId: number,
  id: number,
  now = Date.now(),
): Promise<AdminPromoResult<"promo_api.not_found" | "promo_api.already_disabled">> {
  const row = await db(env).select().from(promoCodes).where(eq(promoCodes.id, id)).get();
  if (!row) return { ok: false, status: 404, key: "promo_api.not_found" };
  try {
    await batch(env.DB, [
      db(env)
        .update(promoCodes)
        .set({ active: false })
        .where(and(eq(promoCodes.id, id), eq(promoCodes.active, true))),
      expectChanges(1),
      auditStatement(
        {
          actorId: adminId,
          action: "promo.disable",
          details: { id, code: row.code },
          before: { code: row.code, active: true },
          after: { code: row.code, active: false },
        },
        now,
      ),
    ]);
  } catch (err) {
    // a concurrent disable won: the guarded update changed nothing
    if (classifyBatchError(err) === "guard") return { ok: false, status: 409, key: "promo_api.already_disabled" };
    throw err;
  }
  const [uses] = await usesOf(env, [id], now);
  return { ok: true, promo: presentPromo({ ...row, active: false }, uses?.today ?? 0, uses?.total ?? 0) };
}

/** A page of codes (newest first, PROMO.adminPageSize) with their use counts, and the next page's cursor. */
/** The promo table's sorts (shared/api/promo.ts PROMO_SORTS), each largest first. */
const PROMO_ORDERS: Record<PromoSort, KeysetOrder> = {
  newest: { value: sql`promo_codes.id`, key: sql`promo_codes.id`, dir: "desc", kind: "int" },
  uses: { value: sql`(SELECT COUNT(*) FROM promo_uses pu WHERE pu.promo_id = promo_codes.id)`, key: sql`promo_codes.id`, dir: "desc", kind: "int" },
};

export async function listPromos(env: DbEnv, f: PromoListBody, now = Date.now()): Promise<{ promos: PromoCodeJson[]; next: string | null }> {
  const order = PROMO_ORDERS[f.sort];
  const where: SQL[] = [afterPosition(order, positionOf(order, f.sort, f.cursor))];
  if (f.state !== "all") where.push(eq(promoCodes.active, f.state === "active"));
  if (f.kind) where.push(eq(promoCodes.kind, f.kind));
  if (f.q) where.push(sql`instr(${promoCodes.code}, ${f.q.toUpperCase()}) > 0`);
  const read = await db(env)
    .select({ ...getTableColumns(promoCodes), sort_value: sql<number>`${order.value}`, sort_key: sql<number>`${order.key}` })
    .from(promoCodes)
    .where(and(...where))
    .orderBy(orderTerms(order))
    .limit(PROMO.adminPageSize + 1);
  const page = keysetPage(read, PROMO.adminPageSize, f.sort);
  const rows = page.rows;
  const uses = new Map(
    (
      await usesOf(
        env,
        rows.map((r) => r.id),
        now,
      )
    ).map((u) => [u.id, u]),
  );
  return { promos: rows.map((r) => presentPromo(r, uses.get(r.id)?.today ?? 0, uses.get(r.id)?.total ?? 0)), next: page.next };
}

async function usesOf(env: DbEnv, ids: number[], now: number) {
  if (ids.length === 0) return [];
  const day = utcDay(now);
  const rows = await db(env)
    .select({ id: promoUses.promoId, total: count(), today: sql<number>`SUM(CASE WHEN ${promoUses.day} = ${day} THEN 1 ELSE 0 END)` })
    .from(promoUses)
    .where(inArray(promoUses.promoId, ids))
    .groupBy(promoUses.promoId);
  return rows.map((r) => ({ id: r.id, total: r.total, today: Number(r.today ?? 0) }));
}

function presentPromo(r: PromoRow, usesToday: number, uses: number): PromoCodeJson {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    amount: toDollars(r.amount),
    percent: r.percent,
    daily_limit: r.dailyLimit,
    expires_at: r.expiresAt,
    active: r.active,
    uses_today: usesToday,
    uses,
    created_by: r.createdBy,
    created_at: r.createdAt,
  };
}
