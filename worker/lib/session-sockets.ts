// A session that ends ends on the sockets too: after a logout (one session) or a site ban (every
// session of the user) each live room closes the sockets bound to it (4001 signed_out / 4003
// banned, SOCKET.sessionEnded). Best effort like every push: the revoke or the ban is already in
// D1, and a room that missed this call still refuses money moves (it re-checks D1 at bet and take).
import type { SessionEnd } from "../rooms/base/session-sockets";
import { liveRooms } from "../rooms/live-rooms";

type RoomsEnv = Pick<Env, "HUB_ROOM" | "CHAT_ROOM" | "CRASH_ROOM" | "JACKPOT_ROOM" | "WHEEL_ROOM" | "BONUS_ROOM">;

/** Closes the sockets identified with this token hash in every room; answers how many closed. */
export function endSessionSockets(env: RoomsEnv, session: string): Promise<number> {
  return endEverywhere(env, { session }, "signed_out");
}

/** Closes every socket of a banned user in every room (whatever session it was bound to). */
export function endUserSockets(env: RoomsEnv, userId: number): Promise<number> {
  return endEverywhere(env, { userId }, "banned");
}

async function endEverywhere(env: RoomsEnv, target: { session: string } | { userId: number }, why: SessionEnd): Promise<number> {
  const rooms = liveRooms(env);
  const answers = await Promise.allSettled(rooms.map(async ({ open }) => open().endSessions(target, why)));
  let closed = 0;
  answers.forEach((answer, i) => {
    if (answer.status === "fulfilled") closed += answer.value;
    else console.error("room could not end sockets", { room: rooms[i]!.name, why, err: String(answer.reason) });
  });
  return closed;
}
