// Reads of skins deposits: the profile's deposit history (newest first) and one deposit.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { SkinDepositJson } from "../../shared/api/skins-deposit";
import { USER_API } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { db } from "../db/client";
import { catalogue, skinDepositItems, skinDeposits } from "../db/schema";

/** The id of this user's open ('sending' / 'active') deposit, if any. */
export async function openDepositOf(env: Pick<Env, "DB">, userId: number): Promise<string | null> {
  const row = await db(env)
    .select({ id: skinDeposits.id })
    .from(skinDeposits)
    .where(and(eq(skinDeposits.userId, userId), inArray(skinDeposits.state, ["sending", "active"])))
    .get();
  return row?.id ?? null;
}

export async function skinDepositHistory(env: Pick<Env, "DB">, userId: number, onlyId?: string): Promise<SkinDepositJson[]> {
  const rows = await db(env)
    .select()
    .from(skinDeposits)
    .where(onlyId ? and(eq(skinDeposits.userId, userId), eq(skinDeposits.id, onlyId)) : eq(skinDeposits.userId, userId))
    .orderBy(desc(skinDeposits.createdAt), skinDeposits.id)
    .limit(USER_API.historyRows)
    .all();
  return skinDepositsJson(env, rows);
}

/** The player's skins deposits with the given ids, in the order given (a profile page). */
export async function skinDepositsByIds(env: Pick<Env, "DB">, userId: number, ids: string[]): Promise<SkinDepositJson[]> {
  if (ids.length === 0) return [];
  const rows = await db(env)
    .select()
    .from(skinDeposits)
    .where(and(eq(skinDeposits.userId, userId), inArray(skinDeposits.id, ids)))
    .all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return skinDepositsJson(
    env,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

async function skinDepositsJson(env: Pick<Env, "DB">, rows: (typeof skinDeposits.$inferSelect)[]): Promise<SkinDepositJson[]> {
  const d = db(env);
  if (rows.length === 0) return [];
  const items = await d
    .select({
      depositId: skinDepositItems.depositId,
      market_hash_name: skinDepositItems.marketHashName,
      name: catalogue.name,
      image: catalogue.image,
      rarity_color: catalogue.rarityColor,
      price: skinDepositItems.price,
      item_id: skinDepositItems.itemId,
    })
    .from(skinDepositItems)
    .innerJoin(catalogue, eq(catalogue.id, skinDepositItems.catalogueId))
    .where(
      inArray(
        skinDepositItems.depositId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(desc(skinDepositItems.price), skinDepositItems.assetId)
    .all();
  return rows.map((r) => ({
    id: r.id,
    offer_id: r.offerId,
    security_code: r.securityCode,
    state: r.state,
    amount: toDollars(r.amount),
    items: items
      .filter((i) => i.depositId === r.id)
      .map((i) => ({
        market_hash_name: i.market_hash_name,
        name: i.name,
        image: i.image,
        rarity_color: i.rarity_color,
        price: toDollars(i.price),
        item_id: i.item_id,
      })),
    created_at: r.createdAt,
    finished_at: r.finishedAt,
    credited_at: r.creditedAt,
    tradable_after: r.tradableAfter,
  }));
}
