// D1 reads of the jackpot (docs/games.md "Jackpot"): a round's bets (the room reloads them on start and
// before a draw), the history of a level and one round with everything its verification needs
// (/api/jackpot/history, /api/jackpot/round, the room's init frame).
import type { JackpotHistoryEntry, JackpotRoundJson } from "../../shared/api/jackpot";
import { JACKPOT, type JackpotLevel } from "../../shared/constants";
import { formatCents, toDollars } from "../../shared/money";
import { CRASH_ITEM_COLUMNS } from "../crash/items";
import { all, batch, first, rowsOf, sql } from "../db/sql";
import { percentOf, toBetJson, toChanceJson, toItemJson } from "./present";
import { chances, players } from "./tickets";
import type { JackpotBet, StakedItem } from "./types";

type D1Env = Pick<Env, "DB">;

/** The bets of these rounds, by round, in bet order, with their items. */
async function betsOf(env: D1Env, roundIds: readonly number[]): Promise<Map<number, JackpotBet[]>> {
  const ids = JSON.stringify(roundIds);
  const [bets, items] = await batch(env.DB, [
    sql`SELECT b.id AS id, b.round_id AS round_id, b.seq AS seq, b.price AS price, b.value AS value, b.ticket_from AS "from", b.ticket_to AS "to", b.created_at AS createdAt,
               u.id AS user_id, u.username AS username, u.avatar AS avatar
          FROM jackpot_bets b JOIN users u ON u.id = b.user_id WHERE b.round_id IN (SELECT value FROM json_each(${ids})) ORDER BY b.round_id, b.seq`,
    sql`SELECT x.bet_id AS bet_id, ${CRASH_ITEM_COLUMNS}, x.price AS price FROM jackpot_bet_items x
          JOIN inventory_items i ON i.id = x.item_id JOIN catalogue c ON c.id = i.catalogue_id
         WHERE x.round_id IN (SELECT value FROM json_each(${ids})) ORDER BY x.price DESC, i.id`,
  ]);
  const byBet = new Map<string, StakedItem[]>();
  for (const { bet_id, ...item } of rowsOf<StakedItem & { bet_id: string }>(items)) byBet.set(bet_id, [...(byBet.get(bet_id) ?? []), item]);
  type Row = Omit<JackpotBet, "user" | "items"> & { round_id: number; user_id: number; username: string; avatar: string };
  const out = new Map<number, JackpotBet[]>();
  for (const { round_id, user_id, username, avatar, ...b } of rowsOf<Row>(bets)) {
    out.set(round_id, [...(out.get(round_id) ?? []), { ...b, user: { id: user_id, username, avatar }, items: byBet.get(b.id) ?? [] }]);
  }
  return out;
}

/** The round's bets as D1 holds them, in bet order, with their items. */
export async function roundBets(env: D1Env, roundId: number): Promise<JackpotBet[]> {
  return (await betsOf(env, [roundId])).get(roundId) ?? [];
}

interface RoundRow {
  id: number;
  level: JackpotLevel;
  chain_index: number;
  public_hash: string;
  secret: string | null;
  day_of_month: number;
  status: "open" | "drawn" | "finished" | "refunded";
  bank: number;
  winning_ticket: number | null;
  winner_id: number | null;
  commission: number;
  commission_cash: number;
  commission_due: number;
  win: number | null;
  created_at: number;
  finished_at: number | null;
}

function historyEntry(r: RoundRow, bets: readonly JackpotBet[]): JackpotHistoryEntry {
  const table = chances(bets);
  const winner = r.winner_id === null ? null : (table.find((c) => c.user.id === r.winner_id) ?? null);
  return {
    id: r.id,
    level: r.level,
    status: r.status === "refunded" ? "refunded" : "finished",
    winner: winner ? { ...winner.user } : null,
    chance: winner ? percentOf(winner.chanceBp) : null,
    bank: toDollars(r.bank),
    winningTicket: r.winning_ticket,
    totalTickets: r.bank,
    publicHash: r.public_hash,
    secret: r.status === "finished" ? r.secret : null,
    playersCount: players(bets).length,
    finished_at: r.finished_at ?? r.created_at,
  };
}

/** The level's last finished or refunded rounds, newest first. */
export async function history(env: D1Env, level: JackpotLevel, size: number = JACKPOT.historySize): Promise<JackpotHistoryEntry[]> {
  const rows = await all<RoundRow>(
    env.DB,
    sql`SELECT * FROM jackpot_rounds WHERE level = ${level} AND status IN ('finished', 'refunded') ORDER BY id DESC LIMIT ${size}`,
  );
  const bets = await betsOf(
    env,
    rows.map((r) => r.id),
  );
  return rows.map((r) => historyEntry(r, bets.get(r.id) ?? []));
}

/** One finished or refunded round with its bets, commission and what its verification needs; null if none. */
export async function round(env: D1Env, id: number, salt: string, commissionPercent: number): Promise<JackpotRoundJson | null> {
  const r = await first<RoundRow>(env.DB, sql`SELECT * FROM jackpot_rounds WHERE id = ${id} AND status IN ('finished', 'refunded')`);
  if (!r) return null;
  const bets = await roundBets(env, id);
  const taken = await all<StakedItem>(
    env.DB,
    sql`SELECT ${CRASH_ITEM_COLUMNS}, x.price AS price FROM jackpot_bet_items x JOIN inventory_items i ON i.id = x.item_id JOIN catalogue c ON c.id = i.catalogue_id
         WHERE x.round_id = ${id} AND x.commission = 1 ORDER BY x.price, i.id`,
  );
  let running = 0;
  const due = toDollars(r.commission_due);
  return {
    ...historyEntry(r, bets),
    bets: bets.map(toBetJson),
    chances: chances(bets).map(toChanceJson),
    commissionDue: due,
    commission: toDollars(r.commission),
    commissionPercent,
    commissionItems: taken.map((item) => {
      running += item.price;
      return { item: toItemJson(item), reason: `cheapest item the winner did not bet; total $${toDollars(running).toFixed(2)} of $${due.toFixed(2)} due` };
    }),
    commissionRule:
      r.status === "refunded"
        ? "a single player's round: the items and the balance were returned, no draw and no commission"
        : `${commissionPercent} % of the bank, taken as the cheapest items the winner did not bet while the total stays within it, then from the bets' balance part` +
          (r.commission_cash > 0 ? ` ($${formatCents(r.commission_cash)})` : ""),
    win: r.win === null ? null : toDollars(r.win),
    dayOfMonth: r.day_of_month,
    chainIndex: r.chain_index,
    salt,
    created_at: r.created_at,
  };
}
