// Reads of the promo tables (docs/money.md "Promo codes").
import { and, count, eq } from "drizzle-orm";
import { db } from "../db/client";
import { promoCodes, promoUses } from "../db/schema";
import { type PromoKind, type PromoRefusal, promoRefusal, utcDay } from "./rules";

type DbEnv = Pick<Env, "DB">;
export type PromoRow = typeof promoCodes.$inferSelect;

export async function promoByCode(env: DbEnv, code: string): Promise<PromoRow | undefined> {
  return db(env).select().from(promoCodes).where(eq(promoCodes.code, code)).get();
}

/** The code's row and why this player may not use it now (null: they may). */
export async function judgePromo(
  env: DbEnv,
  code: string | null,
  kind: PromoKind,
  userId: number,
  now = Date.now(),
): Promise<{ promo: PromoRow | undefined; refusal: PromoRefusal | null }> {
  const promo = code === null ? undefined : await promoByCode(env, code);
  if (!promo) return { promo, refusal: "not_found" };
  const [used, today] = await Promise.all([
    db(env)
      .select({ id: promoUses.id })
      .from(promoUses)
      .where(and(eq(promoUses.promoId, promo.id), eq(promoUses.userId, userId)))
      .get(),
    db(env)
      .select({ n: count() })
      .from(promoUses)
      .where(and(eq(promoUses.promoId, promo.id), eq(promoUses.day, utcDay(now))))
      .get(),
  ]);
  return { promo, refusal: promoRefusal(promo, kind, { now, usedByPlayer: !!used, usesToday: today?.n ?? 0 }) };
}
