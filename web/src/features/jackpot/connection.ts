// The /ws/jackpot?level=… connection without React (lib/gameSocket.ts): one socket per level
// (shared/rooms/jackpot.ts), identity first on every (re)connect (the room answers with
// jackpotInit, which resynchronises everything), frames into the jackpot store, effects out to
// notices and the banks.
import type { JackpotLevel } from "../../../../shared/constants";
import { jackpotProtocol, jackpotServerFrame } from "../../../../shared/rooms/jackpot";
import { startGameSocket, type GameSocketDeps } from "../../lib/gameSocket";
import { roomUrl } from "../../lib/socket";
import type { JackpotEffect } from "./state";
import { useJackpotStore } from "./store";

export interface JackpotDeps extends GameSocketDeps {
  level: JackpotLevel;
  notify(notice: { type: "error"; message: string }): void;
  setBank(level: JackpotLevel, dollars: number): void;
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
  const { socket, reidentify } = startGameSocket({
    deps,
    url: () => `${roomUrl("jackpot")}?level=${deps.level}`,
    protocol: jackpotProtocol,
    events: EVENTS,
    apply: (frame) => store().apply(frame),
    perform: (effect: JackpotEffect) => {
      if (effect.kind === "notify") deps.notify({ type: effect.type, message: effect.message });
      else deps.setBank(effect.level, effect.dollars);
    },
    setConnected: (open) => store().setConnected(open),
  });
  return {
    reidentify,
    stop() {
      socket.close();
      store().reset();
    },
  };
}
