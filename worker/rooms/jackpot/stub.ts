// The jackpot rooms: one JackpotRoom instance per level, named by the level; the worker reaches them here.
import { JACKPOT_LEVELS, type JackpotLevel } from "../../../shared/constants";

export function jackpotRoom(env: Pick<Env, "JACKPOT_ROOM">, level: JackpotLevel) {
  return env.JACKPOT_ROOM.get(env.JACKPOT_ROOM.idFromName(level));
}

/** A query string's level (/ws/jackpot?level=…). */
export function isLevel(value: string | null | undefined): value is JackpotLevel {
  return (JACKPOT_LEVELS as readonly string[]).includes(value ?? "");
}
