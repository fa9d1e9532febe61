// The relays (docs/relay.md): RELAY_SOCKETS watchers per relay ("0" or empty: no relays, every
// socket goes to the room). The worker fills relays "<room>:0", "<room>:1", … in order at upgrade:
// a full relay answers 503 with RELAY_FULL_HEADER and the next one is asked.
import { SOCKET } from "../../../shared/constants";
import { crashRoom } from "../crash/stub";

/** The rooms whose watchers may go through relays. */
export const RELAYED_ROOMS = ["crash"] as const;
export type RelayedRoom = (typeof RELAYED_ROOMS)[number];

/** set by the worker on the upgrade it forwards: the relay's name */
export const RELAY_NAME_HEADER = "X-Relay-Name";
export const RELAY_FULL_HEADER = "X-Relay-Full";

/** RELAY_SOCKETS (digits) or 0: relays off. */
export function relaySockets(env: { RELAY_SOCKETS?: string }): number {
  const raw = env.RELAY_SOCKETS ?? "";
  return /^[1-9][0-9]{0,6}$/.test(raw) ? Number(raw) : 0;
}

/** "<room>:<k>" with k below SOCKET.relay.maxRelays, or null. */
export function parseRelayName(name: string | null): { room: RelayedRoom; k: number } | null {
  const match = /^([a-z]+):(0|[1-9][0-9]{0,3})$/.exec(name ?? "");
  if (!match) return null;
  const room = RELAYED_ROOMS.find((r) => r === match[1]);
  const k = Number(match[2]);
  return room && k < SOCKET.relay.maxRelays ? { room, k } : null;
}

export function relayRoom(env: Pick<Env, "RELAY_ROOM">, name: string) {
  return env.RELAY_ROOM.get(env.RELAY_ROOM.idFromName(name));
}

/** The room a relay feeds from. */
export function roomOfRelay(env: Pick<Env, "CRASH_ROOM">, room: RelayedRoom) {
  switch (room) {
    case "crash":
      return crashRoom(env);
  }
}

/** Per isolate: the first relay not known to be full, and when that was learnt (it is forgotten after a minute). */
const firstOpen = new Map<RelayedRoom, { k: number; at: number }>();
const HINT_MS = 60_000;

/**
 * A watcher's upgrade through the first relay with room; null when relays are off, all are full
 * or a relay failed (the caller sends it to the room itself).
 */
export async function upgradeViaRelay(env: Pick<Env, "RELAY_ROOM" | "RELAY_SOCKETS">, room: RelayedRoom, request: Request): Promise<Response | null> {
  if (relaySockets(env) === 0) return null;
  const hint = firstOpen.get(room);
  const start = hint && Date.now() - hint.at < HINT_MS ? hint.k : 0;
  for (let k = start; k < SOCKET.relay.maxRelays; k++) {
    const name = `${room}:${k}`;
    const headers = new Headers(request.headers);
    headers.set(RELAY_NAME_HEADER, name);
    let answer: Response;
    try {
      answer = await relayRoom(env, name).fetch(new Request(request, { headers }));
    } catch (err) {
      console.error("relay unreachable; trying the next", name, String(err));
      continue;
    }
    if (answer.status === 503 && answer.headers.get(RELAY_FULL_HEADER)) {
      firstOpen.set(room, { k: k + 1, at: Date.now() });
      continue;
    }
    // a relay that could not reach the room for an init: the room takes the socket itself
    if (answer.status >= 500) return null;
    return answer;
  }
  return null;
}
