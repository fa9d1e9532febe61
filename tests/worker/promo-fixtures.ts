// Helpers for the promo and referral worker tests: codes inserted with drizzle, unique names.
import { env } from "cloudflare:workers";
import { db } from "../../worker/db/client";
import { promoCodes } from "../../worker/db/schema";
import { makeUser } from "./user-fixtures";

let seq = 0;
let creator: number | undefined;

/** A fresh code name (A–Z, 0–9), unique in this run. */
export function promoName(prefix = "T"): string {
  seq += 1;
  return `${prefix}${seq}X${crypto.randomUUID().slice(0, 6).toUpperCase().replace(/-/g, "")}`;
}

export async function makePromo(fields: Partial<typeof promoCodes.$inferInsert> = {}) {
  creator ??= (await makeUser({ isAdmin: true })).user.id;
  return db(env)
    .insert(promoCodes)
    .values({ code: promoName(), kind: "balance", amount: 500, dailyLimit: 100, createdBy: creator, ...fields })
    .returning()
    .get();
}

export async function promoUseCount(promoId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM promo_uses WHERE promo_id = ?1").bind(promoId).first<{ n: number }>();
  return row?.n ?? 0;
}
