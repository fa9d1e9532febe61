// The /ws/jackpot?level=… connection without React: one socket per level (shared/rooms/jackpot.ts),
// identity first on every (re)connect (the room answers with jackpotInit, which resynchronises
// everything), frames into the jackpot store, effects out to notices and the banks.
import { jackpotProtocol, jackpotServerFrame, type JackpotClientFrame, type JackpotServerFrame } from "../../../../shared/rooms/jackpot";
import type { JackpotLevel } from "../../../../shared/constants";
import { createRoomSocket, roomUrl, type WebSocketFactory } from "../../lib/socket";
import type { JackpotEffect } from "./state";
import { useJackpotStore } from "./store";

export interface JackpotDeps {
  level: JackpotLevel;
  getToken(): string | null;
  notify(notice: { type: "error"; message: string }): void;
  setBank(level: JackpotLevel, dollars: number): void;
  url?: string;
  connect?: WebSocketFactory;
  random?: () => number;
}

export interface JackpotConnection {
  /** Sends identity again (sign-in / sign-out); the room answers with a fresh jackpotInit. */
  reidentify(): void;
  stop(): void;
}

const EVENTS = jackpotServerFrame.options.map((o) => o.shape.event.value);

export function startJackpot(deps: JackpotDeps): JackpotConnection {
  const store = useJackpotStore.getState;
  store().reset();
  const identity = (): JackpotClientFrame => ({ event: "identity", data: { apiToken: deps.getToken() ?? "" } });
  const socket = createRoomSocket({
    url: deps.url ?? (() => `${roomUrl("jackpot")}?level=${deps.level}`),
    protocol: jackpotProtocol,
    hello: () => [identity()],
    connect: deps.connect,
    random: deps.random,
  });

  const perform = (effect: JackpotEffect) => {
    if (effect.kind === "notify") deps.notify({ type: effect.type, message: effect.message });
    else deps.setBank(effect.level, effect.dollars);
  };

  for (const event of EVENTS)
    socket.on(event, (data) => {
      for (const effect of store().apply({ event, data } as JackpotServerFrame)) perform(effect);
    });
  socket.onStatus((status) => store().setConnected(status === "open"));

  return {
    reidentify: () => void socket.send(identity()),
    stop() {
      socket.close();
      store().reset();
    },
  };
}
