// Test helpers for the jackpot rooms: real sockets through the worker (/ws/jackpot?level=,
// hub-client.ts's RoomClient), bets through the API, the clock (room-clock.ts): the tests move Date
// forward and fire a level's alarm, so a round runs in milliseconds with the room's real code.
import { env } from "cloudflare:workers";
import type { JackpotBetsAnswer } from "../../shared/api/jackpot";
import type { JackpotLevel } from "../../shared/constants";
import type { JackpotServerFrame } from "../../shared/rooms/jackpot";
import { jackpotRoom } from "../../worker/rooms/jackpot/stub";
import { connectGameRoom } from "./hub-client";
import { fireRoomAt } from "./room-clock";
import { post } from "./user-fixtures";

export { advanceClock } from "./room-clock";

export const connectJackpot = (level: JackpotLevel, apiToken?: string) =>
  connectGameRoom<JackpotServerFrame>(`/ws/jackpot?level=${level}`, "jackpotInit", apiToken);

export const levelRoom = (level: JackpotLevel) => jackpotRoom(env, level);

/** POST /api/jackpot/setBet; answers the status and the JSON. */
export async function setBet(token: string | undefined, level: JackpotLevel, items: unknown) {
  const res = await post("/api/jackpot/setBet", { level, items }, token);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message: string } };
}

/** POST /api/jackpot/bets: every bet of the level's current round, in bet order ("Show all"). */
export async function allBets(level: JackpotLevel) {
  const res = await post("/api/jackpot/bets", { level });
  return (await res.json()) as JackpotBetsAnswer;
}

/** Moves the clock to `at` (epoch ms) and fires the level's due timers. */
export const fireAt = (level: JackpotLevel, at: number) => fireRoomAt(levelRoom(level), at);

export async function jackpotRoundRow(id: number) {
  return env.DB.prepare("SELECT * FROM jackpot_rounds WHERE id = ?1").bind(id).first<{
    id: number;
    level: string;
    chain_index: number;
    status: string;
    secret: string | null;
    public_hash: string;
    bank: number;
    winning_ticket: number | null;
    winner_id: number | null;
    commission: number;
    commission_due: number;
    win: number | null;
    day_of_month: number;
  }>();
}
