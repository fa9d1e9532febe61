// A player's case openings for the profile (§3 History columns: game id, bet, items, multiplier,
// earnings, date) and as settled games for the statistics: the case's price is the stake, the
// dropped item's booked price (case_opens.item_price) what came back.
import type { CaseHistoryRow } from "../../shared/api/history";
import { toDollars } from "../../shared/money";
import { all, type SQL, sql } from "../db/sql";
import type { GameResult } from "../user/game-result";
import { olderThan, type Page, pageFrom, type PageRequest, readSize } from "./page";

type DbEnv = Pick<Env, "DB">;

interface OpenRow {
  id: number;
  case_id: number;
  case_name: string;
  price: number;
  item_price: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  created_at: number;
  item_id: number;
  market_hash_name: string;
  name: string;
  image: string;
  rarity: string;
  rarity_color: string;
  at: number;
  key: number;
}

const opens = (where: SQL, limit: number) => sql`
  SELECT o.id, o.case_id, k.name AS case_name, o.price, o.item_price, o.server_seed_hash, o.client_seed, o.nonce, o.created_at,
         o.item_id, c.market_hash_name, c.name, c.image, c.rarity, c.rarity_color, o.created_at AS at, o.id AS key
    FROM case_opens o JOIN cases k ON k.id = o.case_id JOIN catalogue c ON c.id = o.catalogue_id
   WHERE ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}`;

export function presentOpen(o: OpenRow): CaseHistoryRow {
  return {
    id: o.id,
    case_id: o.case_id,
    case_name: o.case_name,
    price: toDollars(o.price),
    item: {
      id: o.item_id,
      market_hash_name: o.market_hash_name,
      name: o.name,
      image: o.image,
      rarity: o.rarity,
      rarity_color: o.rarity_color,
      price: toDollars(o.item_price),
    },
    multiplier: o.price > 0 ? Math.round((o.item_price * 100) / o.price) / 100 : 0,
    server_seed_hash: o.server_seed_hash,
    client_seed: o.client_seed,
    nonce: o.nonce,
    created_at: o.created_at,
  };
}

/** A page of the player's openings, newest first (docs/api.md "History pages"). */
export async function casesHistory(env: DbEnv, userId: number, p: PageRequest = {}): Promise<Page<CaseHistoryRow>> {
  const rows = await all<OpenRow>(env.DB, opens(sql`o.user_id = ${userId} AND ${olderThan(p.before, sql`o.created_at`, sql`o.id`)}`, readSize(p)));
  const page = pageFrom(rows, p);
  return { rows: page.rows.map(presentOpen), next: page.next };
}

/** One opening by id (a ticket's reference); null when there is none. */
export async function caseOpen(env: DbEnv, id: number): Promise<CaseHistoryRow | null> {
  const [row] = await all<OpenRow>(env.DB, opens(sql`o.id = ${id}`, 1));
  return row ? presentOpen(row) : null;
}

/**
 * Every opening is a settled game: the price staked, the item's booked price back; won when the
 * item is worth more than the case (a case always drops something).
 */
export async function casesGameResults(env: DbEnv, userId: number): Promise<GameResult[]> {
  return all<GameResult>(env.DB, sql`SELECT price AS stake, item_price AS payout, item_price > price AS won FROM case_opens WHERE user_id = ${userId}`);
}
