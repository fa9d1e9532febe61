// Helpers for the crash worker tests: catalogue rows, items owned by users, rounds in D1.
import { env } from "cloudflare:workers";
import type { RoundRow } from "../../worker/rooms/crash/effects";
import { writeRound } from "../../worker/rooms/crash/settlement";

let seq = 0;

/** A catalogue entry at `price` cents; returns its id. */
export async function addCatalogue(price: number, name = `Crash Test ${++seq}-${crypto.randomUUID().slice(0, 8)}`): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO catalogue (market_hash_name, name, weapon, category, rarity, rarity_color, image, price)
     VALUES (?1, ?1, 'AK-47', 'weapon', 'Covert', '#eb4b4b', 'img', ?2) RETURNING id`,
  )
    .bind(name, price)
    .first<{ id: number }>();
  return row!.id;
}

/** An available item of `userId` booked at `price` cents; returns its inventory id. */
export async function giveItem(userId: number, price: number): Promise<number> {
  const catalogueId = await addCatalogue(price);
  const row = await env.DB.prepare("INSERT INTO inventory_items (owner_id, catalogue_id, price, status) VALUES (?1, ?2, ?3, 'available') RETURNING id")
    .bind(userId, catalogueId, price)
    .first<{ id: number }>();
  return row!.id;
}

export async function itemRow(id: number) {
  return env.DB.prepare("SELECT id, owner_id, status, price, catalogue_id FROM inventory_items WHERE id = ?1")
    .bind(id)
    .first<{ id: number; owner_id: number | null; status: string; price: number; catalogue_id: number }>();
}

export async function betRow(id: string) {
  return env.DB.prepare("SELECT * FROM crash_bets WHERE id = ?1").bind(id).first<{
    id: string;
    round_id: number;
    user_id: number;
    bank: number;
    auto_withdraw: number;
    status: number;
    cashout: number | null;
    win: number;
    win_item_id: number | null;
    remainder: number;
  }>();
}

export async function roundRow(id: number) {
  return env.DB.prepare("SELECT * FROM crash_rounds WHERE id = ?1").bind(id).first<{
    id: number;
    status: string;
    bank: number;
    bets_count: number;
    items_count: number;
    crash_point: number | null;
    secret_hash: string | null;
    public_hash: string;
    provably_fair: number;
  }>();
}

export async function count(sql: string, ...args: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Round `id` as the crash room writes it: a fresh waiting round (empty bank), with `changes` over it. */
export function crashRound(id: number, changes: Partial<RoundRow> = {}): RoundRow {
  return {
    id,
    status: "waiting",
    publicHash: "p",
    dayOfMonth: 1,
    provablyFair: true,
    pot: 0,
    betsCount: 0,
    itemsCount: 0,
    createdAt: 1,
    startedAt: null,
    crashedAt: null,
    crashPoint: null,
    secret: null,
    ...changes,
  };
}

/** Writes round `id` to D1 as a fresh waiting round (empty bank), with `changes` over it. */
export async function writeWaitingRound(id: number, changes: Partial<RoundRow> = {}): Promise<RoundRow> {
  const round = crashRound(id, changes);
  await writeRound(env, round);
  return round;
}
