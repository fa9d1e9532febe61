// The /ws/wheel connection without React: identity first on every (re)connect (the room answers
// with wheelInit, which resynchronises everything), frames into the wheel store, effects out to
// sounds, notices and the mode bar's wheel bank. Bets go over HTTP (POST /api/wheel/setBet).
import { wheelProtocol, wheelServerFrame, type WheelClientFrame, type WheelServerFrame } from "../../../../shared/rooms/wheel";
import { createRoomSocket, roomUrl, type RoomSocket, type WebSocketFactory } from "../../lib/socket";
import type { SoundName } from "../../lib/sound";
import type { WheelEffect } from "./state";
import { useWheelStore } from "./store";

export interface WheelDeps {
  getToken(): string | null;
  notify(notice: { type: "success" | "fail" | "error"; message: string }): void;
  playSound(name: SoundName): void;
  setBank(dollars: number): void;
  url?: string;
  connect?: WebSocketFactory;
  random?: () => number;
}

export interface WheelConnection {
  socket: RoomSocket<WheelClientFrame, WheelServerFrame>;
  /** Sends identity again (sign-in / sign-out); the room answers with a fresh wheelInit. */
  reidentify(): void;
  stop(): void;
}

const EVENTS = wheelServerFrame.options.map((o) => o.shape.event.value);

export function startWheel(deps: WheelDeps): WheelConnection {
  const store = useWheelStore.getState;
  const identity = (): WheelClientFrame => ({ event: "identity", data: { apiToken: deps.getToken() ?? "" } });
  const socket = createRoomSocket({
    url: deps.url ?? (() => roomUrl("wheel")),
    protocol: wheelProtocol,
    hello: () => [identity()],
    connect: deps.connect,
    random: deps.random,
  });

  const perform = (effect: WheelEffect) => {
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
  };

  for (const event of EVENTS)
    socket.on(event, (data) => {
      for (const effect of store().apply({ event, data } as WheelServerFrame)) perform(effect);
    });

  socket.onStatus((status) => store().setConnected(status === "open"));

  return {
    socket,
    reidentify: () => void socket.send(identity()),
    stop() {
      socket.close();
      store().reset();
    },
  };
}
