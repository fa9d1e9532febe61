// The /ws/bonus connection without React (lib/gameSocket.ts): identity first on every (re)connect
// (the room answers with jackpot-bonus.init), frames into the bonus store, the meter out to the
// mode bar's store. Joining goes over HTTP (POST /api/jackpot-bonus/join).
import { bonusProtocol, bonusServerFrame } from "../../../../shared/rooms/bonus";
import { useBanksStore } from "../../lib/banksStore";
import { startGameSocket, type GameSocketDeps } from "../../lib/gameSocket";
import { roomUrl } from "../../lib/socket";
import type { BonusEffect } from "./state";
import { useBonusStore } from "./store";

export interface BonusDeps extends GameSocketDeps {
  notify(notice: { type: "error"; message: string }): void;
}

const EVENTS = bonusServerFrame.options.map((o) => o.shape.event.value);

function perform(effect: BonusEffect, deps: BonusDeps): void {
  if (effect.kind === "notify") deps.notify({ type: effect.type, message: effect.message });
  else useBanksStore.getState().setBonus({ bank: effect.bank, endTime: effect.endTime, minBank: effect.minBank, clockOffsetMs: effect.clockOffsetMs });
}

export function startBonus(deps: BonusDeps) {
  const store = useBonusStore.getState;
  const { socket, reidentify } = startGameSocket({
    deps,
    url: () => roomUrl("bonus"),
    protocol: bonusProtocol,
    events: EVENTS,
    apply: (frame) => store().apply(frame),
    perform: (effect) => perform(effect, deps),
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
