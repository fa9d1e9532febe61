// A game room's socket without React (crash, jackpot, wheel): identity first on every (re)connect
// (the room answers with its init frame, which resynchronises everything), every server frame
// through the feature store's reducer, the effects it returns out to sounds, notices and the mode
// bar's banks, the open/closed status into the store.
import type { AnyFrame, RoomProtocol } from "../../../shared/rooms/frame";
import { createRoomSocket, type RoomSocket, type WebSocketFactory } from "./socket";
import type { SoundName } from "./sound";

/** What every game connection is started with (tests give a url, a fake socket and randomness). */
export interface GameSocketDeps {
  getToken(): string | null;
  url?: string;
  connect?: WebSocketFactory;
  random?: () => number;
}

/** The effects crash and wheel share: a sound, a notice, the room's bank in the mode bar. */
export type GameEffect =
  | { kind: "sound"; name: SoundName }
  | { kind: "notify"; type: "success" | "fail" | "error"; message: string }
  | { kind: "bank"; dollars: number };

export interface GameEffectDeps {
  notify(notice: { type: "success" | "fail" | "error"; message: string }): void;
  playSound(name: SoundName): void;
  setBank(dollars: number): void;
}

export function performGameEffect(effect: GameEffect, deps: GameEffectDeps): void {
  switch (effect.kind) {
    case "sound":
      deps.playSound(effect.name);
      break;
    case "notify":
      deps.notify({ type: effect.type, message: effect.message });
      break;
    case "bank":
      deps.setBank(effect.dollars);
      break;
  }
}

interface GameSocketOptions<C extends AnyFrame, S extends AnyFrame, E> {
  deps: GameSocketDeps;
  /** The room's url when `deps.url` is not given (read on every connect). */
  url: () => string;
  protocol: RoomProtocol<C, S>;
  /** Every server event (the frame union's options). */
  events: readonly S["event"][];
  /** The store's reducer: the effects of one frame. */
  apply(frame: S): E[];
  perform(effect: E): void;
  /** The socket's status, told on every change (true: open). */
  setConnected(open: boolean): void;
}

export interface GameSocket<C extends AnyFrame, S extends AnyFrame> {
  socket: RoomSocket<C, S>;
  /** Sends identity again (sign-in / sign-out); the room answers with a fresh init frame. */
  reidentify(): void;
}

/** `C` must have the shared identity frame (shared/rooms/frame.ts identityFrame). */
export function startGameSocket<C extends AnyFrame, S extends AnyFrame, E>(o: GameSocketOptions<C, S, E>): GameSocket<C, S> {
  const identity = () => ({ event: "identity", data: { apiToken: o.deps.getToken() ?? "" } }) as unknown as C;
  const fixed = o.deps.url;
  const urlNow = fixed === undefined ? o.url : () => fixed;
  /** the url of the connection open now (a room may give a visitor another: crash's watchers) */
  let current = "";
  const socket = createRoomSocket({
    url: () => {
      current = urlNow();
      return current;
    },
    protocol: o.protocol,
    hello: () => [identity()],
    connect: o.deps.connect,
    random: o.deps.random,
  });
  for (const event of o.events)
    socket.on(event, (data) => {
      for (const effect of o.apply({ event, data } as S)) o.perform(effect);
    });
  socket.onStatus((status) => o.setConnected(status === "open"));
  return {
    socket,
    reidentify: () => {
      // signed in or out where the room has another url for that (docs/relay.md): connect anew there
      if (urlNow() !== current) return socket.reconnect();
      // closed: the next open sends identity first anyway
      if (socket.status === "open") socket.send(identity());
    },
  };
}
