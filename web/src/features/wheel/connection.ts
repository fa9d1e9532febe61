// The /ws/wheel connection without React (lib/gameSocket.ts): identity first on every (re)connect
// (the room answers with wheelInit, which resynchronises everything), frames into the wheel store,
// effects out to sounds, notices and the mode bar's wheel bank. Bets go over HTTP
// (POST /api/wheel/setBet).
import { wheelProtocol, wheelServerFrame, type WheelClientFrame, type WheelServerFrame } from "../../../../shared/rooms/wheel";
import { performGameEffect, startGameSocket, type GameEffectDeps, type GameSocket, type GameSocketDeps } from "../../lib/gameSocket";
import { roomUrl } from "../../lib/socket";
import { useWheelStore } from "./store";

export type WheelDeps = GameSocketDeps & GameEffectDeps;

export interface WheelConnection extends GameSocket<WheelClientFrame, WheelServerFrame> {
  stop(): void;
}

const EVENTS = wheelServerFrame.options.map((o) => o.shape.event.value);

export function startWheel(deps: WheelDeps): WheelConnection {
  const store = useWheelStore.getState;
  const { socket, reidentify } = startGameSocket({
    deps,
    url: () => roomUrl("wheel"),
    protocol: wheelProtocol,
    events: EVENTS,
    apply: (frame) => store().apply(frame),
    perform: (effect) => performGameEffect(effect, deps),
    setConnected: (open) => store().setConnected(open),
  });
  return {
    socket,
    reidentify,
    stop() {
      socket.close();
      store().reset();
    },
  };
}
