// D1 reads for /api/wheel/* and the room's first history: rounds, bets with their items, shaped
// into the shared JSON (shared/api/wheel.ts). Cents → dollars here.
import type { WheelBetPublic, WheelHistoryEntry, WheelRoundJson } from "../../shared/api/wheel";
import { WHEEL } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { wheelLayoutJson, type WheelColour } from "../../shared/wheel-layout";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { presentCrashItem, type CrashItemRow } from "../crash/items";
import { db } from "../db/client";
import { wheelRounds } from "../db/schema";
import { batch, rowsOf, sql } from "../db/sql";

type D1Env = Pick<Env, "DB">;

/** The last finished rounds, newest first: the history strip and the room's first history. */
export async function finishedRounds(env: D1Env, size: number = WHEEL.historySize): Promise<WheelHistoryEntry[]> {
  const rows = await db(env)
    .select({ id: wheelRounds.id, segment: wheelRounds.segment, colour: wheelRounds.colour, multiplier: wheelRounds.multiplier })
    .from(wheelRounds)
    .where(and(eq(wheelRounds.status, "finished"), isNotNull(wheelRounds.colour)))
    .orderBy(desc(wheelRounds.id))
    .limit(size)
    .all();
  return rows.map((r) => ({ id: r.id, segment: r.segment ?? 0, colour: r.colour as WheelColour, multiplier: r.multiplier ?? 1 }));
}

interface BetRow {
  id: string;
  user_id: number;
  username: string;
  avatar: string;
  colour: WheelColour;
  bank: number;
  value: number;
  status: number;
  win: number;
}

/** Every bet of a round with all its items (refunded bets are not listed). */
export async function roundBets(env: D1Env, roundId: number): Promise<WheelBetPublic[]> {
  const [bets, staked, won] = await batch(env.DB, [
    sql`SELECT b.id, b.user_id, u.username, u.avatar, b.colour, b.bank, b.value, b.status, b.win FROM wheel_bets b JOIN users u ON u.id = b.user_id
         WHERE b.round_id = ${roundId} AND b.status <> 3 ORDER BY b.created_at, b.rowid`,
    sql`SELECT x.bet_id AS bet_id, i.id AS id, c.market_hash_name AS market_hash_name, c.name AS name, c.image AS image, c.rarity AS rarity,
               c.rarity_color AS rarity_color, x.price AS price
          FROM wheel_bet_items x JOIN wheel_bets b ON b.id = x.bet_id JOIN inventory_items i ON i.id = x.item_id JOIN catalogue c ON c.id = i.catalogue_id
         WHERE b.round_id = ${roundId} AND b.status <> 3 ORDER BY x.price DESC, i.id`,
    sql`SELECT b.id AS bet_id, i.id AS id, c.market_hash_name AS market_hash_name, c.name AS name, c.image AS image, c.rarity AS rarity,
               c.rarity_color AS rarity_color, i.price AS price
          FROM wheel_bets b JOIN inventory_items i ON i.id = b.win_item_id JOIN catalogue c ON c.id = i.catalogue_id
         WHERE b.round_id = ${roundId} AND b.status = 1`,
  ]);
  const itemsOf = new Map<string, CrashItemRow[]>();
  for (const { bet_id, ...item } of rowsOf<CrashItemRow & { bet_id: string }>(staked)) itemsOf.set(bet_id, [...(itemsOf.get(bet_id) ?? []), item]);
  const wonOf = new Map(rowsOf<CrashItemRow & { bet_id: string }>(won).map(({ bet_id, ...item }) => [bet_id, item]));
  return rowsOf<BetRow>(bets).map((b) => {
    const winItem = wonOf.get(b.id);
    return {
      id: b.id,
      user: { id: b.user_id, username: b.username, avatar: b.avatar },
      colour: b.colour,
      items: (itemsOf.get(b.id) ?? []).map(presentCrashItem),
      itemsMore: 0,
      bank: toDollars(b.bank),
      value: toDollars(b.value),
      is_win: b.status === 1 ? 1 : b.status === 2 ? 2 : 0,
      win: toDollars(b.win),
      winItem: winItem ? presentCrashItem(winItem) : null,
    };
  });
}

/** One round for /wheel/{id}: the secret and the result only from the spin on. */
export async function round(env: Pick<Env, "DB" | "WHEEL_SALT">, id: number): Promise<WheelRoundJson | null> {
  const r = await db(env).select().from(wheelRounds).where(eq(wheelRounds.id, id)).get();
  if (!r) return null;
  const revealed = r.status === "spinning" || r.status === "finished";
  return {
    id: r.id,
    status: r.status,
    public_hash: r.publicHash,
    secret_hash: revealed ? r.secret : null,
    salt: env.WHEEL_SALT,
    day_of_month: r.dayOfMonth,
    segment: revealed ? r.segment : null,
    colour: revealed ? r.colour : null,
    multiplier: revealed ? r.multiplier : null,
    rotate: revealed && r.rotate !== null ? r.rotate / 1000 : null,
    layout: wheelLayoutJson.parse(JSON.parse(r.layout)),
    bank: toDollars(r.bank),
    created_at: r.createdAt,
    bets: await roundBets(env, id),
  };
}
