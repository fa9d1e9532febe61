// Every room Durable Object that holds players' sockets, in one list: a logout or a site ban
// closes that player's sockets in each of them (worker/lib/session-sockets.ts). A new room
// (jackpot, wheel, ...) joins here; its class extends Room, which answers endSessions.
import { bonusRoom } from "./bonus/stub";
import { chatRoom } from "./chat/stub";
import { crashRoom } from "./crash/stub";
import { JACKPOT_LEVELS } from "../../shared/constants";
import { jackpotRoom } from "./jackpot/stub";
import { hub } from "./hub";
import { wheelRoom } from "./wheel/stub";

// Stubs are made on call (open), so a binding that throws fails that room's call, not the list.
export function liveRooms(env: Pick<Env, "HUB_ROOM" | "CHAT_ROOM" | "CRASH_ROOM" | "JACKPOT_ROOM" | "WHEEL_ROOM" | "BONUS_ROOM">) {
  return [
    { name: "hub", open: () => hub(env) },
    { name: "chat", open: () => chatRoom(env) },
    { name: "crash", open: () => crashRoom(env) },
    ...JACKPOT_LEVELS.map((level) => ({ name: `jackpot:${level}`, open: () => jackpotRoom(env, level) })),
    { name: "wheel", open: () => wheelRoom(env) },
    { name: "bonus", open: () => bonusRoom(env) },
  ] as const;
}
