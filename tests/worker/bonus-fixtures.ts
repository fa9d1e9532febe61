// The bonus pool's test helpers (docs/games.md "Bonus pool"): players who meet the join conditions, the
// bank fed the way the game rooms feed it (a bonus share batch, then the room told), the socket,
// the D1 rows, the clock.
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import type { BonusServerFrame } from "../../shared/rooms/bonus";
import { betMoves } from "../../worker/rooms/base/bet-moves";
import { bonusRoom } from "../../worker/rooms/bonus/stub";
import { chatRoom } from "../../worker/rooms/chat/stub";
import { fireRoomAt } from "./room-clock";
import { connectGameRoom } from "./hub-client";
import { makeUser, post } from "./user-fixtures";

export { advanceClock } from "./room-clock";

export const bonus = () => bonusRoom(env);
export const connectBonus = (apiToken?: string) => connectGameRoom<BonusServerFrame>("/ws/bonus", "jackpot-bonus.init", apiToken);
export const fireBonusAt = (at: number) => fireRoomAt(bonus(), at);

let seq = 0;

/** The chat room's message counter of a player (as if he had posted `n` messages). */
export async function setChatMessages(userId: number, n: number): Promise<void> {
  await runInDurableObject(chatRoom(env), async (_instance, state) => state.storage.put(`chat:count:${userId}`, n));
}

/**
 * A lost crash bet of `cents` (no items, no balance part: nothing else in the books moves). Its
 * round has a negative id, out of the crash chain's way (the crash room continues after the
 * largest id).
 */
export async function crashBetSum(userId: number, cents: number): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("INSERT OR IGNORE INTO crash_rounds (id, public_hash, day_of_month, status) VALUES (?1, 'p', 1, 'crashed')").bind(-userId),
    // auto_withdraw is unique per round and player: each seeded bet takes the next one
    env.DB.prepare(
      "INSERT INTO crash_bets (id, round_id, user_id, bank, auto_withdraw, status) SELECT ?1, ?2, ?3, ?4, 200 + COUNT(*), 2 FROM crash_bets WHERE round_id = ?2",
    ).bind(crypto.randomUUID(), -userId, userId, cents),
  ]);
}

/** Makes an existing player meet every default condition (tag in the nickname, 10 messages, $10 of crash bets). */
export async function qualify(userId: number): Promise<void> {
  await env.DB.prepare("UPDATE users SET username = 'skinrush_' || username WHERE id = ?1 AND username NOT LIKE 'skinrush%'").bind(userId).run();
  await setChatMessages(userId, 10);
  await crashBetSum(userId, 1_000);
}

/** A new player who meets every condition. */
export async function qualifiedUser() {
  seq += 1;
  const made = await makeUser({ username: `skinrush_b${seq}_${crypto.randomUUID().slice(0, 6)}` });
  await setChatMessages(made.user.id, 10);
  await crashBetSum(made.user.id, 1_000);
  return made;
}

export const join = (token?: string, body: unknown = {}) => post("/api/jackpot-bonus/join", body, token);

export function getConditions(token?: string) {
  return exports.default.fetch("http://x/api/jackpot-bonus/get-conditions", { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

let shareRound = 1_000_000;

/** A wheel round's bonus share booked as the wheel books it, then the pool told (as the outbox tells it). */
export async function feed(cents: number): Promise<void> {
  shareRound += 1;
  await betMoves("wheel").bonusShare(env, { roundId: shareRound, amount: cents, now: Date.now() });
  await bonus().fed();
}

export interface BonusRoundSqlRow {
  id: number;
  status: string;
  bank: number;
  paid: number;
  carried: number;
  participants: number;
  ends_at: number | null;
  secret: string | null;
  public_hash: string;
  day_of_month: number;
  winners: string | null;
}

export async function bonusRoundRow(id: number): Promise<BonusRoundSqlRow | null> {
  return env.DB.prepare("SELECT * FROM bonus_rounds WHERE id = ?1").bind(id).first<BonusRoundSqlRow>();
}

export async function openRound(): Promise<BonusRoundSqlRow> {
  const row = await env.DB.prepare("SELECT * FROM bonus_rounds WHERE status = 'open'").first<BonusRoundSqlRow>();
  if (!row) throw new Error("no open bonus round");
  return row;
}

export async function bonusAccount(): Promise<number> {
  return (await env.DB.prepare("SELECT balance FROM house_accounts WHERE name = 'bonus'").first<{ balance: number }>())?.balance ?? 0;
}
